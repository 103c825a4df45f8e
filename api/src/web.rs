//! Serves the built web app: hashed assets cached for a year, every page of the app's router gets
//! `index.html` so the client-side router can show it, and any other path gets `index.html` with
//! status 404 (the app shows its own 404 page; crawlers and scanners see the status). The build writes
//! each text asset also as `.br` (brotli at its best) and `.gz` (`web/vite.config.ts`); a
//! browser that accepts one gets that file as it is, with no compression per request.

pub mod first_screen;
pub mod landing;

use std::path::{Path, PathBuf};

use axum::Router;
use axum::body::Body;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, HeaderValue};
use axum::http::{Response, StatusCode, Uri};
use axum::response::IntoResponse;
use axum::routing::get;
use tower::ServiceBuilder;
use tower_http::services::ServeDir;
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
                .fallback(app_page_or_not_found(dist.join("index.html"))),
        );
    Router::new()
        .nest_service("/assets", assets)
        .fallback_service(app)
}

/// The HTML page `file` of the web build (`index.html`, a shell) as `edit` makes it, answered
/// with `status`. Read at each request, so a new build of the web app is served without a restart.
pub(crate) async fn index_page(
    file: &Path,
    status: StatusCode,
    edit: impl FnOnce(String) -> String,
) -> Response<Body> {
    let Ok(html) = tokio::fs::read_to_string(file).await else {
        return StatusCode::NOT_FOUND.into_response();
    };
    (
        status,
        [
            (
                CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            ),
            (CACHE_CONTROL, HeaderValue::from_static(REVALIDATE)),
        ],
        edit(html),
    )
        .into_response()
}

/// The page routes of the web app's router (`web/src/app/route-tree.tsx`); `:name` stands for one
/// path segment. A test keeps the two lists equal.
pub const APP_PAGES: &[&str] = &[
    "/",
    "/about",
    "/products",
    "/products/:id",
    "/cart",
    "/checkout",
    "/orders",
    "/orders/:id",
    "/login",
    "/register",
    "/admin/login",
    "/admin/register",
    "/admin",
    "/admin/users",
    "/admin/users/create",
    "/admin/users/edit/:id",
    "/admin/admins",
    "/admin/admins/create",
    "/admin/admins/edit/:id",
    "/admin/products",
    "/admin/products/create",
    "/admin/products/edit/:id",
    "/admin/orders",
    "/admin/orders/create",
    "/admin/orders/edit/:id",
    "/admin/category",
    "/admin/category/create",
    "/admin/category/edit/:id",
    "/admin/coupons",
    "/admin/coupons/create",
    "/admin/coupons/edit/:code",
    "/admin/audit",
];

fn matches_route(route: &str, path: &str) -> bool {
    let (mut wanted, mut given) = (route.split('/'), path.split('/'));
    loop {
        match (wanted.next(), given.next()) {
            (None, None) => return true,
            (Some(want), Some(segment))
                if want == segment || (want.starts_with(':') && !segment.is_empty()) => {}
            _ => return false,
        }
    }
}

/// True when the web app has a page at `path` (one trailing slash allowed, as the router allows).
pub fn is_app_page(path: &str) -> bool {
    let path = match path.strip_suffix('/') {
        Some(trimmed) if !trimmed.is_empty() => trimmed,
        _ => path,
    };
    APP_PAGES.iter().any(|route| matches_route(route, path))
}

/// What answers a path no file in `dist` has: the app's page, or `index.html` with status 404.
fn app_page_or_not_found(index: PathBuf) -> axum::routing::MethodRouter {
    get(move |uri: Uri| async move {
        let status = if is_app_page(uri.path()) {
            StatusCode::OK
        } else {
            StatusCode::NOT_FOUND
        };
        index_page(&index, status, |html| html).await
    })
}
