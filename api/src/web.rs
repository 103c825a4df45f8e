//! Serves the built web app: hashed assets cached for a year, every other path falls back to
//! `index.html` so the client-side router can show the page (or its own 404). The build writes
//! each text asset also as `.br` (brotli at its best) and `.gz` (`web/vite.config.ts`); a
//! browser that accepts one gets that file as it is, with no compression per request.

use std::path::Path;

use axum::Router;
use axum::body::Body;
use axum::extract::{Path as UrlPath, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, HeaderValue};
use axum::http::{Response, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use tower::ServiceBuilder;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::catalog::read_model::ProductView;
use crate::state::AppState;

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

/// Product pages, whose HTML tells the browser about the product's data and main picture.
pub fn product_pages() -> Router<AppState> {
    Router::new().route("/products/{id}", get(product_page))
}

/// The app's `index.html` for `/products/{id}`, with preload hints for the product's JSON and its
/// main picture, so both load while the scripts do; without them the picture, which is what a
/// phone's first screen shows largest, is only asked for once the app has run and fetched the
/// product. An unknown product gets the plain page (the app shows its 404).
async fn product_page(
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
) -> Response<Body> {
    let index = state.config.web_dist.join("index.html");
    let Ok(html) = tokio::fs::read_to_string(&index).await else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let hints = state
        .catalog
        .snapshot()
        .product(&id)
        .map(|product| preload_hints(&id, &product))
        .unwrap_or_default();
    (
        [
            (
                CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            ),
            (CACHE_CONTROL, HeaderValue::from_static(REVALIDATE)),
        ],
        html.replacen("</head>", &format!("{hints}</head>"), 1),
    )
        .into_response()
}

/// `<link rel="preload">` tags for a product page: its API answer and its first picture.
fn preload_hints(id: &str, product: &ProductView) -> String {
    let mut hints = format!(
        r#"<link rel="preload" href="/api/v1/products/{}" as="fetch" crossorigin>"#,
        attribute(id)
    );
    let first = [
        &product.image1,
        &product.image2,
        &product.image3,
        &product.image4,
        &product.image5,
    ]
    .into_iter()
    .find_map(Option::as_ref);
    if let Some(image) = first {
        hints.push_str(&format!(
            r#"<link rel="preload" href="{}" as="image" fetchpriority="high">"#,
            attribute(&image.url)
        ));
    }
    hints
}

/// Text safe inside a double-quoted HTML attribute.
fn attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
