//! A fixed response for load tests. When `LOAD_BASELINE_FILE` is set, `GET /api/v1/load-baseline`
//! answers with that file's bytes, read once at start, through the same layers as every API call.
//! `scripts/load-test.sh` compares the catalog listing with it: the cheapest response this server
//! can give. Unset (the default), the route does not exist.

use std::path::Path;

use anyhow::Context;
use axum::Router;
use axum::body::Bytes;
use axum::http::HeaderValue;
use axum::http::header::CONTENT_TYPE;
use axum::routing::get;

/// The API path of the fixed response.
pub const PATH: &str = "/load-baseline";

/// Reads the fixed response from `file`.
pub fn read(file: &Path) -> anyhow::Result<Bytes> {
    std::fs::read(file)
        .map(Bytes::from)
        .with_context(|| format!("reading LOAD_BASELINE_FILE {}", file.display()))
}

/// The route serving `body` as JSON.
pub fn router<S: Clone + Send + Sync + 'static>(body: Bytes) -> Router<S> {
    Router::new().route(
        PATH,
        get(move || {
            let body = body.clone();
            async move {
                (
                    [(CONTENT_TYPE, HeaderValue::from_static("application/json"))],
                    body,
                )
            }
        }),
    )
}
