//! The catalog read model without HTTP, on a synthetic 10,000-product catalog shaped like
//! `whisk generate-catalog`: a filtered, price-sorted page, a text search, a stock move (what
//! every order does) and a product save (what every admin edit does, rebuilding the indexes).
//! Run with `cargo bench --workspace --bench catalog`; `scripts/load-test.sh` measures the same
//! listing over HTTP.
#![allow(missing_docs)] // criterion_group! generates an undocumented public function

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use pricing::Money;
use whisk_api::catalog::query::ProductParams;
use whisk_api::catalog::read_model::ReadModel;
use whisk_api::catalog::snapshot::{CatalogChange, Snapshot};
use whisk_api::products::types::{CategoryRef, ProductView};

const PRODUCTS: usize = 10_000;
const SHELVES: [(&str, &[&str]); 4] = [
    (
        "Molds",
        &[
            "Round Cake Tin",
            "Silicone Savarin Mold",
            "Loaf Pan",
            "Cupcake Tray",
        ],
    ),
    (
        "Packaging",
        &["Cake Box", "Cupcake Box", "Cake Board", "Window Box"],
    ),
    (
        "Flours",
        &["Maida", "Bread Flour", "Almond Flour", "Rice Flour"],
    ),
    (
        "Candles",
        &[
            "Number Candle",
            "Spiral Candles",
            "Sparkler Candle",
            "Pastel Candles",
        ],
    ),
];
const COMPANIES: [&str; 6] = [
    "Annapurna Mills",
    "Bake Easy",
    "MoldCraft",
    "PackRight",
    "Glow & Co",
    "Whisk Essentials",
];

fn product(number: usize) -> ProductView {
    let (category, things) = SHELVES[number % SHELVES.len()];
    // A cheap deterministic spread of prices from ₹29 to ₹14,999.
    let rupees = 29 + (number * 7_919) % 14_971;
    let selling_price = Money::from_rupees(rupees as i64);
    ProductView {
        id: format!("p{number:05}"),
        title: format!(
            "Premium {} #{number}",
            things[(number / SHELVES.len()) % things.len()]
        ),
        company: COMPANIES[number % COMPANIES.len()].to_owned(),
        description: "For home bakers and bakeries.".to_owned(),
        price: selling_price,
        selling_price,
        stock: 100,
        featured: number.is_multiple_of(50),
        hsn: "1905".to_owned(),
        gst_rate: pricing::GstRate::percent(18),
        discount_percent: 0,
        category: CategoryRef {
            id: format!("c-{category}"),
            name: category.to_owned(),
        },
        image1: None,
        image2: None,
        image3: None,
        image4: None,
        image5: None,
        created_at: "2026-11-23T00:00:00Z".to_owned(),
        updated_at: "2026-11-23T00:00:00Z".to_owned(),
    }
}

fn catalog() -> Snapshot {
    let categories = SHELVES
        .iter()
        .map(|(name, _)| CategoryRef {
            id: format!("c-{name}"),
            name: (*name).to_owned(),
        })
        .collect();
    Snapshot::new((0..PRODUCTS).map(product).collect(), categories)
}

fn read_model(c: &mut Criterion) {
    let snapshot = catalog();
    let listing = ProductParams {
        category: Some("Molds".into()),
        company: Some("all".into()),
        order: Some("high".into()),
        price: Some("10000".into()),
        page: Some("2".into()),
        ..Default::default()
    }
    .check()
    .expect("a valid listing");
    let search = ProductParams {
        search: Some("cake box".into()),
        order: Some("low".into()),
        ..Default::default()
    }
    .check()
    .expect("a valid search");
    let mut group = c.benchmark_group("catalog_10k");
    group.bench_function("filtered_price_sorted_page", |b| {
        b.iter(|| snapshot.list(black_box(&listing)).total)
    });
    group.bench_function("search_cake_box_by_price", |b| {
        b.iter(|| snapshot.list(black_box(&search)).total)
    });
    group.bench_function("suggest_search_cake", |b| {
        b.iter(|| snapshot.search(black_box("cake"), 20).len())
    });

    let model = ReadModel::new(catalog());
    // What an order's change set brings: three products whose stock moved, as whole records.
    let mut moved: Vec<ProductView> = [1, 5_000, 9_999].into_iter().map(product).collect();
    group.bench_function("stock_move_of_three_products", |b| {
        b.iter(|| {
            for view in &mut moved {
                view.stock -= 1;
            }
            model.apply(
                moved
                    .iter()
                    .map(|view| CatalogChange::ProductSaved(Box::new(view.clone())))
                    .collect(),
            )
        })
    });
    group.sample_size(20);
    group.bench_function("product_save_rebuilding_indexes", |b| {
        let mut edited = product(42);
        b.iter(|| {
            edited.stock += 1;
            edited.selling_price = Money::from_paise(edited.selling_price.paise() + 1);
            model.apply(vec![CatalogChange::ProductSaved(Box::new(edited.clone()))]);
        })
    });
    group.finish();
}

criterion_group!(benches, read_model);
criterion_main!(benches);
