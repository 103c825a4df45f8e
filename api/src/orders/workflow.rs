//! Placing, editing and deleting orders: price the lines, work out the stock moves, commit them in
//! one transaction, run it again when it loses a race, and tell the catalog what stock moved.

use std::collections::HashMap;

use pricing::{DeliveryTerms, GstRate, Money, Region, Supply, format_inr};
use serde_json::json;
use surrealdb::types::RecordId;

use crate::catalog::follow::{Follower, WriteMark};
use crate::coupons::handlers::{
    not_found as coupon_not_found, now_ms, unusable as coupon_unusable,
};
use crate::coupons::repo as coupons_repo;
use crate::db::Db;
use crate::db::retry::{Attempt, too_busy, until_settled};
use crate::domain::{AdminId, OrderId, ProductId, UserId};
use crate::error::{ApiError, ErrorCode};
use crate::invoices::series;
use crate::mail::repo::Claimed;
use crate::orders::group_commit::PlacementQueue;
use crate::orders::lines::{self, CurrentProduct, KeptLine, NotPriced, PricedLine};
use crate::orders::mails;
use crate::orders::repo::{
    self, Buyer, CouponUse, Documents, NewOrder, OrderFields, OrderRow, StockWork, StoredCoupon,
    StoredDelivery, StoredItem, StoredPlace, WriteError,
};
use crate::orders::types::{CartItemInput, OrderStatus, PaymentMethod, PaymentStatus};

/// Shipping details of a new order, checked.
#[derive(Debug, Clone)]
pub struct ShipTo {
    pub name: String,
    pub email: String,
    pub address: String,
    pub city: String,
    pub state: String,
    /// Six digits, checked; `None` when not given.
    pub pin_code: Option<String>,
    /// Ten digits, checked; `None` when not given.
    pub phone: Option<String>,
    pub company: String,
}

/// Who the order mails come from and where the shop's notices go.
#[derive(Debug, Clone, Default)]
pub struct ShopContact {
    pub name: String,
    pub email: String,
}

/// The GST and delivery rules new orders are priced by.
#[derive(Debug, Clone, Copy)]
pub struct TaxRules {
    /// Where the shop is registered: sales shipped there are intra-state.
    pub shop_state: Region,
    /// The rate of a product or an old line that has none.
    pub default_rate: GstRate,
    /// What delivery costs a new order (an edited one keeps the terms it was placed with).
    pub delivery: DeliveryTerms,
}

impl TaxRules {
    /// The place of supply of an order shipped to `state`, or a 400 naming the field.
    pub fn place_of_supply(&self, state: &str) -> Result<Region, ApiError> {
        pricing::find_region(state).ok_or_else(|| {
            ApiError::invalid_field("state", "choose one of India's states or union territories")
        })
    }

    fn supply(&self, place: Region) -> Supply {
        pricing::supply(self.shop_state, place)
    }
}

/// Who places a new order and how.
#[derive(Debug, Clone)]
pub struct Placement {
    /// The customer the order is for.
    pub user: UserId,
    /// Their name, e-mail and company, from the account the request read.
    pub buyer: Buyer,
    /// The admin placing it for them.
    pub created_by: Option<AdminId>,
    /// The Idempotency-Key its sender (the customer, or the admin) sent.
    pub idempotency_key: Option<String>,
    /// Refuse the order when the customer already has this many pending orders open (customers'
    /// own orders; an admin placing one for them is not limited).
    pub max_pending: Option<u32>,
    pub ship_to: ShipTo,
    /// Rupees off the subtotal.
    pub discount: Money,
    /// A coupon code the customer entered (as typed).
    pub coupon_code: Option<String>,
    /// The buyer's GSTIN, checked.
    pub buyer_gstin: Option<String>,
    pub payment_method: PaymentMethod,
    /// The shop the order mails come from.
    pub shop: ShopContact,
}

/// The money of an order being written: its coupon, discounts, place of supply and delivery.
struct Pricing<'a> {
    coupon: Option<&'a StoredCoupon>,
    coupon_discount: Money,
    discount: Money,
    place: Region,
    supply: Supply,
    buyer_gstin: Option<String>,
    delivery: DeliveryTerms,
}

/// Where an order stands: its status, and how and whether it is paid.
#[derive(Debug, Clone, Copy)]
struct Standing {
    status: OrderStatus,
    payment_method: PaymentMethod,
    payment_status: PaymentStatus,
}

