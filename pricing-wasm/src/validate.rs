//! Checks of an order payload, with typed errors that name the field at fault.

use crate::amounts::MAX_LINE_AMOUNT;
use crate::limits::{LimitError, check_discount, check_unit_price};
use crate::money::Money;
use crate::totals::OrderLine;

/// The most lines one order may have.
pub const MAX_ORDER_LINES: usize = 100;

/// Why an order payload was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    /// The order has no lines.
    #[error("an order needs at least one item")]
    NoLines,
    /// The order has more lines than [`MAX_ORDER_LINES`].
    #[error("an order may have at most {max} items")]
    TooManyLines {
        /// The limit.
        max: usize,
    },
    /// A line's amount is outside 1..=[`MAX_LINE_AMOUNT`].
    #[error("item {line}: amount must be from 1 to {max}")]
    AmountOutOfRange {
        /// The zero-based index of the line.
        line: usize,
        /// The largest allowed amount.
        max: u32,
    },
    /// A line's price is below zero or above [`crate::MAX_UNIT_PRICE`].
    #[error("item {line}: price {problem}")]
    PriceOutOfRange {
        /// The zero-based index of the line.
        line: usize,
        /// What is wrong with it.
        problem: LimitError,
    },
    /// The discount is below zero or above [`crate::MAX_ORDER_VALUE`].
    #[error("discount {0}")]
    DiscountOutOfRange(LimitError),
}

impl OrderError {
    /// A stable snake_case code for the error.
    pub fn code(&self) -> &'static str {
        match self {
            OrderError::NoLines => "no_lines",
            OrderError::TooManyLines { .. } => "too_many_lines",
            OrderError::AmountOutOfRange { .. } => "amount_out_of_range",
            OrderError::PriceOutOfRange { .. } => "price_out_of_range",
            OrderError::DiscountOutOfRange(_) => "discount_out_of_range",
        }
    }

    /// The payload field the error is about, as a form or JSON path names it.
    pub fn field(&self) -> String {
        match self {
            OrderError::NoLines | OrderError::TooManyLines { .. } => "cartItems".to_owned(),
            OrderError::AmountOutOfRange { line, .. } => format!("cartItems[{line}].amount"),
            OrderError::PriceOutOfRange { line, .. } => format!("cartItems[{line}].price"),
            OrderError::DiscountOutOfRange(_) => "discount".to_owned(),
        }
    }
}

/// Checks an order: 1 to [`MAX_ORDER_LINES`] lines, each amount 1..=[`MAX_LINE_AMOUNT`], each
/// price and the discount within their bounds ([`crate::limits`]). Returns the first problem found.
pub fn validate_order(lines: &[OrderLine], discount: Money) -> Result<(), OrderError> {
    if lines.is_empty() {
        return Err(OrderError::NoLines);
    }
    if lines.len() > MAX_ORDER_LINES {
        return Err(OrderError::TooManyLines {
            max: MAX_ORDER_LINES,
        });
    }
    for (index, line) in lines.iter().enumerate() {
        if !(1..=MAX_LINE_AMOUNT).contains(&line.amount) {
            return Err(OrderError::AmountOutOfRange {
                line: index,
                max: MAX_LINE_AMOUNT,
            });
        }
        check_unit_price(line.price).map_err(|problem| OrderError::PriceOutOfRange {
            line: index,
            problem,
        })?;
    }
    check_discount(discount).map_err(OrderError::DiscountOutOfRange)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(rupees: i64, amount: u32) -> OrderLine {
        OrderLine {
            price: Money::from_rupees(rupees),
            amount,
        }
    }

    #[test]
    fn refuses_each_kind_of_bad_payload() {
        assert_eq!(validate_order(&[], Money::ZERO), Err(OrderError::NoLines));
        assert_eq!(
            validate_order(&vec![line(1, 1); 101], Money::ZERO),
            Err(OrderError::TooManyLines { max: 100 })
        );
        assert_eq!(
            validate_order(&[line(1, 1), line(1, 21)], Money::ZERO),
            Err(OrderError::AmountOutOfRange { line: 1, max: 20 })
        );
        assert_eq!(
            validate_order(&[line(1, 0)], Money::ZERO)
                .unwrap_err()
                .field(),
            "cartItems[0].amount"
        );
        assert_eq!(
            validate_order(&[line(-1, 1)], Money::ZERO),
            Err(OrderError::PriceOutOfRange {
                line: 0,
                problem: LimitError::Negative
            })
        );
        assert_eq!(
            validate_order(&[line(1, 1)], Money::from_rupees(-1)),
            Err(OrderError::DiscountOutOfRange(LimitError::Negative))
        );
        let too_dear = validate_order(&[line(1, 1), line(10_000_001, 1)], Money::ZERO).unwrap_err();
        assert_eq!(
            (too_dear.field().as_str(), too_dear.to_string().as_str()),
            (
                "cartItems[1].price",
                "item 1: price must be at most ₹1,00,00,000.00"
            )
        );
        assert_eq!(
            validate_order(&[line(1, 1)], Money::from_rupees(2_000_000_000_001))
                .unwrap_err()
                .field(),
            "discount"
        );
        assert_eq!(validate_order(&vec![line(0, 20); 100], Money::ZERO), Ok(()));
    }
}
