//! Reading the crate's input types from the plain JS objects the browser passes in.
//!
//! Written by hand rather than through serde: serde's derived deserializers over
//! serde-wasm-bindgen were half of the gzipped module (about 30 KB, much of it float formatting
//! for their error messages), and the inputs are a handful of small shapes. The rules are the
//! ones the serde derives apply natively: the same field names, `null` or a missing field for
//! an absent option, unknown fields ignored except on a cart line, money through
//! [`Money::from_f64`]. The fixture table (`tests/fixtures/pricing-cases.json`), checked natively
//! and through this reader in vitest, keeps the two in step. Output still goes through serde.

use std::fmt;

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::{JsCast, JsError, JsValue};

use crate::{
    AmountContext, Cart, CartLine, CouponKind, CouponTerms, CouponUsage, DeliveryTerms, GstRate,
    Money, OrderLine, PriceUpdate, Supply, TaxedLine,
};

/// Where a value sits in an argument, written out only when it is wrong: `cart.cartItems[2].price`.
#[derive(Clone, Copy)]
pub enum At<'a> {
    /// An argument.
    Argument(&'static str),
    /// A field of an object.
    Field(&'a At<'a>, &'static str),
    /// An element of an array.
    Index(&'a At<'a>, u32),
}

impl fmt::Display for At<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            At::Argument(name) => f.write_str(name),
            At::Field(parent, name) => write!(f, "{parent}.{name}"),
            At::Index(parent, index) => write!(f, "{parent}[{index}]"),
        }
    }
}

fn expected(at: &At<'_>, what: &str) -> JsError {
    JsError::new(&format!("{at}: expected {what}"))
}

/// A type the browser passes in as a plain JS value.
pub trait FromJs: Sized {
    /// Reads the value at `at`, or says what was expected there.
    fn from_js(value: JsValue, at: &At<'_>) -> Result<Self, JsError>;
}

/// Reads an argument.
pub fn read<T: FromJs>(value: JsValue, argument: &'static str) -> Result<T, JsError> {
    T::from_js(value, &At::Argument(argument))
}

/// A plain object whose fields are read one by one.
struct Fields<'a> {
    object: JsValue,
    at: &'a At<'a>,
}

impl<'a> Fields<'a> {
    fn new(value: JsValue, at: &'a At<'a>) -> Result<Fields<'a>, JsError> {
        if value.is_object() && !Array::is_array(&value) {
            Ok(Fields { object: value, at })
        } else {
            Err(expected(at, "an object"))
        }
    }

    fn get<T: FromJs>(&self, name: &'static str) -> Result<T, JsError> {
        let at = At::Field(self.at, name);
        let value = Reflect::get(&self.object, &JsValue::from_str(name))
            .map_err(|_| expected(&at, "a readable field"))?;
        T::from_js(value, &at)
    }

    /// Refuses any field not in `known`, as `#[serde(deny_unknown_fields)]` does.
    fn only(&self, known: &[&str]) -> Result<(), JsError> {
        for key in Object::keys(self.object.unchecked_ref::<Object>()).iter() {
            let key = key.as_string().unwrap_or_default();
            if !known.contains(&key.as_str()) {
                return Err(JsError::new(&format!("{}: unknown field `{key}`", self.at)));
            }
        }
        Ok(())
    }
}

/// A JS number that holds a whole number from `min` to `max`.
fn whole_number(value: &JsValue, at: &At<'_>, min: f64, max: f64) -> Result<f64, JsError> {
    match value.as_f64() {
        Some(number) if number.fract() == 0.0 && (min..=max).contains(&number) => Ok(number),
        _ => Err(expected(at, "a whole number in range")),
    }
}

impl FromJs for u32 {
    fn from_js(value: JsValue, at: &At<'_>) -> Result<u32, JsError> {
        whole_number(&value, at, 0.0, f64::from(u32::MAX)).map(|number| number as u32)
    }
}

impl FromJs for i64 {
    /// Within ±2^53, the whole numbers a JS number holds exactly.
    fn from_js(value: JsValue, at: &At<'_>) -> Result<i64, JsError> {
        const EXACT: f64 = 9_007_199_254_740_992.0;
        whole_number(&value, at, -EXACT, EXACT).map(|number| number as i64)
    }
}

impl FromJs for bool {
    fn from_js(value: JsValue, at: &At<'_>) -> Result<bool, JsError> {
        value.as_bool().ok_or_else(|| expected(at, "true or false"))
    }
}

impl FromJs for String {
    fn from_js(value: JsValue, at: &At<'_>) -> Result<String, JsError> {
        value.as_string().ok_or_else(|| expected(at, "a string"))
    }
}

impl FromJs for Money {
    fn from_js(value: JsValue, at: &At<'_>) -> Result<Money, JsError> {
        let number = value
            .as_f64()
            .ok_or_else(|| expected(at, "an amount of rupees"))?;
        Money::from_f64(number).map_err(|error| JsError::new(&format!("{at}: {error}")))
    }
}

impl FromJs for GstRate {
    fn from_js(value: JsValue, at: &At<'_>) -> Result<GstRate, JsError> {
        GstRate::try_from(Money::from_js(value, at)?)
            .map_err(|error| JsError::new(&format!("{at}: {error}")))
    }
}

impl<T: FromJs> FromJs for Option<T> {
    fn from_js(value: JsValue, at: &At<'_>) -> Result<Option<T>, JsError> {
        if value.is_null() || value.is_undefined() {
            Ok(None)
        } else {
            T::from_js(value, at).map(Some)
        }
    }
}

