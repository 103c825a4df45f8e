//! `GET /api/v1/health`: is the server up and can it reach its database?

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use utoipa::ToSchema;

use crate::db::availability;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// The health answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// Always `ok` when the answer is 200.
    pub status: &'static str,
    /// `ok` when the database answered.
    pub database: &'static str,
    pub version: &'static str,
}

/// The health routes.
pub fn router() -> Router<AppState> {
    Router::new().route("/health", get(health))
}

/// Checks the server and its database.
#[utoipa::path(get, path = "/api/v1/health", tag = "health",
    responses(
        (status = 200, description = "The server and its database are up", body = Health),
        (status = 503, description = "The database does not answer within a second", body = crate::error::ErrorEnvelope),
    ))]
pub async fn health(State(state): State<AppState>) -> ApiResult<Json<Health>> {
    if availability::ping(&state.db).await {
        Ok(Json(Health {
            status: "ok",
            database: "ok",
            version: env!("CARGO_PKG_VERSION"),
        }))
    } else {
        Err(ApiError::Unavailable(
            "database health check failed".to_owned(),
        ))
    }
}
