//! GST on GST-inclusive prices: the place of supply, an order-level discount spread over the
//! lines, and each line's taxable value and tax split.
//!
//! **Per line.** The inclusive amount is the line's value less its share of the discount. Across
//! states (IGST) the taxable value is `inclusive × 100 / (100 + rate)` rounded to the paisa and
//! the tax is what remains. Within a state the tax is two equal halves (CGST and SGST, or CGST
//! and UTGST), each `inclusive × (rate / 2) / (100 + rate)` rounded to the paisa, and the taxable
//! value is what remains: halves that are always equal, as on any Indian invoice, and
//! `taxable + tax = inclusive` exactly. That taxable value is within a paisa of the formula.
//!
//! **Delivery.** The delivery charge ([`DeliveryTerms`]) is one more inclusive amount, taxed at
//! its own rate with the same split; the discount is never spread over it.
//!
//! **Discount.** An order-level discount (a coupon's and the admin's together, at most the
//! subtotal) is spread over the lines in proportion to their value, in whole paise, by the
//! largest remainder, so the shares add up to the discount exactly.

use serde::{Deserialize, Serialize};

use crate::delivery::DeliveryTerms;
use crate::money::Money;
use crate::regions::{Region, RegionKind, find_region};

/// A GST rate in percent (`18` is 18 %), 0 to 100 with at most two decimals. On the wire it is a
/// plain number, read like money.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(try_from = "Money", into = "Money")]
pub struct GstRate(Money);

/// A GST rate outside 0 to 100 percent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a GST rate is a percent from 0 to 100")]
pub struct RateOutOfRange;

impl GstRate {
    /// Zero percent: exempt or nil-rated.
    pub const ZERO: GstRate = GstRate(Money::ZERO);

    /// The rate of this many whole percent.
    pub fn percent(whole: u8) -> GstRate {
        GstRate(Money::from_rupees(i64::from(whole)))
    }

    /// The rate in hundredths of a percent: `1800` is 18 %.
    pub const fn basis_points(self) -> i64 {
        self.0.paise()
    }

    /// The rate as a decimal percent.
    #[cfg(feature = "decimal")]
    pub fn as_decimal(self) -> rust_decimal::Decimal {
        self.0.as_decimal()
    }
}

impl TryFrom<Money> for GstRate {
    type Error = RateOutOfRange;

    fn try_from(value: Money) -> Result<GstRate, RateOutOfRange> {
        if value.is_negative() || value > Money::from_rupees(100) {
            Err(RateOutOfRange)
        } else {
            Ok(GstRate(value))
        }
    }
}

impl From<GstRate> for Money {
    fn from(rate: GstRate) -> Money {
        rate.0
    }
}

impl std::fmt::Display for GstRate {
    /// `18` or `0.25`, without trailing zeros.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (whole, hundredths) = self.0.rupees_and_paise();
        match hundredths {
            0 => write!(f, "{whole}"),
            _ if hundredths % 10 == 0 => write!(f, "{whole}.{}", hundredths / 10),
            _ => write!(f, "{whole}.{hundredths:02}"),
        }
    }
}

/// How tax on a sale is split, from the shop's state and the place of supply (the ship-to state).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Supply {
    /// Within a state (or a territory with a legislature): CGST + SGST.
    IntraState,
    /// Within a union territory without a legislature: CGST + UTGST.
    IntraTerritory,
    /// Between two states: IGST.
    InterState,
}

/// The supply from a shop in `shop` to a buyer in `place_of_supply`.
pub fn supply(shop: Region, place_of_supply: Region) -> Supply {
    match (shop.code == place_of_supply.code, place_of_supply.kind) {
        (false, _) => Supply::InterState,
        (true, RegionKind::State) => Supply::IntraState,
        (true, RegionKind::UnionTerritory) => Supply::IntraTerritory,
    }
}

/// The supply from a shop in the state named `shop_state` to `ship_to_state` (names as
/// [`crate::find_region`] reads them); `None` when either is not a state or territory of India.
pub fn supply_between(shop_state: &str, ship_to_state: &str) -> Option<Supply> {
    Some(supply(
        find_region(shop_state)?,
        find_region(ship_to_state)?,
    ))
}

/// The tax in a GST-inclusive amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaxSplit {
    /// The value before tax.
    pub taxable_value: Money,
    /// Central GST (within a state or territory).
    pub cgst: Money,
    /// State GST (within a state).
    pub sgst: Money,
    /// Union territory GST (within a territory without a legislature).
    pub utgst: Money,
    /// Integrated GST (between states).
    pub igst: Money,
}

