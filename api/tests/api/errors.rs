use serde_json::Value;

use crate::helpers::spawn_app;

async fn envelope(response: reqwest::Response) -> Value {
    assert_eq!(
        response.headers()["content-type"].to_str().unwrap(),
        "application/json",
        "errors under /api are JSON"
    );
    response.json().await.unwrap()
}

#[tokio::test]
async fn an_unknown_api_route_is_a_json_404_never_the_web_app() {
    let app = spawn_app().await;
    for path in [
        "/api/v1/nope",
        "/api/v2/products",
        "/api",
        "/api/v1/health/extra",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        let body = envelope(response).await;
        assert_eq!(body["error"]["status"], 404);
        assert_eq!(body["error"]["code"], "not_found");
        assert!(body["error"]["message"].as_str().unwrap().len() > 3);
    }
}

#[tokio::test]
async fn a_wrong_method_is_a_json_405_with_allow() {
    let app = spawn_app().await;
    let response = app
        .client
        .post(app.url("/api/v1/health"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 405);
    assert!(response.headers().get("allow").is_some());
    let body = envelope(response).await;
    assert_eq!(body["error"]["code"], "method_not_allowed");
}

#[tokio::test]
async fn every_response_carries_security_headers_and_a_request_id() {
    let app = spawn_app().await;
    let mut ids = std::collections::HashSet::new();
    for path in ["/api/v1/health", "/", "/api/v1/nope"] {
        let response = app.get(path).await;
        let headers = response.headers();
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(csp.contains("'wasm-unsafe-eval'"));
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(
            headers["referrer-policy"],
            "strict-origin-when-cross-origin"
        );
        let id = headers["x-request-id"].to_str().unwrap().to_owned();
        let (process, number) = id.split_once('-').unwrap();
        assert!(
            process.len() == 8
                && process.chars().all(|c| c.is_ascii_hexdigit())
                && number.parse::<u64>().is_ok(),
            "{path}: {id}"
        );
        assert!(ids.insert(id), "{path}: every request gets its own id");
    }
}

#[tokio::test]
async fn a_caller_supplied_request_id_is_echoed() {
    let app = spawn_app().await;
    let response = app
        .client
        .get(app.url("/api/v1/health"))
        .header("x-request-id", "trace-me-42")
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["x-request-id"], "trace-me-42");
}
