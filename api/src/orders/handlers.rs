//! Handlers of the order calls.

// utoipa's `params(...)` expansion names the params types with paths that unused_qualifications
// flags, outside the handler items where an item-level allow would reach.
#![allow(unused_qualifications)]

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::IntoResponse;
use pricing::Money;

use crate::audit::repo as audit_repo;
use crate::auth::session::{Admin, Caller, Customer};
use crate::domain::{
    Email, FieldErrors, Mobile, OrderId, PinCode, RequiredText, UserId, UserStatus,
};
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::extract::{ApiJson, ApiQuery, parse_json};
use crate::invoices;
use crate::mail::repo as mail_repo;
use crate::orders::repo::{self, Buyer};
use crate::orders::timeline::{self, Timeline};
use crate::orders::types::{
    CartItemInput, Checkout, CheckoutRequest, Order, OrderChanges, OrderEnvelope, OrderFilter,
    OrderForCustomer, OrderForCustomerRequest, OrderList, PaymentMethod,
};
use crate::orders::workflow::{self, Edit, Placement, ShipTo, ShopContact, TaxRules};
use crate::paging::{ListMeta, MAX_PAGE_SIZE, PageParams};
use crate::state::AppState;
use crate::users::repo as users_repo;

/// The longest Idempotency-Key accepted.
pub const MAX_IDEMPOTENCY_KEY: usize = 200;

fn not_found() -> ApiError {
    ApiError::NotFound("Order not found".to_owned())
}

fn order_id(raw: &str) -> ApiResult<OrderId> {
    OrderId::parse(raw).ok_or_else(not_found)
}

/// The order if `caller` may see it: its customer or any admin. Anyone else gets the same 404
/// as for a missing order, so order ids cannot be probed.
pub async fn visible_order(
    state: &AppState,
    caller: &Caller,
    id: &str,
) -> ApiResult<repo::OrderRow> {
    let row = repo::find(&state.db, &order_id(id)?)
        .await?
        .ok_or_else(not_found)?;
    match caller {
        Caller::Admin(_) => Ok(row),
        Caller::Customer(customer) if row.user_id == customer.id.key() => Ok(row),
        Caller::Customer(_) => Err(not_found()),
    }
}

/// [`visible_order`] as the API shows it.
async fn visible_view(state: &AppState, caller: &Caller, id: &str) -> ApiResult<Order> {
    Ok(visible_order(state, caller, id)
        .await?
        .view(state.config.upi.as_ref()))
}

async fn envelope(state: &AppState, id: &OrderId) -> ApiResult<OrderEnvelope> {
    let row = repo::find(&state.db, id).await?.ok_or_else(not_found)?;
    Ok(OrderEnvelope {
        order: row.view(state.config.upi.as_ref()),
    })
}

fn idempotency_key(headers: &HeaderMap) -> ApiResult<Option<String>> {
    let Some(value) = headers.get("idempotency-key") else {
        return Ok(None);
    };
    let key = value.to_str().map(str::trim).unwrap_or_default();
    if key.is_empty()
        || key.len() > MAX_IDEMPOTENCY_KEY
        || !key.bytes().all(|byte| byte.is_ascii_graphic())
    {
        return Err(ApiError::bad_request(
            ErrorCode::InvalidIdempotencyKey,
            format!("Idempotency-Key must be 1 to {MAX_IDEMPOTENCY_KEY} visible ASCII characters"),
        ));
    }
    Ok(Some(key.to_owned()))
}

fn optional_text(errors: &mut FieldErrors, field: &str, value: &str) -> String {
    let value = value.trim();
    if value.chars().count() > RequiredText::MAX_CHARS {
        errors.add(
            field,
            format!("must be at most {} characters", RequiredText::MAX_CHARS),
        );
    }
    value.to_owned()
}

fn required_text(errors: &mut FieldErrors, field: &str, value: &str) -> String {
    errors
        .check(field, RequiredText::parse(value))
        .map(RequiredText::into_string)
        .unwrap_or_default()
}

