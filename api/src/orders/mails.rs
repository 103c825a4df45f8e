//! The e-mails an order sends, plain text with an HTML twin in the shop's look, amounts in en-IN
//! rupees: the confirmation to the customer and a notice to the shop when it is placed, and a
//! note to the customer when it ships, is delivered or is cancelled. They are written to the
//! outbox in the order's own transaction (see `orders::repo`), so a mail goes exactly when the
//! change commits, and the outbox sends it after (checkout never waits on SMTP). A placement's
//! two mails are stored as one outbox record ([`PlacedMails`]) without their text, which is
//! rendered again from the order when the outbox sends them from the database
//! ([`placed_template`], `orders::placed_mail`).

use pricing::{Money, format_inr};
use serde::Serialize;
use surrealdb::types::SurrealValue;

use crate::markup::escape;
use crate::orders::repo::OrderFields;
use crate::orders::types::{OrderStatus, PaymentMethod};

/// Stands for the order number in a mail written before the order is numbered: the placement
/// fills it in once its group is numbered (`orders::repo::place`).
pub const ORDER_NUMBER: &str = "{order}";

/// The outbox's names (its `template` field) for the mails [`placed`] gives, in its order.
pub const PLACED_TEMPLATES: [&str; 2] = ["order_confirmation", "order_notice"];

/// The shop's colour in mails (the web app's primary blue).
const BRAND: &str = "#0b57d0";

/// A mail to write to the outbox.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct OrderMail {
    pub recipient: String,
    pub subject: String,
    /// The plain-text body.
    pub body: String,
    /// The same in HTML.
    pub html: String,
    /// Whether the order's tax invoice goes with it as a PDF.
    pub attach_invoice: bool,
}

fn money(value: rust_decimal::Decimal) -> Money {
    Money::round(value)
}

/// The HTML page around `content`, with the shop's name as its header.
fn page(shop: &str, content: &str) -> String {
    format!(
        "<!doctype html><html><body style=\"margin:0;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1f2937\">\
         <table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\"><tr><td align=\"center\" style=\"padding:24px 12px\">\
         <table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" style=\"max-width:600px;background:#ffffff;border-radius:12px;border:1px solid #e5e7eb\">\
         <tr><td style=\"background:{BRAND};color:#ffffff;padding:16px 24px;border-radius:12px 12px 0 0;font-size:20px;font-weight:bold\">{}</td></tr>\
         <tr><td style=\"padding:24px\">{content}</td></tr></table></td></tr></table></body></html>",
        escape(shop)
    )
}

/// The lines and totals of an order, as text and as HTML rows.
fn summary(fields: &OrderFields) -> (String, String) {
    let mut text = String::new();
    let mut rows = String::new();
    for item in &fields.cart_items {
        let line = money(item.price).times(u32::try_from(item.amount).unwrap_or(0));
        text.push_str(&format!(
            "  {} x {} @ {} = {}\n",
            item.amount,
            item.name,
            format_inr(money(item.price)),
            format_inr(line)
        ));
        rows.push_str(&format!(
            "<tr><td style=\"padding:6px 0\">{} &times; {}</td><td align=\"right\" style=\"padding:6px 0\">{}</td></tr>",
            item.amount,
            escape(&item.name),
            format_inr(line)
        ));
    }
    let off = money(fields.coupon_discount) + money(fields.discount);
    let delivery = money(fields.delivery.charge);
    let mut totals = vec![("Subtotal", format_inr(money(fields.charge_total)))];
    if off > Money::ZERO {
        totals.push(("Discount", format!("-{}", format_inr(off))));
    }
    totals.push((
        "Delivery",
        if delivery > Money::ZERO {
            format_inr(delivery)
        } else {
            "Free".to_owned()
        },
    ));
    totals.push((
        "Total (GST included)",
        format_inr(money(fields.order_total)),
    ));
    for (label, value) in &totals {
        text.push_str(&format!("{label}: {value}\n"));
        rows.push_str(&format!(
            "<tr><td style=\"padding:4px 0;border-top:1px solid #e5e7eb\">{label}</td><td align=\"right\" style=\"padding:4px 0;border-top:1px solid #e5e7eb\">{value}</td></tr>"
        ));
    }
    (
        text,
        format!(
            "<table role=\"presentation\" width=\"100%\" style=\"font-size:14px\">{rows}</table>"
        ),
    )
}

fn ship_to(fields: &OrderFields) -> String {
    let city = [
        fields.city.as_str(),
        fields.pin_code.as_deref().unwrap_or_default(),
    ]
    .into_iter()
    .filter(|part| !part.is_empty())
    .collect::<Vec<_>>()
    .join(" ");
    [
        fields.name.as_str(),
        fields.company.as_str(),
        fields.address.as_str(),
        city.as_str(),
        fields.state.as_str(),
    ]
    .into_iter()
    .filter(|part| !part.trim().is_empty())
    .collect::<Vec<_>>()
    .join(", ")
}

fn payment_text(method: PaymentMethod) -> &'static str {
    match method {
        PaymentMethod::Cod => "Cash on delivery: pay when your order arrives.",
        PaymentMethod::Upi => {
            "UPI: open your order on our site to scan its QR code or pay with your UPI app. We start packing once the payment reaches us."
        }
    }
}

