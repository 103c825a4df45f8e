//! All SurrealQL about orders. Every write that moves stock runs as one transaction that checks
//! and moves the stock, checks the prices it charges, and writes the order, so concurrent buyers
//! can never oversell. A write that loses a race to another transaction reports
//! [`WriteError::Conflict`] and is run again by the caller.

use std::collections::HashMap;

use anyhow::Context;
use pricing::Money;
use rust_decimal::Decimal;
use surrealdb::types::{RecordId, SurrealValue};

use crate::db::Db;
use crate::db::errors::{Failure, failure};
use crate::domain::{AdminId, OrderId, ProductId, UserId};
use crate::orders::lines::{CurrentProduct, PricedLine};
use crate::orders::types::{Order, OrderCustomer, OrderItem, OrderStatus};
use crate::products::repo::ImageSlot;
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
        LET $stock = $move.product.stock; \
        IF $stock = NONE { IF $move.delta < 0 { THROW 'product_gone:' + record::id($move.product) } } \
        ELSE IF $stock + $move.delta < 0 { THROW 'out_of_stock:' + record::id($move.product) + ':' + <string> $stock } \
        ELSE { UPDATE $move.product SET stock += $move.delta RETURN NONE }; \
    }; "
    };
}

macro_rules! order_fields {
    () => {
        "record::id(id) AS id, order_id, name, email, address, city, state, company, cart_items, num_items_in_cart, \
         charge_total, discount, order_total, status, record::id(user) AS user_id, user.username AS user_name, \
         user.email AS user_email, user.company AS user_company, <string> created_at AS created_at, \
         <string> updated_at AS updated_at"
    };
}

/// A line as stored.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct StoredItem {
    /// The product.
    pub product: RecordId,
    /// Its title when ordered.
    pub name: String,
    /// The unit price charged.
    pub price: Decimal,
    /// Units.
    pub amount: i64,
    /// Its image URL when ordered.
    pub image: String,
}

impl From<&PricedLine> for StoredItem {
    fn from(line: &PricedLine) -> StoredItem {
        StoredItem {
            product: line.product.record(),
            name: line.name.clone(),
            price: line.price.as_decimal(),
            amount: i64::from(line.amount),
            image: line.image.clone(),
        }
    }
}

/// The stored fields an order write sets (all but its number, customer and times).
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct OrderFields {
    /// Ship to: name.
    pub name: String,
    /// Contact e-mail.
    pub email: String,
    /// Ship to: street address.
    pub address: String,
    /// Ship to: city.
    pub city: String,
    /// Ship to: state.
    pub state: String,
    /// Ship to: company.
    pub company: String,
    /// The lines.
    pub cart_items: Vec<StoredItem>,
    /// Units over all lines.
    pub num_items_in_cart: i64,
    /// Subtotal.
    pub charge_total: Decimal,
    /// Discount.
    pub discount: Decimal,
    /// What is charged.
    pub order_total: Decimal,
    /// Status.
    pub status: String,
}

/// An order as stored, with its customer.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct OrderRow {
    /// The record key.
    pub id: String,
    /// ORD1001...
    pub order_id: String,
    /// Everything the write set.
    pub name: String,
    /// See [`OrderFields`].
    pub email: String,
    /// See [`OrderFields`].
    pub address: String,
    /// See [`OrderFields`].
    pub city: String,
    /// See [`OrderFields`].
    pub state: String,
    /// See [`OrderFields`].
    pub company: String,
    /// See [`OrderFields`].
    pub cart_items: Vec<StoredItem>,
    /// See [`OrderFields`].
    pub num_items_in_cart: i64,
    /// See [`OrderFields`].
    pub charge_total: Decimal,
    /// See [`OrderFields`].
    pub discount: Decimal,
    /// See [`OrderFields`].
    pub order_total: Decimal,
    /// See [`OrderFields`].
    pub status: String,
    /// The customer's key.
    pub user_id: String,
    /// The customer's name.
    pub user_name: Option<String>,
    /// The customer's e-mail address.
    pub user_email: Option<String>,
    /// The customer's company.
    pub user_company: Option<String>,
    /// RFC 3339.
    pub created_at: String,
    /// RFC 3339; also the version an edit expects to find.
    pub updated_at: String,
}

