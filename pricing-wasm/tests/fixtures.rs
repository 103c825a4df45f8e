//! Checks the shared fixture table natively; the web test runner checks the same table through
//! the wasm build, so browser and server cannot drift.

use pricing::{
    AmountContext, Cart, CartLine, CouponTerms, CouponUsage, DeliveryTerms, Money, OrderLine,
    OrderTotals, PageItem, PriceUpdate, Supply, TaxedLine, TaxedOrder, amount_in_words,
    amount_options, check_gstin, evaluate_coupon, format_inr, order_totals, page_count,
    pagination_items, supply_between, taxed_order, validate_order,
};
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Table {
    format_inr: Vec<MoneyCase<String>>,
    amount_in_words: Vec<MoneyCase<String>>,
    page_count: Vec<PageCountCase>,
    pagination_items: Vec<PaginationCase>,
    amount_options: Vec<AmountCase>,
    order_totals: Vec<TotalsCase>,
    validate_order: Vec<ValidateCase>,
    cart: Vec<CartCase>,
    taxed_order: Vec<TaxedOrderCase>,
    coupon: Vec<CouponCase>,
    gstin: Vec<GstinCase>,
    supply: Vec<SupplyCase>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct TaxedOrderCase {
    name: String,
    lines: Vec<TaxedLine>,
    coupon_discount: Money,
    discount: Money,
    supply: Supply,
    /// No delivery charge when left out.
    #[serde(default)]
    delivery: DeliveryTerms,
    expected: TaxedOrder,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CouponCase {
    name: String,
    terms: CouponTerms,
    usage: CouponUsage,
    subtotal: Money,
    now_ms: i64,
    expected: CouponOutcome,
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum CouponOutcome {
    Discount { discount: Money },
    Refused { reason: String },
}

#[derive(Deserialize)]
struct GstinCase {
    text: String,
    expected: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SupplyCase {
    shop: String,
    ship_to: String,
    expected: Option<Supply>,
}

#[derive(Deserialize)]
struct MoneyCase<T> {
    amount: Money,
    expected: T,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PageCountCase {
    total: u64,
    page_size: u32,
    expected: u32,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PaginationCase {
    page: u32,
    page_count: u32,
    expected: Vec<PageItem>,
}

#[derive(Deserialize)]
struct AmountCase {
    context: AmountContext,
    current: u32,
    expected: Vec<u32>,
}

#[derive(Deserialize)]
struct TotalsCase {
    lines: Vec<OrderLine>,
    discount: Money,
    expected: OrderTotals,
}

#[derive(Deserialize)]
struct ValidateCase {
    lines: Vec<OrderLine>,
    discount: Money,
    expected: Option<Problem>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Problem {
    code: String,
    field: String,
}

#[derive(Deserialize)]
struct CartCase {
    name: String,
    steps: Vec<CartStep>,
    expected: Cart,
}

#[derive(Deserialize)]
#[serde(tag = "op", rename_all = "camelCase")]
enum CartStep {
    Add {
        line: CartLine,
    },
    Remove {
        #[serde(rename = "cartID")]
        cart_id: String,
    },
    Edit {
        #[serde(rename = "cartID")]
        cart_id: String,
        amount: u32,
    },
    UpdatePrices {
        updates: Vec<PriceUpdate>,
    },
    Clear,
}

fn table() -> Table {
    let text = include_str!("fixtures/pricing-cases.json");
    let mut value: Value = serde_json::from_str(text).expect("fixture table is JSON");
    value.as_object_mut().expect("an object").remove("_doc");
    serde_json::from_value(value).expect("fixture table has the expected shape")
}

#[test]
fn formats_every_fixture_amount() {
    for case in table().format_inr {
        assert_eq!(format_inr(case.amount), case.expected);
    }
    for case in table().amount_in_words {
        assert_eq!(amount_in_words(case.amount), case.expected);
    }
}

#[test]
fn pages_every_fixture() {
    let table = table();
    for case in table.page_count {
        assert_eq!(
            page_count(case.total, case.page_size),
            case.expected,
            "{} / {}",
            case.total,
            case.page_size
        );
    }
    for case in table.pagination_items {
        assert_eq!(
            pagination_items(case.page, case.page_count),
            case.expected,
            "page {} of {}",
            case.page,
            case.page_count
        );
    }
    for case in table.amount_options {
        assert_eq!(amount_options(case.context, case.current), case.expected);
    }
}

#[test]
fn totals_and_validates_every_fixture_order() {
    let table = table();
    for case in table.order_totals {
        assert_eq!(order_totals(&case.lines, case.discount), case.expected);
    }
    for case in table.validate_order {
        let actual = validate_order(&case.lines, case.discount)
            .err()
            .map(|error| Problem {
                code: error.code().to_owned(),
                field: error.field(),
            });
        assert_eq!(actual, case.expected);
    }
}

#[test]
fn replays_every_fixture_cart() {
    for case in table().cart {
        let cart = case
            .steps
            .into_iter()
            .fold(Cart::empty(), |cart, step| match step {
                CartStep::Add { line } => cart.add_item(line),
                CartStep::Remove { cart_id } => cart.remove_item(&cart_id),
                CartStep::Edit { cart_id, amount } => cart.edit_item(&cart_id, amount),
                CartStep::UpdatePrices { updates } => cart.update_prices(&updates),
                CartStep::Clear => Cart::empty(),
            });
        assert_eq!(cart, case.expected, "cart case '{}'", case.name);
    }
}

#[test]
fn taxes_every_fixture_order() {
    for case in table().taxed_order {
        assert_eq!(
            taxed_order(
                &case.lines,
                case.coupon_discount,
                case.discount,
                case.supply,
                &case.delivery
            ),
            case.expected,
            "{}",
            case.name
        );
    }
    for case in table().supply {
        assert_eq!(
            supply_between(&case.shop, &case.ship_to),
            case.expected,
            "{} to {}",
            case.shop,
            case.ship_to
        );
    }
}

#[test]
fn evaluates_every_fixture_coupon_and_gstin() {
    for case in table().coupon {
        let outcome = match evaluate_coupon(&case.terms, &case.usage, case.subtotal, case.now_ms) {
            Ok(discount) => CouponOutcome::Discount { discount },
            Err(refusal) => CouponOutcome::Refused {
                reason: refusal.reason().to_owned(),
            },
        };
        assert_eq!(outcome, case.expected, "{}", case.name);
    }
    for case in table().gstin {
        assert_eq!(check_gstin(&case.text).ok(), case.expected, "{}", case.text);
    }
}
