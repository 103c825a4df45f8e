//! [`ErrorCode`]: every `code` an error envelope can carry. Each variant's doc comment says when
//! the code is sent, and the OpenAPI document lists every code with that text, so the web's
//! generated type is a union of the codes whose doc explains each.

use std::fmt::Write as _;

use serde::Serialize;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::{PartialSchema, ToSchema};

/// What the OpenAPI document says about the codes before listing them.
const SUMMARY: &str = "A stable snake_case code the web app may switch on (never on the message):";

/// Declares [`ErrorCode`] and the table that carries each variant's doc comment into the
/// OpenAPI document (utoipa leaves out the variant docs of a plain string enum).
macro_rules! error_codes {
    ($($(#[doc = $when:literal])+ $variant:ident,)+) => {
        /// The `code` of an error envelope: a stable contract the web app may switch on.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
        #[serde(rename_all = "snake_case")]
        pub enum ErrorCode {
            $($(#[doc = $when])+ $variant,)+
        }

        impl ErrorCode {
            /// Every code, with when it is sent.
            pub const ALL: &[(ErrorCode, &str)] =
                &[$((ErrorCode::$variant, concat!($($when),+)),)+];
        }
    };
}

error_codes! {
    /// 400: a request the framework refused without a more specific code.
    BadRequest,
    /// 400: the body is not valid JSON.
    InvalidJson,
    /// 400: the body could not be read, such as a broken multipart form.
    InvalidBody,
    /// 400: the query string could not be read as a whole.
    InvalidQuery,
    /// 400: one or more fields are invalid; `fields` names each.
    ValidationFailed,
    /// 400: a password-reset code is wrong or has expired.
    InvalidOtp,
    /// 400: the `Idempotency-Key` header is empty, too long or not visible ASCII.
    InvalidIdempotencyKey,
    /// 401: no token, or one that is invalid, expired or revoked.
    Unauthorized,
    /// 401: a sign-in with an unknown identifier or a wrong password.
    InvalidCredentials,
    /// 403: the caller's kind of account or role may not do this.
    Forbidden,
    /// 403: a customer whose account was deactivated tries to sign in.
    AccountInactive,
    /// 403: an admin registration without a superadmin's token once an admin exists.
    RegistrationClosed,
    /// 404: no such record or API endpoint.
    NotFound,
    /// 404: no coupon has this code.
    CouponNotFound,
    /// 405: the endpoint exists, but not with this method.
    MethodNotAllowed,
    /// 409: another account already has this e-mail address.
    EmailTaken,
    /// 409: another customer already has this mobile number.
    MobileTaken,
    /// 409: another category already has this name.
    NameTaken,
    /// 409: a coupon with this code exists already.
    CodeTaken,
    /// 409: the change would remove or demote the last superadmin.
    LastSuperadmin,
    /// 409: products still use the category being deleted.
    CategoryInUse,
    /// 409: a stock edit would take the stock below zero; `details.stock` is the stock now.
    StockChanged,
    /// 409: too few units are left; `details` names the product and how many are left.
    OutOfStock,
    /// 409: a price differs from the current one; `details` lists the current prices.
    PriceChanged,
    /// 409: a product in the order is no longer sold; `details` names it.
    ProductUnavailable,
    /// 409: the customer has as many unpaid orders as allowed; `details.maxPendingOrders`.
    TooManyPendingOrders,
    /// 409: the coupon cannot be used now; `details.reason` says why.
    CouponUnusable,
    /// 409: an edit would change the items, discount or buyer of an invoiced order.
    OrderInvoiced,
    /// 409: the order has no tax invoice yet (it was not shipped or delivered).
    InvoiceUnavailable,
    /// 409: the order has no credit note (it was not cancelled after its invoice).
    CreditNoteUnavailable,
    /// 409: the order is not waiting for a UPI payment (cash on delivery, paid or cancelled).
    PaymentUnavailable,
    /// 422: an import has bad rows and wrote nothing; `details` has the report with each error.
    ImportInvalid,
    /// 413: the body is larger than allowed.
    PayloadTooLarge,
    /// 415: the body is not of a supported content type.
    UnsupportedMediaType,
    /// 429: too many attempts; `Retry-After` says when to try again.
    RateLimited,
    /// 500: anything unexpected; the cause is logged, never sent.
    InternalError,
    /// 503: the shop is at capacity for this work; `Retry-After` says when to try again.
    Busy,
    /// 503: the database does not answer, or the request took longer than the time limit.
    Unavailable,
}

impl ErrorCode {
    /// The code as the envelope sends it.
    pub fn wire_name(self) -> String {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::String(name)) => name,
            _ => unreachable!("a unit variant serializes to a string"),
        }
    }
}

impl PartialSchema for ErrorCode {
    /// A string enum whose description lists every code with when it is sent.
    fn schema() -> RefOr<Schema> {
        let mut description = SUMMARY.to_owned();
        for (code, when) in ErrorCode::ALL {
            let _ = write!(description, "\n- `{}`: {}", code.wire_name(), when.trim());
        }
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some(description))
            .enum_values(Some(
                ErrorCode::ALL.iter().map(|(code, _)| code.wire_name()),
            ))
            .into()
    }
}

impl ToSchema for ErrorCode {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_listed_once_with_when_it_is_sent() {
        let names: std::collections::BTreeSet<String> = ErrorCode::ALL
            .iter()
            .map(|(code, _)| code.wire_name())
            .collect();
        assert_eq!(names.len(), ErrorCode::ALL.len());
        let schema = serde_json::to_value(ErrorCode::schema()).unwrap();
        let description = schema["description"].as_str().unwrap();
        assert!(
            description.contains("- `too_many_pending_orders`: 409: the customer has"),
            "{description}"
        );
        assert_eq!(
            schema["enum"].as_array().unwrap().len(),
            ErrorCode::ALL.len()
        );
    }

    #[test]
    fn codes_are_sent_in_snake_case() {
        assert_eq!(ErrorCode::RateLimited.wire_name(), "rate_limited");
        assert_eq!(ErrorCode::InvalidOtp.wire_name(), "invalid_otp");
        assert_eq!(
            ErrorCode::CreditNoteUnavailable.wire_name(),
            "credit_note_unavailable"
        );
    }
}
