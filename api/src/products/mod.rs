//! Products: the storefront reads them from the catalog read model; admins write them here,
//! and every write updates the read model in the same request.

pub mod fields;
pub mod form;
pub mod handlers;
pub mod import;
pub mod import_handler;
pub mod repo;
pub mod types;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};

use crate::state::AppState;

/// The largest product form: five images of 5 MB and the text fields.
pub const FORM_BODY_LIMIT: usize = 5 * 5 * 1024 * 1024 + 256 * 1024;

/// The `/products` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/products", get(handlers::list).post(handlers::create))
        .route("/products/search", get(handlers::search))
        .route("/products/import", post(import_handler::import))
        .route(
            "/products/{id}",
            get(handlers::get)
                .patch(handlers::update)
                .delete(handlers::delete),
        )
        .layer(DefaultBodyLimit::max(FORM_BODY_LIMIT))
}
