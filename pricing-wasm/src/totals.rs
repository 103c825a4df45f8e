//! Order totals: subtotal, discount and what is charged.

use serde::{Deserialize, Serialize};

use crate::money::Money;

/// One priced line of an order: a unit price and an amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderLine {
    /// The unit selling price.
    pub price: Money,
    /// How many units.
    pub amount: u32,
}

/// The totals of an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderTotals {
    /// The sum of price times amount (the spec's `chargeTotal`).
    pub subtotal: Money,
    /// The discount as given (never negative).
    pub discount: Money,
    /// What is charged: `max(0, subtotal - discount)`.
    pub total: Money,
    /// The number of units over all lines.
    pub num_items_in_cart: u32,
}

/// The totals of these lines with this discount. A negative discount counts as zero; validate
/// payloads with [`crate::validate_order`] to refuse one instead.
pub fn order_totals(lines: &[OrderLine], discount: Money) -> OrderTotals {
    let subtotal: Money = lines.iter().map(|line| line.price.times(line.amount)).sum();
    let discount = discount.at_least_zero();
    OrderTotals {
        subtotal,
        discount,
        total: (subtotal - discount).at_least_zero(),
        num_items_in_cart: lines.iter().map(|line| line.amount).sum(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn total_is_subtotal_less_discount_but_never_negative() {
        let lines = [
            OrderLine {
                price: Money::from_paise(12_550),
                amount: 2,
            },
            OrderLine {
                price: Money::from_rupees(80),
                amount: 1,
            },
        ];
        let totals = order_totals(&lines, Money::from_rupees(31));
        assert_eq!(totals.subtotal.to_string(), "331.00");
        assert_eq!(totals.total.to_string(), "300.00");
        assert_eq!(totals.num_items_in_cart, 3);
        assert_eq!(
            order_totals(&lines, Money::from_rupees(1000)).total,
            Money::ZERO
        );
        assert_eq!(order_totals(&[], Money::ZERO).total, Money::ZERO);
    }
}
