//! All SurrealQL about orders. Every write that moves stock runs as one transaction that checks
//! and moves the stock, checks the prices it charges, and writes the order, so concurrent buyers
//! can never oversell. A write that loses a race to another transaction reports
//! [`WriteError::Conflict`] and is run again by the caller.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use anyhow::Context;
use pricing::{CouponTerms, DeliveryMoney, DeliveryTerms, GstRate, LineMoney, Money};
use rust_decimal::Decimal;
use surrealdb::types::{Datetime, RecordId, SurrealValue};

use crate::coupons::types::CouponKind;
use crate::db::Db;
use crate::db::errors::{Failure, existing_record_table, failure};
use crate::domain::{AdminId, OrderId, ProductId, UserId};
use crate::mail::outbox::StoreClaim;
use crate::mail::repo::{Claimed, Companion, MailText};
use crate::orders::lines::{CurrentProduct, PricedLine};
use crate::orders::mails::{self, PLACED_TEMPLATES};
use crate::orders::types::{
    Order, OrderCoupon, OrderCustomer, OrderDelivery, OrderFilter, OrderItem, OrderStatus,
    PaymentMethod, PaymentStatus, PlaceOfSupply,
};
use crate::products::repo::{ImageSlot, stored_rate};
use crate::uploads::images::url;

/// Checks the prices new lines are charged at, then moves the stock: a negative delta takes
/// units and fails with `out_of_stock:<product>:<left>` when too few are left; a positive delta
/// returns units (to a product that still exists). A macro so that each statement is one
/// `concat!`ed literal: no query text is built at run time.
macro_rules! check_prices_and_move_stock {
    () => {
        "\
    FOR $check IN $price_checks { \
        LET $now = $check.product.selling_price; \
        IF $now = NONE { THROW 'product_gone:' + record::id($check.product) }; \
        IF $now != $check.price { THROW 'price_changed:' + record::id($check.product) }; \
    }; \
    FOR $move IN $moves { \
        LET $units = $move.stock.units; \
        IF $units = NONE { IF $move.delta < 0 { THROW 'product_gone:' + record::id($move.stock) } } \
        ELSE IF $units + $move.delta < 0 { THROW 'out_of_stock:' + record::id($move.stock) + ':' + <string> $units } \
        ELSE { UPDATE $move.stock SET units += $move.delta RETURN NONE }; \
    }; "
    };
}

/// Issues the next number of the document series bound as `$series` (an [`Issue`]) to the
/// order `$order`: the series' counter moves on, the number is its prefix and the count in at
/// least five digits (`series_full:<label>` past 999,999), its `document_number:[<kind>, number]`
/// record refuses a number issued before, and the order's `<kind>_number` and `<kind>_date`
/// (`$date`) take it. One text for the status change's invoices and credit notes and the
/// generated order history's invoices.
#[macro_export]
macro_rules! issue_document_number {
    ($kind:literal, $label:literal, $series:literal, $order:literal, $date:literal) => {
        concat!(
            "LET $n = (UPSERT ONLY ", $series, ".counter SET value = (value ?? 0) + 1 RETURN AFTER).value; ",
            "IF $n > 999999 { THROW 'series_full:", $label, "' }; ",
            "LET $digits = IF $n < 100000 { string::slice(<string> (100000 + $n), 1) } ELSE { <string> $n }; ",
            "LET $number = ", $series, ".prefix + $digits; ",
            "CREATE type::record('document_number', ['", $kind, "', $number]) SET order = ", $order, " RETURN NONE; ",
            "UPDATE ", $order, " SET ", $kind, "_number = $number, ", $kind, "_date = ", $date, " RETURN NONE; "
        )
    };
}

/// Deletes the dashboard's sum of the India day order `$id` was placed on, in the transaction
/// that edits or deletes it, so the day is summed again (see `dashboard::repo`).
macro_rules! forget_sales_day {
    () => {
        "DELETE type::record('sales_day', time::format((SELECT VALUE created_at FROM ONLY $id) + 5h30m, '%Y-%m-%d')) \
             RETURN NONE; "
    };
}

macro_rules! order_fields {
    () => {
        "record::id(id) AS id, order_id, name, email, address, city, state, company, cart_items, num_items_in_cart, \
         pin_code, phone, charge_total, discount, order_total, status, payment_method, payment_status, delivery, \
         coupon, coupon_discount, taxable_total, cgst_total, sgst_total, \
         utgst_total, igst_total, place_of_supply, buyer_gstin, invoice_number, \
         (IF invoice_date != NONE { <string> invoice_date }) AS invoice_date, credit_note_number, \
         (IF credit_note_date != NONE { <string> credit_note_date }) AS credit_note_date, \
         record::id(user) AS user_id, user.username AS user_name, \
         user.email AS user_email, user.company AS user_company, <string> created_at AS created_at, \
         <string> updated_at AS updated_at"
    };
}

/// A line as stored.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct StoredItem {
    pub product: RecordId,
    /// Its title when ordered.
    pub name: String,
    /// The unit price charged.
    pub price: Decimal,
    pub amount: i64,
    /// Its image URL when ordered.
    pub image: String,
    /// Its HSN code when ordered (`None` on orders from before GST).
    pub hsn: Option<String>,
    /// The GST rate in its price.
    pub gst_rate: Option<Decimal>,
    /// Its share of the order's discounts.
    pub discount: Option<Decimal>,
    /// Its value before tax.
    pub taxable_value: Option<Decimal>,
    /// Central GST.
    pub cgst: Option<Decimal>,
    /// State GST.
    pub sgst: Option<Decimal>,
    /// Union territory GST.
    pub utgst: Option<Decimal>,
    /// Integrated GST.
    pub igst: Option<Decimal>,
}

impl StoredItem {
    /// A priced line with the money the pricing crate worked out for it.
    pub fn new(line: &PricedLine, money: &LineMoney) -> StoredItem {
        StoredItem {
            product: line.product.record(),
            name: line.name.clone(),
            price: line.price.as_decimal(),
            amount: i64::from(line.amount),
            image: line.image.clone(),
            hsn: Some(line.hsn.clone()),
            gst_rate: Some(line.gst_rate.as_decimal()),
            discount: Some(money.discount.as_decimal()),
            taxable_value: Some(money.tax.taxable_value.as_decimal()),
            cgst: Some(money.tax.cgst.as_decimal()),
            sgst: Some(money.tax.sgst.as_decimal()),
            utgst: Some(money.tax.utgst.as_decimal()),
            igst: Some(money.tax.igst.as_decimal()),
        }
    }

    /// The line as the API shows it. A line from before GST shows its whole value as taxable.
    fn view(self) -> OrderItem {
        let money = |value: Option<Decimal>| value.map_or(Money::ZERO, Money::round);
        let value = Money::round(self.price).times(u32::try_from(self.amount).unwrap_or(0));
        OrderItem {
            product_id: ProductId::from_record(&self.product)
                .map(|id| id.key().to_owned())
                .unwrap_or_default(),
            name: self.name,
            price: Money::round(self.price),
            amount: u32::try_from(self.amount).unwrap_or(0),
            image: self.image,
            hsn: self.hsn.unwrap_or_default(),
            gst_rate: stored_rate(self.gst_rate).unwrap_or_default(),
            discount: money(self.discount),
            taxable_value: self
                .taxable_value
                .map_or(value - money(self.discount), Money::round),
            cgst: money(self.cgst),
            sgst: money(self.sgst),
            utgst: money(self.utgst),
            igst: money(self.igst),
        }
    }
}

/// The coupon terms an order was priced with, as stored.
#[derive(Debug, Clone, PartialEq, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct StoredCoupon {
    pub code: String,
    pub kind: CouponKind,
    /// Percent, or rupees.
    pub value: Decimal,
    /// The smallest subtotal it applies to.
    pub min_subtotal: Decimal,
    /// The most a percent coupon takes off.
    pub max_discount: Option<Decimal>,
}