impl OrderRow {
    /// The order's status (pending when the stored text is unknown).
    pub fn status(&self) -> OrderStatus {
        OrderStatus::parse(&self.status).unwrap_or(OrderStatus::Pending)
    }

    /// Its lines as (product, amount).
    pub fn held_lines(&self) -> Vec<(ProductId, u32)> {
        self.cart_items
            .iter()
            .filter_map(|item| Some((ProductId::from_record(&item.product)?, u32::try_from(item.amount).ok()?)))
            .collect()
    }

    /// The API view.
    pub fn view(self) -> Order {
        let status = self.status();
        Order {
            id: self.id,
            order_id: self.order_id,
            name: self.name,
            email: self.email,
            address: self.address,
            city: self.city,
            state: self.state,
            company: self.company,
            cart_items: self
                .cart_items
                .into_iter()
                .map(|item| OrderItem {
                    product_id: ProductId::from_record(&item.product).map(|id| id.key().to_owned()).unwrap_or_default(),
                    name: item.name,
                    price: Money::round(item.price),
                    amount: u32::try_from(item.amount).unwrap_or(0),
                    image: item.image,
                })
                .collect(),
            num_items_in_cart: u32::try_from(self.num_items_in_cart).unwrap_or(0),
            charge_total: Money::round(self.charge_total),
            discount: Money::round(self.discount),
            order_total: Money::round(self.order_total),
            status,
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
    /// The product.
    pub product: RecordId,
    /// The price charged.
    pub price: Decimal,
}

/// Units of a product taken off (negative) or put back on (positive) the shelf.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct StockMove {
    /// The product.
    pub product: RecordId,
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
    fn bound(&self) -> (Vec<StockMove>, Vec<PriceCheck>) {
        (
            self.moves.iter().map(|(product, delta)| StockMove { product: product.record(), delta: *delta }).collect(),
            self.price_checks.iter().map(|(product, price)| PriceCheck { product: product.record(), price: price.as_decimal() }).collect(),
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
        /// The product.
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
    /// The customer already has this many unpaid pending orders open, the most allowed.
    #[error("too many pending orders")]
    TooManyPending(u32),
    /// Anything else.
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

/// Reads the failure of an order transaction: a THROW of ours, a lost race, a reused key.
fn write_error(response: &mut surrealdb::IndexedResults, doing: &'static str) -> Result<(), WriteError> {
    match failure(response) {
        None => Ok(()),
        Some(Failure::Thrown(text)) => {
            let mut parts = text.splitn(3, ':');
            let (kind, product) = (parts.next().unwrap_or_default(), parts.next().and_then(ProductId::parse));
            Err(match (kind, product) {
                ("out_of_stock", Some(product)) => {
                    let left = parts.next().and_then(|left| left.trim().parse().ok()).unwrap_or(0);
                    WriteError::OutOfStock { product, left }
                }
                ("price_changed", Some(product)) => WriteError::PriceChanged(product),
                ("product_gone", Some(product)) => WriteError::ProductGone(product),
                ("order_changed", _) => WriteError::OrderChanged,
                ("too_many_pending", _) => WriteError::TooManyPending(text.rsplit(':').next().and_then(|count| count.parse().ok()).unwrap_or(0)),
                _ => WriteError::Other(anyhow::anyhow!("{doing}: {text}")),
            })
        }
        Some(Failure::IndexViolated(index)) if index == "order_request_key" => Err(WriteError::DuplicateKey),
        Some(Failure::IndexViolated(index)) => Err(WriteError::Other(anyhow::anyhow!("{doing}: violated {index}"))),
        Some(Failure::Conflict) => Err(WriteError::Conflict),
        Some(Failure::Other(error)) => Err(WriteError::Other(anyhow::Error::new(error).context(doing))),
    }
}

/// A new order.
#[derive(Debug, Clone)]
pub struct NewOrder {
    /// The customer.
    pub user: UserId,
    /// The admin who placed it for them, if any.
    pub created_by: Option<AdminId>,
    /// The stored fields.
    pub fields: OrderFields,
    /// The Idempotency-Key its sender (the customer, or the admin placing it) sent, if any.
    pub idempotency_key: Option<String>,
    /// Refuse the order when the customer already has this many pending orders open.
    pub max_pending: Option<u32>,
}

/// Who sent an order, whose Idempotency-Keys it is unique among: the admin who placed it for
/// the customer, or the customer.
pub fn sender(user: &UserId, created_by: Option<&AdminId>) -> RecordId {
    created_by.map_or_else(|| user.record(), AdminId::record)
}

/// Places an order in one transaction: checks the customer's open pending orders and the
/// prices, takes the stock, allocates the next order number and inserts the order (and the
/// Idempotency-Key record). Returns the new order's id.
pub async fn place(db: &Db, order: NewOrder, work: &StockWork) -> Result<OrderId, WriteError> {
    let (moves, price_checks) = work.bound();
    let id = OrderId::generate();
    let mut response = db
        .query(concat!(
            "BEGIN; \
             IF $max_pending != NONE AND array::len(SELECT VALUE id FROM shop_order WHERE user = $user AND status = 'pending') >= $max_pending \
                 { THROW 'too_many_pending:' + <string> $max_pending }; ",
            check_prices_and_move_stock!(),
            "LET $number = (UPDATE ONLY counter:order_number SET value += 1 RETURN AFTER).value; \
             CREATE $id SET order_id = 'ORD' + <string> $number, user = $user, created_by = $created_by, \
                 name = $fields.name, email = $fields.email, address = $fields.address, city = $fields.city, \
                 state = $fields.state, company = $fields.company, cart_items = $fields.cart_items, \
                 num_items_in_cart = $fields.num_items_in_cart, charge_total = $fields.charge_total, \
                 discount = $fields.discount, order_total = $fields.order_total, status = $fields.status RETURN NONE; \
             IF $key != NONE { CREATE order_request SET user = $sender, idempotency_key = $key, order = $id RETURN NONE }; \
             COMMIT;"
        ))
        .bind(("max_pending", order.max_pending.map(i64::from)))
        .bind(("sender", sender(&order.user, order.created_by.as_ref())))
        .bind(("moves", moves))
        .bind(("price_checks", price_checks))
        .bind(("id", id.record()))
        .bind(("fields", order.fields))
        .bind(("user", order.user.record()))
        .bind(("created_by", order.created_by.map(|admin| admin.record())))
        .bind(("key", order.idempotency_key))
        .await
        .context("placing an order")?;
    write_error(&mut response, "placing an order")?;
    Ok(id)
}

/// Replaces an order's fields and moves stock, provided the order still has the `seen` version.
pub async fn update(db: &Db, id: &OrderId, seen: &str, fields: OrderFields, work: &StockWork) -> Result<(), WriteError> {
    let (moves, price_checks) = work.bound();
    let mut response = db
        .query(concat!(
            "BEGIN; \
             LET $version = (SELECT VALUE <string> updated_at FROM ONLY $id); \
             IF $version != $seen { THROW 'order_changed' }; ",
            check_prices_and_move_stock!(),
            "UPDATE $id MERGE $fields RETURN NONE; \
             COMMIT;"
        ))
        .bind(("id", id.record()))
        .bind(("seen", seen.to_owned()))
        .bind(("moves", moves))
        .bind(("price_checks", price_checks))
        .bind(("fields", fields))
        .await
        .context("updating an order")?;
    write_error(&mut response, "updating an order")
}

/// Deletes an order and returns the stock in `work`, provided it still has the `seen` version.
pub async fn delete(db: &Db, id: &OrderId, seen: &str, work: &StockWork) -> Result<(), WriteError> {
    let (moves, price_checks) = work.bound();
    let mut response = db
        .query(concat!(
            "BEGIN; \
             LET $version = (SELECT VALUE <string> updated_at FROM ONLY $id); \
             IF $version != $seen { THROW 'order_changed' }; ",
            check_prices_and_move_stock!(),
            "DELETE order_request WHERE order = $id; \
             DELETE $id; \
             COMMIT;"
        ))
        .bind(("id", id.record()))
        .bind(("seen", seen.to_owned()))
        .bind(("moves", moves))
        .bind(("price_checks", price_checks))
        .await
        .context("deleting an order")?;
    write_error(&mut response, "deleting an order")
}

/// The order with this id.
pub async fn find(db: &Db, id: &OrderId) -> anyhow::Result<Option<OrderRow>> {
    let mut response = db
        .query(concat!("SELECT ", order_fields!(), " FROM ONLY $id"))
        .bind(("id", id.record()))
        .await
        .context("loading an order")?;
    response.take(0).context("reading an order")
}

/// The order an Idempotency-Key of this sender (a customer or an admin) created, if any.
pub async fn by_idempotency_key(db: &Db, sender: RecordId, key: &str) -> anyhow::Result<Option<OrderId>> {
    let mut response = db
        .query("SELECT VALUE order FROM order_request WHERE user = $sender AND idempotency_key = $key LIMIT 1")
        .bind(("sender", sender))
        .bind(("key", key.to_owned()))
        .await
        .context("looking up an Idempotency-Key")?;
    let found: Vec<RecordId> = response.take(0).context("reading an Idempotency-Key")?;
    Ok(found.first().and_then(OrderId::from_record))
}

/// One page of orders, newest first (one customer's when `user` is given), and how many there are.
pub async fn list(db: &Db, user: Option<&UserId>, page: pricing::PageRequest) -> anyhow::Result<(Vec<OrderRow>, u64)> {
    let mut response = db
        .query(concat!(
            "SELECT ",
            order_fields!(),
            ", created_at AS placed FROM shop_order WHERE $user = NONE OR user = $user ORDER BY placed DESC LIMIT $limit START $start; ",
            "SELECT count() AS total FROM shop_order WHERE $user = NONE OR user = $user GROUP ALL;"
        ))
        .bind(("user", user.map(UserId::record)))
        .bind(("limit", i64::from(page.page_size)))
        .bind(("start", i64::try_from(page.offset()).unwrap_or(i64::MAX)))
        .await
        .context("listing orders")?;
    let orders: Vec<OrderRow> = response.take(0).context("reading orders")?;
    let total: Option<i64> = response.take((1, "total")).context("counting orders")?;
    Ok((orders, u64::try_from(total.unwrap_or(0)).unwrap_or(0)))
}

/// The products with these ids as an order needs them; missing ones are left out.
pub async fn products(db: &Db, ids: &[ProductId]) -> anyhow::Result<HashMap<ProductId, CurrentProduct>> {
    #[derive(SurrealValue)]
    #[surreal(crate = "surrealdb::types")]
    struct Row {
        id: RecordId,
        title: String,
        selling_price: Decimal,
        stock: i64,
        images: Vec<Option<ImageSlot>>,
    }
    let records: Vec<RecordId> = ids.iter().map(ProductId::record).collect();
    let mut response = db
        .query("SELECT id, title, selling_price, stock, images FROM $records")
        .bind(("records", records))
        .await
        .context("loading the ordered products")?;
    let rows: Vec<Row> = response.take(0).context("reading the ordered products")?;
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let image = row.images.into_iter().flatten().next().map(|slot| url(&slot.thumb)).unwrap_or_default();
            let product = CurrentProduct { title: row.title, selling_price: Money::round(row.selling_price), stock: row.stock, image };
            Some((ProductId::from_record(&row.id)?, product))
        })
        .collect())
}
