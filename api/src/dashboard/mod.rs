//! The back office's dashboard: sales of a period against the period before, day by day, orders
//! by status, the best-selling products and what is running out.

pub mod days;
pub mod handlers;
pub mod period;
pub mod repo;
pub mod types;

use axum::Router;
use axum::routing::get;

use crate::state::AppState;

/// The `/dashboard` route (admins).
pub fn router() -> Router<AppState> {
    Router::new().route("/dashboard", get(handlers::dashboard))
}
