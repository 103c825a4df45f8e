//! Cross-cutting HTTP layers: security headers, request ids, tracing, a time limit, panics
//! caught, and error envelopes for responses that axum or tower produce without a body (405,
//! 413, a timeout ...).

use std::any::Any;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::Request;
use axum::http::StatusCode;
use axum::http::header::{self, HeaderName, HeaderValue};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{
    MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

use crate::db::availability::{self, Availability};
use crate::error::{ApiError, ErrorCode};

/// The Content-Security-Policy of every response. wasm needs `'wasm-unsafe-eval'`; Radix and
/// sonner set inline styles, hence `'unsafe-inline'` for styles only.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; \
object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The security headers set on every response (unless a handler set its own).
pub fn security_headers() -> [(HeaderName, HeaderValue); 6] {
    [
        (
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ),
        (
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ),
        (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
        (
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ),
        (
            HeaderName::from_static("permissions-policy"),
            HeaderValue::from_static("camera=(), microphone=(), geolocation=()"),
        ),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            HeaderValue::from_static("same-origin"),
        ),
    ]
}

/// Wraps the routes in the layers every response passes through. From the outside in: request
/// ids and tracing; the security headers and the error envelope, which therefore also cover
/// what the inner layers answer on their own; then a panic caught as a 500, the time limit
/// answered as 503 (not 408, which clients may resend), and compression.
pub fn layers(routes: Router, timeout: Duration) -> Router {
    let mut app = routes
        .layer(
            ServiceBuilder::new()
                .layer(CatchPanicLayer::custom(panic_response))
                .layer(TimeoutLayer::with_status_code(
                    StatusCode::SERVICE_UNAVAILABLE,
                    timeout,
                ))
                .layer(CompressionLayer::new()),
        )
        .layer(middleware::from_fn(envelope_bare_api_errors));
    for (name, value) in security_headers() {
        app = app.layer(SetResponseHeaderLayer::if_not_present(name, value));
    }
    app.layer(
        ServiceBuilder::new()
            .layer(SetRequestIdLayer::x_request_id(RequestIds::new()))
            .layer(TraceLayer::new_for_http().make_span_with(request_span))
            .layer(PropagateRequestIdLayer::x_request_id()),
    )
}

/// The answer to a request whose handler panicked: a 500 in the envelope, the panic logged.
fn panic_response(panic: Box<dyn Any + Send + 'static>) -> Response {
    let text = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("a panic");
    ApiError::Internal(anyhow::anyhow!("handler panicked: {text}")).into_response()
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
        StatusCode::UNSUPPORTED_MEDIA_TYPE => {
            ApiError::UnsupportedMediaType("Unsupported content type".to_owned())
        }
        StatusCode::SERVICE_UNAVAILABLE => {
            ApiError::Unavailable("the request took longer than the time limit".to_owned())
        }
        status if status.is_server_error() => {
            ApiError::Internal(anyhow::anyhow!("bare {status} response"))
        }
        _ => ApiError::bad_request(
            ErrorCode::BadRequest,
            status.canonical_reason().unwrap_or("Bad request"),
        ),
    };
    let allow = response.headers().get(header::ALLOW).cloned();
    let mut enveloped = error.into_response();
    if let Some(allow) = allow {
        enveloped.headers_mut().insert(header::ALLOW, allow);
    }
    enveloped
}

/// True for requests answered from this node's memory (the catalog read model, the API
/// description) or its disk (image copies), which can be served while the database is away.
fn served_without_the_database(request: &Request) -> bool {
    let path = request.uri().path();
    request.method() == http::Method::GET
        && (path == "/api/v1/products"
            || path.starts_with("/api/v1/products/")
            || path == "/api/v1/openapi.json"
            || path.starts_with("/uploads/"))
}

/// Answers 503 in the envelope, with `Retry-After`, to a request that needs the database while
/// it does not answer: at once when it is already away, and as soon as it goes away for a
/// request waiting on it (a write that committed meanwhile is found again by its
/// `Idempotency-Key`). A 500 answered while the database is away becomes that 503 too.
/// Requests served from memory go through.
pub async fn while_the_database_is_away(
    axum::extract::State(database): axum::extract::State<Arc<Availability>>,
    request: Request,
    next: Next,
) -> Response {
    let path = request.uri().path();
    if !(path.starts_with("/api") || path.starts_with("/uploads/")) {
        return next.run(request).await;
    }
    let response = if served_without_the_database(&request) {
        next.run(request).await
    } else if database.is_down() {
        return database_away();
    } else {
        tokio::select! {
            response = next.run(request) => response,
            () = database.went_down() => return database_away(),
        }
    };
    if response.status() == StatusCode::INTERNAL_SERVER_ERROR && database.down_now().await {
        return database_away();
    }
    response
}

