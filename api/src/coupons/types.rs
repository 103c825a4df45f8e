//! Coupon request and response types.

use pricing::Money;
use serde::{Deserialize, Deserializer, Serialize};
use surrealdb::types::SurrealValue;
use utoipa::ToSchema;

// The pricing crate's `CouponKind` as the API and the database spell it, with the OpenAPI and
// SurrealDB conversions that crate leaves out.
/// What a coupon takes off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, SurrealValue, ToSchema)]
#[serde(rename_all = "lowercase")]
#[surreal(crate = "surrealdb::types")]
#[surreal(untagged, lowercase)]
pub enum CouponKind {
    /// `value` percent of the subtotal, at most `maxDiscount` when one is set.
    Percent,
    /// `value` rupees, at most the subtotal.
    Flat,
}

impl From<CouponKind> for pricing::CouponKind {
    fn from(kind: CouponKind) -> pricing::CouponKind {
        match kind {
            CouponKind::Percent => pricing::CouponKind::Percent,
            CouponKind::Flat => pricing::CouponKind::Flat,
        }
    }
}

/// A coupon as admins see it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Coupon {
    /// The code, which is also its id.
    #[serde(rename = "_id")]
    pub id: String,
    /// The code in upper case; codes are unique ignoring case.
    pub code: String,
    /// What it takes off.
    pub kind: CouponKind,
    /// Percent (1 to 100) or rupees.
    #[schema(value_type = f64)]
    pub value: Money,
    /// The smallest subtotal it applies to.
    #[schema(value_type = f64)]
    pub min_subtotal: Money,
    /// The most a percent coupon takes off.
    #[schema(value_type = Option<f64>)]
    pub max_discount: Option<Money>,
    /// When it starts to apply (RFC 3339).
    pub valid_from: Option<String>,
    /// When it stops applying (RFC 3339).
    pub valid_until: Option<String>,
    /// The most orders that may use it.
    pub usage_limit: Option<u32>,
    /// The most orders one customer may use it on.
    pub per_customer_limit: Option<u32>,
    /// False when switched off.
    pub active: bool,
    /// Orders that used it.
    pub uses: u32,
    /// RFC 3339.
    pub created_at: String,
    /// RFC 3339.
    pub updated_at: String,
}

/// `{"coupon": ...}` for admins.
#[derive(Debug, Serialize, ToSchema)]
pub struct CouponEnvelope {
    pub coupon: Coupon,
}

/// A page of coupons, by code.
#[derive(Debug, Serialize, ToSchema)]
pub struct CouponList {
    /// The coupons on this page.
    pub data: Vec<Coupon>,
    pub meta: crate::paging::ListMeta,
}

/// A coupon's terms as a customer's cart sees them.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CouponTermsView {
    pub code: String,
    /// What it takes off.
    pub kind: CouponKind,
    /// Percent or rupees.
    #[schema(value_type = f64)]
    pub value: Money,
    /// The smallest subtotal it applies to.
    #[schema(value_type = f64)]
    pub min_subtotal: Money,
    /// The most a percent coupon takes off.
    #[schema(value_type = Option<f64>)]
    pub max_discount: Option<Money>,
    /// When it starts to apply (RFC 3339).
    pub valid_from: Option<String>,
    /// When it stops applying (RFC 3339).
    pub valid_until: Option<String>,
}

/// `{"coupon": ...}` for a customer.
#[derive(Debug, Serialize, ToSchema)]
pub struct CouponTermsEnvelope {
    pub coupon: CouponTermsView,
}

/// Either envelope: admins get the whole coupon, customers its terms.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum CouponAnswer {
    Admin(CouponEnvelope),
    Customer(CouponTermsEnvelope),
}

/// A field that may be left out (keep), sent as null (clear) or sent with a value (set).
fn present<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(deserializer).map(Some)
}

/// `POST /coupons` and `PATCH /coupons/{code}`. On a PATCH every field is optional (left out
/// keeps the value; null clears an optional one) and `code`, if sent, must be the coupon's own.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CouponInput {
    /// 3 to 24 letters, digits, `-` or `_`; stored in upper case.
    pub code: Option<String>,
    /// What it takes off.
    pub kind: Option<CouponKind>,
    /// Percent (1 to 100) or rupees.
    #[schema(value_type = Option<f64>)]
    pub value: Option<Money>,
    /// The smallest subtotal it applies to (default 0).
    #[schema(value_type = Option<f64>)]
    pub min_subtotal: Option<Money>,
    /// The most a percent coupon takes off; null for no cap.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<f64>)]
    pub max_discount: Option<Option<Money>>,
    /// When it starts to apply (RFC 3339); null for at once.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub valid_from: Option<Option<String>>,
    /// When it stops applying (RFC 3339); null for never.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub valid_until: Option<Option<String>>,
    /// The most orders that may use it; null for no limit.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<u32>)]
    pub usage_limit: Option<Option<u32>>,
    /// The most orders one customer may use it on; null for no limit.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<u32>)]
    pub per_customer_limit: Option<Option<u32>>,
    /// False switches it off (default true).
    pub active: Option<bool>,
}
