//! An order's timeline for the back office: placed, each admin edit with what it changed, status
//! changes, the tax invoice and credit note issued, and the e-mails sent, oldest first. It is
//! assembled from the order, its audit entries and its mails: nothing is stored twice.

use std::collections::BTreeMap;

use pricing::{Money, format_inr};
use rust_decimal::Decimal;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::audit::types::{AuditAction, AuditEntry};
use crate::mail::repo::SentMail;
use crate::orders::repo::OrderRow;

/// Who did something on the timeline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct TimelineActor {
    /// `customer`, `admin` or `system` (the shop itself: documents and mails).
    pub kind: &'static str,
    #[serde(rename = "_id")]
    pub id: Option<String>,
    pub name: Option<String>,
}

/// One thing that happened to an order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct TimelineEvent {
    /// RFC 3339, UTC.
    pub at: String,
    pub actor: TimelineActor,
    /// `placed`, `edited`, `status_changed`, `invoice_issued`, `credit_note_issued` or `mail_sent`.
    pub action: &'static str,
    /// What happened, in a sentence ready to show.
    pub summary: String,
}

/// `GET /orders/{id}/timeline`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Timeline {
    pub data: Vec<TimelineEvent>,
}

/// The fields an edit's summary names, in this order, with how people call them. The totals,
/// taxes and documents follow from these (the total is named at the end when it changed), and
/// the status has its own event.
const EDITED_FIELDS: [(&str, &str); 8] = [
    ("cartItems", "lines"),
    ("discount", "discount"),
    ("paymentStatus", "payment"),
    ("name", "name"),
    ("email", "email"),
    ("address", "address"),
    ("pinCode", "PIN code"),
    ("phone", "phone"),
];

fn system() -> TimelineActor {
    TimelineActor {
        kind: "system",
        id: None,
        name: None,
    }
}

fn admin(entry: &AuditEntry) -> TimelineActor {
    TimelineActor {
        kind: "admin",
        id: Some(entry.actor.id.clone()),
        name: Some(entry.actor.name.clone()),
    }
}

/// A stored amount (decimal text or number) as rupee text.
fn rupees(value: &Value) -> Option<String> {
    let decimal: Decimal = match value {
        Value::String(text) => text.parse().ok()?,
        Value::Number(number) => number.to_string().parse().ok()?,
        _ => return None,
    };
    Some(format_inr(Money::round(decimal)))
}

