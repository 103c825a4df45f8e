use crate::helpers::{spawn_app, spawn_app_with};

#[tokio::test]
async fn client_routes_fall_back_to_the_index_page() {
    let app = spawn_app().await;
    for path in ["/", "/products", "/admin/users", "/no/such/page"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        assert!(
            response.text().await.unwrap().contains("<div id=root>"),
            "{path}"
        );
    }
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year_and_missing_ones_are_404() {
    let app = spawn_app().await;
    let response = app.get("/assets/index-abc123.js").await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let missing = app.get("/assets/gone-000.js").await;
    assert_eq!(missing.status(), 404);
    assert!(
        missing
            .headers()
            .get("cache-control")
            .is_none_or(|value| !value.to_str().unwrap().contains("immutable"))
    );
}

#[tokio::test]
async fn responses_are_compressed_when_the_client_accepts_it() {
    let app = spawn_app().await;
    for encoding in ["br", "gzip"] {
        let response = app
            .client
            .get(app.url("/api/v1/openapi.json"))
            .header("accept-encoding", encoding)
            .send()
            .await
            .unwrap();
        assert_eq!(response.headers()["content-encoding"], encoding);
    }
}

#[tokio::test]
async fn the_load_baseline_exists_only_when_configured_and_serves_the_file_as_is() {
    let app = spawn_app().await;
    let absent = app.get("/api/v1/load-baseline").await;
    assert_eq!(
        absent.status(),
        404,
        "a shop without LOAD_BASELINE_FILE has no such route"
    );

    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("listing.json");
    std::fs::write(&file, r#"{"data":[],"meta":{"pagination":{"page":1}}}"#).unwrap();
    let app = spawn_app_with(|config| config.load_baseline_file = Some(file.clone())).await;
    std::fs::write(&file, "changed after start").unwrap();
    let response = app.get("/api/v1/load-baseline").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/json");
    assert_eq!(
        response.headers()["x-content-type-options"],
        "nosniff",
        "it passes the same layers as the API"
    );
    assert_eq!(
        response.text().await.unwrap(),
        r#"{"data":[],"meta":{"pagination":{"page":1}}}"#,
        "read once at start"
    );
}