/// Lists orders, newest first: a customer's own, or every order for an admin; optionally only
/// those matching a search text or with one status.
#[utoipa::path(get, path = "/api/v1/orders", operation_id = "list_orders", tag = "orders", params(PageParams, OrderFilter), security(("bearer" = [])),
    responses((status = 200, body = OrderList), (status = 400, body = crate::error::ErrorEnvelope), (status = 401, body = crate::error::ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(params): ApiQuery<PageParams>,
    ApiQuery(filter): ApiQuery<OrderFilter>,
) -> ApiResult<Json<OrderList>> {
    let page = params.request(MAX_PAGE_SIZE)?;
    let (rows, total) = match &caller {
        Caller::Customer(customer) => {
            repo::customer_list(&state.db, &customer.id, &filter, page).await?
        }
        Caller::Admin(_) => {
            let needle = filter.needle();
            state
                .admin_orders
                .page(&state.db, needle.as_deref(), filter.status, page)
                .await?
        }
    };
    Ok(Json(OrderList {
        data: rows
            .into_iter()
            .map(|row| row.view(state.config.upi.as_ref()))
            .collect(),
        meta: ListMeta::new(page, total),
    }))
}

/// One order, with its lines and customer: its customer's or, for an admin, any.
#[utoipa::path(get, path = "/api/v1/orders/{id}", operation_id = "get_order", tag = "orders", params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 200, body = OrderEnvelope), (status = 404, body = crate::error::ErrorEnvelope)))]
pub async fn get(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> ApiResult<Json<OrderEnvelope>> {
    let order: Order = visible_view(&state, &caller, &id).await?;
    Ok(Json(OrderEnvelope { order }))
}

/// Places an order. A customer sends their checkout (with an optional `Idempotency-Key`); an
/// admin places one on behalf of an active customer, with a discount. Prices and totals are the
/// server's; stock is taken in the same transaction.
#[utoipa::path(post, path = "/api/v1/orders", operation_id = "create_order", tag = "orders", security(("bearer" = [])),
    params(("Idempotency-Key" = Option<String>, Header, description = "Replays return the first order")),
    request_body(content = crate::orders::types::CreateOrderRequest, description = "A customer's checkout; an admin sends an OrderForCustomerRequest"),
    responses((status = 201, body = OrderEnvelope), (status = 400, body = crate::error::ErrorEnvelope),
        (status = 409, description = "price_changed (details: [{productId, price}]), out_of_stock (details: {productId, left}), product_unavailable (details: [{productId}]), coupon_unusable (details: {reason}) or too_many_pending_orders (details: {maxPendingOrders})", body = crate::error::ErrorEnvelope)))]
