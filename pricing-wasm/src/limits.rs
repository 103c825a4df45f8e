//! Bounds on the money the shop accepts. A unit price is at most ₹1 crore, so the largest order
//! (100 lines of 20 units) stays near ₹2,000 crore: every sum and product of prices and amounts
//! stays far inside what a decimal holds, and no arithmetic can overflow.

use crate::amounts::MAX_LINE_AMOUNT;
use crate::format::format_inr;
use crate::money::Money;
use crate::validate::MAX_ORDER_LINES;

/// The highest unit price: ₹1,00,00,000 (one crore).
pub const MAX_UNIT_PRICE_RUPEES: i64 = 10_000_000;
/// The highest unit price, as money.
pub const MAX_UNIT_PRICE: Money = Money::from_whole_rupees(MAX_UNIT_PRICE_RUPEES);
/// The most an order can be worth, and so the largest discount: every line at the highest price
/// and amount.
pub const MAX_ORDER_VALUE: Money = Money::from_whole_rupees(
    MAX_UNIT_PRICE_RUPEES * MAX_LINE_AMOUNT as i64 * MAX_ORDER_LINES as i64,
);

/// Why an amount of money is outside its bounds.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    /// Below zero.
    #[error("cannot be negative")]
    Negative,
    /// Above the bound.
    #[error("must be at most {}", format_inr(*.max))]
    TooHigh {
        /// The bound.
        max: Money,
    },
}

fn within(value: Money, max: Money) -> Result<Money, LimitError> {
    if value.is_negative() {
        Err(LimitError::Negative)
    } else if value > max {
        Err(LimitError::TooHigh { max })
    } else {
        Ok(value)
    }
}

/// A unit price (a product's list or selling price, a line's price): 0 to [`MAX_UNIT_PRICE`].
pub fn check_unit_price(price: Money) -> Result<Money, LimitError> {
    within(price, MAX_UNIT_PRICE)
}

/// An order's discount: 0 to [`MAX_ORDER_VALUE`].
pub fn check_discount(discount: Money) -> Result<Money, LimitError> {
    within(discount, MAX_ORDER_VALUE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_run_from_zero_to_one_crore() {
        assert_eq!(check_unit_price(Money::ZERO), Ok(Money::ZERO));
        assert_eq!(check_unit_price(MAX_UNIT_PRICE), Ok(MAX_UNIT_PRICE));
        assert_eq!(
            check_unit_price(MAX_UNIT_PRICE + Money::from_paise(1)),
            Err(LimitError::TooHigh {
                max: MAX_UNIT_PRICE
            })
        );
        assert_eq!(
            check_unit_price(Money::from_paise(-1)),
            Err(LimitError::Negative)
        );
        assert_eq!(
            LimitError::TooHigh {
                max: MAX_UNIT_PRICE
            }
            .to_string(),
            "must be at most ₹1,00,00,000.00"
        );
    }

    #[test]
    fn the_largest_order_fits_and_so_does_its_discount() {
        assert_eq!(
            MAX_ORDER_VALUE,
            MAX_UNIT_PRICE
                .times(MAX_LINE_AMOUNT)
                .times(u32::try_from(MAX_ORDER_LINES).unwrap())
        );
        assert!(check_discount(MAX_ORDER_VALUE).is_ok());
        assert!(check_discount(MAX_ORDER_VALUE + Money::from_paise(1)).is_err());
    }
}
