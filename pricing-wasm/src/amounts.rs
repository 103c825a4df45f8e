//! The amount choices a quantity select offers.

use serde::{Deserialize, Serialize};

/// The largest amount one order line may hold; the server refuses more.
pub const MAX_LINE_AMOUNT: u32 = 20;

/// How many choices above the current amount a cart line or an order item offers.
pub const AMOUNT_HEADROOM: u32 = 5;

/// Where an amount select is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AmountContext {
    /// The product page: 1 to 20.
    ProductPage,
    /// A cart line: 1 to the current amount plus 5.
    CartLine,
    /// An item on the admin order edit screen: 1 to the current amount plus 5.
    AdminOrderItem,
}

/// The amounts to offer, in ascending order, starting at 1.
///
/// Cart lines and admin order items offer up to the current amount plus five, but never more
/// than [`MAX_LINE_AMOUNT`]: a choice the server would refuse is not offered.
pub fn amount_options(context: AmountContext, current: u32) -> Vec<u32> {
    let last = match context {
        AmountContext::ProductPage => MAX_LINE_AMOUNT,
        AmountContext::CartLine | AmountContext::AdminOrderItem => {
            current.saturating_add(AMOUNT_HEADROOM).min(MAX_LINE_AMOUNT)
        }
    };
    (1..=last.max(1)).collect()
}

/// The most units a new order line of a product with `stock` units left may hold:
/// [`MAX_LINE_AMOUNT`], or the stock when less (never below 0).
pub fn new_line_limit(stock: i64) -> u32 {
    u32::try_from(stock.clamp(0, i64::from(MAX_LINE_AMOUNT))).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_line_holds_at_most_the_stock_and_the_line_maximum() {
        assert_eq!(new_line_limit(100), 20);
        assert_eq!(new_line_limit(20), 20);
        assert_eq!(new_line_limit(3), 3);
        assert_eq!(new_line_limit(0), 0);
        assert_eq!(new_line_limit(-2), 0);
    }

    #[test]
    fn offers_the_right_ranges() {
        assert_eq!(
            amount_options(AmountContext::ProductPage, 7),
            (1..=20).collect::<Vec<_>>()
        );
        assert_eq!(
            amount_options(AmountContext::CartLine, 3),
            (1..=8).collect::<Vec<_>>()
        );
        assert_eq!(
            amount_options(AmountContext::AdminOrderItem, 1),
            (1..=6).collect::<Vec<_>>()
        );
        assert_eq!(
            amount_options(AmountContext::CartLine, 18),
            (1..=20).collect::<Vec<_>>()
        );
        assert_eq!(
            amount_options(AmountContext::CartLine, 0),
            (1..=5).collect::<Vec<_>>()
        );
    }
}