fn database_away() -> Response {
    let mut response =
        ApiError::Unavailable("the database does not answer".to_owned()).into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, availability::RETRY_AFTER_SECS.into());
    response
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
        RequestIds {
            prefix: rand::random(),
            next: Arc::new(AtomicU64::new(1)),
        }
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
        HeaderValue::from_str(&format!("{:08x}-{number}", self.prefix))
            .ok()
            .map(RequestId::new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::routing::get;
    use tower::ServiceExt;

    async fn answer(
        router: Router,
        path: &str,
    ) -> (StatusCode, header::HeaderMap, serde_json::Value) {
        let response = router
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        let (parts, body) = response.into_parts();
        let bytes = axum::body::to_bytes(body, 1 << 20).await.unwrap();
        (
            parts.status,
            parts.headers,
            serde_json::from_slice(&bytes).unwrap_or(serde_json::Value::Null),
        )
    }

    fn routes() -> Router {
        Router::new()
            .route(
                "/api/v1/slow",
                get(|| async {
                    tokio::time::sleep(Duration::from_secs(5)).await;
                    "late"
                }),
            )
            .route(
                "/api/v1/panics",
                get(|| async {
                    if true {
                        panic!("secret state");
                    }
                    "never"
                }),
            )
    }

    fn guarded(database: &Arc<Availability>) -> Router {
        let routes = Router::new()
            .route(
                "/api/v1/orders",
                get(|| async {
                    tokio::time::sleep(Duration::from_secs(5)).await;
                    "placed"
                }),
            )
            .route("/api/v1/products", get(|| async { "from memory" }))
            .route(
                "/api/v1/fails",
                get(|| async { ApiError::Internal(anyhow::anyhow!("connection reset")) }),
            );
        layers(
            routes.layer(middleware::from_fn_with_state(
                Arc::clone(database),
                while_the_database_is_away,
            )),
            Duration::from_secs(30),
        )
    }

    #[tokio::test]
    async fn while_the_database_is_away_requests_that_need_it_get_a_prompt_503_envelope() {
        let database = Arc::new(Availability::default());
        let app = guarded(&database);
        let waiting = tokio::spawn(answer(app.clone(), "/api/v1/orders"));
        tokio::time::sleep(Duration::from_millis(50)).await;
        database.set(false);
        let (status, headers, body) = tokio::time::timeout(Duration::from_secs(1), waiting)
            .await
            .expect("answered at once")
            .unwrap();
        assert_eq!(
            (status, body["error"]["code"].as_str()),
            (StatusCode::SERVICE_UNAVAILABLE, Some("unavailable"))
        );
        assert_eq!(headers.get(header::RETRY_AFTER).unwrap(), "2");
        assert!(headers.contains_key(header::CONTENT_SECURITY_POLICY));

        let (status, _, body) = answer(app.clone(), "/api/v1/fails").await;
        assert_eq!(
            (status, body["error"]["code"].as_str()),
            (StatusCode::SERVICE_UNAVAILABLE, Some("unavailable")),
            "a 500 while away is a 503"
        );
        let response = app
            .clone()
            .oneshot(
                Request::get("/api/v1/products")
                    .body(Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        assert_eq!(
            response.status(),
            StatusCode::OK,
            "the catalog is served from memory meanwhile"
        );

        database.set(true);
        let (status, _, body) = answer(app, "/api/v1/fails").await;
        assert_eq!(
            (status, body["error"]["code"].as_str()),
            (StatusCode::INTERNAL_SERVER_ERROR, Some("internal_error")),
            "back up: a 500 is a 500"
        );
    }

    #[tokio::test]
    async fn a_request_over_the_time_limit_gets_a_503_envelope_with_the_security_headers() {
        let (status, headers, body) =
            answer(layers(routes(), Duration::from_millis(50)), "/api/v1/slow").await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(body["error"]["status"], 503);
        assert_eq!(body["error"]["code"], "unavailable");
        assert!(headers.contains_key(header::CONTENT_SECURITY_POLICY));
        assert!(headers.contains_key("x-request-id"));
    }

    #[tokio::test]
    async fn a_panic_gets_a_500_envelope_that_leaks_nothing_with_the_security_headers() {
        let (status, headers, body) =
            answer(layers(routes(), Duration::from_secs(5)), "/api/v1/panics").await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(body["error"]["code"], "internal_error");
        assert!(!body.to_string().contains("secret"), "{body}");
        assert_eq!(
            headers.get(header::X_CONTENT_TYPE_OPTIONS).unwrap(),
            "nosniff"
        );
        assert!(headers.contains_key("x-request-id"));
    }
}