/// The mails of a new order, `{order}` standing for its number. The outbox stores them as one
/// record, the notice its companion (`mail::repo::Companion`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacedMails {
    /// To the customer, under the template name `PLACED_TEMPLATES[0]`.
    pub confirmation: OrderMail,
    /// To the shop, under `PLACED_TEMPLATES[1]`.
    pub notice: OrderMail,
}

/// The customer's confirmation and the shop's notice of a new order (`{order}` for its number).
pub fn placed(shop: &str, shop_email: &str, fields: &OrderFields) -> PlacedMails {
    let (lines, rows) = summary(fields);
    let address = ship_to(fields);
    let payment = payment_text(fields.payment_method);
    let customer_text = format!(
        "Hello {name},\n\nThank you for your order {ORDER_NUMBER} at {shop}.\n\n{lines}\nDelivering to: {address}\nPayment: {payment}\n\nWe will write again when it ships.\n\n{shop}\n",
        name = fields.name,
    );
    let customer_html = page(
        shop,
        &format!(
            "<p>Hello {name},</p><p>Thank you for your order <strong>{ORDER_NUMBER}</strong>.</p>{rows}\
             <p><strong>Delivering to:</strong> {address}</p><p><strong>Payment:</strong> {payment}</p>\
             <p>We will write again when it ships.</p>",
            name = escape(&fields.name),
            address = escape(&address),
            payment = escape(payment),
        ),
    );
    let total = format_inr(money(fields.order_total));
    let notice_text = format!(
        "New order {ORDER_NUMBER} from {name} <{email}> for {total}.\n\n{lines}\nShip to: {address}\nPayment: {method}\n",
        name = fields.name,
        email = fields.email,
        method = fields.payment_method.as_str(),
    );
    let notice_html = page(
        shop,
        &format!(
            "<p>New order <strong>{ORDER_NUMBER}</strong> from {name} &lt;{email}&gt; for <strong>{total}</strong>.</p>{rows}\
             <p><strong>Ship to:</strong> {address}</p><p><strong>Payment:</strong> {method}</p>",
            name = escape(&fields.name),
            email = escape(&fields.email),
            address = escape(&address),
            method = fields.payment_method.as_str(),
        ),
    );
    PlacedMails {
        confirmation: OrderMail {
            recipient: fields.email.clone(),
            subject: format!("Your {shop} order {ORDER_NUMBER} is confirmed"),
            body: customer_text,
            html: customer_html,
            attach_invoice: false,
        },
        notice: OrderMail {
            recipient: shop_email.to_owned(),
            subject: format!("New order {ORDER_NUMBER}: {total} from {}", fields.name),
            body: notice_text,
            html: notice_html,
            attach_invoice: false,
        },
    }
}

/// The text and HTML of the mail [`PLACED_TEMPLATES`] names `template`, for the order numbered
/// `number` whose fields are `fields`: as [`placed`] gave them when it was placed, if the order has
/// not been edited since (an edited order's mail shows it as it is now). `None` for a name that
/// is none of them.
pub fn placed_template(
    shop: &str,
    shop_email: &str,
    fields: &OrderFields,
    number: &str,
    template: &str,
) -> Option<(String, String)> {
    let placed = placed(shop, shop_email, fields);
    let mail = match PLACED_TEMPLATES.iter().position(|name| *name == template)? {
        0 => placed.confirmation,
        _ => placed.notice,
    };
    Some((numbered(&mail.body, number), numbered(&mail.html, number)))
}

/// `text` with [`ORDER_NUMBER`] replaced by the order's number.
pub fn numbered(text: &str, number: &str) -> String {
    text.replace(ORDER_NUMBER, number)
}

/// The customer's note of a status change, for the changes they hear about.
pub fn status_changed(
    shop: &str,
    order_number: &str,
    fields: &OrderFields,
    status: OrderStatus,
) -> Option<OrderMail> {
    let (subject, said) = match status {
        OrderStatus::Shipped => (
            format!("Your order {order_number} is on its way"),
            "has been handed to the courier. Your GST tax invoice is on the order page.",
        ),
        OrderStatus::Delivered => (
            format!("Your order {order_number} has been delivered"),
            "has been delivered. Thank you for baking with us; your GST tax invoice is attached, and on the order page.",
        ),
        OrderStatus::Cancelled => (
            format!("Your order {order_number} has been cancelled"),
            "has been cancelled. If you paid for it, we will refund the payment.",
        ),
        OrderStatus::Pending | OrderStatus::Paid => return None,
    };
    let (lines, rows) = summary(fields);
    Some(OrderMail {
        recipient: fields.email.clone(),
        subject,
        body: format!(
            "Hello {name},\n\nYour order {order_number} {said}\n\n{lines}\n{shop}\n",
            name = fields.name
        ),
        html: page(
            shop,
            &format!(
                "<p>Hello {name},</p><p>Your order <strong>{number}</strong> {said}</p>{rows}",
                name = escape(&fields.name),
                number = escape(order_number),
                said = escape(said),
            ),
        ),
        attach_invoice: status == OrderStatus::Delivered,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_is_escaped() {
        assert_eq!(
            escape("<b>Tom & \"Jerry\"</b>"),
            "&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;"
        );
    }
}
