//! Placing, editing and deleting orders: price the lines, work out the stock moves, commit them in
//! one transaction, run it again when it loses a race, and tell the catalog what stock moved.

use std::collections::HashMap;

use pricing::{Money, format_inr};
use serde_json::json;

use crate::catalog::follow::{Follower, WriteMark};
use crate::db::Db;
use crate::db::retry::{MAX_ATTEMPTS, backoff, too_busy};
use crate::domain::{AdminId, OrderId, ProductId, UserId};
use crate::error::ApiError;
use crate::orders::lines::{self, CurrentProduct, KeptLine, PricedLine, Unavailable};
use crate::orders::repo::{self, NewOrder, OrderFields, OrderRow, StockWork, StoredItem, WriteError};
use crate::orders::types::{CartItemInput, OrderStatus};

/// Shipping details of a new order, checked.
#[derive(Debug, Clone)]
pub struct ShipTo {
    /// Name.
    pub name: String,
    /// Contact e-mail.
    pub email: String,
    /// Street address.
    pub address: String,
    /// City.
    pub city: String,
    /// State.
    pub state: String,
    /// Company.
    pub company: String,
}

/// Who places a new order and how.
#[derive(Debug, Clone)]
pub struct Placement {
    /// The customer the order is for.
    pub user: UserId,
    /// The admin placing it for them.
    pub created_by: Option<AdminId>,
    /// The Idempotency-Key its sender (the customer, or the admin) sent.
    pub idempotency_key: Option<String>,
    /// Refuse the order when the customer already has this many pending orders open (customers'
    /// own orders; an admin placing one for them is not limited).
    pub max_pending: Option<u32>,
    /// Where it goes.
    pub ship_to: ShipTo,
    /// Rupees off the subtotal.
    pub discount: Money,
}

fn stored_fields(ship_to: &ShipTo, lines: &[PricedLine], discount: Money, status: OrderStatus) -> OrderFields {
    let totals = lines::totals(lines, discount);
    OrderFields {
        name: ship_to.name.clone(),
        email: ship_to.email.clone(),
        address: ship_to.address.clone(),
        city: ship_to.city.clone(),
        state: ship_to.state.clone(),
        company: ship_to.company.clone(),
        cart_items: lines.iter().map(StoredItem::from).collect(),
        num_items_in_cart: i64::from(totals.num_items_in_cart),
        charge_total: totals.subtotal.as_decimal(),
        discount: totals.discount.as_decimal(),
        order_total: totals.total.as_decimal(),
        status: status.as_str().to_owned(),
    }
}

fn unavailable(Unavailable(product): Unavailable) -> ApiError {
    ApiError::Conflict {
        code: "product_unavailable",
        message: "A product in this order is no longer sold; remove it and try again".to_owned(),
        details: Some(json!([{ "productId": product.key() }])),
    }
}

fn price_changed(changed: &[(ProductId, Money)], current: &HashMap<ProductId, CurrentProduct>) -> ApiError {
    let named: Vec<String> = changed
        .iter()
        .map(|(product, price)| format!("{} now costs {}", current.get(product).map_or("A product", |product| product.title.as_str()), format_inr(*price)))
        .collect();
    ApiError::Conflict {
        code: "price_changed",
        message: format!("Prices changed since you added them: {}. Please review your order.", named.join("; ")),
        details: Some(json!(changed.iter().map(|(product, price)| json!({ "productId": product.key(), "price": price })).collect::<Vec<_>>())),
    }
}

fn out_of_stock(product: &ProductId, left: i64, title: Option<&str>) -> ApiError {
    let title = title.unwrap_or("a product");
    let message = if left <= 0 { format!("{title} is out of stock") } else { format!("Only {left} left of {title}") };
    ApiError::Conflict { code: "out_of_stock", message, details: Some(json!({ "productId": product.key(), "left": left.max(0) })) }
}

fn too_many_pending(most: u32) -> ApiError {
    ApiError::Conflict {
        code: "too_many_pending_orders",
        message: format!(
            "You already have {most} orders waiting for payment. Please pay for one of them, or ask us to cancel it, before placing another."
        ),
        details: Some(json!({ "maxPendingOrders": most })),
    }
}

/// The stock a priced order takes.
fn taking(lines: &[PricedLine]) -> Vec<(ProductId, u32)> {
    lines.iter().map(|line| (line.product.clone(), line.amount)).collect()
}

