//! Serves the built web app: hashed assets cached for a year, every page of the app's router gets
//! `index.html` so the client-side router can show it, and any other path gets `index.html` with
//! status 404 (the app shows its own 404 page; crawlers and scanners see the status). The build writes
//! each text asset also as `.br` (brotli at its best) and `.gz` (`web/vite.config.ts`); a
//! browser that accepts one gets that file as it is, with no compression per request.

use std::path::{Path, PathBuf};

use axum::Router;
use axum::body::Body;
use axum::extract::{Path as UrlPath, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, HeaderValue};
use axum::http::{Response, StatusCode, Uri};
use axum::response::IntoResponse;
use axum::routing::get;
use tower::ServiceBuilder;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::catalog::query::ProductParams;
use crate::products::types::{ImageRef, ProductView};
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
                .fallback(app_page_or_not_found(dist.join("index.html"))),
        );
    Router::new()
        .nest_service("/assets", assets)
        .fallback_service(app)
}

/// The pages a visit most often starts on (home, the product list, a product): each is answered
/// with its prerendered first screen, and the HTML tells the browser about the data and pictures
/// that screen shows.
pub fn landing_pages() -> Router<AppState> {
    Router::new()
        .route("/", get(home_page))
        .route("/products", get(products_page))
        .route("/products/{id}", get(product_page))
}

/// A storefront page's first screen as the app first draws it (layout, headings, skeletons), in
/// `dist/shells/` (`web/src/prerender`): the browser paints it before the script arrives, and
/// the app then replaces it with the same screen. The cart has none: its lines live in the
/// browser, and a shell would show it empty until the script ran.
#[derive(Debug, Clone, Copy)]
enum Shell {
    Home,
    Products,
    Product,
}

impl Shell {
    fn file(self) -> &'static str {
        match self {
            Shell::Home => "home.html",
            Shell::Products => "products.html",
            Shell::Product => "product.html",
        }
    }
}

/// The page's shell, or `index.html` when the build wrote none.
async fn page_file(dist: &Path, shell: Shell) -> PathBuf {
    let file = dist.join("shells").join(shell.file());
    match tokio::fs::try_exists(&file).await {
        Ok(true) => file,
        _ => dist.join("index.html"),
    }
}

/// How many pictures of a grid are hinted: the first screenful (the web's `EAGER_CARDS`).
const HINTED_CARDS: usize = 3;

/// The page's shell (or `index.html`) with `hints` before `</head>`. Without them the first
/// screen's data and pictures are only asked for once the app has run (a phone's largest paint
/// waits behind the whole script); with them they load while the script does.
async fn page_with_hints(state: &AppState, shell: Shell, hints: &str) -> Response<Body> {
    let file = page_file(&state.config.web_dist, shell).await;
    index_page(&file, StatusCode::OK, hints).await
}

/// The HTML page `file` of the web build (`index.html`, a shell) with `hints` before `</head>`,
/// answered with `status`.
async fn index_page(file: &Path, status: StatusCode, hints: &str) -> Response<Body> {
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
        html.replacen("</head>", &format!("{hints}</head>"), 1),
    )
        .into_response()
}

/// The home page: the featured products the page lists, and their first pictures.
async fn home_page(State(state): State<AppState>) -> Response<Body> {
    let featured = ProductParams {
        featured: Some("true".to_owned()),
        ..ProductParams::default()
    };
    let hints = listing_hints(&state, "/api/v1/products?featured=true", featured);
    page_with_hints(&state, Shell::Home, &hints).await
}

/// The product list: hinted only as first opened, without filters (the app then asks for
/// `/api/v1/products`); a filtered list gets the shell without hints.
async fn products_page(State(state): State<AppState>, uri: Uri) -> Response<Body> {
    let hints = match uri.query() {
        None | Some("") => listing_hints(&state, "/api/v1/products", ProductParams::default()),
        Some(_) => String::new(),
    };
    page_with_hints(&state, Shell::Products, &hints).await
}

/// A product page: the product's JSON and its main picture. An unknown product gets the plain
/// page (the app shows its 404).
async fn product_page(
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
) -> Response<Body> {
    match state.catalog.snapshot().product(&id) {
        Some(product) => {
            page_with_hints(&state, Shell::Product, &preload_hints(&id, &product)).await
        }
        None => {
            let index = state.config.web_dist.join("index.html");
            index_page(&index, StatusCode::NOT_FOUND, "").await
        }
    }
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
        index_page(&index, status, "").await
    })
}

/// The API answer the app will ask for, and the thumbnails of the first cards it lists.
fn listing_hints(state: &AppState, api_path: &str, params: ProductParams) -> String {
    let mut hints = fetch_hint(api_path);
    if let Ok(query) = params.check() {
        let listing = state.catalog.snapshot().list(&query);
        let pictures = listing
            .products
            .iter()
            .filter_map(|product| first_image(product))
            .take(HINTED_CARDS);
        for image in pictures {
            hints.push_str(&image_hint(&image.thumbnail));
        }
    }
    hints
}

fn fetch_hint(path: &str) -> String {
    format!(
        r#"<link rel="preload" href="{}" as="fetch" crossorigin>"#,
        attribute(path)
    )
}

fn image_hint(url: &str) -> String {
    format!(
        r#"<link rel="preload" href="{}" as="image" fetchpriority="high">"#,
        attribute(url)
    )
}

/// A product's first picture, in slot order.
fn first_image(product: &ProductView) -> Option<&ImageRef> {
    [
        &product.image1,
        &product.image2,
        &product.image3,
        &product.image4,
        &product.image5,
    ]
    .into_iter()
    .find_map(Option::as_ref)
}

/// `<link rel="preload">` tags for a product page: its API answer and its first picture.
fn preload_hints(id: &str, product: &ProductView) -> String {
    let mut hints = fetch_hint(&format!("/api/v1/products/{id}"));
    if let Some(image) = first_image(product) {
        hints.push_str(&image_hint(&image.url));
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
