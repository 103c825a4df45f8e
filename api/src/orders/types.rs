//! Order request and response types.

use pricing::{GstRate, Money};
use serde::{Deserialize, Serialize};
use surrealdb::types::SurrealValue;
use utoipa::{IntoParams, ToSchema};

use crate::coupons::types::CouponKind;

/// The filters of `GET /orders`, beside the page.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrderFilter {
    /// Part of the order number, the ship-to name, e-mail or company, in any case; blank finds
    /// every order.
    pub q: Option<String>,
    /// Only orders with this status.
    pub status: Option<OrderStatus>,
}

impl OrderFilter {
    /// The search text as the query compares it: trimmed and lower-cased, `None` when blank.
    pub fn needle(&self) -> Option<String> {
        self.q
            .as_deref()
            .map(str::trim)
            .filter(|q| !q.is_empty())
            .map(str::to_lowercase)
    }
}

/// Where an order's status stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, SurrealValue, ToSchema)]
#[serde(rename_all = "lowercase")]
#[surreal(crate = "surrealdb::types")]
#[surreal(untagged, lowercase)]
pub enum OrderStatus {
    /// Placed, not yet paid.
    Pending,
    Paid,
    /// Handed to the courier; the tax invoice is issued.
    Shipped,
    /// Delivered; the tax invoice is issued if shipping did not issue it.
    Delivered,
    /// Cancelled; its stock went back on the shelf.
    Cancelled,
}

impl OrderStatus {
    /// The status as the API and the database spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::Pending => "pending",
            OrderStatus::Paid => "paid",
            OrderStatus::Shipped => "shipped",
            OrderStatus::Delivered => "delivered",
            OrderStatus::Cancelled => "cancelled",
        }
    }

    /// True while the order holds its items' stock (every status but cancelled).
    pub fn holds_stock(self) -> bool {
        self != OrderStatus::Cancelled
    }

    /// True when reaching this status issues the tax invoice (once: the first time).
    pub fn issues_invoice(self) -> bool {
        matches!(self, OrderStatus::Shipped | OrderStatus::Delivered)
    }
}

/// How the customer pays.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, SurrealValue, ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[surreal(crate = "surrealdb::types")]
#[surreal(untagged, lowercase)]
pub enum PaymentMethod {
    /// Cash on delivery (the default, and every order from before payment methods).
    #[default]
    Cod,
    /// UPI to the shop's UPI ID: the order page shows a QR code and a `upi://pay` link for the
    /// exact amount, and an admin marks the order paid when the money is in.
    Upi,
}

impl PaymentMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentMethod::Cod => "cod",
            PaymentMethod::Upi => "upi",
        }
    }
}

/// Whether the shop has the money.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, SurrealValue, ToSchema)]
#[serde(rename_all = "lowercase")]
#[surreal(crate = "surrealdb::types")]
#[surreal(untagged, lowercase)]
pub enum PaymentStatus {
    /// Not paid yet (cash on delivery is paid on delivery).
    Unpaid,
    /// The money is in.
    Paid,
    /// Paid, then given back (a cancelled order).
    Refunded,
}

impl PaymentStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentStatus::Unpaid => "unpaid",
            PaymentStatus::Paid => "paid",
            PaymentStatus::Refunded => "refunded",
        }
    }

    /// The payment status of an order stored before payments were tracked: its order status
    /// `paid`, `shipped` or `delivered` said the money was in.
    pub fn of_legacy(status: OrderStatus) -> PaymentStatus {
        match status {
            OrderStatus::Paid | OrderStatus::Shipped | OrderStatus::Delivered => {
                PaymentStatus::Paid
            }
            OrderStatus::Pending | OrderStatus::Cancelled => PaymentStatus::Unpaid,
        }
    }
}

