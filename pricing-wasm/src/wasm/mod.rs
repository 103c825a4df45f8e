//! WebAssembly bindings for the browser. Each function only converts its arguments and calls the
//! crate; no pricing logic lives here. Values cross as plain JS objects in the JSON shapes the
//! crate's serde types define, money as numbers in rupees: read by [`read`], written by serde.

mod read;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{
    AmountContext, Cart, CartLine, CouponRefusal, CouponTerms, CouponUsage, DeliveryTerms, Money,
    OrderLine, PriceUpdate, Supply, TaxedLine,
};
use read::read;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
export interface CartLine { cartID: string; productID: string; image: string; title: string; price: number; company: string; amount: number }
export interface Cart { cartItems: CartLine[]; numItemsInCart: number; cartTotal: number; shipping: number; tax: number; orderTotal: number }
export interface PriceUpdate { productId: string; price: number }
export interface OrderLine { price: number; amount: number }
export interface OrderTotals { subtotal: number; discount: number; total: number; numItemsInCart: number }
export type AmountContext = "product-page" | "cart-line" | "admin-order-item";
export type PageItem = { kind: "prev"; page: number } | { kind: "page"; page: number; current: boolean } | { kind: "ellipsis" } | { kind: "next"; page: number };
export interface OrderProblem { code: string; message: string; field: string }
export type RegionKind = "state" | "union-territory";
export interface Region { code: number; name: string; kind: RegionKind }
export type Supply = "intra-state" | "intra-territory" | "inter-state";
export interface TaxedLine { price: number; amount: number; gstRate: number }
export interface TaxSplit { taxableValue: number; cgst: number; sgst: number; utgst: number; igst: number }
export interface LineMoney extends TaxSplit { value: number; discount: number; total: number }
export interface DeliveryTerms { fee: number; freeFrom?: number | null; gstRate: number }
export interface DeliveryMoney extends TaxSplit { charge: number; shortOfFree: number | null; gstRate: number }
export interface TaxedOrder extends TaxSplit { lines: LineMoney[]; subtotal: number; couponDiscount: number; discount: number; goodsTotal: number; delivery: DeliveryMoney; total: number; numItemsInCart: number; supply: Supply }
export type CouponKind = "percent" | "flat";
export interface CouponTerms { code: string; kind: CouponKind; value: number; minSubtotal: number; maxDiscount?: number | null; validFromMs?: number | null; validUntilMs?: number | null }
export interface CouponUsage { active: boolean; uses: number; usageLimit: number | null; customerUses: number; perCustomerLimit: number | null }
export type CouponRefusalReason = "inactive" | "not_started" | "expired" | "used_up" | "used_by_you" | "below_minimum";
export type CouponOutcome = { discount: number } | { reason: CouponRefusalReason; message: string };
export type GstinCheck = { gstin: string } | { error: string };
export interface TermsProblem { field: string; message: string }
"#;

fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|error| JsError::new(&error.to_string()))
}

fn money(value: f64) -> Result<Money, JsError> {
    Money::from_f64(value).map_err(|error| JsError::new(&error.to_string()))
}

/// The empty cart.
#[wasm_bindgen(js_name = emptyCart, unchecked_return_type = "Cart")]
pub fn empty_cart() -> Result<JsValue, JsError> {
    to_js(&Cart::empty())
}

/// The cart with its totals derived again from its lines.
#[wasm_bindgen(js_name = cartRecompute, unchecked_return_type = "Cart")]
pub fn cart_recompute(
    #[wasm_bindgen(unchecked_param_type = "Cart")] cart: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&read::<Cart>(cart, "cart")?.recomputed())
}

/// See [`Cart::add_item`].
#[wasm_bindgen(js_name = cartAddItem, unchecked_return_type = "Cart")]
pub fn cart_add_item(
    #[wasm_bindgen(unchecked_param_type = "Cart")] cart: JsValue,
    #[wasm_bindgen(unchecked_param_type = "CartLine")] line: JsValue,
) -> Result<JsValue, JsError> {
    let cart: Cart = read(cart, "cart")?;
    let line: CartLine = read(line, "line")?;
    to_js(&cart.add_item(line))
}

/// See [`Cart::remove_item`].
#[wasm_bindgen(js_name = cartRemoveItem, unchecked_return_type = "Cart")]
pub fn cart_remove_item(
    #[wasm_bindgen(unchecked_param_type = "Cart")] cart: JsValue,
    cart_id: &str,
) -> Result<JsValue, JsError> {
    to_js(&read::<Cart>(cart, "cart")?.remove_item(cart_id))
}

