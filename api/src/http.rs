//! Cross-cutting HTTP layers: security headers, request ids, tracing, and error envelopes for
//! responses that axum or tower produce without a body (405, 413 ...).

use axum::body::Body;
use axum::extract::Request;
use axum::http::header::{self, HeaderName, HeaderValue};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use tower_http::request_id::{MakeRequestId, RequestId};

use crate::error::ApiError;

/// The Content-Security-Policy of every response. wasm needs `'wasm-unsafe-eval'`; Radix and
/// sonner set inline styles, hence `'unsafe-inline'` for styles only.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; \
object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The security headers set on every response (unless a handler set its own).
pub fn security_headers() -> [(HeaderName, HeaderValue); 6] {
    [
        (header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONTENT_SECURITY_POLICY)),
        (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
        (header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin")),
        (HeaderName::from_static("permissions-policy"), HeaderValue::from_static("camera=(), microphone=(), geolocation=()")),
        (HeaderName::from_static("cross-origin-opener-policy"), HeaderValue::from_static("same-origin")),
    ]
}

/// Gives every bare error response under `/api` the JSON error envelope, so clients never see
/// an empty 405 or a plain-text 413.
pub async fn envelope_bare_api_errors(request: Request, next: Next) -> Response {
    let is_api = request.uri().path().starts_with("/api");
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/json"));
    if !is_api || !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let error = match status {
        StatusCode::METHOD_NOT_ALLOWED => ApiError::MethodNotAllowed,
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::PayloadTooLarge,
        StatusCode::NOT_FOUND => ApiError::NotFound("No such API endpoint".to_owned()),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::UnsupportedMediaType("Unsupported content type".to_owned()),
        StatusCode::REQUEST_TIMEOUT => ApiError::bad_request("timeout", "The request took too long"),
        status if status.is_server_error() => ApiError::Internal(anyhow::anyhow!("bare {status} response")),
        _ => ApiError::bad_request("bad_request", status.canonical_reason().unwrap_or("Bad request")),
    };
    let allow = response.headers().get(header::ALLOW).cloned();
    let mut enveloped = error.into_response();
    if let Some(allow) = allow {
        enveloped.headers_mut().insert(header::ALLOW, allow);
    }
    enveloped
}

/// The tracing span of a request, carrying its request id.
pub fn request_span(request: &Request<Body>) -> tracing::Span {
    let request_id = request
        .extensions()
        .get::<RequestId>()
        .and_then(|id| id.header_value().to_str().ok())
        .unwrap_or("-");
    tracing::info_span!("request", id = %request_id, method = %request.method(), path = %request.uri().path())
}

/// Request ids `<process>-<n>`: a random prefix per process and a counter, unique across
/// restarts and nodes without a random-number syscall per request.
#[derive(Debug, Clone)]
pub struct RequestIds {
    prefix: u32,
    next: Arc<AtomicU64>,
}

impl RequestIds {
    /// Ids with a fresh random prefix.
    pub fn new() -> RequestIds {
        RequestIds { prefix: rand::random(), next: Arc::new(AtomicU64::new(1)) }
    }
}

impl Default for RequestIds {
    fn default() -> RequestIds {
        RequestIds::new()
    }
}

impl MakeRequestId for RequestIds {
    fn make_request_id<B>(&mut self, _request: &Request<B>) -> Option<RequestId> {
        let number = self.next.fetch_add(1, Ordering::Relaxed);
        HeaderValue::from_str(&format!("{:08x}-{number}", self.prefix)).ok().map(RequestId::new)
    }
}