/// A changed value as a person reads it.
fn shown(field: &str, value: &Value) -> String {
    if matches!(field, "discount" | "orderTotal")
        && let Some(text) = rupees(value)
    {
        return text;
    }
    match value {
        Value::Null => "none".to_owned(),
        Value::String(text) if text.is_empty() => "none".to_owned(),
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// Units a line list holds, by product name.
fn units_by_name(lines: &Value) -> BTreeMap<String, i64> {
    let mut units = BTreeMap::new();
    for line in lines.as_array().into_iter().flatten() {
        let name = line["name"].as_str().unwrap_or("a product").to_owned();
        *units.entry(name).or_insert(0) += line["amount"].as_i64().unwrap_or(0);
    }
    units
}

/// How the lines changed: `Bread Flour 1 kg ×2 → ×3, added Cake Mix ×1, removed Piping Bag ×2`.
fn lines_change(before: &Value, after: &Value) -> String {
    let (before, after) = (units_by_name(before), units_by_name(after));
    let mut parts = Vec::new();
    for (name, units) in &after {
        match before.get(name) {
            None => parts.push(format!("added {name} ×{units}")),
            Some(was) if was != units => parts.push(format!("{name} ×{was} → ×{units}")),
            Some(_) => {}
        }
    }
    for (name, units) in &before {
        if !after.contains_key(name) {
            parts.push(format!("removed {name} ×{units}"));
        }
    }
    if parts.is_empty() {
        "prices updated".to_owned()
    } else {
        parts.join(", ")
    }
}

/// The sentence of an edit's field changes, or `None` when it changed none of them.
fn edit_summary(changes: &BTreeMap<String, [Value; 2]>) -> Option<String> {
    let mut parts = Vec::new();
    for (field, label) in EDITED_FIELDS {
        let Some([before, after]) = changes.get(field) else {
            continue;
        };
        parts.push(if field == "cartItems" {
            format!("lines: {}", lines_change(before, after))
        } else {
            format!("{label} {} → {}", shown(field, before), shown(field, after))
        });
    }
    if parts.is_empty() {
        return None;
    }
    let mut summary = format!("Changed {}", parts.join("; "));
    if let Some([before, after]) = changes.get("orderTotal") {
        summary.push_str(&format!(
            "; total {} → {}",
            shown("orderTotal", before),
            shown("orderTotal", after)
        ));
    }
    Some(summary)
}

/// The timeline of `order` from its audit entries (oldest first) and the mails sent about it.
pub fn timeline(order: &OrderRow, audit: &[AuditEntry], mails: &[SentMail]) -> Vec<TimelineEvent> {
    let mut events = Vec::new();
    let placed_by = audit
        .iter()
        .find(|entry| entry.action == AuditAction::Create)
        .map_or_else(
            || TimelineActor {
                kind: "customer",
                id: Some(order.user_id.clone()),
                name: order.user_name.clone(),
            },
            admin,
        );
    // What it was placed with: the value before the first edit that changed it, or as it is.
    let as_placed = |field: &str| {
        audit
            .iter()
            .filter(|entry| entry.action == AuditAction::Update)
            .find_map(|entry| entry.changes.get(field).map(|[before, _]| before.clone()))
    };
    let items = as_placed("numItemsInCart")
        .and_then(|items| items.as_i64())
        .unwrap_or(order.num_items_in_cart);
    let total = as_placed("orderTotal").map_or_else(
        || format_inr(Money::round(order.order_total)),
        |total| shown("orderTotal", &total),
    );
    let by_admin = if placed_by.kind == "admin" {
        " by the shop"
    } else {
        ""
    };
    events.push(TimelineEvent {
        at: order.created_at.clone(),
        actor: placed_by,
        action: "placed",
        summary: format!(
            "Placed {}{by_admin}: {items} {}, {total}",
            order.order_id,
            if items == 1 { "item" } else { "items" },
        ),
    });
    for entry in audit
        .iter()
        .filter(|entry| entry.action == AuditAction::Update)
    {
        if let Some([before, after]) = entry.changes.get("status") {
            events.push(TimelineEvent {
                at: entry.at.clone(),
                actor: admin(entry),
                action: "status_changed",
                summary: format!(
                    "Status {} → {}",
                    shown("status", before),
                    shown("status", after)
                ),
            });
        }
        if let Some(summary) = edit_summary(&entry.changes) {
            events.push(TimelineEvent {
                at: entry.at.clone(),
                actor: admin(entry),
                action: "edited",
                summary,
            });
        }
    }
    if let (Some(number), Some(at)) = (&order.invoice_number, &order.invoice_date) {
        events.push(TimelineEvent {
            at: at.clone(),
            actor: system(),
            action: "invoice_issued",
            summary: format!("Tax invoice {number} issued"),
        });
    }
    if let (Some(number), Some(at)) = (&order.credit_note_number, &order.credit_note_date) {
        events.push(TimelineEvent {
            at: at.clone(),
            actor: system(),
            action: "credit_note_issued",
            summary: format!("Credit note {number} issued"),
        });
    }
    for mail in mails {
        events.push(TimelineEvent {
            at: mail.sent_at.clone(),
            actor: system(),
            action: "mail_sent",
            summary: format!("Email “{}” sent to {}", mail.subject, mail.recipient),
        });
    }
    // RFC 3339 texts in UTC sort by time once their fractions line up; parse to be sure.
    events.sort_by_key(|event| {
        time::OffsetDateTime::parse(&event.at, &time::format_description::well_known::Rfc3339)
            .map(time::OffsetDateTime::unix_timestamp_nanos)
            .unwrap_or(i128::MAX)
    });
    events
}
