//! The audit log's request and answer.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::paging::ListMeta;

/// The kinds of record the audit log covers, as `entity` names them.
pub const ENTITIES: [&str; 6] = ["product", "category", "user", "admin", "order", "coupon"];

/// `GET /audit`.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditParams {
    /// Only writes to this kind of record: `product`, `category`, `user`, `admin`, `order` or `coupon`.
    pub entity: Option<String>,
    /// Only writes by this admin (`_id`).
    pub actor: Option<String>,
    /// From this day, `2026-11-01` (India time).
    pub from: Option<String>,
    /// To this day, included.
    pub to: Option<String>,
}

/// Who made a write.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AuditActor {
    #[serde(rename = "_id")]
    pub id: String,
    /// Their name at the time.
    pub name: String,
}

/// One admin write.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    #[serde(rename = "_id")]
    pub id: String,
    /// RFC 3339, UTC.
    pub at: String,
    pub actor: AuditActor,
    /// `product`, `category`, `user`, `admin`, `order` or `coupon`.
    pub entity: String,
    /// The record's `_id` (a coupon's code).
    pub entity_id: String,
    /// The record's name when written: a product's title, an order's number.
    pub entity_label: String,
    /// `create`, `update`, `delete` or `import`.
    pub action: String,
    /// Each changed field (camelCase) with its value before and after; `null` where there was
    /// none. A `password` entry says only that the password changed.
    #[schema(value_type = Object)]
    pub changes: BTreeMap<String, [serde_json::Value; 2]>,
}

/// A page of the audit log, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditList {
    pub data: Vec<AuditEntry>,
    pub meta: ListMeta,
}
