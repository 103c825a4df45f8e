//! One error type, one JSON envelope: `{"error": {"status", "code", "message", "fields"?}}`.
//!
//! `code` is a contract the web app may switch on; `message` is safe to show in a toast. A 5xx
//! body never carries internals: it says "Something went wrong" and the cause is logged once.

use std::collections::BTreeMap;

use axum::Json;
use axum::http::StatusCode;
use axum::http::header::RETRY_AFTER;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

mod code;

pub use code::ErrorCode;

/// Every way a request can fail.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400: the request is malformed or a field is invalid.
    #[error("{message}")]
    BadRequest {
        /// The error code, such as `invalid_json` or `validation_failed`.
        code: ErrorCode,
        /// What is wrong, for people.
        message: String,
        /// Field names mapped to what is wrong with each.
        fields: BTreeMap<String, String>,
    },
    /// 401: no valid credentials.
    #[error("{message}")]
    Unauthorized {
        /// The error code, such as `invalid_credentials`.
        code: ErrorCode,
        /// What is wrong, for people.
        message: String,
    },
    /// 403: authenticated but not allowed.
    #[error("{message}")]
    Forbidden {
        /// The error code, such as `forbidden`.
        code: ErrorCode,
        /// What is wrong, for people.
        message: String,
    },
    /// 404: nothing at this address.
    #[error("{0}")]
    NotFound(String),
    /// 404 with a code of its own, such as `coupon_not_found`.
    #[error("{message}")]
    NotFoundAs {
        /// The error code.
        code: ErrorCode,
        /// What is missing, for people.
        message: String,
    },
    /// 405: the route exists but not with this method.
    #[error("method not allowed")]
    MethodNotAllowed,
    /// 409: the request conflicts with the current state.
    #[error("{message}")]
    Conflict {
        /// The error code, such as `out_of_stock`.
        code: ErrorCode,
        /// What is wrong, for people.
        message: String,
        /// Extra machine-readable detail, such as current prices.
        details: Option<serde_json::Value>,
    },
    /// 422: the request is well formed but its content cannot be applied, such as an import
    /// with bad rows.
    #[error("{message}")]
    Unprocessable {
        /// The error code, such as `import_invalid`.
        code: ErrorCode,
        /// What is wrong, for people.
        message: String,
        /// What exactly, for the web app to show.
        details: Option<serde_json::Value>,
    },
    /// 413: the body is larger than allowed.
    #[error("request body is too large")]
    PayloadTooLarge,
    /// 415: the body is not of a supported media type.
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// 429: too many requests; retry after this many seconds.
    #[error("too many requests")]
    TooManyRequests {
        /// Seconds until a retry may succeed.
        retry_after_secs: u64,
    },
    /// 503: the server is at capacity for this kind of work; retry after this many seconds.
    #[error("busy")]
    Busy {
        /// Seconds until a retry may succeed.
        retry_after_secs: u64,
    },
    /// 503: a dependency such as the database is unavailable.
    #[error("service unavailable: {0}")]
    Unavailable(String),
    /// 500: anything unexpected; logged, never shown.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// The JSON body of every error response.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorEnvelope {
    pub error: ErrorBody,
}

/// The inside of [`ErrorEnvelope`].
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    pub status: u16,
    /// What went wrong, for the web app to switch on.
    pub code: ErrorCode,
    /// A message safe to show to people.
    pub message: String,
    /// Form field names mapped to messages (on 400 and 422).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
    /// Extra machine-readable detail (on some 409s and 422s).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub details: Option<serde_json::Value>,
}

impl ApiError {
    /// A 400 about one field.
    pub fn invalid_field(field: impl Into<String>, message: impl Into<String>) -> ApiError {
        let message = message.into();
        let field = field.into();
        ApiError::BadRequest {
            code: ErrorCode::ValidationFailed,
            message: format!("{field}: {message}"),
            fields: BTreeMap::from([(field, message)]),
        }
    }

    /// A 400 without field detail.
    pub fn bad_request(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError::BadRequest {
            code,
            message: message.into(),
            fields: BTreeMap::new(),
        }
    }

    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized { .. } => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden { .. } => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) | ApiError::NotFoundAs { .. } => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Conflict { .. } => StatusCode::CONFLICT,
            ApiError::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Busy { .. } | ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn code(&self) -> ErrorCode {
        match self {
            ApiError::BadRequest { code, .. }
            | ApiError::Unauthorized { code, .. }
            | ApiError::Forbidden { code, .. }
            | ApiError::Conflict { code, .. }
            | ApiError::Unprocessable { code, .. }
            | ApiError::NotFoundAs { code, .. } => *code,
            ApiError::NotFound(_) => ErrorCode::NotFound,
            ApiError::MethodNotAllowed => ErrorCode::MethodNotAllowed,
            ApiError::PayloadTooLarge => ErrorCode::PayloadTooLarge,
            ApiError::UnsupportedMediaType(_) => ErrorCode::UnsupportedMediaType,
            ApiError::TooManyRequests { .. } => ErrorCode::RateLimited,
            ApiError::Busy { .. } => ErrorCode::Busy,
            ApiError::Unavailable(_) => ErrorCode::Unavailable,
            ApiError::Internal(_) => ErrorCode::InternalError,
        }
    }

    /// The envelope for this error, as sent to the client.
    pub fn envelope(&self) -> ErrorEnvelope {
        let message = match self {
            ApiError::Internal(_) => "Something went wrong".to_owned(),
            ApiError::Unavailable(_) => "The service is temporarily unavailable".to_owned(),
            ApiError::TooManyRequests { retry_after_secs } => {
                format!("Too many attempts. Try again in {retry_after_secs} seconds.")
            }
            ApiError::Busy { retry_after_secs } => {
                format!(
                    "The shop is very busy right now. Please try again in {retry_after_secs} seconds."
                )
            }
            other => other.to_string(),
        };
        let (fields, details) = match self {
            ApiError::BadRequest { fields, .. } if !fields.is_empty() => {
                (Some(fields.clone()), None)
            }
            ApiError::Conflict { details, .. } | ApiError::Unprocessable { details, .. } => {
                (None, details.clone())
            }
            _ => (None, None),
        };
        ErrorEnvelope {
            error: ErrorBody {
                status: self.status().as_u16(),
                code: self.code(),
                message,
                fields,
                details,
            },
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match &self {
            ApiError::Internal(cause) => tracing::error!(error = ?cause, "request failed"),
            ApiError::Unavailable(cause) => tracing::error!(%cause, "dependency unavailable"),
            _ => {}
        }
        let mut response = (self.status(), Json(self.envelope())).into_response();
        if let ApiError::TooManyRequests { retry_after_secs }
        | ApiError::Busy { retry_after_secs } = self
        {
            response
                .headers_mut()
                .insert(RETRY_AFTER, retry_after_secs.into());
        }
        response
    }
}

/// Result of a handler.
pub type ApiResult<T> = Result<T, ApiError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_errors_never_leak_their_cause() {
        let envelope = ApiError::Internal(anyhow::anyhow!("secret table exploded")).envelope();
        let json = serde_json::to_string(&envelope).unwrap();
        assert!(!json.contains("secret"), "{json}");
        assert!(json.contains("Something went wrong"));
        assert!(json.contains("\"status\":500"));
    }

    #[test]
    fn a_field_error_names_the_field() {
        let envelope = ApiError::invalid_field("email", "is not an e-mail address").envelope();
        assert_eq!(envelope.error.code, ErrorCode::ValidationFailed);
        assert_eq!(
            envelope.error.fields.unwrap()["email"],
            "is not an e-mail address"
        );
    }
}