pub async fn create(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<(StatusCode, Json<OrderEnvelope>)> {
    let (placement, items) = match caller {
        Caller::Customer(customer) => {
            let checkout: CheckoutRequest = parse_json(&body)?;
            customer_placement(&state, &customer, idempotency_key(&headers)?, checkout.data).await?
        }
        Caller::Admin(admin) => {
            let order: OrderForCustomerRequest = parse_json(&body)?;
            admin_placement(&state, &admin, idempotency_key(&headers)?, order.data).await?
        }
    };
    let placed = workflow::place(
        &state.db,
        &state.catalog_feed,
        &state.placements,
        tax_rules(&state),
        placement,
        &items,
    )
    .await?;
    let envelope = match placed {
        workflow::Placed::New { order, mails } => {
            // Its confirmation mails committed with it.
            state.outbox.send_placed(mails);
            OrderEnvelope {
                order: order.view(state.config.upi.as_ref()),
            }
        }
        workflow::Placed::Replayed(id) => envelope(&state, &id).await?,
    };
    Ok((StatusCode::CREATED, Json(envelope)))
}

/// Who this shop's order mails come from.
fn shop_contact(state: &AppState) -> ShopContact {
    ShopContact {
        name: state.config.shop.name.clone(),
        email: state.config.shop.email.clone(),
    }
}

/// The GST rules of this shop.
pub fn tax_rules(state: &AppState) -> TaxRules {
    TaxRules {
        shop_state: state.config.shop.state,
        default_rate: state.config.gst.default_rate,
        delivery: state.config.delivery,
    }
}

/// A buyer's GSTIN as sent: blank is none; anything else must pass the check.
fn buyer_gstin(errors: &mut FieldErrors, sent: Option<&str>) -> Option<String> {
    let sent = sent.map(str::trim).filter(|gstin| !gstin.is_empty())?;
    errors.check(
        "gstin",
        pricing::check_gstin(sent).map_err(|error| error.to_string()),
    )
}

/// A PIN code as sent: blank is none; anything else must be six digits.
fn pin_code(errors: &mut FieldErrors, sent: Option<&str>) -> Option<String> {
    let sent = sent.map(str::trim).filter(|pin| !pin.is_empty())?;
    errors
        .check("pinCode", PinCode::parse(sent))
        .map(|pin| pin.as_str().to_owned())
}

/// A phone number as sent, else the account's mobile: blank is none; anything else must be an
/// Indian mobile number.
fn phone(errors: &mut FieldErrors, sent: Option<&str>, account: &str) -> Option<String> {
    match sent.map(str::trim).filter(|phone| !phone.is_empty()) {
        Some(sent) => errors
            .check("phone", Mobile::parse(sent))
            .map(|mobile| mobile.as_str().to_owned()),
        None => Mobile::parse(account)
            .ok()
            .map(|mobile| mobile.as_str().to_owned()),
    }
}

/// The payment method as sent (cash on delivery when left out); UPI only when the shop has a
/// UPI ID.
fn payment_method(
    state: &AppState,
    errors: &mut FieldErrors,
    sent: Option<PaymentMethod>,
) -> PaymentMethod {
    let method = sent.unwrap_or_default();
    if method == PaymentMethod::Upi && state.config.upi.is_none() {
        errors.add("paymentMethod", "this shop does not take UPI payments");
    }
    method
}

/// A coupon code as sent: blank is none.
fn coupon_code(sent: Option<&str>) -> Option<String> {
    sent.map(str::trim)
        .filter(|code| !code.is_empty())
        .map(str::to_owned)
}

async fn customer_placement(
    state: &AppState,
    customer: &Customer,
    idempotency_key: Option<String>,
    checkout: Checkout,
) -> ApiResult<(Placement, Vec<CartItemInput>)> {
    let user = &customer.account;
    let mut errors = FieldErrors::new();
    let ship_to = ShipTo {
        name: required_text(&mut errors, "name", &checkout.name),
        email: user.email.clone(),
        address: required_text(&mut errors, "address", &checkout.address),
        city: required_text(&mut errors, "city", &checkout.city),
        state: optional_text(&mut errors, "state", &checkout.state),
        pin_code: pin_code(&mut errors, checkout.pin_code.as_deref()),
        phone: phone(&mut errors, checkout.phone.as_deref(), &user.mobile),
        company: optional_text(
            &mut errors,
            "company",
            checkout
                .business_name
                .as_deref()
                .filter(|name| !name.trim().is_empty())
                .unwrap_or(&checkout.company),
        ),
    };
    let buyer_gstin = buyer_gstin(&mut errors, checkout.gstin.as_deref());
    let payment_method = payment_method(state, &mut errors, checkout.payment_method);
    errors.finish()?;
    let placement = Placement {
        user: customer.id.clone(),
        buyer: Buyer::of(user),
        created_by: None,
        idempotency_key,
        max_pending: Some(state.config.max_pending_orders),
        ship_to,
        discount: Money::ZERO,
        coupon_code: coupon_code(checkout.coupon_code.as_deref()),
        buyer_gstin,
        payment_method,
        shop: shop_contact(state),
    };
    Ok((placement, checkout.cart_items))
}

async fn admin_placement(
    state: &AppState,
    admin: &Admin,
    idempotency_key: Option<String>,
    order: OrderForCustomer,
) -> ApiResult<(Placement, Vec<CartItemInput>)> {
    let user_id = UserId::parse(order.user_id.trim())
        .ok_or_else(|| ApiError::invalid_field("userId", "is not a customer id"))?;
    let user = users_repo::find(&state.db, &user_id)
        .await?
        .ok_or_else(|| ApiError::invalid_field("userId", "no such customer"))?;
    if user.status != UserStatus::Active {
        return Err(ApiError::invalid_field(
            "userId",
            "this customer's account is inactive",
        ));
    }
    let mut errors = FieldErrors::new();
    let company = order.company.as_deref().unwrap_or(&user.company).to_owned();
    let ship_to = ShipTo {
        name: required_text(&mut errors, "name", &order.name),
        email: user.email.clone(),
        address: required_text(&mut errors, "address", &order.address),
        city: optional_text(&mut errors, "city", &order.city),
        state: optional_text(&mut errors, "state", &order.state),
        pin_code: pin_code(&mut errors, order.pin_code.as_deref()),
        phone: phone(&mut errors, order.phone.as_deref(), &user.mobile),
        company: optional_text(&mut errors, "company", &company),
    };
    let buyer_gstin = buyer_gstin(&mut errors, order.gstin.as_deref());
    let payment_method = payment_method(state, &mut errors, order.payment_method);
    errors.finish()?;
    let placement = Placement {
        user: user_id,
        buyer: Buyer::of(&user),
        created_by: Some(admin.id.clone()),
        idempotency_key,
        max_pending: None,
        ship_to,
        discount: order.discount.unwrap_or(Money::ZERO),
        coupon_code: None,
        buyer_gstin,
        payment_method,
        shop: shop_contact(state),
    };
    Ok((placement, order.cart_items))
}

/// Edits an order (admins): totals are recomputed; stock follows the items and the status.
#[utoipa::path(patch, path = "/api/v1/orders/{id}", operation_id = "update_order", tag = "orders", params(("id" = String, Path)), security(("bearer" = [])),
    request_body = OrderChanges,
    responses((status = 200, body = OrderEnvelope), (status = 400, body = crate::error::ErrorEnvelope), (status = 404, body = crate::error::ErrorEnvelope),
        (status = 409, description = "out_of_stock, price_changed or product_unavailable", body = crate::error::ErrorEnvelope)))]
