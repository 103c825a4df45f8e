//! `GET /uploads/{name}`: stored files never change (every upload gets a fresh random name), so
//! they are cached for a year and their name serves as the ETag.

use axum::Router;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG, IF_NONE_MATCH};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::app::AppState;
use crate::web::IMMUTABLE;

/// The `/uploads` route.
pub fn router() -> Router<AppState> {
    Router::new().route("/uploads/{name}", get(serve))
}

fn content_type(name: &str) -> Option<&'static str> {
    let (stem, extension) = name.rsplit_once('.')?;
    if stem.is_empty() || !stem.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        return None;
    }
    match extension {
        "jpg" => Some("image/jpeg"),
        "png" => Some("image/png"),
        "webp" => Some("image/webp"),
        _ => None,
    }
}

async fn serve(State(state): State<AppState>, Path(name): Path<String>, headers: HeaderMap) -> Response {
    let Some(mime) = content_type(&name) else { return StatusCode::NOT_FOUND.into_response() };
    let etag = format!("\"{name}\"");
    let Ok(etag_value) = HeaderValue::from_str(&etag) else { return StatusCode::NOT_FOUND.into_response() };
    let cached = headers
        .get(IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.split(',').any(|tag| tag.trim() == etag));
    let path = state.images.dir().join(&name);
    if cached && tokio::fs::try_exists(&path).await.unwrap_or(false) {
        return (StatusCode::NOT_MODIFIED, [(ETAG, etag_value), (CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE))]).into_response();
    }
    match tokio::fs::read(&path).await {
        Ok(bytes) => (
            [(CONTENT_TYPE, HeaderValue::from_static(mime)), (ETAG, etag_value), (CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE))],
            Body::from(bytes),
        )
            .into_response(),
        Err(_) => StatusCode::NOT_FOUND.into_response(),
    }
}