/// See [`Cart::edit_item`].
#[wasm_bindgen(js_name = cartEditItem, unchecked_return_type = "Cart")]
pub fn cart_edit_item(
    #[wasm_bindgen(unchecked_param_type = "Cart")] cart: JsValue,
    cart_id: &str,
    amount: u32,
) -> Result<JsValue, JsError> {
    to_js(&read::<Cart>(cart, "cart")?.edit_item(cart_id, amount))
}

/// See [`Cart::update_prices`].
#[wasm_bindgen(js_name = cartUpdatePrices, unchecked_return_type = "Cart")]
pub fn cart_update_prices(
    #[wasm_bindgen(unchecked_param_type = "Cart")] cart: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PriceUpdate[]")] updates: JsValue,
) -> Result<JsValue, JsError> {
    let cart: Cart = read(cart, "cart")?;
    let updates: Vec<PriceUpdate> = read(updates, "updates")?;
    to_js(&cart.update_prices(&updates))
}

/// See [`crate::order_totals`].
#[wasm_bindgen(js_name = orderTotals, unchecked_return_type = "OrderTotals")]
pub fn order_totals(
    #[wasm_bindgen(unchecked_param_type = "OrderLine[]")] lines: JsValue,
    discount: f64,
) -> Result<JsValue, JsError> {
    let lines: Vec<OrderLine> = read(lines, "lines")?;
    to_js(&crate::order_totals(&lines, money(discount)?))
}

/// See [`crate::validate_order`]: `null` when the order is acceptable.
#[wasm_bindgen(js_name = validateOrder, unchecked_return_type = "OrderProblem | null")]
pub fn validate_order(
    #[wasm_bindgen(unchecked_param_type = "OrderLine[]")] lines: JsValue,
    discount: f64,
) -> Result<JsValue, JsError> {
    let lines: Vec<OrderLine> = read(lines, "lines")?;
    match crate::validate_order(&lines, money(discount)?) {
        Ok(()) => Ok(JsValue::NULL),
        Err(problem) => {
            #[derive(Serialize)]
            struct Problem {
                code: String,
                message: String,
                field: String,
            }
            to_js(&Problem {
                code: problem.code().to_owned(),
                message: problem.to_string(),
                field: problem.field(),
            })
        }
    }
}

/// See [`crate::amount_options`]; `context` is `product-page`, `cart-line` or `admin-order-item`.
#[wasm_bindgen(js_name = amountOptions)]
pub fn amount_options(
    #[wasm_bindgen(unchecked_param_type = "AmountContext")] context: JsValue,
    current: u32,
) -> Result<Vec<u32>, JsError> {
    let context: AmountContext = read(context, "context")?;
    Ok(crate::amount_options(context, current))
}

/// See [`crate::new_line_limit`].
#[wasm_bindgen(js_name = lineAmountLimit)]
pub fn line_amount_limit(stock: i32) -> u32 {
    crate::new_line_limit(i64::from(stock))
}

/// [`crate::MAX_LINE_AMOUNT`]: the most units one order line may hold.
#[wasm_bindgen(js_name = maxLineAmount)]
pub fn max_line_amount() -> u32 {
    crate::MAX_LINE_AMOUNT
}

/// See [`crate::page_count`].
#[wasm_bindgen(js_name = pageCount)]
pub fn page_count(total: u32, page_size: u32) -> u32 {
    crate::page_count(u64::from(total), page_size)
}

/// See [`crate::pagination_items`].
#[wasm_bindgen(js_name = paginationItems, unchecked_return_type = "PageItem[]")]
pub fn pagination_items(page: u32, page_count: u32) -> Result<JsValue, JsError> {
    to_js(&crate::pagination_items(page, page_count))
}

/// See [`crate::format_inr`].
#[wasm_bindgen(js_name = formatInr)]
pub fn format_inr(amount: f64) -> Result<String, JsError> {
    Ok(crate::format_inr(money(amount)?))
}

/// See [`crate::amount_in_words`].
#[wasm_bindgen(js_name = amountInWords)]
pub fn amount_in_words(amount: f64) -> Result<String, JsError> {
    Ok(crate::amount_in_words(money(amount)?))
}

/// [`crate::REGIONS`]: every state and union territory with its GST code, for address forms.
#[wasm_bindgen(js_name = gstRegions, unchecked_return_type = "Region[]")]
pub fn gst_regions() -> Result<JsValue, JsError> {
    to_js(&crate::REGIONS[..])
}