pub async fn update(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<String>,
    ApiJson(changes): ApiJson<OrderChanges>,
) -> ApiResult<Json<OrderEnvelope>> {
    let id = order_id(&id)?;
    let mut errors = FieldErrors::new();
    let edit = Edit {
        actor: admin.id,
        name: changes
            .name
            .as_deref()
            .map(|name| required_text(&mut errors, "name", name)),
        email: changes
            .email
            .as_deref()
            .and_then(|email| errors.check("email", Email::parse(email)))
            .map(|email| email.as_str().to_owned()),
        address: changes
            .address
            .as_deref()
            .map(|address| required_text(&mut errors, "address", address)),
        pin_code: changes
            .pin_code
            .as_deref()
            .and_then(|pin| errors.check("pinCode", PinCode::parse(pin)))
            .map(|pin| pin.as_str().to_owned()),
        phone: changes
            .phone
            .as_deref()
            .and_then(|phone| errors.check("phone", Mobile::parse(phone)))
            .map(|mobile| mobile.as_str().to_owned()),
        discount: changes.discount,
        status: changes.status,
        payment_status: changes.payment_status,
        items: changes.cart_items,
        shop: shop_contact(&state),
    };
    errors.finish()?;
    workflow::edit(
        &state.db,
        &state.catalog_feed,
        tax_rules(&state),
        &id,
        &edit,
    )
    .await?
    .ok_or_else(not_found)?;
    // A status change's mail committed with it.
    state.outbox.wake();
    Ok(Json(envelope(&state, &id).await?))
}

/// Deletes an order (admin or superadmin), returning its stock unless it was delivered or cancelled.
#[utoipa::path(delete, path = "/api/v1/orders/{id}", operation_id = "delete_order", tag = "orders", params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 204), (status = 403, body = crate::error::ErrorEnvelope), (status = 404, body = crate::error::ErrorEnvelope)))]
pub async fn delete(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    admin.require_delete()?;
    let id = order_id(&id)?;
    workflow::delete(&state.db, &state.catalog_feed, &admin.id, &id)
        .await?
        .ok_or_else(not_found)?;
    Ok(StatusCode::NO_CONTENT)
}

/// A PDF as a download named `filename`.
fn pdf_download(filename: &str, pdf: Vec<u8>) -> ApiResult<impl IntoResponse + use<>> {
    Ok((
        [
            (CONTENT_TYPE, HeaderValue::from_static("application/pdf")),
            (
                CONTENT_DISPOSITION,
                HeaderValue::from_str(&format!("attachment; filename=\"{filename}\""))
                    .map_err(anyhow::Error::new)?,
            ),
            (CACHE_CONTROL, HeaderValue::from_static("private, no-store")),
        ],
        pdf,
    ))
}

async fn render(document: invoices::Invoice) -> ApiResult<Vec<u8>> {
    tokio::task::spawn_blocking(move || invoices::render(&document))
        .await
        .map_err(|error| {
            ApiError::Internal(anyhow::anyhow!("the invoice renderer stopped: {error}"))
        })?
        .map_err(|error| {
            ApiError::Internal(anyhow::Error::new(error).context("rendering an invoice"))
        })
}