fn price_checks(lines: &[PricedLine]) -> Vec<(ProductId, Money)> {
    lines.iter().filter(|line| line.at_current_price).map(|line| (line.product.clone(), line.price)).collect()
}

/// Lets this node's catalog show the stock an order write moved, before the request answers.
async fn tell_catalog(catalog: &Follower, mark: WriteMark, moves: &[(ProductId, i64)]) {
    if !moves.is_empty() {
        catalog.after_write(mark).await;
    }
}

/// Places a new order: prices `items` at the current selling prices (409 `price_changed` when
/// the client's differ), takes the stock (409 `out_of_stock`), numbers it and stores it. A
/// replayed Idempotency-Key returns the first order's id.
pub async fn place(db: &Db, catalog: &Follower, placement: Placement, items: &[CartItemInput]) -> Result<OrderId, ApiError> {
    let ids = lines::check_shape(items, placement.discount)?;
    let sender = repo::sender(&placement.user, placement.created_by.as_ref());
    if let Some(key) = &placement.idempotency_key
        && let Some(first) = repo::by_idempotency_key(db, sender.clone(), key).await?
    {
        return Ok(first);
    }
    for attempt in 1..=MAX_ATTEMPTS {
        let current = repo::products(db, &ids).await?;
        let priced = lines::price(items, &ids, &current, &HashMap::new()).map_err(unavailable)?;
        let priced = priced.map_err(|changed| price_changed(&changed, &current))?;
        let moves = lines::stock_moves(&lines::held(&[], true), &lines::held(&taking(&priced), true));
        let work = StockWork { moves, price_checks: price_checks(&priced) };
        let order = NewOrder {
            user: placement.user.clone(),
            created_by: placement.created_by.clone(),
            fields: stored_fields(&placement.ship_to, &priced, placement.discount, OrderStatus::Pending),
            idempotency_key: placement.idempotency_key.clone(),
            max_pending: placement.max_pending,
        };
        let mark = catalog.mark();
        match repo::place(db, order, &work).await {
            Ok(id) => {
                tell_catalog(catalog, mark, &work.moves).await;
                return Ok(id);
            }
            Err(WriteError::OutOfStock { product, left }) => {
                return Err(out_of_stock(&product, left, current.get(&product).map(|product| product.title.as_str())));
            }
            Err(WriteError::TooManyPending(most)) => return Err(too_many_pending(most)),
            Err(WriteError::DuplicateKey) => {
                let key = placement.idempotency_key.as_deref().unwrap_or_default();
                if let Some(first) = repo::by_idempotency_key(db, sender.clone(), key).await? {
                    return Ok(first);
                }
            }
            // A price or product changed under us: price again, which answers properly.
            Err(WriteError::Conflict | WriteError::PriceChanged(_) | WriteError::ProductGone(_) | WriteError::OrderChanged) => {}
            Err(WriteError::Other(error)) => return Err(ApiError::Internal(error)),
        }
        tokio::time::sleep(backoff(attempt)).await;
    }
    Err(too_busy())
}

/// What an admin changes on an order; `None` keeps the current value.
#[derive(Debug, Clone, Default)]
pub struct Edit {
    /// Name.
    pub name: Option<String>,
    /// Contact e-mail.
    pub email: Option<String>,
    /// Street address.
    pub address: Option<String>,
    /// Discount.
    pub discount: Option<Money>,
    /// Status.
    pub status: Option<OrderStatus>,
    /// The new lines.
    pub items: Option<Vec<CartItemInput>>,
}

fn kept_lines(row: &OrderRow) -> HashMap<ProductId, KeptLine> {
    row.cart_items
        .iter()
        .filter_map(|item| {
            let product = ProductId::from_record(&item.product)?;
            Some((product, KeptLine { name: item.name.clone(), price: Money::round(item.price), image: item.image.clone() }))
        })
        .collect()
}

fn existing_lines(row: &OrderRow) -> Vec<PricedLine> {
    row.cart_items
        .iter()
        .filter_map(|item| {
            Some(PricedLine {
                product: ProductId::from_record(&item.product)?,
                name: item.name.clone(),
                price: Money::round(item.price),
                amount: u32::try_from(item.amount).ok()?,
                image: item.image.clone(),
                at_current_price: false,
            })
        })
        .collect()
}

