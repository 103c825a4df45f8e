//! PDF invoices: an order becomes an [`Invoice`] here, and [`render`] lays it out with an
//! embedded font that has the rupee sign. Rendering is CPU work: call it from `spawn_blocking`.

mod document;
mod font_trim;
pub mod sample;
pub mod series;

pub use document::{
    BilledTo, DocumentKind, HsnRow, Invoice, InvoiceError, InvoiceLine, ShopDetails, hsn_summary,
    render,
};

use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use time::macros::format_description;

use crate::india_time::IST;

use crate::config::ShopIdentity;
use crate::orders::types::{Order, OrderStatus};
use pricing::{Money, Supply};

/// An RFC 3339 time as the date on an Indian invoice (IST): `23 Nov 2026`. Unparseable text is
/// shown as it is.
pub fn invoice_date(rfc3339: &str) -> String {
    let format = format_description!("[day padding:none] [month repr:short] [year]");
    OffsetDateTime::parse(rfc3339, &Rfc3339)
        .ok()
        .and_then(|time| time.to_offset(IST).format(format).ok())
        .unwrap_or_else(|| rfc3339.to_owned())
}

fn status_label(status: OrderStatus) -> String {
    let text = status.as_str();
    text[..1].to_uppercase() + &text[1..]
}

fn shop_details(shop: &ShopIdentity) -> ShopDetails {
    ShopDetails {
        name: shop.name.clone(),
        legal_name: shop.legal_name.clone(),
        address_lines: shop.address_lines.clone(),
        email: shop.email.clone(),
        gstin: shop.gstin.clone(),
        state: format!("{} ({:02})", shop.state.name, shop.state.code),
    }
}

/// The tax split of an order: from its place of supply and the shop's state.
fn supply(order: &Order, shop: &ShopIdentity) -> Supply {
    let place = order
        .place_of_supply
        .as_ref()
        .and_then(|place| pricing::region_by_code(place.code))
        .unwrap_or(shop.state);
    pricing::supply(shop.state, place)
}

/// The SAC code of the delivery charge on an invoice: courier services.
pub const DELIVERY_SAC: &str = "996812";

/// The delivery charge as an invoice line, when there is one.
fn delivery_line(order: &Order) -> Option<InvoiceLine> {
    let delivery = &order.delivery;
    (delivery.charge > Money::ZERO).then(|| InvoiceLine {
        description: "Delivery charges".to_owned(),
        hsn: DELIVERY_SAC.to_owned(),
        unit_cost: delivery.charge,
        quantity: 1,
        amount: delivery.charge,
        discount: Money::ZERO,
        taxable_value: delivery.taxable_value,
        rate: delivery.gst_rate,
        cgst: delivery.cgst,
        sgst: delivery.sgst,
        utgst: delivery.utgst,
        igst: delivery.igst,
    })
}

/// The buyer's city with the PIN code after it, as an address line shows them.
fn city_and_pin(order: &Order) -> String {
    [order.city.trim(), order.pin_code.trim()]
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

fn document(
    order: &Order,
    shop: &ShopIdentity,
    kind: DocumentKind,
    number: &str,
    date: &str,
) -> Invoice {
    let place_of_supply = order.place_of_supply.as_ref().map_or_else(
        || order.state.clone(),
        |place| format!("{} ({:02})", place.state, place.code),
    );
    Invoice {
        kind,
        shop: shop_details(shop),
        billed_to: BilledTo {
            name: order.name.clone(),
            address: order.address.clone(),
            city: city_and_pin(order),
            state: order.state.clone(),
            company: order.company.clone(),
            email: order.email.clone(),
            gstin: order.buyer_gstin.clone(),
        },
        invoice_number: number.to_owned(),
        order_id: order.order_id.clone(),
        date: invoice_date(date),
        status: status_label(order.status),
        place_of_supply,
        supply: supply(order, shop),
        lines: order
            .cart_items
            .iter()
            .map(|item| InvoiceLine {
                description: item.name.clone(),
                hsn: item.hsn.clone(),
                unit_cost: item.price,
                quantity: item.amount,
                amount: item.price.times(item.amount),
                discount: item.discount,
                taxable_value: item.taxable_value,
                rate: item.gst_rate,
                cgst: item.cgst,
                sgst: item.sgst,
                utgst: item.utgst,
                igst: item.igst,
            })
            .chain(delivery_line(order))
            .collect(),
        subtotal: order.charge_total + order.delivery_charge,
        discount: order.discount + order.coupon_discount,
        taxable_total: order.taxable_total,
        cgst: order.cgst_total,
        sgst: order.sgst_total,
        utgst: order.utgst_total,
        igst: order.igst_total,
        total: order.order_total,
    }
}

/// The GST tax invoice of `order`, sold by `shop`; its number and date are the order's (empty
/// when none was issued, which callers check first).
pub fn tax_invoice(order: &Order, shop: &ShopIdentity) -> Invoice {
    let number = order.invoice_number.clone().unwrap_or_default();
    document(
        order,
        shop,
        DocumentKind::TaxInvoice,
        &number,
        order.invoice_date.as_deref().unwrap_or(&order.created_at),
    )
}

/// The credit note cancelling `order`'s tax invoice.
pub fn credit_note(order: &Order, shop: &ShopIdentity) -> Invoice {
    let kind = DocumentKind::CreditNote {
        invoice_number: order.invoice_number.clone().unwrap_or_default(),
        invoice_date: invoice_date(order.invoice_date.as_deref().unwrap_or(&order.created_at)),
    };
    let number = order.credit_note_number.clone().unwrap_or_default();
    document(
        order,
        shop,
        kind,
        &number,
        order
            .credit_note_date
            .as_deref()
            .unwrap_or(&order.updated_at),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_shown_in_india_time() {
        assert_eq!(invoice_date("2026-11-23T03:55:12.123456Z"), "23 Nov 2026");
        assert_eq!(
            invoice_date("2026-11-23T20:00:00Z"),
            "24 Nov 2026",
            "01:30 IST the next day"
        );
        assert_eq!(invoice_date("not a date"), "not a date");
        assert_eq!(status_label(OrderStatus::Delivered), "Delivered");
    }
}
