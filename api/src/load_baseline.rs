//! A fixed response for load tests. When `LOAD_BASELINE_FILE` is set, `GET /api/v1/load-baseline`
//! answers with that file's bytes, read once at start, through the same layers as every API call.
//! `scripts/load-test.sh` compares the catalog listing with it: the cheapest response this server
//! can give. It is compressed at start for each encoding, and answered in the one the request
//! prefers, as the catalog answers. Unset (the default), the route does not exist.

use std::path::Path;

use anyhow::Context;
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::http::HeaderMap;
use axum::routing::get;

use crate::compressed::{EncodedJson, Encoding};

/// The API path of the fixed response.
pub const PATH: &str = "/load-baseline";

/// Reads the fixed response from `file`.
pub fn read(file: &Path) -> anyhow::Result<Bytes> {
    std::fs::read(file)
        .map(Bytes::from)
        .with_context(|| format!("reading LOAD_BASELINE_FILE {}", file.display()))
}

/// The route serving `body` as JSON, compressed once per encoding.
pub fn router<S: Clone + Send + Sync + 'static>(body: Bytes) -> Router<S> {
    let encoded = |encoding| EncodedJson::new(body.clone(), encoding);
    let answers = Arc::new([
        encoded(Encoding::Brotli),
        encoded(Encoding::Gzip),
        encoded(Encoding::Identity),
    ]);
    Router::new().route(
        PATH,
        get(move |headers: HeaderMap| {
            let answers = Arc::clone(&answers);
            async move {
                match Encoding::preferred(&headers) {
                    Encoding::Brotli => answers[0].clone(),
                    Encoding::Gzip => answers[1].clone(),
                    Encoding::Identity => answers[2].clone(),
                }
            }
        }),
    )
}
