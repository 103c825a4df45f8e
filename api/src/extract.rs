//! Request extractors whose refusals use the error envelope and name the field at fault.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use crate::error::{ApiError, ErrorCode};

/// A JSON body. Malformed JSON, a wrong type, a missing or unknown field (request types deny
/// unknown fields) answer 400 naming the field; a body over the limit answers 413.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let is_json = request
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.parse::<mime::Mime>().ok())
            .is_some_and(|mime| {
                mime.type_() == "application"
                    && (mime.subtype() == "json" || mime.suffix().is_some_and(|s| s == "json"))
            });
        if !is_json {
            return Err(ApiError::UnsupportedMediaType(
                "Expected a JSON body (Content-Type: application/json)".to_owned(),
            ));
        }
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(body_rejection)?;
        parse_json(&bytes).map(ApiJson)
    }
}

/// Parses a JSON document into `T`, turning serde's complaint into a 400 naming the field.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let deserializer = &mut serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(deserializer).map_err(|error| {
        let path = error.path().to_string();
        let inner = error.into_inner();
        if inner.is_syntax() || inner.is_eof() {
            ApiError::bad_request(
                ErrorCode::InvalidJson,
                format!("The body is not valid JSON: {inner}"),
            )
        } else {
            let message = strip_position(&inner.to_string());
            if path == "." || path.is_empty() {
                ApiError::bad_request(ErrorCode::ValidationFailed, message)
            } else {
                ApiError::invalid_field(path, message)
            }
        }
    })
}

/// Query parameters. A parameter of the wrong form answers 400 naming it.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiQuery<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        let query = parts.uri.query().unwrap_or_default();
        let deserializer = serde_urlencoded::Deserializer::new(form_urlencoded_pairs(query));
        serde_path_to_error::deserialize(deserializer)
            .map(ApiQuery)
            .map_err(|error| {
                let path = error.path().to_string();
                let message = error.into_inner().to_string();
                if path == "." || path.is_empty() {
                    ApiError::bad_request(ErrorCode::InvalidQuery, message)
                } else {
                    ApiError::invalid_field(path, message)
                }
            })
    }
}

fn form_urlencoded_pairs(query: &str) -> form_urlencoded::Parse<'_> {
    form_urlencoded::parse(query.as_bytes())
}

fn body_rejection(rejection: BytesRejection) -> ApiError {
    if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::PayloadTooLarge
    } else {
        ApiError::bad_request(ErrorCode::InvalidBody, rejection.body_text())
    }
}

/// serde_json appends " at line 1 column 42"; people do not need it.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(index) => message[..index].to_owned(),
        None => message.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Signup {
        email: String,
        age: u8,
    }

    fn code_and_fields(error: ApiError) -> (ErrorCode, Vec<String>) {
        let envelope = error.envelope();
        (
            envelope.error.code,
            envelope
                .error
                .fields
                .map(|f| f.into_keys().collect())
                .unwrap_or_default(),
        )
    }

    #[test]
    fn malformed_json_is_invalid_json() {
        let error = parse_json::<Signup>(b"{\"email\": ").unwrap_err();
        assert_eq!(code_and_fields(error).0, ErrorCode::InvalidJson);
    }

    #[test]
    fn unknown_fields_are_refused_by_name() {
        let error =
            parse_json::<Signup>(br#"{"email":"a@b.in","age":3,"role":"admin"}"#).unwrap_err();
        let message = error.to_string();
        assert!(message.contains("unknown field `role`"), "{message}");
    }

    #[test]
    fn a_wrong_type_names_its_field() {
        let error = parse_json::<Signup>(br#"{"email":"a@b.in","age":"old"}"#).unwrap_err();
        assert_eq!(
            code_and_fields(error),
            (ErrorCode::ValidationFailed, vec!["age".to_owned()])
        );
    }

    async fn post(body: &'static str, content_type: &str) -> (u16, serde_json::Value) {
        use axum::Router;
        use axum::extract::DefaultBodyLimit;
        use axum::response::IntoResponse;
        use tower::ServiceExt;

        let router = Router::new()
            .route(
                "/echo",
                axum::routing::post(|ApiJson(value): ApiJson<serde_json::Value>| async move {
                    axum::Json(value).into_response()
                }),
            )
            .layer(DefaultBodyLimit::max(32));
        let request = Request::post("/echo")
            .header(CONTENT_TYPE, content_type)
            .body(axum::body::Body::from(body))
            .unwrap();
        let response = router.oneshot(request).await.unwrap();
        let status = response.status().as_u16();
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
            .await
            .unwrap();
        (status, serde_json::from_slice(&bytes).unwrap())
    }

    #[tokio::test]
    async fn an_oversized_body_is_413_in_the_envelope() {
        let (status, body) = post(
            r#"{"text": "far more than thirty-two bytes of JSON"}"#,
            "application/json",
        )
        .await;
        assert_eq!(status, 413);
        assert_eq!(body["error"]["code"], "payload_too_large");
    }

    #[tokio::test]
    async fn a_body_that_is_not_json_is_415_and_broken_json_is_400() {
        assert_eq!(post("{}", "text/plain").await.0, 415);
        let (status, body) = post("{oops", "application/json").await;
        assert_eq!(status, 400);
        assert_eq!(body["error"]["code"], "invalid_json");
        assert_eq!(
            post("{\"a\":1}", "application/json; charset=utf-8").await.0,
            200
        );
    }
}