impl StoredCoupon {
    /// The terms as the pricing crate reads them (no dates: the order used it already).
    pub fn terms(&self) -> CouponTerms {
        CouponTerms {
            code: self.code.clone(),
            kind: self.kind.into(),
            value: Money::round(self.value),
            min_subtotal: Money::round(self.min_subtotal),
            max_discount: self.max_discount.map(Money::round),
            valid_from_ms: None,
            valid_until_ms: None,
        }
    }

    fn view(&self) -> OrderCoupon {
        let terms = self.terms();
        OrderCoupon {
            code: terms.code,
            kind: self.kind,
            value: terms.value,
            min_subtotal: terms.min_subtotal,
            max_discount: terms.max_discount,
        }
    }
}

/// The delivery terms an order was priced with and the charge they came to, as stored: an edit
/// prices the order again with the same terms, as it does with a coupon's.
#[derive(Debug, Clone, PartialEq, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct StoredDelivery {
    pub fee: Decimal,
    pub free_from: Option<Decimal>,
    pub gst_rate: Decimal,
    /// What delivery cost, GST included.
    pub charge: Decimal,
    pub taxable_value: Decimal,
    pub cgst: Decimal,
    pub sgst: Decimal,
    pub utgst: Decimal,
    pub igst: Decimal,
}

impl StoredDelivery {
    /// The terms and what they came to.
    pub fn new(terms: &DeliveryTerms, money: &DeliveryMoney) -> StoredDelivery {
        StoredDelivery {
            fee: terms.fee.as_decimal(),
            free_from: terms.free_from.map(Money::as_decimal),
            gst_rate: terms.gst_rate.as_decimal(),
            charge: money.charge.as_decimal(),
            taxable_value: money.tax.taxable_value.as_decimal(),
            cgst: money.tax.cgst.as_decimal(),
            sgst: money.tax.sgst.as_decimal(),
            utgst: money.tax.utgst.as_decimal(),
            igst: money.tax.igst.as_decimal(),
        }
    }

    /// The terms as the pricing crate reads them.
    pub fn terms(&self) -> DeliveryTerms {
        DeliveryTerms {
            fee: Money::round(self.fee),
            free_from: self.free_from.map(Money::round),
            gst_rate: stored_rate(Some(self.gst_rate)).unwrap_or_default(),
        }
    }

    fn view(&self) -> OrderDelivery {
        OrderDelivery {
            fee: Money::round(self.fee),
            free_from: self.free_from.map(Money::round),
            charge: Money::round(self.charge),
            gst_rate: stored_rate(Some(self.gst_rate)).unwrap_or_default(),
            taxable_value: Money::round(self.taxable_value),
            cgst: Money::round(self.cgst),
            sgst: Money::round(self.sgst),
            utgst: Money::round(self.utgst),
            igst: Money::round(self.igst),
        }
    }
}

/// The place of supply as stored.
#[derive(Debug, Clone, PartialEq, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct StoredPlace {
    pub state: String,
    /// Its GST state code.
    pub code: i64,
}

/// The stored fields an order write sets (all but its number, customer and times).
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct OrderFields {
    pub name: String,
    pub email: String,
    pub address: String,
    pub city: String,
    pub state: String,
    /// Six digits, or `None` when the sender gave none.
    pub pin_code: Option<String>,
    /// Ten digits, or `None` when the sender gave none and the account has none.
    pub phone: Option<String>,
    pub company: String,
    pub cart_items: Vec<StoredItem>,
    /// Units over all lines.
    pub num_items_in_cart: i64,
    /// Subtotal.
    pub charge_total: Decimal,
    pub discount: Decimal,
    /// What is charged, delivery included.
    pub order_total: Decimal,
    pub status: OrderStatus,
    pub payment_method: PaymentMethod,
    pub payment_status: PaymentStatus,
    /// The delivery terms and charge.
    pub delivery: StoredDelivery,
    /// The coupon used, with the terms it was priced with.
    pub coupon: Option<StoredCoupon>,
    /// What the coupon took off.
    pub coupon_discount: Decimal,
    /// The lines' taxable values summed.
    pub taxable_total: Option<Decimal>,
    pub cgst_total: Option<Decimal>,
    pub sgst_total: Option<Decimal>,
    pub utgst_total: Option<Decimal>,
    pub igst_total: Option<Decimal>,
    /// The ship-to state and its code.
    pub place_of_supply: Option<StoredPlace>,
    pub buyer_gstin: Option<String>,
}

/// An order as stored, with its customer.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct OrderRow {
    pub id: String,
    /// ORD1001...
    pub order_id: String,
    /// Everything the write set.
    pub name: String,
    pub email: String,
    pub address: String,
    pub city: String,
    pub state: String,
    pub pin_code: Option<String>,
    pub phone: Option<String>,
    pub company: String,
    pub cart_items: Vec<StoredItem>,
    pub num_items_in_cart: i64,
    pub charge_total: Decimal,
    pub discount: Decimal,
    pub order_total: Decimal,
    pub status: OrderStatus,
    /// `None` on orders from before payment methods: cash on delivery.
    pub payment_method: Option<PaymentMethod>,
    /// `None` on orders from before payments were tracked (see [`PaymentStatus::of_legacy`]).
    pub payment_status: Option<PaymentStatus>,
    /// `None` on orders from before delivery was charged: free.
    pub delivery: Option<StoredDelivery>,
    pub coupon: Option<StoredCoupon>,
    /// `None` before coupons existed.
    pub coupon_discount: Option<Decimal>,
    pub taxable_total: Option<Decimal>,
    pub cgst_total: Option<Decimal>,
    pub sgst_total: Option<Decimal>,
    pub utgst_total: Option<Decimal>,
    pub igst_total: Option<Decimal>,
    pub place_of_supply: Option<StoredPlace>,
    pub buyer_gstin: Option<String>,
    /// The tax invoice number, once issued.
    pub invoice_number: Option<String>,
    /// When it was issued (RFC 3339).
    pub invoice_date: Option<String>,
    /// The credit note number, once issued.
    pub credit_note_number: Option<String>,
    /// When it was issued (RFC 3339).
    pub credit_note_date: Option<String>,
    pub user_id: String,
    pub user_name: Option<String>,
    pub user_email: Option<String>,
    pub user_company: Option<String>,
    /// RFC 3339.
    pub created_at: String,
    /// RFC 3339; also the version an edit expects to find.
    pub updated_at: String,
}

impl OrderRow {
    /// The row of an order just placed: what the placement wrote, numbered `order_id`, with
    /// the id and times the store gave it.
    fn placed(order: &NewOrder, order_id: String, stored: PlacedStamp) -> OrderRow {
        let fields = order.fields.clone();
        OrderRow {
            id: stored.id,
            order_id,
            name: fields.name,
            email: fields.email,
            address: fields.address,
            city: fields.city,
            state: fields.state,
            pin_code: fields.pin_code,
            phone: fields.phone,
            company: fields.company,
            cart_items: fields.cart_items,
            num_items_in_cart: fields.num_items_in_cart,
            charge_total: fields.charge_total,
            discount: fields.discount,
            order_total: fields.order_total,
            status: fields.status,
            payment_method: Some(fields.payment_method),
            payment_status: Some(fields.payment_status),
            delivery: Some(fields.delivery),
            coupon: fields.coupon,
            coupon_discount: Some(fields.coupon_discount),
            taxable_total: fields.taxable_total,
            cgst_total: fields.cgst_total,
            sgst_total: fields.sgst_total,
            utgst_total: fields.utgst_total,
            igst_total: fields.igst_total,
            place_of_supply: fields.place_of_supply,
            buyer_gstin: fields.buyer_gstin,
            invoice_number: None,
            invoice_date: None,
            credit_note_number: None,
            credit_note_date: None,
            user_id: order.user.key().to_owned(),
            user_name: Some(order.buyer.username.clone()),
            user_email: Some(order.buyer.email.clone()),
            user_company: Some(order.buyer.company.clone()),
            created_at: stored.created_at,
            updated_at: stored.updated_at,
        }
    }

