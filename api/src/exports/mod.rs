//! CSV exports for the back office: orders (one row per order line, with the order's fields)
//! and products (the columns a product import reads).

pub mod csv;
pub mod handlers;

use axum::Router;
use axum::routing::get;

use crate::state::AppState;

/// The export routes (admins).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/orders/export.csv", get(handlers::orders))
        .route("/products/export.csv", get(handlers::products))
}
