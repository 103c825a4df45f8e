//! Coupon codes: a coupon's terms evaluated against a cart's subtotal, with the reason when it
//! does not apply. Usage limits are counted by the server; their figures can be passed in so the
//! same function gives the same reasons everywhere.

use serde::{Deserialize, Serialize};

use crate::format::format_inr;
use crate::limits::check_discount;
use crate::money::Money;

/// The longest coupon code.
pub const MAX_CODE_LENGTH: usize = 24;

/// What a coupon takes off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CouponKind {
    /// `value` percent of the subtotal, at most `max_discount` when one is set.
    Percent,
    /// `value` rupees, at most the subtotal.
    Flat,
}

/// A coupon's terms. Times are milliseconds since the Unix epoch, so the browser's `Date.now()`
/// and the server's clock compare the same way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CouponTerms {
    /// The code, upper case.
    pub code: String,
    /// Percent or flat.
    pub kind: CouponKind,
    /// Percent (1 to 100) or rupees.
    pub value: Money,
    /// The smallest subtotal it applies to.
    pub min_subtotal: Money,
    /// The most a percent coupon takes off.
    #[serde(default)]
    pub max_discount: Option<Money>,
    /// When it starts to apply.
    #[serde(default)]
    pub valid_from_ms: Option<i64>,
    /// When it stops applying.
    #[serde(default)]
    pub valid_until_ms: Option<i64>,
}

/// How much a coupon has been used, as the server counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CouponUsage {
    /// False when the shop switched it off.
    pub active: bool,
    /// Orders that used it.
    pub uses: u32,
    /// The most orders that may use it.
    pub usage_limit: Option<u32>,
    /// Orders of this customer that used it.
    pub customer_uses: u32,
    /// The most orders one customer may use it on.
    pub per_customer_limit: Option<u32>,
}

/// Why a coupon does not apply. [`CouponRefusal::reason`] is the API's `details.reason`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CouponRefusal {
    /// The shop switched it off.
    #[error("this coupon is not active")]
    Inactive,
    /// Its validity window has not opened.
    #[error("this coupon is not valid yet")]
    NotStarted,
    /// Its validity window has closed.
    #[error("this coupon has expired")]
    Expired,
    /// It has been used as often as it may be.
    #[error("this coupon has been used up")]
    UsedUp,
    /// This customer has used it as often as one may.
    #[error("you have already used this coupon")]
    UsedByYou,
    /// The subtotal is below its minimum.
    #[error("this coupon needs a subtotal of at least {}", format_inr(*.minimum))]
    BelowMinimum {
        /// The smallest subtotal it applies to.
        minimum: Money,
    },
}

impl CouponUsage {
    /// An active coupon nobody has used, without limits: what the cart assumes once the server
    /// has said a coupon is usable.
    pub const UNUSED: CouponUsage = CouponUsage {
        active: true,
        uses: 0,
        usage_limit: None,
        customer_uses: 0,
        per_customer_limit: None,
    };
}

impl CouponRefusal {
    /// The reason as a stable snake_case word.
    pub fn reason(&self) -> &'static str {
        match self {
            CouponRefusal::Inactive => "inactive",
            CouponRefusal::NotStarted => "not_started",
            CouponRefusal::Expired => "expired",
            CouponRefusal::UsedUp => "used_up",
            CouponRefusal::UsedByYou => "used_by_you",
            CouponRefusal::BelowMinimum { .. } => "below_minimum",
        }
    }
}

/// Checks when a coupon applies and how often it was used, without a cart.
pub fn coupon_usable(
    terms: &CouponTerms,
    usage: &CouponUsage,
    now_ms: i64,
) -> Result<(), CouponRefusal> {
    if !usage.active {
        return Err(CouponRefusal::Inactive);
    }
    if terms.valid_from_ms.is_some_and(|from| now_ms < from) {
        return Err(CouponRefusal::NotStarted);
    }
    if terms.valid_until_ms.is_some_and(|until| now_ms >= until) {
        return Err(CouponRefusal::Expired);
    }
    if usage.usage_limit.is_some_and(|limit| usage.uses >= limit) {
        return Err(CouponRefusal::UsedUp);
    }
    if usage
        .per_customer_limit
        .is_some_and(|limit| usage.customer_uses >= limit)
    {
        return Err(CouponRefusal::UsedByYou);
    }
    Ok(())
}