/// Edits an order: totals recomputed, stock following the items and the status (cancelling
/// returns it, leaving cancelled takes it again). `None` when there is no such order.
pub async fn edit(db: &Db, catalog: &Follower, id: &OrderId, edit: &Edit) -> Result<Option<()>, ApiError> {
    let ids = match &edit.items {
        Some(items) => Some(lines::check_shape(items, edit.discount.unwrap_or(Money::ZERO))?),
        None => {
            if let Some(discount) = edit.discount {
                pricing::check_discount(discount).map_err(|problem| ApiError::invalid_field("discount", problem.to_string()))?;
            }
            None
        }
    };
    for attempt in 1..=MAX_ATTEMPTS {
        let Some(row) = repo::find(db, id).await? else { return Ok(None) };
        let (old_status, new_status) = (row.status(), edit.status.unwrap_or(row.status()));
        let mut current = HashMap::new();
        let priced = match (&edit.items, &ids) {
            (Some(items), Some(ids)) => {
                let kept = kept_lines(&row);
                let new: Vec<ProductId> = ids.iter().filter(|product| !kept.contains_key(product)).cloned().collect();
                current = repo::products(db, &new).await?;
                lines::price(items, ids, &current, &kept).map_err(unavailable)?.map_err(|changed| price_changed(&changed, &current))?
            }
            _ => existing_lines(&row),
        };
        let before = lines::held(&row.held_lines(), old_status.holds_stock());
        let after = lines::held(&taking(&priced), new_status.holds_stock());
        let work = StockWork { moves: lines::stock_moves(&before, &after), price_checks: price_checks(&priced) };
        let ship_to = ShipTo {
            name: edit.name.clone().unwrap_or_else(|| row.name.clone()),
            email: edit.email.clone().unwrap_or_else(|| row.email.clone()),
            address: edit.address.clone().unwrap_or_else(|| row.address.clone()),
            city: row.city.clone(),
            state: row.state.clone(),
            company: row.company.clone(),
        };
        let discount = edit.discount.unwrap_or_else(|| Money::round(row.discount));
        let fields = stored_fields(&ship_to, &priced, discount, new_status);
        let mark = catalog.mark();
        match repo::update(db, id, &row.updated_at, fields, &work).await {
            Ok(()) => {
                tell_catalog(catalog, mark, &work.moves).await;
                return Ok(Some(()));
            }
            Err(WriteError::OutOfStock { product, left }) => {
                let title = current.get(&product).map(|product| product.title.clone()).or_else(|| kept_lines(&row).get(&product).map(|line| line.name.clone()));
                return Err(out_of_stock(&product, left, title.as_deref()));
            }
            // A product the order already had was deleted: taking more of it cannot succeed.
            Err(WriteError::ProductGone(product)) if kept_lines(&row).contains_key(&product) => return Err(unavailable(Unavailable(product))),
            Err(
                WriteError::Conflict
                | WriteError::PriceChanged(_)
                | WriteError::ProductGone(_)
                | WriteError::OrderChanged
                | WriteError::DuplicateKey
                | WriteError::TooManyPending(_),
            ) => {}
            Err(WriteError::Other(error)) => return Err(ApiError::Internal(error)),
        }
        tokio::time::sleep(backoff(attempt)).await;
    }
    Err(too_busy())
}

/// Deletes an order, returning its stock unless it was delivered or cancelled. `None` when there
/// is no such order.
pub async fn delete(db: &Db, catalog: &Follower, id: &OrderId) -> Result<Option<()>, ApiError> {
    for attempt in 1..=MAX_ATTEMPTS {
        let Some(row) = repo::find(db, id).await? else { return Ok(None) };
        let status = row.status();
        let before = lines::held(&row.held_lines(), status.holds_stock() && status != OrderStatus::Delivered);
        let work = StockWork { moves: lines::stock_moves(&before, &lines::held(&[], false)), price_checks: Vec::new() };
        let mark = catalog.mark();
        match repo::delete(db, id, &row.updated_at, &work).await {
            Ok(()) => {
                tell_catalog(catalog, mark, &work.moves).await;
                return Ok(Some(()));
            }
            Err(WriteError::Other(error)) => return Err(ApiError::Internal(error)),
            Err(_) => {}
        }
        tokio::time::sleep(backoff(attempt)).await;
    }
    Err(too_busy())
}
