//! `GET /audit`.

// utoipa's `params(...)` expansion names the params type with a path unused_qualifications flags.
#![allow(unused_qualifications)]

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use time::Duration;

use crate::audit::repo::{self, AuditFilter, AuditRow};
use crate::audit::types::{
    AuditAction, AuditActor, AuditEntity, AuditEntry, AuditList, AuditParams,
};
use crate::auth::session::Admin;
use crate::domain::AdminId;
use crate::error::{ApiError, ApiResult};
use crate::extract::ApiQuery;
use crate::india_time::{day_param, midnight};
use crate::paging::{ListMeta, MAX_PAGE_SIZE, PageParams};
use crate::state::AppState;

/// `cart_items` → `cartItems`.
pub fn camel_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut upper = false;
    for c in name.chars() {
        if c == '_' {
            upper = !out.is_empty();
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// A stored value as the API shows it: object keys in camelCase, all the way down.
fn api_value(value: serde_json::Value) -> serde_json::Value {
    match value {
        serde_json::Value::Object(fields) => fields
            .into_iter()
            .map(|(key, value)| (camel_case(&key), api_value(value)))
            .collect::<serde_json::Map<_, _>>()
            .into(),
        serde_json::Value::Array(items) => items.into_iter().map(api_value).collect(),
        other => other,
    }
}

/// An entry as the API shows it.
pub fn entry(row: AuditRow) -> AuditEntry {
    let mut changes = BTreeMap::new();
    if let serde_json::Value::Object(fields) = row.changes.into_json_value() {
        for (field, sides) in fields {
            let (before, after) = match sides {
                serde_json::Value::Array(mut sides) if sides.len() == 2 => {
                    let after = sides.pop().unwrap_or_default();
                    (sides.pop().unwrap_or_default(), after)
                }
                other => (serde_json::Value::Null, other),
            };
            changes.insert(camel_case(&field), [api_value(before), api_value(after)]);
        }
    }
    AuditEntry {
        id: row.id,
        at: row.at,
        actor: AuditActor {
            id: row.actor,
            name: row.actor_name,
        },
        entity: AuditEntity::from_stored(&row.entity).unwrap_or(AuditEntity::Product),
        entity_id: row.entity_id,
        entity_label: row.label,
        action: AuditAction::from_stored(&row.action),
        changes,
    }
}

/// The checked filter of a request; a bad value is a 400 naming it.
fn filter(params: &AuditParams) -> ApiResult<AuditFilter> {
    let entity = params.entity.map(AuditEntity::as_str);
    let actor = match params
        .actor
        .as_deref()
        .map(str::trim)
        .filter(|a| !a.is_empty())
    {
        None => None,
        Some(id) => Some(
            AdminId::parse(id)
                .ok_or_else(|| ApiError::invalid_field("actor", "is not an admin's id"))?
                .record(),
        ),
    };
    let from = day_param("from", params.from.as_deref())?;
    let to = day_param("to", params.to.as_deref())?;
    if let (Some(from), Some(to)) = (from, to)
        && to < from
    {
        return Err(ApiError::invalid_field("to", "must not be before from"));
    }
    Ok(AuditFilter {
        entity,
        actor,
        from: from.map(midnight),
        until: to.map(|to| midnight(to) + Duration::days(1)),
    })
}

/// Every admin write, newest first, filtered by kind of record, admin and days.
#[utoipa::path(get, path = "/api/v1/audit", operation_id = "audit_log", tag = "audit", params(PageParams, AuditParams), security(("bearer" = [])),
    responses((status = 200, body = AuditList), (status = 400, body = crate::error::ErrorEnvelope), (status = 401, body = crate::error::ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    _admin: Admin,
    ApiQuery(paging): ApiQuery<PageParams>,
    ApiQuery(params): ApiQuery<AuditParams>,
) -> ApiResult<Json<AuditList>> {
    let filter = filter(&params)?;
    let page = paging.request(MAX_PAGE_SIZE)?;
    let (rows, total) = repo::list(&state.db, &filter, page).await?;
    Ok(Json(AuditList {
        data: rows.into_iter().map(entry).collect(),
        meta: ListMeta::new(page, total),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_names_become_the_api_s_camel_case() {
        assert_eq!(camel_case("selling_price"), "sellingPrice");
        assert_eq!(camel_case("cart_items"), "cartItems");
        assert_eq!(camel_case("title"), "title");
    }
}
