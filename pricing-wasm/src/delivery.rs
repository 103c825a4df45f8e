//! The delivery charge: a flat fee the shop configures, waived from a goods value on, and the GST
//! in it.
//!
//! The fee is GST-inclusive like every price the shop shows, and is taxed at its own rate (a
//! delivery service, not the goods' rates) with the order's place of supply. Whether an order
//! delivers free is decided on what its goods cost after every discount: a coupon that takes an
//! order below the threshold brings the fee back, as on any Indian shop.

use serde::{Deserialize, Serialize};

use crate::money::Money;
use crate::tax::GstRate;

/// What the shop charges to deliver an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryTerms {
    /// The flat fee, GST included; zero delivers every order free.
    pub fee: Money,
    /// Orders whose goods come to at least this after discounts deliver free; `None` charges the
    /// fee on every order.
    #[serde(default)]
    pub free_from: Option<Money>,
    /// The GST rate in the fee.
    pub gst_rate: GstRate,
}

impl DeliveryTerms {
    /// No delivery charge at all: orders from before delivery was charged are priced with it.
    pub const FREE: DeliveryTerms = DeliveryTerms {
        fee: Money::ZERO,
        free_from: None,
        gst_rate: GstRate::ZERO,
    };

    /// The fee for an order of `units` whose goods come to `goods_total` after discounts: none
    /// for an empty order, none from the free-delivery threshold on, and never negative.
    pub fn charge(&self, goods_total: Money, units: u32) -> Money {
        let free = units == 0
            || self
                .free_from
                .is_some_and(|threshold| goods_total >= threshold);
        if free {
            Money::ZERO
        } else {
            self.fee.at_least_zero()
        }
    }

    /// How much more the goods must come to for free delivery; `None` when delivery is already
    /// free or never is (what "Add ₹120 more for free delivery" says).
    pub fn short_of_free(&self, goods_total: Money, units: u32) -> Option<Money> {
        let threshold = self.free_from?;
        (self.charge(goods_total, units) > Money::ZERO).then(|| threshold - goods_total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(fee: i64, free_from: Option<i64>) -> DeliveryTerms {
        DeliveryTerms {
            fee: Money::from_rupees(fee),
            free_from: free_from.map(Money::from_rupees),
            gst_rate: GstRate::percent(18),
        }
    }

    #[test]
    fn the_fee_is_waived_from_the_threshold_on() {
        let shop = terms(49, Some(499));
        assert_eq!(
            shop.charge(Money::from_rupees(498), 1),
            Money::from_rupees(49)
        );
        assert_eq!(shop.charge(Money::from_rupees(499), 1), Money::ZERO);
        assert_eq!(
            shop.short_of_free(Money::from_paise(45_050), 2),
            Some(Money::from_paise(4_850))
        );
        assert_eq!(shop.short_of_free(Money::from_rupees(500), 2), None);
    }

    #[test]
    fn an_empty_order_or_a_zero_fee_costs_nothing_to_deliver() {
        assert_eq!(terms(49, None).charge(Money::ZERO, 0), Money::ZERO);
        assert_eq!(
            terms(49, None).charge(Money::from_rupees(100_000), 3),
            Money::from_rupees(49),
            "no threshold: always charged"
        );
        assert_eq!(
            terms(0, Some(499)).charge(Money::from_rupees(10), 1),
            Money::ZERO
        );
        assert_eq!(terms(0, Some(499)).short_of_free(Money::ZERO, 1), None);
        assert_eq!(
            DeliveryTerms::FREE.charge(Money::from_rupees(1), 1),
            Money::ZERO
        );
    }
}