/// See [`crate::supply_between`]: `null` when either state is unknown.
#[wasm_bindgen(js_name = supplyBetween, unchecked_return_type = "Supply | null")]
pub fn supply_between(shop_state: &str, ship_to_state: &str) -> Result<JsValue, JsError> {
    to_js(&crate::supply_between(shop_state, ship_to_state))
}

/// See [`crate::taxed_order`].
#[wasm_bindgen(js_name = taxedOrder, unchecked_return_type = "TaxedOrder")]
pub fn taxed_order(
    #[wasm_bindgen(unchecked_param_type = "TaxedLine[]")] lines: JsValue,
    coupon_discount: f64,
    discount: f64,
    #[wasm_bindgen(unchecked_param_type = "Supply")] supply: JsValue,
    #[wasm_bindgen(unchecked_param_type = "DeliveryTerms")] delivery: JsValue,
) -> Result<JsValue, JsError> {
    let lines: Vec<TaxedLine> = read(lines, "lines")?;
    let supply: Supply = read(supply, "supply")?;
    let delivery: DeliveryTerms = read(delivery, "delivery")?;
    to_js(&crate::taxed_order(
        &lines,
        money(coupon_discount)?,
        money(discount)?,
        supply,
        &delivery,
    ))
}

fn coupon_outcome(outcome: Result<Money, CouponRefusal>) -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    #[serde(untagged)]
    enum Outcome {
        Discount {
            discount: Money,
        },
        Refused {
            reason: &'static str,
            message: String,
        },
    }
    to_js(&match outcome {
        Ok(discount) => Outcome::Discount { discount },
        Err(refusal) => Outcome::Refused {
            reason: refusal.reason(),
            message: refusal.to_string(),
        },
    })
}

/// See [`crate::evaluate_coupon`].
#[wasm_bindgen(js_name = evaluateCoupon, unchecked_return_type = "CouponOutcome")]
pub fn evaluate_coupon(
    #[wasm_bindgen(unchecked_param_type = "CouponTerms")] terms: JsValue,
    #[wasm_bindgen(unchecked_param_type = "CouponUsage")] usage: JsValue,
    subtotal: f64,
    now_ms: f64,
) -> Result<JsValue, JsError> {
    let terms: CouponTerms = read(terms, "terms")?;
    let usage: CouponUsage = read(usage, "usage")?;
    coupon_outcome(crate::evaluate_coupon(
        &terms,
        &usage,
        money(subtotal)?,
        now_ms as i64,
    ))
}

/// See [`crate::coupon_discount`]: the terms against a subtotal, ignoring dates and usage (an
/// order that already used the coupon).
#[wasm_bindgen(js_name = couponDiscount, unchecked_return_type = "CouponOutcome")]
pub fn coupon_discount(
    #[wasm_bindgen(unchecked_param_type = "CouponTerms")] terms: JsValue,
    subtotal: f64,
) -> Result<JsValue, JsError> {
    let terms: CouponTerms = read(terms, "terms")?;
    coupon_outcome(crate::coupon_discount(&terms, money(subtotal)?))
}

/// See [`crate::check_coupon_terms`]: `null` when the terms can be saved.
#[wasm_bindgen(js_name = checkCouponTerms, unchecked_return_type = "TermsProblem | null")]
pub fn check_coupon_terms(
    #[wasm_bindgen(unchecked_param_type = "CouponTerms")] terms: JsValue,
) -> Result<JsValue, JsError> {
    let terms: CouponTerms = read(terms, "terms")?;
    match crate::check_coupon_terms(&terms) {
        Ok(()) => Ok(JsValue::NULL),
        Err(problem) => {
            #[derive(Serialize)]
            struct Problem<'a> {
                field: &'a str,
                message: String,
            }
            to_js(&Problem {
                field: problem.field,
                message: problem.message,
            })
        }
    }
}

/// See [`crate::check_gstin`].
#[wasm_bindgen(js_name = checkGstin, unchecked_return_type = "GstinCheck")]
pub fn check_gstin(text: &str) -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    #[serde(untagged)]
    enum Check {
        Valid { gstin: String },
        Invalid { error: String },
    }
    to_js(&match crate::check_gstin(text) {
        Ok(gstin) => Check::Valid { gstin },
        Err(error) => Check::Invalid {
            error: error.to_string(),
        },
    })
}