/// What the coupon's terms take off this subtotal (never more than the subtotal), or why they do
/// not apply to it. Percent discounts round to the paisa by the crate's rule.
pub fn coupon_discount(terms: &CouponTerms, subtotal: Money) -> Result<Money, CouponRefusal> {
    if subtotal < terms.min_subtotal || subtotal.is_zero() {
        return Err(CouponRefusal::BelowMinimum {
            minimum: terms.min_subtotal.max(Money::from_paise(1)),
        });
    }
    let discount = match terms.kind {
        CouponKind::Flat => terms.value,
        CouponKind::Percent => {
            let off = subtotal
                .times_ratio(terms.value.paise(), 10_000)
                .unwrap_or(Money::ZERO);
            terms.max_discount.map_or(off, |cap| off.min(cap))
        }
    };
    Ok(discount.at_least_zero().min(subtotal))
}

/// What the coupon takes off this subtotal at `now_ms` with this usage, or why it does not apply.
pub fn evaluate_coupon(
    terms: &CouponTerms,
    usage: &CouponUsage,
    subtotal: Money,
    now_ms: i64,
) -> Result<Money, CouponRefusal> {
    coupon_usable(terms, usage, now_ms)?;
    coupon_discount(terms, subtotal)
}

/// A field of a coupon's terms that cannot be saved, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct TermsProblem {
    /// The field at fault, as the API names it.
    pub field: &'static str,
    /// What is wrong, for the form.
    pub message: String,
}

fn problem(field: &'static str, message: impl Into<String>) -> TermsProblem {
    TermsProblem {
        field,
        message: message.into(),
    }
}

