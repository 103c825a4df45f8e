//! The audit log's request and answer.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::paging::ListMeta;

/// `GET /audit`.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditParams {
    /// Only writes to this kind of record.
    pub entity: Option<AuditEntity>,
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

/// The kinds of record the audit log covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AuditEntity {
    Product,
    Category,
    User,
    Admin,
    Order,
    Coupon,
}

impl AuditEntity {
    /// The name the log stores.
    pub fn as_str(self) -> &'static str {
        match self {
            AuditEntity::Product => "product",
            AuditEntity::Category => "category",
            AuditEntity::User => "user",
            AuditEntity::Admin => "admin",
            AuditEntity::Order => "order",
            AuditEntity::Coupon => "coupon",
        }
    }

    /// The kind a stored name names.
    pub fn from_stored(name: &str) -> Option<AuditEntity> {
        [
            AuditEntity::Product,
            AuditEntity::Category,
            AuditEntity::User,
            AuditEntity::Admin,
            AuditEntity::Order,
            AuditEntity::Coupon,
        ]
        .into_iter()
        .find(|entity| entity.as_str() == name)
    }
}

/// What a write did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AuditAction {
    Create,
    Update,
    Delete,
    /// Created or updated by a CSV import.
    Import,
}

impl AuditAction {
    /// The action a stored name names (an unknown one reads as an update).
    pub fn from_stored(name: &str) -> AuditAction {
        match name {
            "create" => AuditAction::Create,
            "delete" => AuditAction::Delete,
            "import" => AuditAction::Import,
            _ => AuditAction::Update,
        }
    }
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
    pub entity: AuditEntity,
    /// The record's `_id` (a coupon's code).
    pub entity_id: String,
    /// The record's name when written: a product's title, an order's number.
    pub entity_label: String,
    pub action: AuditAction,
    /// Each changed field (camelCase) with its value before and after; `null` where there was
    /// none. A `password` entry says only that the password changed.
    #[schema(value_type = BTreeMap<String, Vec<serde_json::Value>>)]
    pub changes: BTreeMap<String, [serde_json::Value; 2]>,
}

/// A page of the audit log, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditList {
    pub data: Vec<AuditEntry>,
    pub meta: ListMeta,
}
