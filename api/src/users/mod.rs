//! Customers, as the back-office manages them.

pub mod handlers;
pub mod repo;
pub mod types;

use axum::Router;
use axum::routing::get;

use crate::state::AppState;

/// The `/users` routes (admins only).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/users", get(handlers::list))
        .route("/users/search", get(handlers::search))
        .route(
            "/users/{id}",
            get(handlers::get)
                .put(handlers::update)
                .delete(handlers::delete),
        )
}