/// Checks terms an admin wants to save: a code of 3 to [`MAX_CODE_LENGTH`] letters, digits, `-`
/// or `_`; a percent from 1 to 100 or a flat amount above zero; amounts within an order's
/// bounds; a window that opens before it closes.
pub fn check_coupon_terms(terms: &CouponTerms) -> Result<(), TermsProblem> {
    let code = terms.code.as_str();
    if code.len() < 3
        || code.len() > MAX_CODE_LENGTH
        || !code
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_')
    {
        return Err(problem(
            "code",
            format!("use 3 to {MAX_CODE_LENGTH} letters, digits, - or _"),
        ));
    }
    match terms.kind {
        CouponKind::Percent
            if terms.value < Money::from_rupees(1) || terms.value > Money::from_rupees(100) =>
        {
            return Err(problem(
                "value",
                "a percent coupon takes 1 to 100 percent off",
            ));
        }
        CouponKind::Flat if terms.value.is_zero() => {
            return Err(problem("value", "must be more than zero"));
        }
        CouponKind::Flat => check_discount(terms.value)
            .map(|_| ())
            .map_err(|error| problem("value", error.to_string()))?,
        CouponKind::Percent => {}
    }
    check_discount(terms.min_subtotal)
        .map_err(|error| problem("minSubtotal", error.to_string()))?;
    if let Some(cap) = terms.max_discount {
        check_discount(cap).map_err(|error| problem("maxDiscount", error.to_string()))?;
        if cap.is_zero() {
            return Err(problem(
                "maxDiscount",
                "must be more than zero, or left empty for no cap",
            ));
        }
    }
    if let (Some(from), Some(until)) = (terms.valid_from_ms, terms.valid_until_ms)
        && until <= from
    {
        return Err(problem("validUntil", "must be after the start"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(kind: CouponKind, value: i64) -> CouponTerms {
        CouponTerms {
            code: "DIWALI".into(),
            kind,
            value: Money::from_rupees(value),
            min_subtotal: Money::from_rupees(500),
            max_discount: None,
            valid_from_ms: Some(1_000),
            valid_until_ms: Some(2_000),
        }
    }

    #[test]
    fn percent_coupons_round_and_respect_their_cap() {
        let mut ten = terms(CouponKind::Percent, 10);
        assert_eq!(
            coupon_discount(&ten, "999.95".parse().unwrap()),
            Ok("100.00".parse().unwrap()),
            "99.995 rounds up"
        );
        ten.max_discount = Some(Money::from_rupees(50));
        assert_eq!(
            coupon_discount(&ten, Money::from_rupees(2_000)),
            Ok(Money::from_rupees(50))
        );
    }

    #[test]
    fn flat_coupons_never_take_more_than_the_subtotal() {
        let mut flat = terms(CouponKind::Flat, 800);
        assert_eq!(
            coupon_discount(&flat, Money::from_rupees(600)),
            Ok(Money::from_rupees(600))
        );
        flat.min_subtotal = Money::ZERO;
        assert_eq!(
            coupon_discount(&flat, Money::ZERO),
            Err(CouponRefusal::BelowMinimum {
                minimum: Money::from_paise(1)
            })
        );
    }

    #[test]
    fn terms_are_checked_field_by_field() {
        let field = |terms: CouponTerms| {
            check_coupon_terms(&terms)
                .err()
                .map(|problem| problem.field)
        };
        assert_eq!(field(terms(CouponKind::Percent, 10)), None);
        assert_eq!(
            field(CouponTerms {
                code: "a b".into(),
                ..terms(CouponKind::Flat, 10)
            }),
            Some("code")
        );
        assert_eq!(field(terms(CouponKind::Percent, 101)), Some("value"));
        assert_eq!(field(terms(CouponKind::Flat, 0)), Some("value"));
        assert_eq!(field(terms(CouponKind::Flat, -5)), Some("value"));
        assert_eq!(
            field(CouponTerms {
                max_discount: Some(Money::ZERO),
                ..terms(CouponKind::Percent, 10)
            }),
            Some("maxDiscount")
        );
        assert_eq!(
            field(CouponTerms {
                valid_until_ms: Some(1_000),
                ..terms(CouponKind::Flat, 10)
            }),
            Some("validUntil")
        );
    }

    #[test]
    fn refusals_say_why() {
        let flat = terms(CouponKind::Flat, 100);
        let below = coupon_discount(&flat, Money::from_rupees(499)).unwrap_err();
        assert_eq!(
            (below.reason(), below.to_string().as_str()),
            (
                "below_minimum",
                "this coupon needs a subtotal of at least ₹500.00"
            )
        );
        let usage = CouponUsage {
            active: true,
            uses: 4,
            usage_limit: Some(5),
            customer_uses: 0,
            per_customer_limit: Some(1),
        };
        assert_eq!(coupon_usable(&flat, &usage, 1_500), Ok(()));
        assert_eq!(
            coupon_usable(&flat, &usage, 999),
            Err(CouponRefusal::NotStarted)
        );
        assert_eq!(
            coupon_usable(&flat, &usage, 2_000),
            Err(CouponRefusal::Expired)
        );
        assert_eq!(
            coupon_usable(&flat, &CouponUsage { uses: 5, ..usage }, 1_500),
            Err(CouponRefusal::UsedUp)
        );
        assert_eq!(
            coupon_usable(
                &flat,
                &CouponUsage {
                    customer_uses: 1,
                    ..usage
                },
                1_500
            ),
            Err(CouponRefusal::UsedByYou)
        );
        assert_eq!(
            coupon_usable(
                &flat,
                &CouponUsage {
                    active: false,
                    ..usage
                },
                1_500
            ),
            Err(CouponRefusal::Inactive)
        );
    }
}