    /// Its lines as (product, amount).
    pub fn held_lines(&self) -> Vec<(ProductId, u32)> {
        self.cart_items
            .iter()
            .filter_map(|item| {
                Some((
                    ProductId::from_record(&item.product)?,
                    u32::try_from(item.amount).ok()?,
                ))
            })
            .collect()
    }

    /// How the customer pays.
    pub fn payment_method(&self) -> PaymentMethod {
        self.payment_method.unwrap_or_default()
    }

    /// Whether the shop has the money.
    pub fn payment_status(&self) -> PaymentStatus {
        self.payment_status
            .unwrap_or_else(|| PaymentStatus::of_legacy(self.status))
    }

    /// The delivery terms the order was priced with (free for an order from before delivery
    /// was charged).
    pub fn delivery_terms(&self) -> DeliveryTerms {
        self.delivery
            .as_ref()
            .map_or(DeliveryTerms::FREE, StoredDelivery::terms)
    }

    /// The API view; `upi_id` is the shop's UPI ID, for the payment link of an unpaid UPI order.
    pub fn view(self, upi: Option<&crate::payments::UpiPayee>) -> Order {
        let payment_method = self.payment_method();
        let payment_status = self.payment_status();
        let delivery = self.delivery.as_ref().map_or(
            OrderDelivery {
                fee: Money::ZERO,
                free_from: None,
                charge: Money::ZERO,
                gst_rate: GstRate::ZERO,
                taxable_value: Money::ZERO,
                cgst: Money::ZERO,
                sgst: Money::ZERO,
                utgst: Money::ZERO,
                igst: Money::ZERO,
            },
            StoredDelivery::view,
        );
        let upi_link = match upi {
            Some(payee)
                if payment_method == PaymentMethod::Upi
                    && payment_status == PaymentStatus::Unpaid
                    && self.status != OrderStatus::Cancelled =>
            {
                Some(payee.link(&self.order_id, Money::round(self.order_total)))
            }
            _ => None,
        };
        Order {
            pin_code: self.pin_code.unwrap_or_default(),
            phone: self.phone.unwrap_or_default(),
            delivery_charge: delivery.charge,
            delivery,
            payment_method,
            payment_status,
            upi_link,
            id: self.id,
            order_id: self.order_id,
            name: self.name,
            email: self.email,
            address: self.address,
            city: self.city,
            state: self.state,
            company: self.company,
            cart_items: self.cart_items.into_iter().map(StoredItem::view).collect(),
            num_items_in_cart: u32::try_from(self.num_items_in_cart).unwrap_or(0),
            charge_total: Money::round(self.charge_total),
            discount: Money::round(self.discount),
            coupon_code: self.coupon.as_ref().map(|coupon| coupon.code.clone()),
            coupon: self.coupon.as_ref().map(StoredCoupon::view),
            coupon_discount: self.coupon_discount.map_or(Money::ZERO, Money::round),
            order_total: Money::round(self.order_total),
            taxable_total: self
                .taxable_total
                .map_or(Money::round(self.order_total), Money::round),
            cgst_total: self.cgst_total.map_or(Money::ZERO, Money::round),
            sgst_total: self.sgst_total.map_or(Money::ZERO, Money::round),
            utgst_total: self.utgst_total.map_or(Money::ZERO, Money::round),
            igst_total: self.igst_total.map_or(Money::ZERO, Money::round),
            place_of_supply: self.place_of_supply.map(|place| PlaceOfSupply {
                state: place.state,
                code: u8::try_from(place.code).unwrap_or(0),
            }),
            buyer_gstin: self.buyer_gstin,
            invoice_number: self.invoice_number,
            invoice_date: self.invoice_date,
            credit_note_number: self.credit_note_number,
            credit_note_date: self.credit_note_date,
            status: self.status,
            user: OrderCustomer {
                id: self.user_id,
                username: self.user_name.unwrap_or_default(),
                email: self.user_email.unwrap_or_default(),
                company: self.user_company.unwrap_or_default(),
            },
            created_at: self.created_at,
            updated_at: self.updated_at,
        }
    }
}

/// A unit price a new line is charged at, checked again inside the transaction.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct PriceCheck {
    pub product: RecordId,
    pub price: Decimal,
}

/// Units of a product taken off (negative) or put back on (positive) the shelf.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct StockMove {
    /// The product's stock record (`product_stock:<product key>`).
    pub stock: RecordId,
    /// Units; negative takes.
    pub delta: i64,
}

/// What an order write does to stock and which prices it relies on.
#[derive(Debug, Clone, Default)]
pub struct StockWork {
    /// Stock moves per product.
    pub moves: Vec<(ProductId, i64)>,
    /// Prices new lines are charged at.
    pub price_checks: Vec<(ProductId, Money)>,
}

impl StockWork {
    /// The work of several orders placed in one transaction: each product's moves summed and
    /// each (product, price) checked once, so a product many of them take is updated once, not
    /// once per order. Ordered by product, so that the result does not hang on arrival order.
    fn merged<'a>(works: impl IntoIterator<Item = &'a StockWork>) -> StockWork {
        let mut moves = BTreeMap::<&ProductId, i64>::new();
        let mut price_checks = BTreeSet::<(&ProductId, Money)>::new();
        for work in works {
            for (product, delta) in &work.moves {
                *moves.entry(product).or_default() += delta;
            }
            price_checks.extend(
                work.price_checks
                    .iter()
                    .map(|(product, price)| (product, *price)),
            );
        }
        StockWork {
            moves: moves
                .into_iter()
                .map(|(product, delta)| (product.clone(), delta))
                .collect(),
            price_checks: price_checks
                .into_iter()
                .map(|(product, price)| (product.clone(), price))
                .collect(),
        }
    }

    fn bound(&self) -> (Vec<StockMove>, Vec<PriceCheck>) {
        (
            self.moves
                .iter()
                .map(|(product, delta)| StockMove {
                    stock: product.stock(),
                    delta: *delta,
                })
                .collect(),
            self.price_checks
                .iter()
                .map(|(product, price)| PriceCheck {
                    product: product.record(),
                    price: price.as_decimal(),
                })
                .collect(),
        )
    }
}

/// Why an order write did not commit.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// Another transaction wrote the same records first; running the write again may succeed.
    #[error("a concurrent write conflicted")]
    Conflict,
    /// Fewer units are left than the order takes.
    #[error("out of stock")]
    OutOfStock {
        product: ProductId,
        /// Units left.
        left: i64,
    },
    /// A product's price changed since the order was priced.
    #[error("price changed")]
    PriceChanged(ProductId),
    /// A product the order takes no longer exists.
    #[error("product gone")]
    ProductGone(ProductId),
    /// The order changed (or went) since it was read; read it again.
    #[error("the order changed")]
    OrderChanged,
    /// This customer (or admin) already used this Idempotency-Key.
    #[error("duplicate idempotency key")]
    DuplicateKey,
    /// The order counter is no longer the value the placement numbered its orders from: it
    /// holds this (another node numbered orders meanwhile).
    #[error("the order counter moved")]
    NumbersMoved(i64),
    /// The customer already has this many unpaid pending orders open, the most allowed.
    #[error("too many pending orders")]
    TooManyPending(u32),
    /// The coupon cannot be used: the reason (`used_up`, `expired`, ...; `not_found` when it
    /// was deleted).
    #[error("coupon unusable: {0}")]
    CouponUnusable(String),
    /// The coupon's terms changed since the order was priced; price again.
    #[error("the coupon changed")]
    CouponChanged,
    /// The invoice or credit-note series of this financial year has run out of numbers.
    #[error("the {0} series is full")]
    SeriesFull(String),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