fn stored_fields(
    ship_to: &ShipTo,
    lines: &[PricedLine],
    pricing: &Pricing<'_>,
    standing: Standing,
) -> OrderFields {
    let totals = lines::taxed(
        lines,
        pricing.coupon_discount,
        pricing.discount,
        pricing.supply,
        &pricing.delivery,
    );
    let decimal = |money: Money| Some(money.as_decimal());
    OrderFields {
        name: ship_to.name.clone(),
        email: ship_to.email.clone(),
        address: ship_to.address.clone(),
        city: ship_to.city.clone(),
        state: ship_to.state.clone(),
        pin_code: ship_to.pin_code.clone(),
        phone: ship_to.phone.clone(),
        company: ship_to.company.clone(),
        cart_items: lines
            .iter()
            .zip(&totals.lines)
            .map(|(line, money)| StoredItem::new(line, money))
            .collect(),
        num_items_in_cart: i64::from(totals.num_items_in_cart),
        charge_total: totals.subtotal.as_decimal(),
        discount: totals.discount.as_decimal(),
        order_total: totals.total.as_decimal(),
        status: standing.status,
        payment_method: standing.payment_method,
        payment_status: standing.payment_status,
        delivery: StoredDelivery::new(&pricing.delivery, &totals.delivery),
        coupon: pricing.coupon.cloned(),
        coupon_discount: totals.coupon_discount.as_decimal(),
        taxable_total: decimal(totals.tax.taxable_value),
        cgst_total: decimal(totals.tax.cgst),
        sgst_total: decimal(totals.tax.sgst),
        utgst_total: decimal(totals.tax.utgst),
        igst_total: decimal(totals.tax.igst),
        place_of_supply: Some(StoredPlace {
            state: pricing.place.name.to_owned(),
            code: i64::from(pricing.place.code),
        }),
        buyer_gstin: pricing.buyer_gstin.clone(),
    }
}

/// The stored fields of an order for `lines` (product and units) priced as placement prices
/// them, at `current` prices, with no discount or coupon, in `status` (its payment following):
/// for `whisk generate-orders`, so made-up orders read like real ones everywhere.
pub fn priced_fields(
    rules: TaxRules,
    ship_to: &ShipTo,
    lines: &[(ProductId, u32)],
    current: &HashMap<ProductId, CurrentProduct>,
    payment_method: PaymentMethod,
    status: OrderStatus,
) -> Result<OrderFields, ApiError> {
    let items: Vec<CartItemInput> = lines
        .iter()
        .filter_map(|(id, amount)| {
            Some(CartItemInput {
                product_id: id.key().to_owned(),
                amount: i64::from(*amount),
                price: current.get(id)?.selling_price,
                name: None,
                image: None,
            })
        })
        .collect();
    let ids = lines::check_shape(&items, Money::ZERO)?;
    let priced = lines::price(&items, &ids, current, &HashMap::new())
        .map_err(|refusal| not_priced(refusal, current))?;
    let place = rules.place_of_supply(&ship_to.state)?;
    let pricing = Pricing {
        coupon: None,
        coupon_discount: Money::ZERO,
        discount: Money::ZERO,
        place,
        supply: rules.supply(place),
        buyer_gstin: None,
        delivery: rules.delivery,
    };
    let payment_status = match status {
        OrderStatus::Pending | OrderStatus::Cancelled => PaymentStatus::Unpaid,
        OrderStatus::Paid | OrderStatus::Shipped | OrderStatus::Delivered => PaymentStatus::Paid,
    };
    let standing = Standing {
        status,
        payment_method,
        payment_status,
    };
    Ok(stored_fields(ship_to, &priced, &pricing, standing))
}

fn coupon_error(reason: &str) -> ApiError {
    match reason {
        "not_found" => coupon_not_found(),
        "inactive" => coupon_unusable(reason, "This coupon is not active"),
        "not_started" => coupon_unusable(reason, "This coupon is not valid yet"),
        "expired" => coupon_unusable(reason, "This coupon has expired"),
        "used_up" => coupon_unusable(reason, "This coupon has been used up"),
        "used_by_you" => coupon_unusable(reason, "You have already used this coupon"),
        other => coupon_unusable(other, "This coupon cannot be used"),
    }
}

