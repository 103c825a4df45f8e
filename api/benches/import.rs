//! A product CSV import of 10,000 rows (override with `IMPORT_ROWS`) into an in-memory SurrealDB
//! with the shop's schema: the check of every row (what a dry run does), then the one
//! transaction that writes them with their audit entries; first as new products, then the same
//! file with each row's `_id` as updates. Run with `cargo bench --workspace --bench import`.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::time::Instant;

use whisk_api::config::Config;
use whisk_api::db;
use whisk_api::domain::{AdminId, CategoryId};
use whisk_api::products::import::{self, Catalog, ImportPlan};
use whisk_api::products::repo;

const HEADER: &str =
    "_id,title,company,category,description,price,sellingPrice,stock,featured,hsn,gstRate";

fn file(rows: usize, ids: Option<&[String]>) -> String {
    let mut csv = String::from(HEADER);
    csv.push_str("\r\n");
    for n in 0..rows {
        let id = ids.map_or("", |ids| ids[n].as_str());
        csv.push_str(&format!(
            "{id},Bread Flour {n} kg,Whisk Mills,Flours,\"Stone-ground, unbleached\",{},{},{},{},1101,5\r\n",
            100 + n % 400,
            90 + n % 400,
            n % 300,
            n % 7 == 0,
        ));
    }
    csv
}

async fn plan(db: &db::Db, config: &Config, csv: &str) -> (ImportPlan, f64) {
    let started = Instant::now();
    let products = repo::all(db).await.unwrap();
    let categories: HashMap<String, (CategoryId, String)> = repo::all_categories(db)
        .await
        .unwrap()
        .into_iter()
        .map(|category| {
            let id = CategoryId::parse(&category.id).unwrap();
            (category.name.to_lowercase(), (id, category.name))
        })
        .collect();
    let catalog = Catalog {
        products: products.iter().map(|row| (row.id.as_str(), row)).collect(),
        categories,
        gst: &config.gst,
    };
    let plan = import::plan(csv.as_bytes(), &catalog);
    (plan, started.elapsed().as_secs_f64())
}

#[tokio::main]
async fn main() {
    let rows: usize = std::env::var("IMPORT_ROWS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(10_000);
    let dir = std::env::temp_dir();
    let config = Config::for_tests(dir.clone(), dir);
    let db = db::connect_and_migrate(&config)
        .await
        .expect("an in-memory database");
    let admin = AdminId::generate();
    db.query("CREATE $admin SET username = 'Bench', email = 'bench@whisk.example', password_hash = '$argon2id$x'; CREATE category SET name = 'Flours';")
        .bind(("admin", admin.record()))
        .await
        .unwrap()
        .check()
        .unwrap();

    for pass in ["new products", "updates of them"] {
        let ids: Option<Vec<String>> = (pass != "new products").then(|| {
            futures::executor::block_on(repo::all(&db))
                .unwrap()
                .into_iter()
                .map(|row| row.id)
                .collect()
        });
        let csv = file(rows, ids.as_deref());
        let (plan, checked) = plan(&db, &config, &csv).await;
        assert!(
            plan.errors.is_empty(),
            "{:?}",
            &plan.errors[..plan.errors.len().min(3)]
        );
        let report = plan.report();
        let started = Instant::now();
        repo::import(
            &db,
            &admin,
            plan.creates,
            plan.updates,
            plan.categories,
            plan.audit,
        )
        .await
        .unwrap();
        let written = started.elapsed().as_secs_f64();
        println!(
            "import of {rows} rows as {pass} ({} KB): check {:.2} s (the dry run), write {:.2} s, total {:.2} s ({} created, {} updated)",
            csv.len() / 1024,
            checked,
            written,
            checked + written,
            report.created,
            report.updated,
        );
    }
}