/// The delivery charge of an order and the GST in it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderDelivery {
    /// The flat fee of the terms the order was priced with (an edit prices it with them again).
    #[schema(value_type = f64)]
    pub fee: Money,
    /// From what goods total delivery was free under those terms; null for never.
    #[schema(value_type = Option<f64>)]
    pub free_from: Option<Money>,
    /// What delivery cost, GST included (0 when free).
    #[schema(value_type = f64)]
    pub charge: Money,
    /// The GST rate in it, percent.
    #[schema(value_type = f64)]
    pub gst_rate: GstRate,
    #[schema(value_type = f64)]
    pub taxable_value: Money,
    #[schema(value_type = f64)]
    pub cgst: Money,
    #[schema(value_type = f64)]
    pub sgst: Money,
    #[schema(value_type = f64)]
    pub utgst: Money,
    #[schema(value_type = f64)]
    pub igst: Money,
}

/// One line of an order as the API shows it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderItem {
    pub product_id: String,
    /// The product's title when ordered.
    pub name: String,
    /// The unit price charged.
    #[schema(value_type = f64)]
    pub price: Money,
    pub amount: u32,
    /// The product's image (a URL path) when ordered, or empty.
    pub image: String,
    /// The product's HSN code when ordered, or empty.
    pub hsn: String,
    /// The GST rate in percent, included in the price.
    #[schema(value_type = f64)]
    pub gst_rate: GstRate,
    /// The line's share of the order's discounts (coupon and admin's).
    #[schema(value_type = f64)]
    pub discount: Money,
    /// The value before tax: price × amount − discount − tax.
    #[schema(value_type = f64)]
    pub taxable_value: Money,
    /// Central GST (a sale within the shop's state or territory).
    #[schema(value_type = f64)]
    pub cgst: Money,
    /// State GST (within the shop's state).
    #[schema(value_type = f64)]
    pub sgst: Money,
    /// Union territory GST (within a territory without a legislature).
    #[schema(value_type = f64)]
    pub utgst: Money,
    /// Integrated GST (a sale to another state).
    #[schema(value_type = f64)]
    pub igst: Money,
}

/// The place of supply: the ship-to state and its GST state code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct PlaceOfSupply {
    /// The state or union territory.
    pub state: String,
    /// Its GST state code, 1 to 38.
    pub code: u8,
}

/// The terms of the coupon an order used, as it was priced with them.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderCoupon {
    pub code: String,
    /// What it takes off.
    pub kind: CouponKind,
    /// Percent, or rupees.
    #[schema(value_type = f64)]
    pub value: Money,
    /// The smallest subtotal it applies to.
    #[schema(value_type = f64)]
    pub min_subtotal: Money,
    /// The most a percent coupon takes off.
    #[schema(value_type = Option<f64>)]
    pub max_discount: Option<Money>,
}

/// The customer an order belongs to.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct OrderCustomer {
    #[serde(rename = "_id")]
    pub id: String,
    pub username: String,
    pub email: String,
    pub company: String,
}