impl TaxSplit {
    /// All the tax: `cgst + sgst + utgst + igst`.
    pub fn tax(&self) -> Money {
        self.cgst + self.sgst + self.utgst + self.igst
    }
}

/// Splits the tax out of a GST-inclusive amount (see the module doc for the rounding).
pub fn split_tax(inclusive: Money, rate: GstRate, supply: Supply) -> TaxSplit {
    // In hundredths of a percent: 100 % + rate.
    let divisor = 10_000 + rate.basis_points();
    match supply {
        Supply::InterState => {
            let taxable_value = inclusive.times_ratio(10_000, divisor).unwrap_or(inclusive);
            TaxSplit {
                taxable_value,
                igst: inclusive - taxable_value,
                ..TaxSplit::default()
            }
        }
        Supply::IntraState | Supply::IntraTerritory => {
            let half = inclusive
                .times_ratio(rate.basis_points(), 2 * divisor)
                .unwrap_or(Money::ZERO);
            let taxable_value = inclusive - half - half;
            let (sgst, utgst) = if supply == Supply::IntraState {
                (half, Money::ZERO)
            } else {
                (Money::ZERO, half)
            };
            TaxSplit {
                taxable_value,
                cgst: half,
                sgst,
                utgst,
                igst: Money::ZERO,
            }
        }
    }
}

/// Spreads `amount` over parts in proportion to `weights`, in whole paise, by the largest
/// remainder (ties go to the earlier part): the shares add up to `amount` exactly and none
/// exceeds its weight. `amount` is taken between zero and the sum of the weights; negative
/// weights count as zero.
pub fn allocate(amount: Money, weights: &[Money]) -> Vec<Money> {
    let paise = |money: Money| i128::from(money.at_least_zero().paise());
    let whole: i128 = weights.iter().map(|weight| paise(*weight)).sum();
    let amount = paise(amount).min(whole);
    if whole == 0 {
        return vec![Money::ZERO; weights.len()];
    }
    let mut shares: Vec<(i128, i128)> = weights
        .iter()
        .map(|weight| {
            (
                amount * paise(*weight) / whole,
                amount * paise(*weight) % whole,
            )
        })
        .collect();
    let mut left = amount - shares.iter().map(|(share, _)| share).sum::<i128>();
    // Fewer paise are left than there are parts, and an order has at most a hundred lines:
    // picking the largest remainder each time is quick, and smaller in the wasm than a sort.
    while left > 0 {
        let Some(index) = (0..shares.len())
            .filter(|index| shares[*index].1 >= 0)
            .max_by(|a, b| shares[*a].1.cmp(&shares[*b].1).then(b.cmp(a)))
        else {
            break;
        };
        shares[index] = (shares[index].0 + 1, -1);
        left -= 1;
    }
    shares
        .into_iter()
        .map(|(share, _)| Money::from_paise(i64::try_from(share).unwrap_or(i64::MAX)))
        .collect()
}

/// One line to be taxed: a GST-inclusive unit price, an amount and the product's rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaxedLine {
    /// The GST-inclusive unit price.
    pub price: Money,
    /// Units.
    pub amount: u32,
    /// The product's GST rate.
    pub gst_rate: GstRate,
}

/// A line's money: its value, its share of the discount and the tax in what remains.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LineMoney {
    /// Price times amount.
    pub value: Money,
    /// Its share of the order-level discount.
    pub discount: Money,
    /// `value - discount`: what the line is charged, tax included.
    pub total: Money,
    /// The tax in `total`.
    #[serde(flatten)]
    pub tax: TaxSplit,
}

/// The delivery charge of an order and the tax in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryMoney {
    /// What delivery costs, GST included; zero when it is free.
    pub charge: Money,
    /// How much more the goods must come to for free delivery; `None` when delivery is free
    /// already or never is.
    pub short_of_free: Option<Money>,
    /// The GST rate in the charge.
    pub gst_rate: GstRate,
    /// The tax in `charge`.
    #[serde(flatten)]
    pub tax: TaxSplit,
}