impl<T: FromJs> FromJs for Vec<T> {
    fn from_js(value: JsValue, at: &At<'_>) -> Result<Vec<T>, JsError> {
        if !Array::is_array(&value) {
            return Err(expected(at, "an array"));
        }
        let array: Array = value.unchecked_into();
        (0..array.length())
            .map(|index| T::from_js(array.get(index), &At::Index(at, index)))
            .collect()
    }
}

/// Reads a string that must be one of `names`, giving the matching value.
fn one_of<T: Copy>(value: JsValue, at: &At<'_>, names: &[(&str, T)]) -> Result<T, JsError> {
    let text = value.as_string();
    names
        .iter()
        .find(|(name, _)| text.as_deref() == Some(*name))
        .map(|(_, choice)| *choice)
        .ok_or_else(|| {
            let choices = names
                .iter()
                .fold(String::from("one of"), |list, (name, _)| list + " " + name);
            expected(at, &choices)
        })
}

impl FromJs for AmountContext {
    fn from_js(value: JsValue, at: &At<'_>) -> Result<AmountContext, JsError> {
        one_of(
            value,
            at,
            &[
                ("product-page", AmountContext::ProductPage),
                ("cart-line", AmountContext::CartLine),
                ("admin-order-item", AmountContext::AdminOrderItem),
            ],
        )
    }
}

impl FromJs for Supply {
    fn from_js(value: JsValue, at: &At<'_>) -> Result<Supply, JsError> {
        one_of(
            value,
            at,
            &[
                ("intra-state", Supply::IntraState),
                ("intra-territory", Supply::IntraTerritory),
                ("inter-state", Supply::InterState),
            ],
        )
    }
}

impl FromJs for CouponKind {
    fn from_js(value: JsValue, at: &At<'_>) -> Result<CouponKind, JsError> {
        one_of(
            value,
            at,
            &[("percent", CouponKind::Percent), ("flat", CouponKind::Flat)],
        )
    }
}

impl FromJs for CartLine {
    fn from_js(value: JsValue, at: &At<'_>) -> Result<CartLine, JsError> {
        let fields = Fields::new(value, at)?;
        fields.only(&[
            "cartID",
            "productID",
            "image",
            "title",
            "price",
            "company",
            "amount",
        ])?;
        Ok(CartLine {
            cart_id: fields.get("cartID")?,
            product_id: fields.get("productID")?,
            image: fields.get("image")?,
            title: fields.get("title")?,
            price: fields.get("price")?,
            company: fields.get("company")?,
            amount: fields.get("amount")?,
        })
    }
}

impl FromJs for Cart {
    fn from_js(value: JsValue, at: &At<'_>) -> Result<Cart, JsError> {
        let fields = Fields::new(value, at)?;
        Ok(Cart {
            cart_items: fields.get("cartItems")?,
            num_items_in_cart: fields.get("numItemsInCart")?,
            cart_total: fields.get("cartTotal")?,
            shipping: fields.get("shipping")?,
            tax: fields.get("tax")?,
            order_total: fields.get("orderTotal")?,
        })
    }
}

impl FromJs for PriceUpdate {
    fn from_js(value: JsValue, at: &At<'_>) -> Result<PriceUpdate, JsError> {
        let fields = Fields::new(value, at)?;
        Ok(PriceUpdate {
            product_id: fields.get("productId")?,
            price: fields.get("price")?,
        })
    }
}

impl FromJs for OrderLine {
    fn from_js(value: JsValue, at: &At<'_>) -> Result<OrderLine, JsError> {
        let fields = Fields::new(value, at)?;
        Ok(OrderLine {
            price: fields.get("price")?,
            amount: fields.get("amount")?,
        })
    }
}

impl FromJs for TaxedLine {
    fn from_js(value: JsValue, at: &At<'_>) -> Result<TaxedLine, JsError> {
        let fields = Fields::new(value, at)?;
        Ok(TaxedLine {
            price: fields.get("price")?,
            amount: fields.get("amount")?,
            gst_rate: fields.get("gstRate")?,
        })
    }
}

impl FromJs for DeliveryTerms {
    fn from_js(value: JsValue, at: &At<'_>) -> Result<DeliveryTerms, JsError> {
        let fields = Fields::new(value, at)?;
        Ok(DeliveryTerms {
            fee: fields.get("fee")?,
            free_from: fields.get("freeFrom")?,
            gst_rate: fields.get("gstRate")?,
        })
    }
}

impl FromJs for CouponTerms {
    fn from_js(value: JsValue, at: &At<'_>) -> Result<CouponTerms, JsError> {
        let fields = Fields::new(value, at)?;
        Ok(CouponTerms {
            code: fields.get("code")?,
            kind: fields.get("kind")?,
            value: fields.get("value")?,
            min_subtotal: fields.get("minSubtotal")?,
            max_discount: fields.get("maxDiscount")?,
            valid_from_ms: fields.get("validFromMs")?,
            valid_until_ms: fields.get("validUntilMs")?,
        })
    }
}

impl FromJs for CouponUsage {
    fn from_js(value: JsValue, at: &At<'_>) -> Result<CouponUsage, JsError> {
        let fields = Fields::new(value, at)?;
        Ok(CouponUsage {
            active: fields.get("active")?,
            uses: fields.get("uses")?,
            usage_limit: fields.get("usageLimit")?,
            customer_uses: fields.get("customerUses")?,
            per_customer_limit: fields.get("perCustomerLimit")?,
        })
    }
}
