//! The export calls.

// utoipa's `params(...)` expansion names the params type with a path unused_qualifications flags.
#![allow(unused_qualifications)]

use axum::extract::State;
use axum::http::HeaderValue;
use axum::http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::response::IntoResponse;
use pricing::Money;
use serde::Deserialize;
use time::macros::format_description;
use time::{Date, Duration, OffsetDateTime};
use utoipa::IntoParams;

use crate::auth::session::Admin;
use crate::error::{ApiError, ApiResult};
use crate::exports::csv::{Csv, Field};
use crate::extract::ApiQuery;
use crate::india_time::{IST, day_param, midnight};
use crate::orders::repo as orders_repo;
use crate::orders::types::{Order, OrderStatus};
use crate::products::repo as products_repo;
use crate::state::AppState;

/// The columns of the orders export, one row per order line.
pub const ORDER_COLUMNS: [&str; 32] = [
    "orderId",
    "placedAt",
    "status",
    "paymentMethod",
    "paymentStatus",
    "name",
    "email",
    "phone",
    "company",
    "address",
    "city",
    "state",
    "pinCode",
    "buyerGstin",
    "invoiceNumber",
    "productId",
    "productName",
    "hsn",
    "gstRate",
    "price",
    "amount",
    "lineDiscount",
    "taxableValue",
    "cgst",
    "sgst",
    "utgst",
    "igst",
    "lineTotal",
    "couponCode",
    "deliveryCharge",
    "orderDiscount",
    "orderTotal",
];

/// The columns of the products export (and of a product import).
pub const PRODUCT_COLUMNS: [&str; 11] = [
    "_id",
    "title",
    "company",
    "category",
    "description",
    "price",
    "sellingPrice",
    "stock",
    "featured",
    "hsn",
    "gstRate",
];

/// `GET /orders/export.csv`.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrderExportParams {
    /// The first day, `2026-11-01` (India time); default 30 days before `to`.
    pub from: Option<String>,
    /// The last day, included; default today.
    pub to: Option<String>,
    /// Only orders with this status.
    pub status: Option<OrderStatus>,
}

fn day(field: &str, text: Option<&str>, default: Date) -> ApiResult<Date> {
    Ok(day_param(field, text)?.unwrap_or(default))
}

fn rfc3339(time: OffsetDateTime) -> ApiResult<String> {
    time.format(&time::format_description::well_known::Rfc3339)
        .map_err(|error| ApiError::Internal(error.into()))
}

fn download(filename: &str, body: String) -> impl IntoResponse + use<> {
    (
        [
            (
                CONTENT_TYPE,
                HeaderValue::from_static("text/csv; charset=utf-8"),
            ),
            (
                CONTENT_DISPOSITION,
                HeaderValue::from_str(&format!("attachment; filename=\"{filename}\""))
                    .unwrap_or_else(|_| HeaderValue::from_static("attachment")),
            ),
            (CACHE_CONTROL, HeaderValue::from_static("private, no-store")),
        ],
        body,
    )
}

fn money(value: Money) -> Field<'static> {
    Field::Plain(value.to_string())
}

fn order_rows(csv: &mut Csv, order: &Order) {
    let placed = OffsetDateTime::parse(
        &order.created_at,
        &time::format_description::well_known::Rfc3339,
    )
    .map(|time| {
        time.to_offset(IST)
            .format(format_description!("[year]-[month]-[day] [hour]:[minute]"))
            .unwrap_or_default()
    })
    .unwrap_or_else(|_| order.created_at.clone());
    for item in &order.cart_items {
        let value = item.price.times(item.amount);
        csv.row([
            Field::Plain(order.order_id.clone()),
            Field::Plain(placed.clone()),
            Field::Plain(order.status.as_str().to_owned()),
            Field::Plain(order.payment_method.as_str().to_owned()),
            Field::Plain(order.payment_status.as_str().to_owned()),
            Field::Text(&order.name),
            Field::Text(&order.email),
            Field::Plain(order.phone.clone()),
            Field::Text(&order.company),
            Field::Text(&order.address),
            Field::Text(&order.city),
            Field::Text(&order.state),
            Field::Plain(order.pin_code.clone()),
            Field::Plain(order.buyer_gstin.clone().unwrap_or_default()),
            Field::Plain(order.invoice_number.clone().unwrap_or_default()),
            Field::Plain(item.product_id.clone()),
            Field::Text(&item.name),
            Field::Plain(item.hsn.clone()),
            Field::Plain(item.gst_rate.to_string()),
            money(item.price),
            Field::Plain(item.amount.to_string()),
            money(item.discount),
            money(item.taxable_value),
            money(item.cgst),
            money(item.sgst),
            money(item.utgst),
            money(item.igst),
            money(value - item.discount),
            Field::Plain(order.coupon_code.clone().unwrap_or_default()),
            money(order.delivery_charge),
            money(order.discount),
            money(order.order_total),
        ]);
    }
}

/// The orders placed from `from` to `to` (India days, both included), optionally of one status,
/// as CSV: one row per order line with the order's fields, money with two decimals (admins).
#[utoipa::path(get, path = "/api/v1/orders/export.csv", operation_id = "export_orders", tag = "orders", params(OrderExportParams), security(("bearer" = [])),
    responses((status = 200, content_type = "text/csv", description = "orders-2026-11-01-to-2026-11-25.csv"),
        (status = 400, body = crate::error::ErrorEnvelope), (status = 401, body = crate::error::ErrorEnvelope)))]
pub async fn orders(
    State(state): State<AppState>,
    _admin: Admin,
    ApiQuery(params): ApiQuery<OrderExportParams>,
) -> ApiResult<impl IntoResponse> {
    let today = OffsetDateTime::now_utc().to_offset(IST).date();
    let to = day("to", params.to.as_deref(), today)?;
    let from = day("from", params.from.as_deref(), to - Duration::days(29))?;
    if from > to {
        return Err(ApiError::invalid_field("from", "must not be after to"));
    }
    let rows = orders_repo::placed_between(
        &state.db,
        &rfc3339(midnight(from))?,
        &rfc3339(midnight(to + Duration::days(1)))?,
        params.status,
    )
    .await?;
    let mut csv = Csv::with_header(&ORDER_COLUMNS);
    for row in rows {
        order_rows(&mut csv, &row.view(state.config.upi.as_ref()));
    }
    Ok(download(
        &format!("orders-{from}-to-{to}.csv"),
        csv.into_string(),
    ))
}

/// Every product as CSV, in the columns a product import reads (admins).
#[utoipa::path(get, path = "/api/v1/products/export.csv", operation_id = "export_products", tag = "products", security(("bearer" = [])),
    responses((status = 200, content_type = "text/csv", description = "products.csv"), (status = 401, body = crate::error::ErrorEnvelope)))]
pub async fn products(
    State(state): State<AppState>,
    _admin: Admin,
) -> ApiResult<impl IntoResponse> {
    let mut csv = Csv::with_header(&PRODUCT_COLUMNS);
    for row in products_repo::all(&state.db).await? {
        let product = row.view();
        csv.row([
            Field::Plain(product.id.clone()),
            Field::Text(&product.title),
            Field::Text(&product.company),
            Field::Text(&product.category.name),
            Field::Text(&product.description),
            money(product.price),
            money(product.selling_price),
            Field::Plain(product.stock.to_string()),
            Field::Plain(product.featured.to_string()),
            Field::Plain(product.hsn.clone()),
            Field::Plain(product.gst_rate.to_string()),
        ]);
    }
    Ok(download("products.csv", csv.into_string()))
}