/// The coupon a placement uses, read now: its terms as the order stores them, what it takes
/// off `subtotal`, and the version the transaction checks. 404 or 409 when it cannot be used.
async fn read_coupon(
    db: &Db,
    code: &str,
    placement: &Placement,
    subtotal: Money,
) -> Result<(StoredCoupon, Money, CouponUse), ApiError> {
    let code = crate::coupons::handlers::normalize_code(code);
    let row = coupons_repo::find(db, &code)
        .await?
        .ok_or_else(coupon_not_found)?;
    let mine = coupons_repo::customer_uses(db, &code, &placement.user).await?;
    let discount = pricing::evaluate_coupon(&row.terms(), &row.usage(mine), subtotal, now_ms())
        .map_err(|refusal| coupon_unusable(refusal.reason(), &refusal.to_string()))?;
    let stored = StoredCoupon {
        code: row.code.clone(),
        kind: row.kind,
        value: row.value,
        min_subtotal: row.min_subtotal,
        max_discount: row.max_discount,
    };
    Ok((
        stored,
        discount,
        CouponUse {
            id: coupons_repo::record(&code),
            version: row.version(),
        },
    ))
}

fn unavailable(product: &ProductId) -> ApiError {
    ApiError::Conflict {
        code: ErrorCode::ProductUnavailable,
        message: "A product in this order is no longer sold; remove it and try again".to_owned(),
        details: Some(json!([{ "productId": product.key() }])),
    }
}

fn not_priced(refusal: NotPriced, current: &HashMap<ProductId, CurrentProduct>) -> ApiError {
    match refusal {
        NotPriced::Unavailable(product) => unavailable(&product),
        NotPriced::PriceChanged(changed) => price_changed(&changed, current),
    }
}

fn series_full(series: &str) -> ApiError {
    ApiError::Internal(anyhow::anyhow!("the {series} series is full"))
}

fn price_changed(
    changed: &[(ProductId, Money)],
    current: &HashMap<ProductId, CurrentProduct>,
) -> ApiError {
    let named: Vec<String> = changed
        .iter()
        .map(|(product, price)| {
            format!(
                "{} now costs {}",
                current
                    .get(product)
                    .map_or("A product", |product| product.title.as_str()),
                format_inr(*price)
            )
        })
        .collect();
    ApiError::Conflict {
        code: ErrorCode::PriceChanged,
        message: format!(
            "Prices changed since you added them: {}. Please review your order.",
            named.join("; ")
        ),
        details: Some(json!(
            changed
                .iter()
                .map(|(product, price)| json!({ "productId": product.key(), "price": price }))
                .collect::<Vec<_>>()
        )),
    }
}

fn out_of_stock(product: &ProductId, left: i64, title: Option<&str>) -> ApiError {
    let title = title.unwrap_or("a product");
    let message = if left <= 0 {
        format!("{title} is out of stock")
    } else {
        format!("Only {left} left of {title}")
    };
    ApiError::Conflict {
        code: ErrorCode::OutOfStock,
        message,
        details: Some(json!({ "productId": product.key(), "left": left.max(0) })),
    }
}

fn too_many_pending(most: u32) -> ApiError {
    ApiError::Conflict {
        code: ErrorCode::TooManyPendingOrders,
        message: format!(
            "You already have {most} orders waiting for payment. Please pay for one of them, or ask us to cancel it, before placing another."
        ),
        details: Some(json!({ "maxPendingOrders": most })),
    }
}

/// The stock a priced order takes.
fn taking(lines: &[PricedLine]) -> Vec<(ProductId, u32)> {
    lines
        .iter()
        .map(|line| (line.product.clone(), line.amount))
        .collect()
}

fn price_checks(lines: &[PricedLine]) -> Vec<(ProductId, Money)> {
    lines
        .iter()
        .filter(|line| line.at_current_price)
        .map(|line| (line.product.clone(), line.price))
        .collect()
}

/// Lets this node's catalog show the stock an order write moved, before the request answers.
async fn tell_catalog(catalog: &Follower, mark: WriteMark, moves: &[(ProductId, i64)]) {
    if !moves.is_empty() {
        catalog.after_write(mark).await;
    }
}

/// What placing an order gave.
#[derive(Debug)]
pub enum Placed {
    /// The new order, as stored, and the outbox record of its mails stored with it, claimed
    /// by this node, with what they say (for `Outbox::send_placed`).
    New {
        order: Box<OrderRow>,
        mails: Vec<Claimed>,
    },
    /// The order a replayed Idempotency-Key first placed.
    Replayed(OrderId),
}