/// Reads the failure of an order transaction: a THROW of ours, a lost race, a reused key.
fn write_error(
    response: &mut surrealdb::IndexedResults,
    doing: &'static str,
) -> Result<(), WriteError> {
    match failure(response) {
        None => Ok(()),
        Some(Failure::Thrown(text)) => {
            let mut parts = text.splitn(3, ':');
            let (kind, product) = (
                parts.next().unwrap_or_default(),
                parts.next().and_then(ProductId::parse),
            );
            Err(match (kind, product) {
                ("coupon_unusable", _) => WriteError::CouponUnusable(
                    text.split(':').nth(1).unwrap_or("inactive").to_owned(),
                ),
                ("coupon_changed", _) => WriteError::CouponChanged,
                ("series_full", _) => {
                    WriteError::SeriesFull(text.split(':').nth(1).unwrap_or("invoice").to_owned())
                }
                ("out_of_stock", Some(product)) => {
                    let left = parts
                        .next()
                        .and_then(|left| left.trim().parse().ok())
                        .unwrap_or(0);
                    WriteError::OutOfStock { product, left }
                }
                ("price_changed", Some(product)) => WriteError::PriceChanged(product),
                ("product_gone", Some(product)) => WriteError::ProductGone(product),
                ("order_changed", _) => WriteError::OrderChanged,
                ("duplicate_key", _) => WriteError::DuplicateKey,
                ("numbers_moved", _) => text
                    .split(':')
                    .nth(1)
                    .and_then(|counter| counter.trim().parse().ok())
                    .map_or_else(
                        || WriteError::Other(anyhow::anyhow!("{doing}: {text}")),
                        WriteError::NumbersMoved,
                    ),
                ("too_many_pending", _) => WriteError::TooManyPending(
                    text.rsplit(':')
                        .next()
                        .and_then(|count| count.parse().ok())
                        .unwrap_or(0),
                ),
                _ => WriteError::Other(anyhow::anyhow!("{doing}: {text}")),
            })
        }
        Some(Failure::IndexViolated(index)) => Err(WriteError::Other(anyhow::anyhow!(
            "{doing}: violated {index}"
        ))),
        Some(Failure::Conflict) => Err(WriteError::Conflict),
        // A key record's id is its `[sender, key]`: an INSERT finding one there is a key used
        // before (cheaper than reading the group's key ids first, 65 µs a one-order group).
        Some(Failure::Other(error))
            if existing_record_table(&error).as_deref() == Some("order_request") =>
        {
            Err(WriteError::DuplicateKey)
        }
        Some(Failure::Other(error)) => {
            Err(WriteError::Other(anyhow::Error::new(error).context(doing)))
        }
    }
}

#[derive(Debug, Clone)]
pub struct NewOrder {
    pub user: UserId,
    /// The customer's account as the placing request read it, for the answer.
    pub buyer: Buyer,
    /// The admin who placed it for them, if any.
    pub created_by: Option<AdminId>,
    pub fields: OrderFields,
    /// The Idempotency-Key its sender (the customer, or the admin placing it) sent, if any.
    pub idempotency_key: Option<String>,
    /// Refuse the order when the customer already has this many pending orders open.
    pub max_pending: Option<u32>,
    /// The coupon it uses, counted in the same transaction.
    pub coupon: Option<CouponUse>,
    /// The mails the order sends when placed, as `mails::placed` gives them (stored under
    /// the names of `mails::PLACED_TEMPLATES`, as one record), `{order}` standing for its
    /// number. Once it is a [`Placing`], their text and HTML are with its node's outbox
    /// ([`HandedMails`]).
    pub mails: mails::PlacedMails,
}

/// A customer's name, e-mail and company as an order shows them. A placement takes them from the
/// account its request read instead of dereferencing the order's `user` in its `INSERT`'s
/// `RETURN` (three reads of the record per order in the one serial step of placing).
#[derive(Debug, Clone)]
pub struct Buyer {
    pub username: String,
    pub email: String,
    pub company: String,
}

impl Buyer {
    /// As the customer's account `user` has them now.
    pub fn of(user: &crate::users::types::User) -> Buyer {
        Buyer {
            username: user.username.clone(),
            email: user.email.clone(),
            company: user.company.clone(),
        }
    }
}

/// A coupon an order uses: the record and the version of its terms the order was priced with.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct CouponUse {
    /// `coupon:<CODE>`.
    pub id: RecordId,
    /// Its `updated_at` when read, as text.
    pub version: String,
}

/// Who sent an order, whose Idempotency-Keys it is unique among: the admin who placed it for
/// the customer, or the customer.
pub fn sender(user: &UserId, created_by: Option<&AdminId>) -> RecordId {
    created_by.map_or_else(|| user.record(), AdminId::record)
}

/// A new order to place, under the id it will have, and the stock it takes.
#[derive(Debug, Clone)]
pub struct Placing {
    id: OrderId,
    order: NewOrder,
    work: StockWork,
}

impl Placing {
    /// The order `order` with a new id, taking the stock `work` moves, and its mails for this
    /// node's outbox to send once it is placed. The mails' text and HTML, which the database
    /// does not store (see [`MailRow`]), move to the outbox's copy rather than being cloned.
    pub fn new(mut order: NewOrder, work: &StockWork) -> (Placing, HandedMails) {
        let id = OrderId::generate();
        let take = |mail: &mut mails::OrderMail| mails::OrderMail {
            recipient: mail.recipient.clone(),
            subject: mail.subject.clone(),
            body: std::mem::take(&mut mail.body),
            html: std::mem::take(&mut mail.html),
            attach_invoice: mail.attach_invoice,
        };
        let mails = HandedMails {
            id: mail_record(&id),
            order: id.record(),
            mails: mails::PlacedMails {
                confirmation: take(&mut order.mails.confirmation),
                notice: take(&mut order.mails.notice),
            },
        };
        let placing = Placing {
            id,
            order,
            work: work.clone(),
        };
        (placing, mails)
    }
}

/// The id of the outbox record of order `id`'s mails, `mail:<order key>`: known before the
/// transaction, so the outbox is handed it (`Outbox::send_placed`) rather than look through its
/// due index.
fn mail_record(id: &OrderId) -> RecordId {
    RecordId::new("mail", id.key())
}

/// The shop's notice of order `number` as its outbox record's companion.
fn notice_companion(notice: &mails::OrderMail, number: &str) -> Companion {
    Companion {
        recipient: notice.recipient.clone(),
        subject: mails::numbered(&notice.subject, number),
        template: PLACED_TEMPLATES[1].to_owned(),
    }
}

/// The mails of an order being placed, for its node's outbox (`Outbox::send_placed`).
#[derive(Debug)]
pub struct HandedMails {
    /// As [`mail_record`].
    id: RecordId,
    order: RecordId,
    mails: mails::PlacedMails,
}

impl HandedMails {
    /// The mails as stored under this node's claim, the order placed as `number`, with their
    /// text and HTML: the confirmation, the notice its companion.
    pub fn numbered(self, number: &str) -> Claimed {
        let mails::PlacedMails {
            confirmation,
            notice,
        } = self.mails;
        Claimed {
            id: self.id,
            recipient: confirmation.recipient,
            subject: mails::numbered(&confirmation.subject, number),
            body: mails::numbered(&confirmation.body, number),
            html: Some(mails::numbered(&confirmation.html, number)),
            template: Some(PLACED_TEMPLATES[0].to_owned()),
            attempts: 1,
            order: Some(self.order),
            attach_invoice: Some(confirmation.attach_invoice),
            companion: Some(notice_companion(&notice, number)),
            companion_text: Some(MailText {
                body: mails::numbered(&notice.body, number),
                html: mails::numbered(&notice.html, number),
            }),
        }
    }
}