/// An order as the API shows it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    /// The record id, used in URLs.
    #[serde(rename = "_id")]
    pub id: String,
    /// The order number people quote: ORD1001, ORD1002, ...
    pub order_id: String,
    pub name: String,
    pub email: String,
    pub address: String,
    pub city: String,
    pub state: String,
    /// The 6-digit PIN code (empty on orders from before it was asked).
    pub pin_code: String,
    /// The phone number for the courier: ten digits (empty on older orders).
    pub phone: String,
    /// Ship to: company or bakery.
    pub company: String,
    pub cart_items: Vec<OrderItem>,
    /// Units over all lines.
    pub num_items_in_cart: u32,
    /// The subtotal: the sum of price times amount.
    #[schema(value_type = f64)]
    pub charge_total: Money,
    /// The admin's discount taken off the subtotal.
    #[schema(value_type = f64)]
    pub discount: Money,
    /// The code of the coupon the order used.
    pub coupon_code: Option<String>,
    /// The coupon's terms, which an edit of the order prices with again.
    pub coupon: Option<OrderCoupon>,
    /// What the coupon took off the subtotal.
    #[schema(value_type = f64)]
    pub coupon_discount: Money,
    /// What delivery costs, GST included: the shop's flat fee, or 0 when the goods come to its
    /// free-delivery threshold after discounts (and on orders from before delivery was charged).
    #[schema(value_type = f64)]
    pub delivery_charge: Money,
    /// The delivery charge with the GST in it.
    pub delivery: OrderDelivery,
    /// What is charged, GST included: max(0, subtotal - couponDiscount - discount) +
    /// deliveryCharge.
    #[schema(value_type = f64)]
    pub order_total: Money,
    /// How the customer pays.
    pub payment_method: PaymentMethod,
    /// Whether the shop has the money; an admin marks it.
    pub payment_status: PaymentStatus,
    /// For an unpaid UPI order that is not cancelled: the `upi://pay` link for the exact amount
    /// to the shop's UPI ID, which the order page also shows as a QR code.
    pub upi_link: Option<String>,
    /// The sum of the lines' and the delivery's taxable values.
    #[schema(value_type = f64)]
    pub taxable_total: Money,
    /// The sum of the lines' and the delivery's CGST.
    #[schema(value_type = f64)]
    pub cgst_total: Money,
    /// The sum of the lines' and the delivery's SGST.
    #[schema(value_type = f64)]
    pub sgst_total: Money,
    /// The sum of the lines' and the delivery's UTGST.
    #[schema(value_type = f64)]
    pub utgst_total: Money,
    /// The sum of the lines' and the delivery's IGST.
    #[schema(value_type = f64)]
    pub igst_total: Money,
    /// The ship-to state, which decides the tax split (null for orders from before GST).
    pub place_of_supply: Option<PlaceOfSupply>,
    /// The buyer's GSTIN, for a B2B tax invoice.
    pub buyer_gstin: Option<String>,
    /// The tax invoice number (`WSK/26-27/00001`), issued when the order is first marked shipped
    /// or delivered.
    pub invoice_number: Option<String>,
    /// When the invoice was issued (RFC 3339).
    pub invoice_date: Option<String>,
    /// The credit note number (`CN/26-27/00001`), issued when an invoiced order is cancelled.
    pub credit_note_number: Option<String>,
    /// When the credit note was issued (RFC 3339).
    pub credit_note_date: Option<String>,
    pub status: OrderStatus,
    pub user: OrderCustomer,
    /// When it was placed (RFC 3339).
    pub created_at: String,
    /// When it last changed (RFC 3339).
    pub updated_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderEnvelope {
    pub order: Order,
}

/// A page of orders, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderList {
    pub data: Vec<Order>,
    pub meta: crate::paging::ListMeta,
}

/// A line as a client sends it. `name` and `image` are what the client showed; the server takes
/// both from the product.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CartItemInput {
    pub product_id: String,
    /// How many units, 1 to 20.
    pub amount: i64,
    /// The unit price the client showed; a different current price answers 409 `price_changed`.
    #[schema(value_type = f64)]
    pub price: Money,
    /// Ignored.
    #[serde(default)]
    pub name: Option<String>,
    /// Ignored.
    #[serde(default)]
    pub image: Option<String>,
}

