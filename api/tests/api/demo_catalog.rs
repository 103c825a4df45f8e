//! The demo catalog: loaded at start into an empty shop, once, with its photos served; never
//! into a shop with a catalog of its own; a broken catalog leaves nothing behind.

use std::path::{Path, PathBuf};

use serde_json::Value;
use whisk_api::seed::demo::{self, DemoOutcome};

use crate::helpers::{spawn_app, spawn_app_with};

fn shipped_demo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("demo")
}

fn shipped_product_count() -> usize {
    let catalog: Value = serde_json::from_str(
        &std::fs::read_to_string(shipped_demo().join("catalog.json")).unwrap(),
    )
    .unwrap();
    catalog["products"].as_array().unwrap().len()
}

#[tokio::test]
async fn an_empty_shop_starts_with_the_demo_catalog_and_its_photos() {
    let app = spawn_app_with(|config| config.demo_catalog = Some(shipped_demo())).await;
    let listing: Value = app
        .get("/api/v1/products?limit=100")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        listing["meta"]["pagination"]["total"].as_u64().unwrap() as usize,
        shipped_product_count()
    );
    assert!(
        listing["meta"]["categories"]
            .as_array()
            .unwrap()
            .iter()
            .any(|name| name == "Cake Mixes")
    );
    let featured: Value = app
        .get("/api/v1/products?featured=true")
        .await
        .json()
        .await
        .unwrap();
    assert!(
        !featured["data"].as_array().unwrap().is_empty(),
        "the home page has featured products"
    );

    let product = &listing["data"][0];
    let image = app.get(product["image1"]["url"].as_str().unwrap()).await;
    assert_eq!(image.status(), 200);
    assert!(
        image.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("image/")
    );
    assert!(image.bytes().await.unwrap().len() > 1000, "a real photo");
    assert_eq!(
        app.get(product["image1"]["thumbnail"].as_str().unwrap())
            .await
            .status(),
        200
    );

    assert_eq!(
        demo::load_once(&app.db, &shipped_demo()).await.unwrap(),
        DemoOutcome::AlreadyLoaded,
        "a restart loads nothing again"
    );
    let again: Value = app
        .get("/api/v1/products?limit=1")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        again["meta"]["pagination"]["total"].as_u64().unwrap() as usize,
        shipped_product_count()
    );
}

#[tokio::test]
async fn a_shop_with_its_own_catalog_is_left_alone() {
    let app = spawn_app().await;
    let root = app.first_superadmin().await;
    let created = app
        .call(
            reqwest::Method::POST,
            "/api/v1/categories",
            Some(&root),
            Some(serde_json::json!({"name": "Our Flours"})),
        )
        .await;
    assert_eq!(created.status(), 201);
    assert_eq!(
        demo::load_once(&app.db, &shipped_demo()).await.unwrap(),
        DemoOutcome::ShopNotEmpty
    );
    let listing: Value = app.get("/api/v1/products").await.json().await.unwrap();
    assert_eq!(listing["meta"]["pagination"]["total"], 0);
}

#[tokio::test]
async fn a_broken_catalog_names_the_problem_and_leaves_nothing_behind() {
    let app = spawn_app().await;
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        shipped_demo().join("images/flours-whole-wheat-atta-5kg.png"),
        dir.path().join("good.png"),
    )
    .unwrap();
    std::fs::write(dir.path().join("bad.png"), b"not a picture").unwrap();
    std::fs::write(
        dir.path().join("catalog.json"),
        r#"{"categories":[{"name":"Flours"}],"products":[
            {"title":"Good Atta","company":"Mill","description":"","price":100,"sellingPrice":90,"stock":3,"category":"Flours","image":"good.png"},
            {"title":"Bad Atta","company":"Mill","description":"","price":100,"sellingPrice":90,"stock":3,"category":"Flours","image":"bad.png"}]}"#,
    )
    .unwrap();
    let error = format!(
        "{:#}",
        demo::load_once(&app.db, dir.path()).await.unwrap_err()
    );
    assert!(
        error.contains("Bad Atta") && error.contains("is not a JPEG, PNG or WebP image"),
        "{error}"
    );
    let mut response = app.db.query("SELECT VALUE id FROM image").await.unwrap();
    let images: Vec<surrealdb::types::RecordId> = response.take(0).unwrap();
    assert!(
        images.is_empty(),
        "the good product's photo is not kept: {images:?}"
    );
    let categories: Value = app.get("/api/v1/categories").await.json().await.unwrap();
    assert_eq!(
        categories["meta"]["pagination"]["total"], 0,
        "no half-loaded catalog"
    );
}
