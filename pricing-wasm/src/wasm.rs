//! WebAssembly bindings for the browser. Each function only converts its arguments and calls the
//! crate; no pricing logic lives here. Values cross as plain JS objects in the JSON shapes the
//! crate's serde types define, money as numbers in rupees.

use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

use crate::{AmountContext, Cart, CartLine, Money, OrderLine, PriceUpdate};

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
"#;

fn from_js<T: DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|error| JsError::new(&format!("{what}: {error}")))
}

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
pub fn cart_recompute(#[wasm_bindgen(unchecked_param_type = "Cart")] cart: JsValue) -> Result<JsValue, JsError> {
    to_js(&from_js::<Cart>(cart, "cart")?.recomputed())
}

/// See [`Cart::add_item`].
#[wasm_bindgen(js_name = cartAddItem, unchecked_return_type = "Cart")]
pub fn cart_add_item(
    #[wasm_bindgen(unchecked_param_type = "Cart")] cart: JsValue,
    #[wasm_bindgen(unchecked_param_type = "CartLine")] line: JsValue,
) -> Result<JsValue, JsError> {
    let cart: Cart = from_js(cart, "cart")?;
    let line: CartLine = from_js(line, "line")?;
    to_js(&cart.add_item(line))
}

/// See [`Cart::remove_item`].
#[wasm_bindgen(js_name = cartRemoveItem, unchecked_return_type = "Cart")]
pub fn cart_remove_item(
    #[wasm_bindgen(unchecked_param_type = "Cart")] cart: JsValue,
    cart_id: &str,
) -> Result<JsValue, JsError> {
    to_js(&from_js::<Cart>(cart, "cart")?.remove_item(cart_id))
}

/// See [`Cart::edit_item`].
#[wasm_bindgen(js_name = cartEditItem, unchecked_return_type = "Cart")]
pub fn cart_edit_item(
    #[wasm_bindgen(unchecked_param_type = "Cart")] cart: JsValue,
    cart_id: &str,
    amount: u32,
) -> Result<JsValue, JsError> {
    to_js(&from_js::<Cart>(cart, "cart")?.edit_item(cart_id, amount))
}

/// See [`Cart::update_prices`].
#[wasm_bindgen(js_name = cartUpdatePrices, unchecked_return_type = "Cart")]
pub fn cart_update_prices(
    #[wasm_bindgen(unchecked_param_type = "Cart")] cart: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PriceUpdate[]")] updates: JsValue,
) -> Result<JsValue, JsError> {
    let cart: Cart = from_js(cart, "cart")?;
    let updates: Vec<PriceUpdate> = from_js(updates, "updates")?;
    to_js(&cart.update_prices(&updates))
}

/// See [`crate::order_totals`].
#[wasm_bindgen(js_name = orderTotals, unchecked_return_type = "OrderTotals")]
pub fn order_totals(
    #[wasm_bindgen(unchecked_param_type = "OrderLine[]")] lines: JsValue,
    discount: f64,
) -> Result<JsValue, JsError> {
    let lines: Vec<OrderLine> = from_js(lines, "lines")?;
    to_js(&crate::order_totals(&lines, money(discount)?))
}

/// See [`crate::validate_order`]: `null` when the order is acceptable.
#[wasm_bindgen(js_name = validateOrder, unchecked_return_type = "OrderProblem | null")]
pub fn validate_order(
    #[wasm_bindgen(unchecked_param_type = "OrderLine[]")] lines: JsValue,
    discount: f64,
) -> Result<JsValue, JsError> {
    let lines: Vec<OrderLine> = from_js(lines, "lines")?;
    match crate::validate_order(&lines, money(discount)?) {
        Ok(()) => Ok(JsValue::NULL),
        Err(problem) => {
            #[derive(Serialize)]
            struct Problem {
                code: String,
                message: String,
                field: String,
            }
            to_js(&Problem { code: problem.code().to_owned(), message: problem.to_string(), field: problem.field() })
        }
    }
}

/// See [`crate::amount_options`]; `context` is `product-page`, `cart-line` or `admin-order-item`.
#[wasm_bindgen(js_name = amountOptions)]
pub fn amount_options(
    #[wasm_bindgen(unchecked_param_type = "AmountContext")] context: JsValue,
    current: u32,
) -> Result<Vec<u32>, JsError> {
    let context: AmountContext = from_js(context, "context")?;
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
