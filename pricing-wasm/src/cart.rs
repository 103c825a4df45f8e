//! The storefront cart: its lines and the totals derived from them.
//!
//! Every operation takes the cart and returns the next one with its totals recomputed, so the
//! totals can never disagree with the lines. Shipping is shown but never added; tax is zero.

use serde::{Deserialize, Serialize};

use crate::amounts::MAX_LINE_AMOUNT;
use crate::money::Money;

/// The shipping charge the cart shows. It is displayed only and never added to a total.
pub const SHIPPING: Money = Money::from_whole_rupees(500);

/// One line of the cart as the browser keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CartLine {
    /// Identifies the line; adding a line with the same id adds to its amount.
    #[serde(rename = "cartID")]
    pub cart_id: String,
    /// The product the line is for.
    #[serde(rename = "productID")]
    pub product_id: String,
    /// The product's image URL.
    pub image: String,
    /// The product's title.
    pub title: String,
    /// The product's selling price for one unit.
    pub price: Money,
    /// The product's maker.
    pub company: String,
    /// How many units; at least 1.
    pub amount: u32,
}

/// A new price for a product, as the server reports after a price change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PriceUpdate {
    /// The product whose price changed.
    pub product_id: String,
    /// Its current selling price.
    pub price: Money,
}

/// The cart with its derived totals, in the shape the storefront stores.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Cart {
    /// The lines, in the order they were first added.
    pub cart_items: Vec<CartLine>,
    /// The number of units over all lines.
    pub num_items_in_cart: u32,
    /// The sum of price times amount over all lines.
    pub cart_total: Money,
    /// The shipping charge shown beside the totals (not added).
    pub shipping: Money,
    /// Tax: zero.
    pub tax: Money,
    /// What the customer pays: equal to the cart total.
    pub order_total: Money,
}

impl Default for Cart {
    fn default() -> Cart {
        Cart::from_lines(Vec::new())
    }
}

impl Cart {
    /// The empty cart.
    pub fn empty() -> Cart {
        Cart::default()
    }

    /// A cart holding these lines, with the totals derived from them.
    pub fn from_lines(cart_items: Vec<CartLine>) -> Cart {
        let num_items_in_cart = cart_items.iter().map(|line| line.amount).sum();
        let cart_total: Money = cart_items
            .iter()
            .map(|line| line.price.times(line.amount))
            .sum();
        Cart {
            cart_items,
            num_items_in_cart,
            cart_total,
            shipping: SHIPPING,
            tax: Money::ZERO,
            order_total: cart_total,
        }
    }

    /// Adds a line: a line with the same `cartID` grows by the new amount (up to
    /// [`MAX_LINE_AMOUNT`]), any other line is appended. A line with amount 0 changes nothing.
    pub fn add_item(&self, line: CartLine) -> Cart {
        if line.amount == 0 {
            return self.recomputed();
        }
        let mut lines = self.cart_items.clone();
        match lines
            .iter_mut()
            .find(|existing| existing.cart_id == line.cart_id)
        {
            Some(existing) => {
                existing.amount = existing
                    .amount
                    .saturating_add(line.amount)
                    .min(MAX_LINE_AMOUNT);
                existing.price = line.price;
            }
            None => lines.push(CartLine {
                amount: line.amount.min(MAX_LINE_AMOUNT),
                ..line
            }),
        }
        Cart::from_lines(lines)
    }

    /// Removes the line with this `cartID`; an unknown id changes nothing.
    pub fn remove_item(&self, cart_id: &str) -> Cart {
        Cart::from_lines(
            self.cart_items
                .iter()
                .filter(|line| line.cart_id != cart_id)
                .cloned()
                .collect(),
        )
    }

    /// Sets the amount of the line with this `cartID` (clamped to 1..=[`MAX_LINE_AMOUNT`]).
    pub fn edit_item(&self, cart_id: &str, amount: u32) -> Cart {
        let amount = amount.clamp(1, MAX_LINE_AMOUNT);
        Cart::from_lines(
            self.cart_items
                .iter()
                .map(|line| {
                    if line.cart_id == cart_id {
                        CartLine {
                            amount,
                            ..line.clone()
                        }
                    } else {
                        line.clone()
                    }
                })
                .collect(),
        )
    }

    /// Replaces the unit price of every line whose product is named in `updates`.
    pub fn update_prices(&self, updates: &[PriceUpdate]) -> Cart {
        Cart::from_lines(
            self.cart_items
                .iter()
                .map(|line| {
                    match updates
                        .iter()
                        .find(|update| update.product_id == line.product_id)
                    {
                        Some(update) => CartLine {
                            price: update.price,
                            ..line.clone()
                        },
                        None => line.clone(),
                    }
                })
                .collect(),
        )
    }

    /// The same lines with the totals derived again (repairs a cart restored from storage).
    pub fn recomputed(&self) -> Cart {
        Cart::from_lines(self.cart_items.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(id: &str, paise: i64, amount: u32) -> CartLine {
        CartLine {
            cart_id: id.into(),
            product_id: id.into(),
            image: format!("/uploads/{id}.webp"),
            title: format!("Product {id}"),
            price: Money::from_paise(paise),
            company: "Whisk".into(),
            amount,
        }
    }

    #[test]
    fn adding_the_same_cart_id_adds_to_its_amount() {
        let cart = Cart::empty()
            .add_item(line("a", 10_000, 2))
            .add_item(line("a", 10_000, 3));
        assert_eq!(cart.cart_items.len(), 1);
        assert_eq!(cart.num_items_in_cart, 5);
        assert_eq!(cart.cart_total, Money::from_rupees(500));
        assert_eq!(cart.order_total, cart.cart_total);
        assert_eq!(cart.shipping, Money::from_rupees(500));
        assert_eq!(cart.tax, Money::ZERO);
    }

    #[test]
    fn a_line_never_grows_past_the_line_limit() {
        let cart = Cart::empty()
            .add_item(line("a", 100, 15))
            .add_item(line("a", 100, 15));
        assert_eq!(cart.cart_items[0].amount, MAX_LINE_AMOUNT);
        assert_eq!(
            Cart::empty().add_item(line("b", 100, 40)).num_items_in_cart,
            MAX_LINE_AMOUNT
        );
    }

    #[test]
    fn edit_remove_and_price_updates_recompute_totals() {
        let cart = Cart::empty()
            .add_item(line("a", 1999, 1))
            .add_item(line("b", 50_050, 2));
        assert_eq!(cart.cart_total.to_string(), "1020.99");
        let edited = cart.edit_item("a", 4);
        assert_eq!(edited.num_items_in_cart, 6);
        assert_eq!(edited.cart_total.to_string(), "1080.96");
        let removed = edited.remove_item("b");
        assert_eq!(removed.cart_total.to_string(), "79.96");
        let repriced = removed.update_prices(&[PriceUpdate {
            product_id: "a".into(),
            price: Money::from_rupees(25),
        }]);
        assert_eq!(repriced.cart_total, Money::from_rupees(100));
    }
}