/// The record of an Idempotency-Key that `sender` (as [`sender`]) sent: its id is
/// `[sender, key]`, so a placement finds it by id rather than through the index.
fn key_record(sender: RecordId, key: &str) -> RecordId {
    RecordId::new(
        "order_request",
        surrealdb::types::Array::from(vec![sender.into_value(), key.to_owned().into_value()]),
    )
}

/// The human number of order `number`: ORD1001.
fn order_number(number: i64) -> String {
    format!("ORD{number}")
}

/// What the store set on an order a placement inserted: its id and times, as text.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
struct PlacedStamp {
    id: String,
    created_at: String,
    updated_at: String,
}

/// An Idempotency-Key's record as a placement inserts it.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
struct KeyRow {
    /// As [`key_record`].
    id: RecordId,
    /// The sender, as [`sender`].
    user: RecordId,
    idempotency_key: String,
    order: RecordId,
}

/// An order's mails as a placement inserts them into the outbox, one record with the notice as
/// the confirmation's companion (half the writes and index entries of a record each), their
/// number filled in: without their text and HTML, two thirds of their bytes, which the placing
/// node hands its outbox in memory and any other renders from the order by template
/// (`orders::placed_mail`).
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
struct MailRow {
    /// As [`mail_record`].
    id: RecordId,
    recipient: String,
    order: RecordId,
    subject: String,
    /// Empty: `template` renders it.
    body: String,
    /// One of `orders::mails::PLACED_TEMPLATES`.
    template: String,
    attach_invoice: bool,
    /// The shop's notice, sent with the customer's confirmation.
    companion: Companion,
    /// The placing node's claim (`mail::outbox::StoreClaim`), so it sends them at once; given
    /// here with the fields that would otherwise take their schema `DEFAULT`s, expressions
    /// SurrealDB would evaluate for every mail.
    created_at: Datetime,
    pending: bool,
    due_at: Datetime,
    attempts: i64,
    claimed_by: String,
}

/// A customer's open pending orders the transaction counts: refused when those already open
/// and the group's `placing` would be more than `most`.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
struct PendingLimit {
    user: RecordId,
    most: i64,
    placing: i64,
}

/// An order that uses a coupon: the transaction checks the coupon and counts the use.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
struct CouponOrder {
    order: RecordId,
    user: RecordId,
    coupon: CouponUse,
}

/// An order an admin placed, which the audit log records.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
struct AuditedOrder {
    order: RecordId,
    actor: RecordId,
}

/// What a group's placement transaction binds: every record it writes built here, with the
/// numbers that follow the counter's expected value, so the transaction inserts each table's
/// rows in one statement instead of evaluating a block of statements per order (SurrealDB's
/// evaluator costs tens of microseconds an expression).
#[derive(Debug, Default)]
struct PlacementRows {
    ids: Vec<RecordId>,
    /// The orders' numbers (ORD1001), in the same order.
    numbers: Vec<String>,
    orders: Vec<surrealdb::types::Object>,
    keys: Vec<KeyRow>,
    mails: Vec<MailRow>,
    pending: Vec<PendingLimit>,
    coupons: Vec<CouponOrder>,
    audited: Vec<AuditedOrder>,
}

impl PlacementRows {
    /// The rows of `orders`, numbered from `last + 1` on, their mails stored under `claim`.
    fn new(orders: &[Placing], last: i64, claim: &StoreClaim) -> PlacementRows {
        let mut rows = PlacementRows::default();
        let mut pending = BTreeMap::<&UserId, (u32, i64)>::new();
        for (placing, number) in orders.iter().zip(last + 1..) {
            let order = &placing.order;
            let (id, user, number) = (
                placing.id.record(),
                order.user.record(),
                order_number(number),
            );
            let mut row = match order.fields.clone().into_value() {
                surrealdb::types::Value::Object(fields) => fields,
                _ => surrealdb::types::Object::default(),
            };
            row.insert("id", id.clone());
            row.insert("order_id", number.clone());
            row.insert("user", user.clone());
            row.insert("created_by", order.created_by.as_ref().map(AdminId::record));
            rows.orders.push(row);
            if let Some(key) = &order.idempotency_key {
                let sender = sender(&order.user, order.created_by.as_ref());
                rows.keys.push(KeyRow {
                    id: key_record(sender.clone(), key),
                    user: sender,
                    idempotency_key: key.clone(),
                    order: id.clone(),
                });
            }
            let confirmation = &order.mails.confirmation;
            rows.mails.push(MailRow {
                id: mail_record(&placing.id),
                recipient: confirmation.recipient.clone(),
                order: id.clone(),
                subject: mails::numbered(&confirmation.subject, &number),
                body: String::new(),
                template: PLACED_TEMPLATES[0].to_owned(),
                attach_invoice: confirmation.attach_invoice,
                companion: notice_companion(&order.mails.notice, &number),
                created_at: claim.at,
                pending: true,
                due_at: claim.until,
                attempts: 1,
                claimed_by: claim.node.clone(),
            });
            // A customer's orders in the group all count, once any of them is limited.
            let limit = pending.entry(&order.user).or_insert((u32::MAX, 0));
            limit.0 = limit.0.min(order.max_pending.unwrap_or(u32::MAX));
            limit.1 += 1;
            if let Some(coupon) = &order.coupon {
                rows.coupons.push(CouponOrder {
                    order: id.clone(),
                    user: user.clone(),
                    coupon: coupon.clone(),
                });
            }
            if let Some(admin) = &order.created_by {
                rows.audited.push(AuditedOrder {
                    order: id.clone(),
                    actor: admin.record(),
                });
            }
            rows.ids.push(id);
            rows.numbers.push(number);
        }
        rows.pending = pending
            .into_iter()
            .filter(|(_, (most, _))| *most != u32::MAX)
            .map(|(user, (most, placing))| PendingLimit {
                user: user.record(),
                most: i64::from(most),
                placing,
            })
            .collect();
        rows
    }
}

/// The number of the last order placed: the order counter's value.
pub async fn last_order_number(db: &Db) -> anyhow::Result<i64> {
    let mut response = db
        .query("SELECT VALUE value FROM ONLY counter:order_number")
        .await
        .context("reading the order counter")?;
    let value: Option<i64> = response.take(0).context("reading the order counter")?;
    value.context("the order counter is missing")
}

/// A group's placement transaction, its statements chosen for what the group holds.
/// SurrealDB charges every statement, loop and `IF` a fixed part, work or none (statements
/// bench, one-order groups: an empty `FOR` about 10 µs, an `IF` around an `INSERT` about 45 µs),
/// so the text is put together from fixed statements, leaving out those with nothing to do.
struct PlacementQuery {
    text: String,
    /// Statements after the orders' `INSERT`, `COMMIT` included: its answer is found from the
    /// end, whatever SurrealDB counts before it.
    after_insert: usize,
}

