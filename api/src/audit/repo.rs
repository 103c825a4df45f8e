//! Reading the audit log (writing it is part of each repository's write: see the module docs).

use anyhow::Context;
use pricing::PageRequest;
use surrealdb::types::{RecordId, SurrealValue, Value};
use time::OffsetDateTime;

use crate::db::Db;

/// Which entries to read.
#[derive(Debug, Clone, Default)]
pub struct AuditFilter {
    pub entity: Option<&'static str>,
    pub actor: Option<RecordId>,
    /// From this moment on.
    pub from: Option<OffsetDateTime>,
    /// Before this moment.
    pub until: Option<OffsetDateTime>,
}

/// An entry as stored.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct AuditRow {
    #[surreal(rename = "_id")]
    pub id: String,
    /// RFC 3339.
    pub at: String,
    pub actor: String,
    pub actor_name: String,
    pub entity: String,
    pub entity_id: String,
    pub label: String,
    pub action: String,
    /// `{field: [before, after]}`, field names as stored (snake_case).
    pub changes: Value,
}

macro_rules! audit_fields {
    () => {
        "record::id(id) AS _id, <string> at AS at, <string> record::id(actor) AS actor, actor_name, \
         entity, entity_id, label, action, changes"
    };
}

macro_rules! audit_filter {
    () => {
        "($entity = NONE OR entity = $entity) AND ($actor = NONE OR actor = $actor) \
         AND ($from = NONE OR at >= <datetime> $from) AND ($until = NONE OR at < <datetime> $until)"
    };
}

fn rfc3339(time: OffsetDateTime) -> anyhow::Result<String> {
    Ok(time.format(&time::format_description::well_known::Rfc3339)?)
}

/// One page of the entries `filter` picks, newest first, and how many it picks.
pub async fn list(
    db: &Db,
    filter: &AuditFilter,
    page: PageRequest,
) -> anyhow::Result<(Vec<AuditRow>, u64)> {
    let mut response = db
        .query(concat!(
            "SELECT ",
            audit_fields!(),
            ", at AS sort_at FROM audit WHERE ",
            audit_filter!(),
            " ORDER BY sort_at DESC LIMIT $limit START $start; ",
            "SELECT count() AS total FROM audit WHERE ",
            audit_filter!(),
            " GROUP ALL;"
        ))
        .bind(("entity", filter.entity))
        .bind(("actor", filter.actor.clone()))
        .bind(("from", filter.from.map(rfc3339).transpose()?))
        .bind(("until", filter.until.map(rfc3339).transpose()?))
        .bind(("limit", i64::from(page.page_size)))
        .bind(("start", i64::try_from(page.offset()).unwrap_or(i64::MAX)))
        .await
        .context("listing the audit log")?;
    let rows: Vec<AuditRow> = response.take(0).context("reading the audit log")?;
    let total: Option<i64> = response
        .take((1, "total"))
        .context("counting the audit log")?;
    Ok((rows, u64::try_from(total.unwrap_or(0)).unwrap_or(0)))
}

/// Every entry of one record, oldest first.
pub async fn of_record(
    db: &Db,
    entity: &'static str,
    entity_id: &str,
) -> anyhow::Result<Vec<AuditRow>> {
    let mut response = db
        .query(concat!(
            "SELECT ",
            audit_fields!(),
            ", at AS sort_at FROM audit WHERE entity = $entity AND entity_id = $entity_id ORDER BY sort_at ASC"
        ))
        .bind(("entity", entity))
        .bind(("entity_id", entity_id.to_owned()))
        .await
        .context("reading a record's audit entries")?;
    response.take(0).context("reading a record's audit entries")
}