/// The lines of a new order priced at the products' current selling prices. A first try prices
/// from this node's catalog, saving each order a query; the transaction checks every price and
/// the stock again, and a catalog a moment behind (another node's edit not read yet) costs a
/// lost try. Whatever the catalog would refuse, and every later try, is priced from the
/// database, so a refusal never rests on the catalog.
async fn priced_new_lines(
    db: &Db,
    catalog: &Follower,
    rules: TaxRules,
    items: &[CartItemInput],
    ids: &[ProductId],
    from_catalog: bool,
) -> Result<Vec<PricedLine>, ApiError> {
    if from_catalog {
        let current = lines::from_catalog(&catalog.model().snapshot(), ids);
        if let Ok(priced) = lines::price(items, ids, &current, &HashMap::new()) {
            return Ok(priced);
        }
    }
    let current = repo::products(db, ids, rules.default_rate).await?;
    lines::price(items, ids, &current, &HashMap::new())
        .map_err(|refusal| not_priced(refusal, &current))
}

/// Places a new order: prices `items` at the current selling prices (409 `price_changed` when
/// the client's differ), takes the stock (409 `out_of_stock`), numbers it and stores it. A
/// replayed Idempotency-Key gives the first order's id.
pub async fn place(
    db: &Db,
    catalog: &Follower,
    placements: &PlacementQueue,
    rules: TaxRules,
    placement: Placement,
    items: &[CartItemInput],
) -> Result<Placed, ApiError> {
    let ids = lines::check_shape(items, placement.discount)?;
    let place = rules.place_of_supply(&placement.ship_to.state)?;
    let sender = repo::sender(&placement.user, placement.created_by.as_ref());
    let (ids, placement, sender) = (&ids, &placement, &sender);
    let placed = until_settled(
        |attempt| async move {
            let priced = priced_new_lines(db, catalog, rules, items, ids, attempt == 1).await?;
            let coupon = match &placement.coupon_code {
                Some(code) => {
                    Some(read_coupon(db, code, placement, lines::subtotal(&priced)).await?)
                }
                None => None,
            };
            let moves = lines::stock_moves(
                &lines::held(&[], true),
                &lines::held(&taking(&priced), true),
            );
            let work = StockWork {
                moves,
                price_checks: price_checks(&priced),
            };
            let pricing = Pricing {
                coupon: coupon.as_ref().map(|(stored, _, _)| stored),
                coupon_discount: coupon
                    .as_ref()
                    .map_or(Money::ZERO, |(_, discount, _)| *discount),
                discount: placement.discount,
                place,
                supply: rules.supply(place),
                buyer_gstin: placement.buyer_gstin.clone(),
                delivery: rules.delivery,
            };
            let standing = Standing {
                status: OrderStatus::Pending,
                payment_method: placement.payment_method,
                payment_status: PaymentStatus::Unpaid,
            };
            let fields = stored_fields(&placement.ship_to, &priced, &pricing, standing);
            let order = NewOrder {
                user: placement.user.clone(),
                buyer: placement.buyer.clone(),
                created_by: placement.created_by.clone(),
                mails: mails::placed(&placement.shop.name, &placement.shop.email, &fields),
                fields,
                idempotency_key: placement.idempotency_key.clone(),
                max_pending: placement.max_pending,
                coupon: coupon.map(|(_, _, used)| used),
            };
            let mark = catalog.mark();
            let (placing, mails) = repo::Placing::new(order, &work);
            let placed = placements.place(db, placing).await;
            match placed {
                Ok(row) => {
                    tell_catalog(catalog, mark, &work.moves).await;
                    Ok(Attempt::Done(Placed::New {
                        mails: vec![mails.numbered(&row.order_id)],
                        order: Box::new(row),
                    }))
                }
                Err(WriteError::OutOfStock { product, left }) => Err(out_of_stock(
                    &product,
                    left,
                    priced
                        .iter()
                        .find(|line| line.product == product)
                        .map(|line| line.name.as_str()),
                )),
                Err(WriteError::TooManyPending(most)) => Err(too_many_pending(most)),
                Err(WriteError::CouponUnusable(reason)) => Err(coupon_error(&reason)),
                Err(WriteError::DuplicateKey) => {
                    let key = placement.idempotency_key.as_deref().unwrap_or_default();
                    Ok(repo::by_idempotency_key(db, sender.clone(), key)
                        .await?
                        .map_or(Attempt::Retry, |first| {
                            Attempt::Done(Placed::Replayed(first))
                        }))
                }
                // A price, product or coupon changed under us: price again, which answers properly.
                Err(
                    WriteError::Conflict
                    | WriteError::NumbersMoved(_)
                    | WriteError::PriceChanged(_)
                    | WriteError::ProductGone(_)
                    | WriteError::OrderChanged
                    | WriteError::CouponChanged,
                ) => Ok(Attempt::Retry),
                Err(WriteError::SeriesFull(series)) => Err(series_full(&series)),
                Err(WriteError::Other(error)) => Err(ApiError::Internal(error)),
            }
        },
        too_busy,
    )
    .await;
    match placed {
        Err(refusal) => replayed_instead(db, placement, sender, refusal).await,
        placed => placed,
    }
}

