//! Back-office admins.

pub mod bootstrap;
pub mod handlers;
pub mod repo;
pub mod types;

use axum::Router;
use axum::routing::get;

use crate::state::AppState;

/// The `/admins` routes.
pub fn router() -> Router<AppState> {
    Router::new().route("/admins", get(handlers::list)).route(
        "/admins/{id}",
        get(handlers::get)
            .put(handlers::update)
            .delete(handlers::delete),
    )
}