/// `POST /orders` by a customer: `{"data": ...}`. The totals are the client's and are recomputed.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Checkout {
    pub name: String,
    pub address: String,
    #[serde(default)]
    pub city: String,
    #[serde(default)]
    pub state: String,
    /// The 6-digit PIN code (checked when sent).
    #[serde(default)]
    pub pin_code: Option<String>,
    /// A phone number for the courier (checked when sent; the account's mobile when left out).
    #[serde(default)]
    pub phone: Option<String>,
    /// How the customer pays (default `cod`); `upi` needs the shop to have a UPI ID.
    #[serde(default)]
    pub payment_method: Option<PaymentMethod>,
    /// Ship to: company or bakery.
    #[serde(default)]
    pub company: String,
    /// A coupon code; a coupon that cannot be used answers 404 `coupon_not_found` or 409
    /// `coupon_unusable`, and the order is not placed.
    #[serde(default)]
    pub coupon_code: Option<String>,
    /// The buyer's GSTIN for a B2B tax invoice, checked by format and check character.
    #[serde(default)]
    pub gstin: Option<String>,
    /// The registered business name for the invoice (replaces `company` when given).
    #[serde(default)]
    pub business_name: Option<String>,
    /// Ignored: the server computes it.
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub charge_total: Option<serde_json::Value>,
    /// Ignored: the server computes it (clients send formatted text).
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub order_total: Option<serde_json::Value>,
    /// Ignored: the server counts.
    #[serde(default)]
    #[schema(value_type = Option<u32>)]
    pub num_items_in_cart: Option<serde_json::Value>,
    /// The lines, 1 to 100, one per product.
    pub cart_items: Vec<CartItemInput>,
}

/// `POST /orders` by an admin on behalf of a customer: `{"data": ...}`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OrderForCustomer {
    pub user_id: String,
    pub name: String,
    pub address: String,
    #[serde(default)]
    pub city: String,
    #[serde(default)]
    pub state: String,
    /// The 6-digit PIN code (checked when sent).
    #[serde(default)]
    pub pin_code: Option<String>,
    /// A phone number for the courier (checked when sent; the customer's mobile when left out).
    #[serde(default)]
    pub phone: Option<String>,
    /// How the customer pays (default `cod`).
    #[serde(default)]
    pub payment_method: Option<PaymentMethod>,
    /// Ship to: company (the customer's when left out).
    #[serde(default)]
    pub company: Option<String>,
    /// Rupees off the subtotal (default 0).
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub discount: Option<Money>,
    /// The buyer's GSTIN for a B2B tax invoice.
    #[serde(default)]
    pub gstin: Option<String>,
    /// Ignored: the server counts.
    #[serde(default)]
    #[schema(value_type = Option<u32>)]
    pub num_items_in_cart: Option<serde_json::Value>,
    /// The lines, 1 to 100, one per product.
    pub cart_items: Vec<CartItemInput>,
}

/// `POST /orders` by a customer.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckoutRequest {
    pub data: Checkout,
}

/// `POST /orders` by an admin.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OrderForCustomerRequest {
    pub data: OrderForCustomer,
}

/// The body of `POST /orders` as documented: which of the two is read depends on who sends it,
/// not on its shape, so the handler parses one of them directly and this type only describes both.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum CreateOrderRequest {
    /// A customer's checkout.
    Checkout(CheckoutRequest),
    /// An admin's order on behalf of a customer.
    ForCustomer(OrderForCustomerRequest),
}

/// `PATCH /orders/{id}` by an admin: every field optional; totals are recomputed.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OrderChanges {
    pub name: Option<String>,
    pub email: Option<String>,
    pub address: Option<String>,
    /// The 6-digit PIN code.
    pub pin_code: Option<String>,
    /// The phone number for the courier.
    pub phone: Option<String>,
    /// Rupees off the subtotal.
    #[schema(value_type = Option<f64>)]
    pub discount: Option<Money>,
    /// A new status. Moving a pending order to `paid` marks its payment paid as well.
    pub status: Option<OrderStatus>,
    /// Marks the payment: `paid` when the money is in (a pending order then becomes `paid`),
    /// `refunded` when it was given back, `unpaid` to undo a mistake.
    pub payment_status: Option<PaymentStatus>,
    /// The lines that replace the order's lines. Lines already in the order keep their price.
    pub cart_items: Option<Vec<CartItemInput>>,
    /// Ignored: the server counts.
    #[serde(default)]
    #[schema(value_type = Option<u32>)]
    pub num_items_in_cart: Option<serde_json::Value>,
    /// Ignored: the server computes it.
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub order_total: Option<serde_json::Value>,
}