impl PlacementQuery {
    /// First, so that a group numbered from a stale value stops before doing any work.
    const NUMBERING: &str = "BEGIN; \
        LET $counter = (UPDATE ONLY counter:order_number SET value += array::len($ids) RETURN BEFORE).value; \
        IF $counter != $last { THROW 'numbers_moved:' + <string> $counter }; ";
    /// Reads at most the limit's worth of each customer's pending orders. The `SELECT` reads
    /// plain variables: one that reads `$limit.user` cost 50-190 µs more a customer.
    const PENDING: &str = "FOR $limit IN $pending { \
            LET $user = $limit.user; \
            LET $most = $limit.most; \
            IF array::len(SELECT VALUE id FROM shop_order WHERE user = $user AND status = 'pending' LIMIT $most) + $limit.placing > $most \
                { THROW 'too_many_pending:' + <string> $most }; \
        }; ";
    const COUPONS: &str = "FOR $use IN $coupons { \
            LET $coupon = $use.coupon; \
            LET $terms = (SELECT * FROM ONLY $coupon.id); \
            IF $terms = NONE { THROW 'coupon_unusable:not_found' }; \
            IF <string> $terms.updated_at != $coupon.version { THROW 'coupon_changed' }; \
            IF !$terms.active { THROW 'coupon_unusable:inactive' }; \
            IF $terms.valid_from != NONE AND time::now() < $terms.valid_from { THROW 'coupon_unusable:not_started' }; \
            IF $terms.valid_until != NONE AND time::now() >= $terms.valid_until { THROW 'coupon_unusable:expired' }; \
            IF $terms.usage_limit != NONE AND $terms.uses >= $terms.usage_limit { THROW 'coupon_unusable:used_up' }; \
            LET $mine = array::len(SELECT VALUE id FROM coupon_use WHERE coupon = $coupon.id AND user = $use.user); \
            IF $terms.per_customer_limit != NONE AND $mine >= $terms.per_customer_limit { THROW 'coupon_unusable:used_by_you' }; \
            UPDATE $coupon.id SET uses += 1 RETURN NONE; \
            CREATE type::record('coupon_use', [$terms.code, record::id($use.user), $mine + 1]) \
                SET coupon = $coupon.id, user = $use.user, order = $use.order RETURN NONE; \
        }; ";
    const ORDERS: &str = "INSERT INTO shop_order $orders \
        RETURN record::id(id) AS id, <string> created_at AS created_at, <string> updated_at AS updated_at; ";
    const KEYS: &str = "INSERT INTO order_request $keys RETURN NONE; ";
    const MAILS: &str = "INSERT INTO mail $mails RETURN NONE; ";
    const AUDITED: &str = concat!(
        "FOR $audited IN $audited { LET $id = $audited.order; LET $actor = $audited.actor; ",
        crate::audit_before_create!(),
        crate::audit_record!("order", "create"),
        "}; "
    );

    fn new(rows: &PlacementRows) -> PlacementQuery {
        let mut text = String::from(Self::NUMBERING);
        text.push_str(check_prices_and_move_stock!());
        if !rows.pending.is_empty() {
            text.push_str(Self::PENDING);
        }
        if !rows.coupons.is_empty() {
            text.push_str(Self::COUPONS);
        }
        text.push_str(Self::ORDERS);
        let mut after_insert = 1;
        for (statement, wanted) in [
            (Self::KEYS, !rows.keys.is_empty()),
            (Self::MAILS, !rows.mails.is_empty()),
            (Self::AUDITED, !rows.audited.is_empty()),
        ] {
            if wanted {
                text.push_str(statement);
                after_insert += 1;
            }
        }
        text.push_str("COMMIT;");
        PlacementQuery { text, after_insert }
    }
}

/// Places orders in one transaction, numbered on from `last`, the order counter's value as this
/// node last saw it ([`WriteError::NumbersMoved`] when it moved: number them again), their mails
/// stored under `claim` for the placing node to send. Checks the
/// prices and takes the stock of them all (once per product), checks each customer's open
/// pending orders and the coupons, then inserts the orders, their key records (whose
/// `[sender, key]` ids refuse a key used before: [`WriteError::DuplicateKey`]) and their mails.
/// One refusal refuses them all, naming the cause but not the order;
/// `orders::group_commit` then places them one by one to tell.
/// Returns the new orders as stored, in the order given, from what it wrote and the id and
/// times their `INSERT` returns: a second query after it cost every placement 1.3 ms and 15-20%
/// of the orders bench's rate, a `SELECT` of them before `COMMIT` read each back again, and
/// returning the whole order from the `INSERT` (the answer's projection, with the customer's
/// name, e-mail and company through `user`) took about 0.33 ms an order more than returning the
/// id and times, in the transaction every placement of a node waits its turn for.
pub async fn place(
    db: &Db,
    orders: &[Placing],
    last: i64,
    claim: &StoreClaim,
) -> Result<Vec<OrderRow>, WriteError> {
    let (moves, price_checks) = StockWork::merged(orders.iter().map(|order| &order.work)).bound();
    let rows = PlacementRows::new(orders, last, claim);
    let query = PlacementQuery::new(&rows);
    let mut response = db
        .query(query.text)
        .bind(("last", last))
        .bind(("moves", moves))
        .bind(("price_checks", price_checks))
        .bind(("pending", rows.pending))
        .bind(("coupons", rows.coupons))
        .bind(("orders", rows.orders))
        .bind(("keys", rows.keys))
        .bind(("mails", rows.mails))
        .bind(("audited", rows.audited))
        .bind(("ids", rows.ids.clone()))
        .await
        .context("placing orders")?;
    write_error(&mut response, "placing orders")?;
    let insert = response
        .num_statements()
        .saturating_sub(query.after_insert + 1);
    let stored: Vec<PlacedStamp> = response
        .take(insert)
        .context("reading the orders just placed")?;
    let mut stored: HashMap<String, PlacedStamp> = stored
        .into_iter()
        .map(|stamp| (stamp.id.clone(), stamp))
        .collect();
    orders
        .iter()
        .zip(rows.ids)
        .zip(rows.numbers)
        .map(|((placing, id), number)| {
            OrderId::from_record(&id)
                .and_then(|id| stored.remove(id.key()))
                .map(|stamp| OrderRow::placed(&placing.order, number, stamp))
                .ok_or_else(|| {
                    WriteError::Other(anyhow::anyhow!(
                        "the order just placed ({id:?}) reads as none"
                    ))
                })
        })
        .collect()
}

/// A document number to issue in a status change's transaction: the next of a series.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct Issue {
    /// The series' counter (`counter:invoice_2026`), holding the last number handed out.
    pub counter: RecordId,
    /// The text before the number: `WSK/26-27/`.
    pub prefix: String,
}

/// The documents a status change issues.
#[derive(Debug, Clone, Default)]
pub struct Documents {
    /// The tax invoice, when the order is first marked shipped or delivered.
    pub invoice: Option<Issue>,
    /// The credit note, when an invoiced order is cancelled.
    pub credit_note: Option<Issue>,
}

/// Replaces an order's fields, moves stock and issues the documents the change calls for,
/// provided the order still has the `seen` version. A document takes the next number of its
/// series in the same transaction, so numbers have no gaps (a failed change rolls its number
/// back) and no duplicates (two changes taking one conflict on the counter, and one runs again;
/// and the number's `document_number` record refuses one issued before, whatever the counter
/// says).
#[allow(clippy::too_many_arguments)] // one transaction's inputs, each a different kind
pub async fn update(
    db: &Db,
    actor: &AdminId,
    id: &OrderId,
    seen: &str,
    fields: OrderFields,
    work: &StockWork,
    documents: Documents,
    mails: Vec<mails::OrderMail>,
) -> Result<(), WriteError> {
    let (moves, price_checks) = work.bound();
    let mut response = db
        .query(concat!(
            "BEGIN; ",
            crate::audit_before!(),
            "LET $version = (SELECT VALUE <string> updated_at FROM ONLY $id); \
             IF $version != $seen { THROW 'order_changed' }; ",
            forget_sales_day!(),
            check_prices_and_move_stock!(),
            "UPDATE $id MERGE $fields RETURN NONE; \
             IF $invoice != NONE { ",
            issue_document_number!("invoice", "invoice", "$invoice", "$id", "time::now()"),
            "}; \
             IF $credit_note != NONE { ",
            issue_document_number!("credit_note", "credit note", "$credit_note", "$id", "time::now()"),
            "}; \
             FOR $mail IN $mails { \
                 CREATE mail SET recipient = $mail.recipient, order = $id, subject = $mail.subject, \
                     body = $mail.body, html = $mail.html, attach_invoice = $mail.attach_invoice RETURN NONE; \
             }; ",
            crate::audit_record!("order", "update"),
            "COMMIT;"
        ))
        .bind(("id", id.record()))
        .bind(("actor", actor.record()))
        .bind(("seen", seen.to_owned()))
        .bind(("moves", moves))
        .bind(("price_checks", price_checks))
        .bind(("fields", fields))
        .bind(("invoice", documents.invoice))
        .bind(("credit_note", documents.credit_note))
        .bind(("mails", mails))
        .await
        .context("updating an order")?;
    write_error(&mut response, "updating an order")
}

