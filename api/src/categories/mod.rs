//! Product categories.

pub mod handlers;
pub mod repo;
pub mod types;

use axum::Router;
use axum::routing::get;

use crate::state::AppState;

/// The `/categories` routes: reading is public, writing needs an admin.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/categories", get(handlers::list).post(handlers::create))
        .route(
            "/categories/{id}",
            get(handlers::get)
                .patch(handlers::update)
                .delete(handlers::delete),
        )
}
