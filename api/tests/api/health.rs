use serde_json::Value;

use crate::helpers::spawn_app;

#[tokio::test]
async fn health_reports_the_database_as_ok() {
    let app = spawn_app().await;
    let response = app.get("/api/v1/health").await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "ok");
    assert_eq!(body["database"], "ok");
}

#[tokio::test]
async fn openapi_document_describes_the_health_endpoint() {
    let app = spawn_app().await;
    let response = app.get("/api/v1/openapi.json").await;
    assert_eq!(response.status(), 200);
    let document: Value = response.json().await.unwrap();
    assert!(document["openapi"].as_str().unwrap().starts_with("3."));
    assert!(document["paths"]["/api/v1/health"]["get"].is_object());
    assert!(document["components"]["schemas"]["ErrorEnvelope"].is_object());
}

#[tokio::test]
async fn the_committed_openapi_document_matches_the_served_one() {
    let committed_path = concat!(env!("CARGO_MANIFEST_DIR"), "/../web/openapi.json");
    let served = whisk_api::openapi::document_json();
    if std::env::var_os("UPDATE_OPENAPI").is_some() {
        std::fs::write(committed_path, &served).unwrap();
    }
    let committed = std::fs::read_to_string(committed_path).unwrap_or_default();
    assert!(
        committed.trim() == served.trim(),
        "web/openapi.json is out of date: run `UPDATE_OPENAPI=1 cargo test --release --workspace openapi` and then `npm run gen:api` in web/"
    );
}

#[tokio::test]
async fn the_schema_creates_the_order_number_counter_once() {
    // Applying the schema again (as after an upgrade) must keep the counter where it is.
    let config = whisk_api::config::Config::for_tests(std::env::temp_dir(), std::env::temp_dir());
    let db = whisk_api::db::connect_and_migrate(&config).await.unwrap();
    db.query("UPDATE counter:order_number SET value = 1041")
        .await
        .unwrap()
        .check()
        .unwrap();
    whisk_api::db::forget_applied_schema(&db).await.unwrap();
    whisk_api::db::apply_schema(&db).await.unwrap();
    let value: Option<i64> = db
        .query("RETURN counter:order_number.value")
        .await
        .unwrap()
        .take(0)
        .unwrap();
    assert_eq!(value, Some(1041));
}
