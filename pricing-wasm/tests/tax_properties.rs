//! Properties of GST and discounts that must hold for any order: lines sum exactly to the totals,
//! the intra-state halves are equal, each line's taxable value and tax make up what it is
//! charged, a discount never makes a total negative, and allocation is exact.

#![allow(clippy::unwrap_used)] // a rate from 0 to 100 percent always converts

use pricing::{
    CouponKind, CouponTerms, DeliveryTerms, GstRate, Money, Supply, TaxedLine, allocate,
    coupon_discount, split_tax, taxed_order,
};
use proptest::prelude::*;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::{Decimal, RoundingStrategy};

fn money(max_paise: i64) -> impl Strategy<Value = Money> {
    (0i64..max_paise).prop_map(Money::from_paise)
}

fn rate() -> impl Strategy<Value = GstRate> {
    prop_oneof![
        Just(GstRate::ZERO),
        Just(GstRate::percent(5)),
        Just(GstRate::percent(18)),
        Just(GstRate::percent(40)),
        (0i64..=10_000)
            .prop_map(|hundredths| GstRate::try_from(Money::from_paise(hundredths)).unwrap()),
    ]
}

/// The taxable value by the formula, worked in rust_decimal independently of the crate:
/// `inclusive × 100 / (100 + rate)`, rounded half away from zero to the paisa, in paise.
fn formula_taxable_paise(inclusive: Money, rate: GstRate) -> i64 {
    let inclusive = Decimal::new(inclusive.paise(), 2);
    let rate = Decimal::new(rate.basis_points(), 2);
    let taxable = (inclusive * Decimal::ONE_HUNDRED / (Decimal::ONE_HUNDRED + rate))
        .round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero);
    (taxable * Decimal::ONE_HUNDRED).to_i64().unwrap()
}

fn supply() -> impl Strategy<Value = Supply> {
    prop_oneof![
        Just(Supply::IntraState),
        Just(Supply::IntraTerritory),
        Just(Supply::InterState)
    ]
}

fn delivery() -> impl Strategy<Value = DeliveryTerms> {
    (money(20_000), prop::option::of(money(200_000)), rate()).prop_map(
        |(fee, free_from, gst_rate)| DeliveryTerms {
            fee,
            free_from,
            gst_rate,
        },
    )
}

fn line() -> impl Strategy<Value = TaxedLine> {
    (money(2_000_000), 1u32..=20, rate()).prop_map(|(price, amount, gst_rate)| TaxedLine {
        price,
        amount,
        gst_rate,
    })
}

proptest! {
    #[test]
    fn lines_sum_exactly_to_the_totals(lines in prop::collection::vec(line(), 0..40), coupon in money(5_000_000), discount in money(5_000_000), supply in supply(), delivery in delivery()) {
        let order = taxed_order(&lines, coupon, discount, supply, &delivery);
        let sum = |part: fn(&pricing::LineMoney) -> Money| order.lines.iter().map(part).sum::<Money>();
        let with_delivery = |line_part: fn(&pricing::LineMoney) -> Money, part: fn(&pricing::TaxSplit) -> Money| sum(line_part) + part(&order.delivery.tax);
        prop_assert_eq!(sum(|line| line.value), order.subtotal);
        prop_assert_eq!(sum(|line| line.total), order.goods_total);
        prop_assert_eq!(order.goods_total + order.delivery.charge, order.total);
        prop_assert_eq!(with_delivery(|line| line.tax.taxable_value, |split| split.taxable_value), order.tax.taxable_value);
        prop_assert_eq!(with_delivery(|line| line.tax.cgst, |split| split.cgst), order.tax.cgst);
        prop_assert_eq!(with_delivery(|line| line.tax.sgst, |split| split.sgst), order.tax.sgst);
        prop_assert_eq!(with_delivery(|line| line.tax.utgst, |split| split.utgst), order.tax.utgst);
        prop_assert_eq!(with_delivery(|line| line.tax.igst, |split| split.igst), order.tax.igst);
        prop_assert_eq!(order.tax.taxable_value + order.tax.tax(), order.total);
        prop_assert_eq!(order.goods_total, (order.subtotal - coupon - discount).at_least_zero());
        let charged = order.delivery.charge > Money::ZERO;
        prop_assert_eq!(charged, delivery.fee > Money::ZERO && order.num_items_in_cart > 0 && delivery.free_from.is_none_or(|from| order.goods_total < from));
        prop_assert!(!order.total.is_negative());
        prop_assert!(order.lines.iter().all(|line| !line.total.is_negative() && line.discount <= line.value));
    }

    #[test]
    fn each_line_splits_its_inclusive_amount_exactly(inclusive in money(1_000_000_000), rate in rate(), supply in supply()) {
        let split = split_tax(inclusive, rate, supply);
        prop_assert_eq!(split.taxable_value + split.tax(), inclusive);
        prop_assert!(!split.taxable_value.is_negative() && !split.tax().is_negative());
        let formula = Money::from_paise(formula_taxable_paise(inclusive, rate));
        match supply {
            Supply::InterState => {
                prop_assert_eq!(split.taxable_value, formula);
                prop_assert_eq!(split.cgst + split.sgst + split.utgst, Money::ZERO);
            }
            Supply::IntraState => {
                prop_assert_eq!(split.cgst, split.sgst);
                prop_assert_eq!(split.utgst + split.igst, Money::ZERO);
                prop_assert!((split.taxable_value - formula).paise().abs() <= 1, "within a paisa of the formula");
            }
            Supply::IntraTerritory => {
                prop_assert_eq!(split.cgst, split.utgst);
                prop_assert_eq!(split.sgst + split.igst, Money::ZERO);
                prop_assert!((split.taxable_value - formula).paise().abs() <= 1);
            }
        }
    }

    #[test]
    fn allocation_is_exact_and_bounded(amount in money(100_000_000), weights in prop::collection::vec(money(10_000_000), 0..40)) {
        let shares = allocate(amount, &weights);
        let whole: Money = weights.iter().copied().sum();
        prop_assert_eq!(shares.len(), weights.len());
        prop_assert_eq!(shares.iter().copied().sum::<Money>(), amount.min(whole));
        prop_assert!(shares.iter().zip(&weights).all(|(share, weight)| share <= weight && !share.is_negative()));
    }

    #[test]
    fn a_coupon_never_takes_more_than_the_subtotal(percent in 1i64..=100, flat in money(10_000_000), cap in prop::option::of(money(1_000_000)), subtotal in money(10_000_000)) {
        for (kind, value) in [(CouponKind::Percent, Money::from_rupees(percent)), (CouponKind::Flat, flat)] {
            let terms = CouponTerms { code: "TEST".into(), kind, value, min_subtotal: Money::ZERO, max_discount: cap, valid_from_ms: None, valid_until_ms: None };
            if let Ok(discount) = coupon_discount(&terms, subtotal) {
                prop_assert!(discount <= subtotal && !discount.is_negative());
            }
        }
    }
}
