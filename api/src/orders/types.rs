//! Order request and response types.

use pricing::Money;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Where an order's status stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum OrderStatus {
    /// Placed, not yet paid.
    Pending,
    /// Paid.
    Paid,
    /// Delivered; the customer may download the invoice.
    Delivered,
    /// Cancelled; its stock went back on the shelf.
    Cancelled,
}

impl OrderStatus {
    /// The stored text.
    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::Pending => "pending",
            OrderStatus::Paid => "paid",
            OrderStatus::Delivered => "delivered",
            OrderStatus::Cancelled => "cancelled",
        }
    }

    /// The status stored as `text`.
    pub fn parse(text: &str) -> Option<OrderStatus> {
        [OrderStatus::Pending, OrderStatus::Paid, OrderStatus::Delivered, OrderStatus::Cancelled].into_iter().find(|status| status.as_str() == text)
    }

    /// True while the order holds its items' stock (every status but cancelled).
    pub fn holds_stock(self) -> bool {
        self != OrderStatus::Cancelled
    }
}

/// One line of an order as the API shows it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderItem {
    /// The product's id.
    pub product_id: String,
    /// The product's title when ordered.
    pub name: String,
    /// The unit price charged.
    #[schema(value_type = f64)]
    pub price: Money,
    /// How many units.
    pub amount: u32,
    /// The product's image (a URL path) when ordered, or empty.
    pub image: String,
}

/// The customer an order belongs to.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct OrderCustomer {
    /// Their id.
    #[serde(rename = "_id")]
    pub id: String,
    /// Their name.
    pub username: String,
    /// Their e-mail address.
    pub email: String,
    /// Their company or bakery.
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
    /// Ship to: company or bakery.
    pub company: String,
    /// The lines.
    pub cart_items: Vec<OrderItem>,
    /// Units over all lines.
    pub num_items_in_cart: u32,
    /// The subtotal: the sum of price times amount.
    #[schema(value_type = f64)]
    pub charge_total: Money,
    /// The discount taken off the subtotal.
    #[schema(value_type = f64)]
    pub discount: Money,
    /// What is charged: max(0, subtotal - discount).
    #[schema(value_type = f64)]
    pub order_total: Money,
    /// Where the order stands.
    pub status: OrderStatus,
    /// The customer.
    pub user: OrderCustomer,
    /// When it was placed (RFC 3339).
    pub created_at: String,
    /// When it last changed (RFC 3339).
    pub updated_at: String,
}

/// `{"order": ...}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderEnvelope {
    /// The order.
    pub order: Order,
}

/// A page of orders, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderList {
    /// The orders on this page.
    pub data: Vec<Order>,
    /// Paging.
    pub meta: crate::paging::ListMeta,
}

/// A line as a client sends it. `name` and `image` are what the client showed; the server takes
/// both from the product.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CartItemInput {
    /// The product's id.
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
    /// Ship to: name.
    pub name: String,
    /// Ship to: street address.
    pub address: String,
    /// Ship to: city.
    #[serde(default)]
    pub city: String,
    /// Ship to: state.
    #[serde(default)]
    pub state: String,
    /// Ship to: company or bakery.
    #[serde(default)]
    pub company: String,
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
    /// The customer.
    pub user_id: String,
    /// Ship to: name.
    pub name: String,
    /// Ship to: street address.
    pub address: String,
    /// Ship to: city.
    #[serde(default)]
    pub city: String,
    /// Ship to: state.
    #[serde(default)]
    pub state: String,
    /// Ship to: company (the customer's when left out).
    #[serde(default)]
    pub company: Option<String>,
    /// Rupees off the subtotal (default 0).
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub discount: Option<Money>,
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
    /// The checkout.
    pub data: Checkout,
}

/// `POST /orders` by an admin.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OrderForCustomerRequest {
    /// The order.
    pub data: OrderForCustomer,
}

/// `PATCH /orders/{id}` by an admin: every field optional; totals are recomputed.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OrderChanges {
    /// Ship to: name.
    pub name: Option<String>,
    /// Contact e-mail.
    pub email: Option<String>,
    /// Ship to: street address.
    pub address: Option<String>,
    /// Rupees off the subtotal.
    #[schema(value_type = Option<f64>)]
    pub discount: Option<Money>,
    /// The new status.
    pub status: Option<OrderStatus>,
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
