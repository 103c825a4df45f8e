//! `GET /uploads/{name}`: stored files never change (every upload gets a fresh random name), so
//! they are cached for a year and their name serves as the ETag. Any node serves any image,
//! from its own copy or the database.

use axum::Router;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG, IF_NONE_MATCH};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::error::ApiError;
use crate::state::AppState;
use crate::uploads::images::content_type;
use crate::web::IMMUTABLE;

/// The longest an image this node has no copy of may take to come from the database.
const DATABASE_READ_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(3);

/// The `/uploads` route.
pub fn router() -> Router<AppState> {
    Router::new().route("/uploads/{name}", get(serve))
}

async fn serve(
    State(state): State<AppState>,
    Path(name): Path<String>,
    headers: HeaderMap,
) -> Response {
    let Some(mime) = content_type(&name) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let etag = format!("\"{name}\"");
    let Ok(etag_value) = HeaderValue::from_str(&etag) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let revalidating = headers
        .get(IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.split(',').any(|tag| tag.trim() == etag));
    // A copy this node lacks comes from the database, which may be away: never wait long.
    let bytes = match tokio::time::timeout(
        DATABASE_READ_TIMEOUT,
        state.images.read(&state.db, &name),
    )
    .await
    {
        Ok(Ok(Some(bytes))) => bytes,
        Ok(Ok(None)) => return StatusCode::NOT_FOUND.into_response(),
        Ok(Err(error)) => return ApiError::Internal(error).into_response(),
        Err(_) => {
            return ApiError::Unavailable(format!(
                "reading image {name} from the database timed out"
            ))
            .into_response();
        }
    };
    let cache = [
        (ETAG, etag_value),
        (CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE)),
    ];
    if revalidating {
        return (StatusCode::NOT_MODIFIED, cache).into_response();
    }
    (
        [(CONTENT_TYPE, HeaderValue::from_static(mime))],
        cache,
        Body::from(bytes),
    )
        .into_response()
}