/// The first order of a refused placement's Idempotency-Key, when there is one: a replay
/// answers as the first attempt did, whatever changed since (a price, the stock, the customer's
/// pending orders). Asked only once a placement was refused, so that one that goes through
/// reads no key before its transaction, which refuses a key placed before by itself.
async fn replayed_instead(
    db: &Db,
    placement: &Placement,
    sender: &RecordId,
    refusal: ApiError,
) -> Result<Placed, ApiError> {
    if let Some(key) = &placement.idempotency_key
        && let Some(first) = repo::by_idempotency_key(db, sender.clone(), key).await?
    {
        return Ok(Placed::Replayed(first));
    }
    Err(refusal)
}

/// What an admin changes on an order; `None` keeps the current value.
#[derive(Debug, Clone)]
pub struct Edit {
    /// The admin making it.
    pub actor: AdminId,
    pub name: Option<String>,
    pub email: Option<String>,
    pub address: Option<String>,
    /// A new PIN code, checked.
    pub pin_code: Option<String>,
    /// A new phone number, checked.
    pub phone: Option<String>,
    pub discount: Option<Money>,
    pub status: Option<OrderStatus>,
    pub payment_status: Option<PaymentStatus>,
    pub items: Option<Vec<CartItemInput>>,
    /// The shop the status mails come from.
    pub shop: ShopContact,
}

/// The status and payment status after `edit`: marking a pending order's payment paid moves it
/// to `paid`, and moving it to `paid` marks its payment paid, so the two never disagree.
fn standing_after(row: &OrderRow, edit: &Edit) -> Standing {
    let mut status = edit.status.unwrap_or(row.status);
    let mut payment_status = edit.payment_status.unwrap_or_else(|| row.payment_status());
    if edit.payment_status == Some(PaymentStatus::Paid) && status == OrderStatus::Pending {
        status = OrderStatus::Paid;
    }
    if edit.status == Some(OrderStatus::Paid) && edit.payment_status.is_none() {
        payment_status = PaymentStatus::Paid;
    }
    Standing {
        status,
        payment_method: row.payment_method(),
        payment_status,
    }
}

fn item_rate(item: &StoredItem, rules: TaxRules) -> GstRate {
    crate::products::repo::stored_rate(item.gst_rate).unwrap_or(rules.default_rate)
}

fn kept_lines(row: &OrderRow, rules: TaxRules) -> HashMap<ProductId, KeptLine> {
    row.cart_items
        .iter()
        .filter_map(|item| {
            let product = ProductId::from_record(&item.product)?;
            let kept = KeptLine {
                name: item.name.clone(),
                price: Money::round(item.price),
                image: item.image.clone(),
                hsn: item.hsn.clone().unwrap_or_default(),
                gst_rate: item_rate(item, rules),
            };
            Some((product, kept))
        })
        .collect()
}

fn existing_lines(row: &OrderRow, rules: TaxRules) -> Vec<PricedLine> {
    row.cart_items
        .iter()
        .filter_map(|item| {
            Some(PricedLine {
                product: ProductId::from_record(&item.product)?,
                name: item.name.clone(),
                price: Money::round(item.price),
                amount: u32::try_from(item.amount).ok()?,
                image: item.image.clone(),
                hsn: item.hsn.clone().unwrap_or_default(),
                gst_rate: item_rate(item, rules),
                at_current_price: false,
            })
        })
        .collect()
}

