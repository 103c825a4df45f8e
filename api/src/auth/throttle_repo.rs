//! Per-account throttles kept in the database, so every node counts the same attempts. All
//! SurrealQL about them lives here. A key's state is read, the next state worked out by
//! [`Policy::attempt`], and written back only if nobody wrote it meanwhile (a version check in
//! the same transaction); a lost race is run again. Keys are stored as digests, so their length
//! is fixed whatever a client sends.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::Context;
use surrealdb::types::{RecordId, SurrealValue};

use crate::auth::throttle::{AccountLimit, Attempts, digest};
use crate::db::Db;
use crate::db::errors::{Failure, failure};
use crate::db::retry::{Attempt, until_settled};

const TABLE: &str = "throttle";

#[derive(Debug, Default, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
struct Row {
    count: i64,
    last_ms: i64,
    blocked_until_ms: i64,
    version: i64,
}

fn record(limit: AccountLimit, key: &str) -> RecordId {
    RecordId::new(
        TABLE,
        format!("{}-{}", limit.as_str(), digest(&key.trim().to_lowercase())),
    )
}

fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

fn to_i64(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

fn to_u64(value: i64) -> u64 {
    u64::try_from(value).unwrap_or(0)
}

/// Counts an attempt of `key` under `limit` before the work it guards: `Ok(Err(wait))` when the
/// key must wait that long first (nothing counted).
pub async fn acquire(
    db: &Db,
    limit: AccountLimit,
    key: &str,
) -> anyhow::Result<Result<(), Duration>> {
    let id = &record(limit, key);
    let policy = limit.policy();
    until_settled(
        |_| async move {
            let mut response = db
                .query("SELECT count, last_ms, blocked_until_ms, version FROM ONLY $id")
                .bind(("id", id.clone()))
                .await
                .context("reading a throttle")?;
            let row: Option<Row> = response.take(0).context("reading a throttle")?;
            let row = row.unwrap_or_default();
            let now_ms = unix_ms();
            let current = Attempts {
                count: u32::try_from(row.count).unwrap_or(u32::MAX),
                last_ms: to_u64(row.last_ms),
                blocked_until_ms: to_u64(row.blocked_until_ms),
            };
            let next = match policy.attempt(current, now_ms) {
                Ok(next) => next,
                Err(wait) => return Ok(Attempt::Done(Err(wait))),
            };
            let keep = policy.keep_for(next, now_ms);
            let mut response = db
                .query("BEGIN; \
                     IF ((SELECT VALUE version FROM ONLY $id) ?? 0) != $seen { THROW 'throttle_raced' }; \
                     UPSERT $id CONTENT { count: $count, last_ms: $last_ms, blocked_until_ms: $blocked_until_ms, \
                         version: $seen + 1, expires_at: time::now() + $keep } RETURN NONE; \
                     COMMIT;")
                .bind(("id", id.clone()))
                .bind(("seen", row.version))
                .bind(("count", i64::from(next.count)))
                .bind(("last_ms", to_i64(next.last_ms)))
                .bind(("blocked_until_ms", to_i64(next.blocked_until_ms)))
                .bind(("keep", surrealdb::types::Duration::from_secs(keep.as_secs() + 1)))
                .await
                .context("counting an attempt")?;
            match failure(&mut response) {
                None => Ok(Attempt::Done(Ok(()))),
                Some(Failure::Conflict) => Ok(Attempt::Retry),
                Some(Failure::Thrown(text)) if text == "throttle_raced" => Ok(Attempt::Retry),
                Some(Failure::Thrown(text)) => Err(anyhow::anyhow!("counting an attempt: {text}")),
                Some(Failure::IndexViolated(index)) => {
                    Err(anyhow::anyhow!("counting an attempt violated {index}"))
                }
                Some(Failure::Other(error)) => {
                    Err(anyhow::Error::new(error).context("counting an attempt"))
                }
            }
        },
        || anyhow::anyhow!("counting an attempt kept losing races"),
    )
    .await
}

/// Forgets a key's attempts, after the account signed in.
pub async fn forget(db: &Db, limit: AccountLimit, key: &str) -> anyhow::Result<()> {
    db.query("DELETE $id")
        .bind(("id", record(limit, key)))
        .await
        .context("forgetting a throttle")?
        .check()
        .context("forgetting a throttle")?;
    Ok(())
}

/// Deletes the keys whose window has passed.
pub async fn sweep(db: &Db) -> anyhow::Result<()> {
    db.query("DELETE throttle WHERE expires_at < time::now() RETURN NONE")
        .await
        .context("sweeping throttles")?
        .check()
        .context("sweeping throttles")?;
    Ok(())
}
