//! Serves the built web app: hashed assets cached for a year, every other path falls back to
//! `index.html` so the client-side router can show the page (or its own 404). The build writes
//! each text asset also as `.br` (brotli at its best) and `.gz` (`web/vite.config.ts`); a
//! browser that accepts one gets that file as it is, with no compression per request.

use std::path::Path;

use axum::Router;
use axum::http::Response;
use axum::http::header::{CACHE_CONTROL, HeaderValue};
use tower::ServiceBuilder;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

/// Cache policy for Vite's content-hashed files under `/assets`.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Cache policy for `index.html` and other unhashed files: always revalidate.
pub const REVALIDATE: &str = "no-cache";

fn cache_when_ok<B>(policy: &'static str) -> impl Fn(&Response<B>) -> Option<HeaderValue> + Clone {
    move |response: &Response<B>| {
        response
            .status()
            .is_success()
            .then(|| HeaderValue::from_static(policy))
    }
}

/// The routes serving the web app from `dist`.
pub fn router<S: Clone + Send + Sync + 'static>(dist: &Path) -> Router<S> {
    let assets = ServiceBuilder::new()
        .layer(SetResponseHeaderLayer::overriding(
            CACHE_CONTROL,
            cache_when_ok(IMMUTABLE),
        ))
        .service(
            ServeDir::new(dist.join("assets"))
                .precompressed_br()
                .precompressed_gzip(),
        );
    let app = ServiceBuilder::new()
        .layer(SetResponseHeaderLayer::if_not_present(
            CACHE_CONTROL,
            HeaderValue::from_static(REVALIDATE),
        ))
        .service(
            ServeDir::new(dist)
                .precompressed_br()
                .precompressed_gzip()
                .fallback(
                    ServeFile::new(dist.join("index.html"))
                        .precompressed_br()
                        .precompressed_gzip(),
                ),
        );
    Router::new()
        .nest_service("/assets", assets)
        .fallback_service(app)
}