/// The place of supply an existing order was priced for: its stored one, else its state's, else
/// the shop's own (an order from before GST with a state the table does not know).
fn order_place(row: &OrderRow, rules: TaxRules) -> Region {
    row.place_of_supply
        .as_ref()
        .and_then(|place| u8::try_from(place.code).ok())
        .and_then(pricing::region_by_code)
        .or_else(|| pricing::find_region(&row.state))
        .unwrap_or(rules.shop_state)
}

/// True when `edit` would change what an issued tax invoice states: the lines, the discount or
/// the buyer's name and address (with its PIN code).
fn changes_invoiced_terms(row: &OrderRow, edit: &Edit) -> bool {
    let differs = |new: &Option<String>, old: &str| new.as_deref().is_some_and(|new| new != old);
    let lines_differ = edit.items.as_ref().is_some_and(|items| {
        let sent: Vec<(String, i64)> = items
            .iter()
            .map(|item| (item.product_id.trim().to_owned(), item.amount))
            .collect();
        let held: Vec<(String, i64)> = row
            .cart_items
            .iter()
            .map(|item| {
                (
                    ProductId::from_record(&item.product)
                        .map(|id| id.key().to_owned())
                        .unwrap_or_default(),
                    item.amount,
                )
            })
            .collect();
        sent != held
    });
    lines_differ
        || edit
            .discount
            .is_some_and(|discount| discount != Money::round(row.discount))
        || differs(&edit.name, &row.name)
        || differs(&edit.address, &row.address)
        || differs(&edit.pin_code, row.pin_code.as_deref().unwrap_or_default())
}

/// The documents a move from `row`'s status to `new_status` issues, numbered in the series of
/// the financial year of `now`.
fn documents(row: &OrderRow, new_status: OrderStatus, now: time::OffsetDateTime) -> Documents {
    Documents {
        invoice: (new_status.issues_invoice() && row.invoice_number.is_none())
            .then(|| series::invoice(now)),
        credit_note: (new_status == OrderStatus::Cancelled
            && row.invoice_number.is_some()
            && row.credit_note_number.is_none())
        .then(|| series::credit_note(now)),
    }
}

fn invoiced(number: &str) -> ApiError {
    ApiError::Conflict {
        code: ErrorCode::OrderInvoiced,
        message: format!(
            "Tax invoice {number} has been issued for this order, so its items, discount and buyer cannot change. Cancel it (a credit note is issued) and place a new order instead."
        ),
        details: None,
    }
}

