//! PDF invoices: an order becomes an [`Invoice`] here, and [`render`] lays it out with an
//! embedded font that has the rupee sign. Rendering is CPU work: call it from `spawn_blocking`.

mod document;

pub use document::{BilledTo, Invoice, InvoiceError, InvoiceLine, ShopDetails, render};

use time::format_description::well_known::Rfc3339;
use time::macros::{format_description, offset};
use time::OffsetDateTime;

use crate::config::ShopIdentity;
use crate::orders::types::{Order, OrderStatus};

/// The invoice number of an order: `INV-ORD1001`.
pub fn invoice_number(order_id: &str) -> String {
    format!("INV-{order_id}")
}

/// An RFC 3339 time as the date on an Indian invoice (IST): `23 Nov 2026`. Unparseable text is
/// shown as it is.
pub fn invoice_date(rfc3339: &str) -> String {
    let format = format_description!("[day padding:none] [month repr:short] [year]");
    OffsetDateTime::parse(rfc3339, &Rfc3339)
        .ok()
        .and_then(|time| time.to_offset(offset!(+5:30)).format(format).ok())
        .unwrap_or_else(|| rfc3339.to_owned())
}

fn status_label(status: OrderStatus) -> String {
    let text = status.as_str();
    text[..1].to_uppercase() + &text[1..]
}

/// The invoice of `order`, sold by `shop`.
pub fn for_order(order: &Order, shop: &ShopIdentity) -> Invoice {
    Invoice {
        shop: ShopDetails { name: shop.name.clone(), address_lines: shop.address_lines.clone(), email: shop.email.clone() },
        billed_to: BilledTo {
            name: order.name.clone(),
            address: order.address.clone(),
            city: order.city.clone(),
            state: order.state.clone(),
            company: order.company.clone(),
            email: order.email.clone(),
        },
        invoice_number: invoice_number(&order.order_id),
        order_id: order.order_id.clone(),
        date: invoice_date(&order.created_at),
        status: status_label(order.status),
        lines: order
            .cart_items
            .iter()
            .map(|item| InvoiceLine { description: item.name.clone(), unit_cost: item.price, quantity: item.amount, amount: item.price.times(item.amount) })
            .collect(),
        subtotal: order.charge_total,
        discount: order.discount,
        total: order.order_total,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_shown_in_india_time() {
        assert_eq!(invoice_date("2026-11-23T03:55:12.123456Z"), "23 Nov 2026");
        assert_eq!(invoice_date("2026-11-23T20:00:00Z"), "24 Nov 2026", "01:30 IST the next day");
        assert_eq!(invoice_date("not a date"), "not a date");
        assert_eq!(invoice_number("ORD1001"), "INV-ORD1001");
        assert_eq!(status_label(OrderStatus::Delivered), "Delivered");
    }
}