/// An order's money: lines, discounts, the total charged and the tax in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaxedOrder {
    /// Per line, in the order given.
    pub lines: Vec<LineMoney>,
    /// The sum of the line values (the spec's `chargeTotal`).
    pub subtotal: Money,
    /// The coupon's discount, as given.
    pub coupon_discount: Money,
    /// The admin's discount, as given.
    pub discount: Money,
    /// What the goods cost: `max(0, subtotal - coupon discount - discount)`, the sum of line
    /// totals.
    pub goods_total: Money,
    /// Delivery, charged on top of the goods.
    pub delivery: DeliveryMoney,
    /// What is charged: `goods_total + delivery.charge`.
    pub total: Money,
    /// Units over all lines.
    pub num_items_in_cart: u32,
    /// How the tax is split.
    pub supply: Supply,
    /// The sums of the lines' and the delivery's taxable values and taxes.
    #[serde(flatten)]
    pub tax: TaxSplit,
}

/// Prices an order with GST: the discounts (each at least zero, together at most the subtotal)
/// spread over the lines, each line's tax split out for `supply`, and delivery charged on the
/// goods' total by `delivery`.
pub fn taxed_order(
    lines: &[TaxedLine],
    coupon_discount: Money,
    discount: Money,
    supply: Supply,
    delivery: &DeliveryTerms,
) -> TaxedOrder {
    let num_items_in_cart = lines.iter().map(|line| line.amount).sum();
    let values: Vec<Money> = lines
        .iter()
        .map(|line| line.price.at_least_zero().times(line.amount))
        .collect();
    let subtotal: Money = values.iter().copied().sum();
    let (coupon_discount, discount) = (coupon_discount.at_least_zero(), discount.at_least_zero());
    let shares = allocate(coupon_discount + discount, &values);
    let lines: Vec<LineMoney> = lines
        .iter()
        .zip(values)
        .zip(shares)
        .map(|((line, value), share)| {
            let total = value - share;
            LineMoney {
                value,
                discount: share,
                total,
                tax: split_tax(total, line.gst_rate, supply),
            }
        })
        .collect();
    let goods_total: Money = lines.iter().map(|line| line.total).sum();
    let charge = delivery.charge(goods_total, num_items_in_cart);
    let delivery = DeliveryMoney {
        charge,
        short_of_free: delivery.short_of_free(goods_total, num_items_in_cart),
        gst_rate: delivery.gst_rate,
        tax: split_tax(charge, delivery.gst_rate, supply),
    };
    let taxes: Vec<&TaxSplit> = lines
        .iter()
        .map(|line| &line.tax)
        .chain([&delivery.tax])
        .collect();
    let sum = |part: fn(&TaxSplit) -> Money| taxes.iter().map(|split| part(split)).sum::<Money>();
    let tax = TaxSplit {
        taxable_value: sum(|split| split.taxable_value),
        cgst: sum(|split| split.cgst),
        sgst: sum(|split| split.sgst),
        utgst: sum(|split| split.utgst),
        igst: sum(|split| split.igst),
    };
    drop(taxes);
    TaxedOrder {
        goods_total,
        total: goods_total + delivery.charge,
        delivery,
        lines,
        subtotal,
        coupon_discount,
        discount,
        num_items_in_cart,
        supply,
        tax,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rupees(text: &str) -> Money {
        text.parse().unwrap()
    }

    #[test]
    fn inter_state_tax_follows_the_formula() {
        let split = split_tax(rupees("500"), GstRate::percent(18), Supply::InterState);
        assert_eq!(
            (split.taxable_value, split.igst),
            (rupees("423.73"), rupees("76.27"))
        );
        assert_eq!(split.cgst + split.sgst + split.utgst, Money::ZERO);
    }

    #[test]
    fn intra_state_halves_are_equal_and_add_up() {
        let split = split_tax(rupees("500"), GstRate::percent(18), Supply::IntraState);
        assert_eq!(
            (split.taxable_value, split.cgst, split.sgst),
            (rupees("423.72"), rupees("38.14"), rupees("38.14"))
        );
        let split = split_tax(rupees("118"), GstRate::percent(18), Supply::IntraTerritory);
        assert_eq!(
            (split.taxable_value, split.cgst, split.utgst, split.sgst),
            (rupees("100"), rupees("9"), rupees("9"), Money::ZERO)
        );
        let exempt = split_tax(rupees("99.99"), GstRate::ZERO, Supply::IntraState);
        assert_eq!(
            (exempt.taxable_value, exempt.tax()),
            (rupees("99.99"), Money::ZERO)
        );
    }

    #[test]
    fn supply_depends_on_the_states_and_the_kind_of_territory() {
        let region = |name| find_region(name).unwrap();
        assert_eq!(
            supply(region("Maharashtra"), region("Maharashtra")),
            Supply::IntraState
        );
        assert_eq!(
            supply(region("Maharashtra"), region("Karnataka")),
            Supply::InterState
        );
        assert_eq!(
            supply(region("Chandigarh"), region("Chandigarh")),
            Supply::IntraTerritory
        );
        assert_eq!(supply(region("Delhi"), region("Delhi")), Supply::IntraState);
    }

    #[test]
    fn allocation_is_proportional_and_exact() {
        let shares = allocate(rupees("10"), &[rupees("100"), rupees("100"), rupees("100")]);
        assert_eq!(shares, [rupees("3.34"), rupees("3.33"), rupees("3.33")]);
        let shares = allocate(rupees("50"), &[rupees("30"), rupees("10")]);
        assert_eq!(shares, [rupees("30"), rupees("10")], "capped at the whole");
        assert_eq!(
            allocate(rupees("5"), &[Money::ZERO, Money::ZERO]),
            [Money::ZERO, Money::ZERO]
        );
        assert!(allocate(rupees("5"), &[]).is_empty());
    }

    #[test]
    fn an_order_spreads_its_discount_before_splitting_tax() {
        let lines = [
            TaxedLine {
                price: rupees("300"),
                amount: 2,
                gst_rate: GstRate::percent(18),
            },
            TaxedLine {
                price: rupees("400"),
                amount: 1,
                gst_rate: GstRate::percent(5),
            },
        ];
        let order = taxed_order(
            &lines,
            rupees("100"),
            Money::ZERO,
            Supply::InterState,
            &DeliveryTerms::FREE,
        );
        assert_eq!(order.subtotal, rupees("1000"));
        assert_eq!(order.total, rupees("900"));
        assert_eq!(order.num_items_in_cart, 3);
        assert_eq!(
            (order.lines[0].discount, order.lines[1].discount),
            (rupees("60"), rupees("40"))
        );
        assert_eq!(
            order.lines[0].tax.taxable_value,
            rupees("457.63"),
            "540 / 1.18"
        );
        assert_eq!(
            order.lines[1].tax.taxable_value,
            rupees("342.86"),
            "360 / 1.05"
        );
        assert_eq!(order.tax.taxable_value + order.tax.tax(), order.total);
        let free = taxed_order(
            &lines,
            rupees("900"),
            rupees("900"),
            Supply::IntraState,
            &DeliveryTerms::FREE,
        );
        assert_eq!((free.total, free.tax.tax()), (Money::ZERO, Money::ZERO));
    }

    #[test]
    fn delivery_is_added_and_taxed_at_its_own_rate_when_the_goods_are_below_the_threshold() {
        let lines = [TaxedLine {
            price: rupees("300"),
            amount: 1,
            gst_rate: GstRate::percent(5),
        }];
        let shop = DeliveryTerms {
            fee: rupees("59"),
            free_from: Some(rupees("499")),
            gst_rate: GstRate::percent(18),
        };
        let order = taxed_order(&lines, Money::ZERO, Money::ZERO, Supply::IntraState, &shop);
        assert_eq!(order.goods_total, rupees("300"));
        assert_eq!(order.delivery.charge, rupees("59"));
        assert_eq!(order.delivery.short_of_free, Some(rupees("199")));
        assert_eq!(
            (order.delivery.tax.cgst, order.delivery.tax.taxable_value),
            (rupees("4.50"), rupees("50")),
            "59 / 1.18 = 50, the 9 of tax in equal halves"
        );
        assert_eq!(order.total, rupees("359"));
        assert_eq!(order.tax.taxable_value + order.tax.tax(), order.total);
        assert_eq!(order.tax.cgst, order.lines[0].tax.cgst + rupees("4.50"));

        let big = [TaxedLine {
            amount: 2,
            ..lines[0]
        }];
        let free = taxed_order(&big, Money::ZERO, Money::ZERO, Supply::IntraState, &shop);
        assert_eq!(
            (free.delivery.charge, free.total),
            (Money::ZERO, rupees("600"))
        );
        let discounted = taxed_order(&big, rupees("150"), Money::ZERO, Supply::InterState, &shop);
        assert_eq!(
            (discounted.delivery.charge, discounted.total),
            (rupees("59"), rupees("509")),
            "a coupon taking the goods below the threshold brings the fee back"
        );
    }
}