/// Edits an order: totals recomputed (a coupon it used is priced again with the terms it was
/// used with), stock following the items and the status (cancelling returns it, leaving
/// cancelled takes it again), and the tax invoice or credit note issued when the status calls
/// for one. `None` when there is no such order.
pub async fn edit(
    db: &Db,
    catalog: &Follower,
    rules: TaxRules,
    id: &OrderId,
    edit: &Edit,
) -> Result<Option<()>, ApiError> {
    let ids = match &edit.items {
        Some(items) => Some(lines::check_shape(
            items,
            edit.discount.unwrap_or(Money::ZERO),
        )?),
        None => {
            if let Some(discount) = edit.discount {
                pricing::check_discount(discount)
                    .map_err(|problem| ApiError::invalid_field("discount", problem.to_string()))?;
            }
            None
        }
    };
    let ids = &ids;
    until_settled(
        |_| async move {
            let Some(row) = repo::find(db, id).await? else {
                return Ok(Attempt::Done(None));
            };
            if let Some(number) = &row.invoice_number
                && changes_invoiced_terms(&row, edit)
            {
                return Err(invoiced(number));
            }
            let standing = standing_after(&row, edit);
            let (old_status, new_status) = (row.status, standing.status);
            let mut current = HashMap::new();
            let priced = match (&edit.items, ids) {
                (Some(items), Some(ids)) => {
                    let kept = kept_lines(&row, rules);
                    let new: Vec<ProductId> = ids
                        .iter()
                        .filter(|product| !kept.contains_key(product))
                        .cloned()
                        .collect();
                    current = repo::products(db, &new, rules.default_rate).await?;
                    lines::price(items, ids, &current, &kept)
                        .map_err(|refusal| not_priced(refusal, &current))?
                }
                _ => existing_lines(&row, rules),
            };
            let before = lines::held(&row.held_lines(), old_status.holds_stock());
            let after = lines::held(&taking(&priced), new_status.holds_stock());
            let work = StockWork {
                moves: lines::stock_moves(&before, &after),
                price_checks: price_checks(&priced),
            };
            let ship_to = ShipTo {
                name: edit.name.clone().unwrap_or_else(|| row.name.clone()),
                email: edit.email.clone().unwrap_or_else(|| row.email.clone()),
                address: edit.address.clone().unwrap_or_else(|| row.address.clone()),
                city: row.city.clone(),
                state: row.state.clone(),
                pin_code: edit.pin_code.clone().or_else(|| row.pin_code.clone()),
                phone: edit.phone.clone().or_else(|| row.phone.clone()),
                company: row.company.clone(),
            };
            let coupon_discount = row.coupon.as_ref().map_or(Money::ZERO, |coupon| {
                pricing::coupon_discount(&coupon.terms(), lines::subtotal(&priced))
                    .unwrap_or(Money::ZERO)
            });
            let place = order_place(&row, rules);
            let pricing = Pricing {
                coupon: row.coupon.as_ref(),
                coupon_discount,
                discount: edit.discount.unwrap_or_else(|| Money::round(row.discount)),
                place,
                supply: rules.supply(place),
                buyer_gstin: row.buyer_gstin.clone(),
                delivery: row.delivery_terms(),
            };
            let fields = stored_fields(&ship_to, &priced, &pricing, standing);
            let documents = documents(&row, new_status, time::OffsetDateTime::now_utc());
            let mails: Vec<mails::OrderMail> = (new_status != old_status)
                .then(|| mails::status_changed(&edit.shop.name, &row.order_id, &fields, new_status))
                .flatten()
                .into_iter()
                .collect();
            let mark = catalog.mark();
            match repo::update(
                db,
                &edit.actor,
                id,
                &row.updated_at,
                fields,
                &work,
                documents,
                mails,
            )
            .await
            {
                Ok(()) => {
                    tell_catalog(catalog, mark, &work.moves).await;
                    Ok(Attempt::Done(Some(())))
                }
                Err(WriteError::OutOfStock { product, left }) => {
                    let title = current
                        .get(&product)
                        .map(|product| product.title.clone())
                        .or_else(|| {
                            kept_lines(&row, rules)
                                .get(&product)
                                .map(|line| line.name.clone())
                        });
                    Err(out_of_stock(&product, left, title.as_deref()))
                }
                // A product the order already had was deleted: taking more of it cannot succeed.
                Err(WriteError::ProductGone(product))
                    if kept_lines(&row, rules).contains_key(&product) =>
                {
                    Err(unavailable(&product))
                }
                Err(WriteError::SeriesFull(series)) => Err(series_full(&series)),
                Err(
                    WriteError::Conflict
                    | WriteError::PriceChanged(_)
                    | WriteError::ProductGone(_)
                    | WriteError::OrderChanged
                    | WriteError::DuplicateKey
                    | WriteError::TooManyPending(_)
                    | WriteError::CouponUnusable(_)
                    | WriteError::CouponChanged
                    | WriteError::NumbersMoved(_),
                ) => Ok(Attempt::Retry),
                Err(WriteError::Other(error)) => Err(ApiError::Internal(error)),
            }
        },
        too_busy,
    )
    .await
}

/// Deletes an order, returning its stock unless it was delivered or cancelled. `None` when there
/// is no such order.
pub async fn delete(
    db: &Db,
    catalog: &Follower,
    actor: &AdminId,
    id: &OrderId,
) -> Result<Option<()>, ApiError> {
    until_settled(
        |_| async move {
            let Some(row) = repo::find(db, id).await? else {
                return Ok(Attempt::Done(None));
            };
            let status = row.status;
            let before = lines::held(
                &row.held_lines(),
                status.holds_stock() && status != OrderStatus::Delivered,
            );
            let work = StockWork {
                moves: lines::stock_moves(&before, &lines::held(&[], false)),
                price_checks: Vec::new(),
            };
            let mark = catalog.mark();
            match repo::delete(db, actor, id, &row.updated_at, &work).await {
                Ok(()) => {
                    tell_catalog(catalog, mark, &work.moves).await;
                    Ok(Attempt::Done(Some(())))
                }
                Err(WriteError::Other(error)) => Err(ApiError::Internal(error)),
                Err(_) => Ok(Attempt::Retry),
            }
        },
        too_busy,
    )
    .await
}