/// Deletes an order and returns the stock in `work`, provided it still has the `seen` version.
pub async fn delete(
    db: &Db,
    actor: &AdminId,
    id: &OrderId,
    seen: &str,
    work: &StockWork,
) -> Result<(), WriteError> {
    let (moves, price_checks) = work.bound();
    let mut response = db
        .query(concat!(
            "BEGIN; ",
            crate::audit_before!(),
            "LET $version = (SELECT VALUE <string> updated_at FROM ONLY $id); \
             IF $version != $seen { THROW 'order_changed' }; ",
            forget_sales_day!(),
            check_prices_and_move_stock!(),
            "DELETE order_request WHERE order = $id; \
             DELETE $id; ",
            crate::audit_record!("order", "delete"),
            "COMMIT;"
        ))
        .bind(("id", id.record()))
        .bind(("actor", actor.record()))
        .bind(("seen", seen.to_owned()))
        .bind(("moves", moves))
        .bind(("price_checks", price_checks))
        .await
        .context("deleting an order")?;
    write_error(&mut response, "deleting an order")
}

pub async fn find(db: &Db, id: &OrderId) -> anyhow::Result<Option<OrderRow>> {
    let mut response = db
        .query(concat!("SELECT ", order_fields!(), " FROM ONLY $id"))
        .bind(("id", id.record()))
        .await
        .context("loading an order")?;
    response.take(0).context("reading an order")
}

/// The number (ORD1001) and fields of order `order` (`shop_order:<key>`), if there is one: what
/// its placement mails are rendered from.
pub async fn numbered_fields(
    db: &Db,
    order: RecordId,
) -> anyhow::Result<Option<(String, OrderFields)>> {
    let mut response = db
        .query("SELECT VALUE order_id FROM ONLY $order; SELECT * FROM ONLY $order")
        .bind(("order", order))
        .await
        .context("loading an order for its mail")?;
    let number: Option<String> = response.take(0).context("reading an order for its mail")?;
    let fields: Option<OrderFields> = response.take(1).context("reading an order for its mail")?;
    Ok(number.zip(fields))
}

/// The order an Idempotency-Key of this sender (a customer or an admin) created, if any. A
/// placement asks it only once refused: one that goes through reads no key, since its
/// transaction refuses a key used before.
pub async fn by_idempotency_key(
    db: &Db,
    sender: RecordId,
    key: &str,
) -> anyhow::Result<Option<OrderId>> {
    let mut response = db
        .query("SELECT VALUE order FROM ONLY $key")
        .bind(("key", key_record(sender, key)))
        .await
        .context("looking up an Idempotency-Key")?;
    let found: Option<RecordId> = response.take(0).context("reading an Idempotency-Key")?;
    Ok(found.as_ref().and_then(OrderId::from_record))
}

/// The conditions of a filtered order list beyond its first: a status, and a text in the
/// order number, name, e-mail or company.
macro_rules! narrowed {
    () => {
        " AND ($status = NONE OR status = $status) \
         AND ($q = NONE OR string::contains(string::lowercase(order_id), $q) \
             OR string::contains(string::lowercase(name), $q) OR string::contains(string::lowercase(email), $q) \
             OR string::contains(string::lowercase(company), $q))"
    };
}

/// A page of the orders `$matching` picks, newest first, then their count.
macro_rules! page_and_count {
    ($matching:expr) => {
        concat!(
            "SELECT ",
            order_fields!(),
            " FROM shop_order",
            $matching,
            " ORDER BY created_at DESC LIMIT $limit START $start; ",
            "SELECT count() AS total FROM shop_order",
            $matching,
            " GROUP ALL;"
        )
    };
}

/// One page of a customer's orders, newest first, only those `filter` lets through (a status,
/// a text in the order number, name, e-mail or company), and how many there are, along the
/// `(user, created_at)` index. The admin's list of every order is `orders::admin_list`'s,
/// answered from memory.
pub async fn customer_list(
    db: &Db,
    user: &UserId,
    filter: &OrderFilter,
    page: pricing::PageRequest,
) -> anyhow::Result<(Vec<OrderRow>, u64)> {
    let mut response = db
        .query(page_and_count!(concat!(" WHERE user = $user", narrowed!())))
        .bind(("user", user.record()))
        .bind((
            "status",
            filter.status.map(|status| status.as_str().to_owned()),
        ))
        .bind(("q", filter.needle()))
        .bind(("limit", i64::from(page.page_size)))
        .bind(("start", crate::paging::bound(page.offset())))
        .await
        .context("listing orders")?;
    let orders: Vec<OrderRow> = response.take(0).context("reading orders")?;
    let total: Option<i64> = response.take((1, "total")).context("counting orders")?;
    Ok((orders, crate::paging::total(total)))
}

/// The orders with these ids, in the order given; those that no longer exist are left out.
pub async fn rows(db: &Db, ids: &[OrderId]) -> anyhow::Result<Vec<OrderRow>> {
    let records: Vec<RecordId> = ids.iter().map(OrderId::record).collect();
    let mut response = db
        .query(concat!("SELECT ", order_fields!(), " FROM $records"))
        .bind(("records", records))
        .await
        .context("loading orders")?;
    let found: Vec<OrderRow> = response.take(0).context("reading orders")?;
    let mut found: HashMap<String, OrderRow> =
        found.into_iter().map(|row| (row.id.clone(), row)).collect();
    Ok(ids.iter().filter_map(|id| found.remove(id.key())).collect())
}

/// An order as the admin's order list keeps it in memory: the fields a text is looked for in,
/// and what places it in the list.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct IndexedOrder {
    /// The record key.
    pub id: String,
    pub order_id: String,
    pub name: String,
    pub email: String,
    pub company: String,
    pub status: OrderStatus,
    pub created_at: Datetime,
}

/// What the admin's order list reads of the orders, all from one snapshot of the database.
#[derive(Debug)]
pub struct IndexRead {
    /// The orders placed or edited since the time asked for.
    pub orders: Vec<IndexedOrder>,
    /// The record keys of the orders edited since then that no longer exist.
    pub deleted: Vec<String>,
    /// How many orders there are.
    pub total: u64,
    /// What to ask for next time: the database's clock at the read, less five seconds.
    pub next_since: Datetime,
}

/// The fields of a [`IndexedOrder`].
macro_rules! indexed_fields {
    () => {
        "record::id(id) AS id, order_id, name, email, company, status, created_at"
    };
}

