//! The pages a visit most often starts on (home, the product list, a product, the cart): each is answered
//! with its prerendered first screen, the pictures of that screen already in it and the API
//! answer the app would first ask for embedded, so a phone paints the page before the script has
//! arrived and the app's first render shows the same page without asking the API.

use std::path::{Path, PathBuf};

use axum::Router;
use axum::body::Body;
use axum::extract::{Path as UrlPath, State};
use axum::http::{Response, StatusCode, Uri};
use axum::routing::get;

use crate::catalog::json as catalog_json;
use crate::catalog::query::ProductParams;
use crate::state::AppState;
use crate::web::first_screen::{SlotPicture, fill_picture_slots, page_data};
use crate::web::index_page;

/// The routes of the landing pages.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(home_page))
        .route("/products", get(products_page))
        .route("/products/{id}", get(product_page))
        .route("/cart", get(cart_page))
}

/// A storefront page's first screen as the app first draws it (layout, headings, placeholders),
/// in `dist/shells/` (`web/src/prerender`): the browser paints it before the script arrives, and
/// the app then replaces it. The cart's is drawn empty (its lines live in the browser), and kept
/// hidden by the browser when lines are saved (`web/public/before-paint.js`).
#[derive(Debug, Clone, Copy)]
enum Shell {
    Home,
    Products,
    Product,
    Cart,
}

impl Shell {
    fn file(self) -> &'static str {
        match self {
            Shell::Home => "home.html",
            Shell::Products => "products.html",
            Shell::Product => "product.html",
            Shell::Cart => "cart.html",
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

/// How many cards of a grid load their picture at once: the first screenful (the web's
/// `EAGER_CARDS`).
const EAGER_CARDS: usize = 3;

/// What a landing page puts into its shell: the pictures of its slots, in order, and the
/// element holding the API answer its first screen shows.
#[derive(Debug, Default)]
struct FirstScreen {
    pictures: Vec<Option<SlotPicture>>,
    page_data: String,
}

/// The page's shell (or `index.html`) holding `screen`.
async fn landing_page(state: &AppState, shell: Shell, screen: FirstScreen) -> Response<Body> {
    let file = page_file(&state.config.web_dist, shell).await;
    index_page(&file, StatusCode::OK, |html| {
        let html = fill_picture_slots(&html, &screen.pictures);
        match html.rfind("</body>") {
            Some(end) => format!("{}{}{}", &html[..end], screen.page_data, &html[end..]),
            None => html,
        }
    })
    .await
}

/// A listing's first screen: the answer of `api_path` (which asks for `params`) and its cards'
/// pictures.
fn listing_screen(state: &AppState, api_path: &str, params: &ProductParams) -> FirstScreen {
    let Ok(query) = params.check() else {
        return FirstScreen::default();
    };
    let snapshot = state.catalog.snapshot();
    let (body, page) = catalog_json::listing_answer(&snapshot, &query);
    FirstScreen {
        pictures: page
            .products
            .iter()
            .enumerate()
            .map(|(position, product)| SlotPicture::card(&product.view(), position < EAGER_CARDS))
            .collect(),
        page_data: page_data(api_path, &body),
    }
}

/// The home page, with the featured products it lists.
async fn home_page(State(state): State<AppState>) -> Response<Body> {
    let featured = ProductParams {
        featured: Some("true".to_owned()),
        ..ProductParams::default()
    };
    let screen = listing_screen(&state, "/api/v1/products?featured=true", &featured);
    landing_page(&state, Shell::Home, screen).await
}

/// The product list. Only the list as first opened, without filters, comes with its products
/// (the app then knows the answer as its `/api/v1/products`); a filtered list gets the shell.
async fn products_page(State(state): State<AppState>, uri: Uri) -> Response<Body> {
    let screen = match uri.query() {
        None | Some("") => listing_screen(&state, "/api/v1/products", &ProductParams::default()),
        Some(_) => FirstScreen::default(),
    };
    landing_page(&state, Shell::Products, screen).await
}

/// A product page, with the product and its main picture. An unknown product gets the plain
/// page (the app shows its 404).
async fn product_page(
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
) -> Response<Body> {
    let Some(product) = state.catalog.snapshot().product(&id) else {
        let index = state.config.web_dist.join("index.html");
        return index_page(&index, StatusCode::NOT_FOUND, |html| html).await;
    };
    let screen = FirstScreen {
        pictures: vec![SlotPicture::main(&product.view())],
        page_data: page_data(
            &format!("/api/v1/products/{id}"),
            &catalog_json::envelope(&product),
        ),
    };
    landing_page(&state, Shell::Product, screen).await
}

/// The cart: its shell alone, as the lines are the browser's.
async fn cart_page(State(state): State<AppState>) -> Response<Body> {
    landing_page(&state, Shell::Cart, FirstScreen::default()).await
}
