//! `schema.surql` applied over a database an older Whisk made: what it replaced is gone, and the
//! shop still works on it.

use reqwest::Method;
use serde_json::{Value, json};
use sha2::Digest;
use whisk_api::config::Config;
use whisk_api::db;

use crate::helpers::spawn_app_over;
use crate::orders::{checkout, place, product, send, stock};

/// Field definitions of `shop_order` and `product` as Whisk had them before their nested fields
/// became literal types (a sample: the checks they made and the kinds of path they used).
const OLD_ORDER_FIELDS: &str = "\
    DEFINE TABLE shop_order SCHEMAFULL; \
    DEFINE FIELD cart_items ON shop_order TYPE array<object> ASSERT array::len($value) >= 1; \
    DEFINE FIELD cart_items[*].price ON shop_order TYPE decimal ASSERT $value >= 0dec; \
    DEFINE FIELD cart_items[*].amount ON shop_order TYPE int ASSERT $value >= 1 AND $value <= 20; \
    DEFINE FIELD delivery ON shop_order TYPE option<object>; \
    DEFINE FIELD delivery.fee ON shop_order TYPE decimal ASSERT $value >= 0dec; \
    DEFINE FIELD place_of_supply ON shop_order TYPE option<object>; \
    DEFINE FIELD place_of_supply.code ON shop_order TYPE int; \
    DEFINE TABLE product SCHEMAFULL; \
    DEFINE FIELD images ON product TYPE array<option<object>, 5>; \
    DEFINE FIELD images[*].file ON product TYPE string; \
    DEFINE FIELD images[*].width ON product TYPE option<int>;";

#[tokio::test]
async fn an_older_databases_nested_field_definitions_are_removed_and_it_takes_orders() {
    let data = tempfile::tempdir().unwrap();
    let config = Config::for_tests(data.path().join("data"), data.path().join("dist"));
    let old = db::connect(&config).await.unwrap();
    old.query(OLD_ORDER_FIELDS).await.unwrap().check().unwrap();
    db::apply_schema(&old).await.unwrap();

    for (table, items, shape) in [
        ("shop_order", "cart_items.*", "TYPE { amount: int"),
        ("product", "images.*", "TYPE none | { file: string"),
    ] {
        let mut info = old
            .query("INFO FOR TABLE $table")
            .bind(("table", table))
            .await
            .unwrap();
        let info: Option<Value> = info.take(0).unwrap();
        let fields = info.unwrap()["fields"].as_object().unwrap().clone();
        // SurrealDB defines an array's items itself (`cart_items.*`), here with their shape.
        let defined = fields[items].as_str().unwrap();
        assert!(defined.contains(shape), "{defined}");
        let nested: Vec<&String> = fields
            .keys()
            .filter(|name| (name.contains('.') || name.contains('[')) && *name != items)
            .collect();
        assert!(nested.is_empty(), "{table} kept {nested:?}");
    }

    let app = spawn_app_over(old, data).await;
    let root = app.first_superadmin().await;
    let (status, _) = send(
        &app,
        Method::POST,
        "/api/v1/categories",
        &root,
        Some(json!({"name": "Flours"})),
    )
    .await;
    assert_eq!(status, 201);
    let flour = product(&app, &root, "Atta", "120.50", 10).await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;
    let (status, body) = place(&app, &token, checkout(&[(&flour, 2, 120.5)])).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["order"]["cartItems"][0]["amount"], 2);
    assert_eq!(body["order"]["cartItems"][0]["price"], 120.5);
}

/// Reads one value of a query over `db`.
async fn value(db: &db::Db, query: &str) -> Option<i64> {
    let mut response = db.query(query).await.unwrap();
    response.take(0).unwrap()
}