/// Up to `limit` orders for the admin's order list, oldest first, placed at `after` or later
/// (from the first when `None`), along `shop_order_created`. Read a batch at a time, the
/// orders' values are freed before the next batch: read at once, the 50,000 of the large store
/// left the idle server about 25 MB more besides the list's own 17 MB.
pub async fn indexed_batch(
    db: &Db,
    after: Option<Datetime>,
    limit: i64,
) -> anyhow::Result<Vec<IndexedOrder>> {
    let query = match after {
        None => concat!(
            "SELECT ",
            indexed_fields!(),
            " FROM shop_order ORDER BY created_at LIMIT $limit"
        ),
        Some(_) => concat!(
            "SELECT ",
            indexed_fields!(),
            " FROM shop_order WHERE created_at >= $after ORDER BY created_at LIMIT $limit"
        ),
    };
    let mut response = db
        .query(query)
        .bind(("after", after))
        .bind(("limit", limit))
        .await
        .context("reading orders to list")?;
    response.take(0).context("reading orders to list")
}

/// The orders placed since `$since` (along `shop_order_created`) and those edited or deleted
/// since then (along the audit log's `audit_at`: every write of an order but its placement is
/// an admin's, and audited), with the count of all orders, which catches an order missed
/// anyway, and the time to read from next: five seconds before now. A placement's `created_at`
/// is the placing node's clock just before its transaction, and an edit's audit time is when
/// its statement ran, both before the commit; an order committed after a read is found by the
/// next one while its commit came less than those five seconds after (less any difference
/// between the nodes' and the database's clocks). The entity is tested outside the read of
/// the audit log: with both conditions in one `WHERE`, SurrealDB also read every order's keys
/// of the `(entity, entity_id)` index (44-49 ms with 100,000 order edits logged, against
/// 0.7-0.9 ms along `audit_at` alone).
const INDEXED_SINCE: &str = concat!(
    "BEGIN; \
     LET $next_since = time::now() - 5s; \
     LET $edited = array::distinct(SELECT VALUE entity_id FROM (SELECT entity, entity_id FROM audit WHERE at >= $since) WHERE entity = 'order'); \
     SELECT ",
    indexed_fields!(),
    " FROM shop_order WHERE created_at >= $since; \
     SELECT ",
    indexed_fields!(),
    " FROM $edited.map(|$key| type::record('shop_order', $key)); \
     SELECT count() AS total FROM shop_order GROUP ALL; \
     RETURN { next_since: $next_since, edited: $edited }; \
     COMMIT;"
);

/// The orders placed or edited from `since` on for the admin's order list, with the count of
/// all orders, which tells the list whether it missed a write or a deletion. Reads nothing more than the placement writes anyway: an index
/// of its own (on `updated_at`) cost the orders bench 15% of its rate.
pub async fn indexed_orders(db: &Db, since: Datetime) -> anyhow::Result<IndexRead> {
    #[derive(SurrealValue)]
    #[surreal(crate = "surrealdb::types")]
    struct Read {
        next_since: Datetime,
        edited: Vec<String>,
    }
    let mut response = db
        .query(INDEXED_SINCE)
        .bind(("since", since))
        .await
        .context("reading orders to list")?;
    // From the end: COMMIT answers last, and BEGIN and LET may answer too.
    let last = response.num_statements().saturating_sub(2);
    let read: Option<Read> = response
        .take(last)
        .context("reading the database's clock")?;
    let read = read.context("the order list's read returned nothing")?;
    let total: Option<i64> = response
        .take((last - 1, "total"))
        .context("counting orders")?;
    let mut orders: Vec<IndexedOrder> =
        response.take(last - 2).context("reading orders to list")?;
    let placed: Vec<IndexedOrder> = response.take(last - 3).context("reading orders to list")?;
    orders.extend(placed);
    let found: std::collections::HashSet<&str> =
        orders.iter().map(|order| order.id.as_str()).collect();
    let deleted = read
        .edited
        .iter()
        .filter(|key| !found.contains(key.as_str()))
        .cloned()
        .collect();
    Ok(IndexRead {
        orders,
        deleted,
        total: crate::paging::total(total),
        next_since: read.next_since,
    })
}

/// The orders placed in `[start, end)`, optionally of one status, oldest first (for the CSV
/// export).
pub async fn placed_between(
    db: &Db,
    start: &str,
    end: &str,
    status: Option<OrderStatus>,
) -> anyhow::Result<Vec<OrderRow>> {
    let mut response = db
        .query(concat!(
            // The bounds as datetimes before the SELECT: compared with a cast expression,
            // SurrealDB reads the whole `shop_order_created` index instead of the range.
            "LET $start = <datetime> $start_text; LET $end = <datetime> $end_text; SELECT ",
            order_fields!(),
            " FROM shop_order WHERE created_at >= $start AND created_at < $end \
             AND ($status = NONE OR status = $status) ORDER BY created_at"
        ))
        .bind(("start_text", start.to_owned()))
        .bind(("end_text", end.to_owned()))
        .bind(("status", status.map(|status| status.as_str().to_owned())))
        .await
        .context("reading orders to export")?;
    response.take(2).context("reading orders to export")
}

/// The products with these ids as an order needs them; missing ones are left out.
pub async fn products(
    db: &Db,
    ids: &[ProductId],
    default_rate: GstRate,
) -> anyhow::Result<HashMap<ProductId, CurrentProduct>> {
    #[derive(SurrealValue)]
    #[surreal(crate = "surrealdb::types")]
    struct Row {
        id: RecordId,
        title: String,
        selling_price: Decimal,
        stock: i64,
        images: Vec<Option<ImageSlot>>,
        hsn: String,
        gst_rate: Option<Decimal>,
    }
    let records: Vec<RecordId> = ids.iter().map(ProductId::record).collect();
    let mut response = db
        .query("SELECT id, title, selling_price, stock, images, hsn, gst_rate FROM $records")
        .bind(("records", records))
        .await
        .context("loading the ordered products")?;
    let rows: Vec<Row> = response.take(0).context("reading the ordered products")?;
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let image = row
                .images
                .into_iter()
                .flatten()
                .next()
                .map(|slot| url(&slot.thumb))
                .unwrap_or_default();
            let product = CurrentProduct {
                title: row.title,
                selling_price: Money::round(row.selling_price),
                stock: row.stock,
                image,
                hsn: row.hsn,
                gst_rate: stored_rate(row.gst_rate).unwrap_or(default_rate),
            };
            Some((ProductId::from_record(&row.id)?, product))
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn product(key: &str) -> ProductId {
        ProductId::parse(key).expect("a valid key")
    }

    #[test]
    fn a_groups_work_sums_each_products_moves_and_checks_each_price_once() {
        let (flour, mold, sugar) = (product("flour"), product("mold"), product("sugar"));
        let first = StockWork {
            moves: vec![(mold.clone(), -2), (flour.clone(), -1)],
            price_checks: vec![
                (mold.clone(), Money::from_whole_rupees(450)),
                (flour.clone(), Money::from_whole_rupees(90)),
            ],
        };
        let second = StockWork {
            moves: vec![(flour.clone(), -3), (sugar.clone(), -1)],
            price_checks: vec![
                (flour.clone(), Money::from_whole_rupees(90)),
                (sugar.clone(), Money::from_whole_rupees(60)),
            ],
        };
        // Priced before and after a price change: both prices are checked, so one refuses.
        let third = StockWork {
            moves: vec![(flour.clone(), -1)],
            price_checks: vec![(flour.clone(), Money::from_whole_rupees(95))],
        };

        let merged = StockWork::merged([&first, &second, &third]);

        assert_eq!(
            merged.moves,
            vec![(flour.clone(), -5), (mold.clone(), -2), (sugar.clone(), -1)]
        );
        assert_eq!(
            merged.price_checks,
            vec![
                (flour.clone(), Money::from_whole_rupees(90)),
                (flour, Money::from_whole_rupees(95)),
                (mold, Money::from_whole_rupees(450)),
                (sugar, Money::from_whole_rupees(60)),
            ]
        );
    }
}