/// The order's GST tax invoice as a PDF, once issued (when the order was first marked shipped or
/// delivered): for its customer and for admins.
#[utoipa::path(get, path = "/api/v1/orders/{id}/invoice", operation_id = "get_order_invoice", tag = "orders", params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 200, content_type = "application/pdf", description = "The tax invoice, as an attachment named invoice-ORD1001.pdf"),
        (status = 404, body = crate::error::ErrorEnvelope), (status = 409, description = "invoice_unavailable: not shipped or delivered yet", body = crate::error::ErrorEnvelope)))]
pub async fn invoice(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> ApiResult<impl IntoResponse> {
    let order = visible_view(&state, &caller, &id).await?;
    if order.invoice_number.is_none() {
        return Err(ApiError::Conflict {
            code: ErrorCode::InvoiceUnavailable,
            message: "The tax invoice is issued once the order is shipped or delivered".to_owned(),
            details: None,
        });
    }
    let filename = format!("invoice-{}.pdf", order.order_id);
    let pdf = render(invoices::tax_invoice(&order, &state.config.shop)).await?;
    pdf_download(&filename, pdf)
}

/// The credit note of a cancelled invoiced order as a PDF: for its customer and for admins.
#[utoipa::path(get, path = "/api/v1/orders/{id}/credit-note", operation_id = "get_order_credit_note", tag = "orders", params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 200, content_type = "application/pdf", description = "The credit note, as an attachment named credit-note-ORD1001.pdf"),
        (status = 404, body = crate::error::ErrorEnvelope), (status = 409, description = "credit_note_unavailable: the order was not cancelled after its invoice", body = crate::error::ErrorEnvelope)))]
pub async fn credit_note(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> ApiResult<impl IntoResponse> {
    let order = visible_view(&state, &caller, &id).await?;
    if order.credit_note_number.is_none() {
        return Err(ApiError::Conflict {
            code: ErrorCode::CreditNoteUnavailable,
            message: "A credit note is issued when an invoiced order is cancelled".to_owned(),
            details: None,
        });
    }
    let filename = format!("credit-note-{}.pdf", order.order_id);
    let pdf = render(invoices::credit_note(&order, &state.config.shop)).await?;
    pdf_download(&filename, pdf)
}

/// The QR code of an unpaid UPI order's payment link, as an SVG image: for its customer and for
/// admins. 409 `payment_unavailable` when the order is not waiting for a UPI payment.
#[utoipa::path(get, path = "/api/v1/orders/{id}/upi-qr", operation_id = "get_order_upi_qr", tag = "orders", params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 200, content_type = "image/svg+xml", description = "The QR code of the order's upiLink"),
        (status = 404, body = crate::error::ErrorEnvelope), (status = 409, description = "payment_unavailable: not an unpaid UPI order", body = crate::error::ErrorEnvelope)))]
pub async fn upi_qr(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> ApiResult<impl IntoResponse> {
    let order = visible_view(&state, &caller, &id).await?;
    let Some(link) = order.upi_link else {
        return Err(ApiError::Conflict {
            code: ErrorCode::PaymentUnavailable,
            message: "This order is not waiting for a UPI payment".to_owned(),
            details: None,
        });
    };
    let svg = crate::payments::qr_svg(&link)?;
    Ok((
        [
            (CONTENT_TYPE, HeaderValue::from_static("image/svg+xml")),
            (CACHE_CONTROL, HeaderValue::from_static("private, no-store")),
        ],
        svg,
    ))
}

/// The order's timeline (admins): placed, edits with what changed, status changes, the
/// invoice and credit note issued and the e-mails sent, oldest first.
#[utoipa::path(get, path = "/api/v1/orders/{id}/timeline", operation_id = "get_order_timeline", tag = "orders", params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 200, body = Timeline), (status = 401, body = crate::error::ErrorEnvelope), (status = 404, body = crate::error::ErrorEnvelope)))]
pub async fn timeline(
    State(state): State<AppState>,
    _admin: Admin,
    Path(id): Path<String>,
) -> ApiResult<Json<Timeline>> {
    let id = order_id(&id)?;
    let order = repo::find(&state.db, &id).await?.ok_or_else(not_found)?;
    let key = order.id.clone();
    let (audit, mails) = tokio::try_join!(
        audit_repo::of_record(&state.db, "order", &key),
        mail_repo::sent_about(&state.db, id.record()),
    )?;
    let audit: Vec<_> = audit
        .into_iter()
        .map(crate::audit::handlers::entry)
        .collect();
    Ok(Json(Timeline {
        data: timeline::timeline(&order, &audit, &mails),
    }))
}