#[tokio::test]
async fn an_older_databases_stored_stock_moves_to_stock_records_once_and_orders_move_it_there() {
    let data = tempfile::tempdir().unwrap();
    let config = Config::for_tests(data.path().join("data"), data.path().join("dist"));
    let old = db::connect(&config).await.unwrap();
    // The product stock as Whisk stored it until session 37, on a product of then.
    old.query(
        "DEFINE FIELD OVERWRITE stock ON product TYPE int ASSERT $value >= 0; \
         CREATE category:flours SET name = 'Flours'; \
         CREATE product:atta CONTENT { title: 'Atta', company: 'Whisk Mills', price: 130dec, \
             selling_price: 120.5dec, stock: 10, hsn: '1101', gst_rate: 5dec, category: category:flours, \
             images: [NONE, NONE, NONE, NONE, NONE], description: '', featured: false };",
    )
    .await
    .unwrap()
    .check()
    .unwrap();
    assert_eq!(
        value(&old, "SELECT VALUE stock FROM ONLY product:atta").await,
        Some(10)
    );

    db::apply_schema(&old).await.unwrap();
    assert_eq!(
        value(&old, "SELECT VALUE units FROM ONLY product_stock:atta").await,
        Some(10),
        "the stored stock moved to its record"
    );
    assert_eq!(
        value(&old, "SELECT VALUE stock FROM ONLY product:atta").await,
        Some(10)
    );

    let app = spawn_app_over(old, data).await;
    assert_eq!(stock(&app, "atta").await, 10, "the storefront shows it");
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;
    let (status, body) = place(&app, &token, checkout(&[("atta", 2, 120.5)])).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        value(&app.db, "SELECT VALUE units FROM ONLY product_stock:atta").await,
        Some(8)
    );

    // The next upgrade applies the schema again: the product record still holds the 10 stored
    // before, and it must not come back.
    db::forget_applied_schema(&app.db).await.unwrap();
    db::apply_schema(&app.db).await.unwrap();
    assert_eq!(
        value(&app.db, "SELECT VALUE stock FROM ONLY product:atta").await,
        Some(8)
    );
    assert_eq!(
        stock(&app, "atta").await,
        8,
        "the order's stock change reached the catalog"
    );
}

/// Runs `query` over `db`, which must accept it.
async fn run(db: &db::Db, query: &str) {
    db.query(query).await.unwrap().check().unwrap();
}

/// True when `table` has the index `name`.
async fn has_index(db: &db::Db, table: &str, name: &str) -> bool {
    let mut info = db
        .query("INFO FOR TABLE $table")
        .bind(("table", table.to_owned()))
        .await
        .unwrap();
    let info: Option<Value> = info.take(0).unwrap();
    info.unwrap()["indexes"].get(name).is_some()
}

#[tokio::test]
async fn a_start_applies_the_schema_only_when_it_changed() {
    let data = tempfile::tempdir().unwrap();
    let config = Config::for_tests(data.path().join("data"), data.path().join("dist"));
    let db = db::connect_and_migrate(&config).await.unwrap();
    assert!(has_index(&db, "product", "product_category").await);

    // An index removed by hand stays removed while the schema is the one last applied: the
    // schema is not applied again (which would rebuild every index).
    run(&db, "REMOVE INDEX product_category ON product").await;
    db::apply_schema(&db).await.unwrap();
    assert!(!has_index(&db, "product", "product_category").await);

    // A database whose recorded schema is another (an older Whisk's) gets this one in full,
    // and records it.
    run(
        &db,
        "UPDATE schema_applied:current SET digest = 'an older schema'",
    )
    .await;
    db::apply_schema(&db).await.unwrap();
    assert!(has_index(&db, "product", "product_category").await);
    let mut recorded = db
        .query("SELECT VALUE digest FROM ONLY schema_applied:current")
        .await
        .unwrap();
    let recorded: Option<String> = recorded.take(0).unwrap();
    let schema_sha256 = whisk_api::hex::encode(&sha2::Sha256::digest(db::SCHEMA.as_bytes()));
    assert_eq!(recorded, Some(schema_sha256));

    // Forgotten, it is applied again at the next start.
    run(&db, "REMOVE INDEX product_category ON product").await;
    db::forget_applied_schema(&db).await.unwrap();
    db::apply_schema(&db).await.unwrap();
    assert!(has_index(&db, "product", "product_category").await);
}
