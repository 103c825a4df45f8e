//! The database connection: embedded SurrealKV, in-memory or a SurrealDB server, all through
//! `engine::any`, with `schema.surql` applied at a start when it changed ([`apply_schema`]).

pub mod availability;
pub mod backup;
#[cfg(test)]
mod engine_caches;
pub mod engine_settings;
pub mod errors;
pub mod retry;

use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::Context;
use surrealdb::Surreal;
use surrealdb::engine::any::{self, Any};
use surrealdb::opt::auth::Root;

use crate::config::Config;

/// The schema, idempotent; applied by [`apply_schema`] when it changed.
pub const SCHEMA: &str = include_str!("../../../schema.surql");

/// A handle to the shop's database; cheap to clone.
pub type Db = Surreal<Any>;

/// Connects to the configured database, selects the namespace and database and applies the schema.
pub async fn connect_and_migrate(config: &Config) -> anyhow::Result<Db> {
    let db = connect(config).await?;
    apply_schema(&db).await?;
    Ok(db)
}

/// Connects to the configured database and selects the namespace and database.
pub async fn connect(config: &Config) -> anyhow::Result<Db> {
    if let Some(parent) = config
        .database_url
        .strip_prefix("surrealkv://")
        .and_then(|path| Path::new(path).parent())
        .filter(|parent| !parent.as_os_str().is_empty())
    {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("creating {}", parent.display()))?;
    }
    let db = any::connect(config.database_url.as_str())
        .await
        .with_context(|| format!("connecting to {}", config.database_url))?;
    if let Some((username, password)) = &config.database_credentials {
        db.signin(Root {
            username: username.clone(),
            password: password.clone(),
        })
        .await
        .context("signing in to the database")?;
    }
    db.use_ns(config.database_ns.as_str())
        .use_db(config.database_db.as_str())
        .await
        .context("selecting the database")?;
    Ok(db)
}

/// Applies `schema.surql` unless the database records that this very schema was applied,
/// failing on the first statement the database refuses. Skipping matters because SurrealDB
/// rebuilds an index from every record of its table whenever it is defined again (and queues
/// the old one's entries for deletion): applied at every start, the schema rebuilt every index
/// each time, a cost that grew with the shop's orders, and the start-up's churn stayed
/// with the idle server as allocator pages it could not give back.
pub async fn apply_schema(db: &Db) -> anyhow::Result<()> {
    let digest = schema_digest();
    if applied_schema_digest(db).await?.as_deref() == Some(digest.as_str()) {
        tracing::debug!("schema.surql unchanged since it was last applied");
        return Ok(());
    }
    db.query(SCHEMA)
        .await
        .context("sending the schema")?
        .check()
        .context("applying schema.surql")?;
    db.query(
        "UPSERT schema_applied:current SET digest = $digest, applied_at = time::now() RETURN NONE",
    )
    .bind(("digest", digest))
    .await
    .context("recording the schema applied")?
    .check()
    .context("recording the schema applied")?;
    Ok(())
}

/// Forgets which schema was applied, so that the next [`apply_schema`] applies it in full (what
/// `DELETE schema_applied;` does by hand).
pub async fn forget_applied_schema(db: &Db) -> anyhow::Result<()> {
    db.query("DELETE schema_applied")
        .await
        .context("forgetting the schema applied")?
        .check()
        .context("forgetting the schema applied")?;
    Ok(())
}

/// The SHA-256 of [`SCHEMA`], in hex.
fn schema_digest() -> String {
    use sha2::{Digest, Sha256};
    crate::hex::encode(&Sha256::digest(SCHEMA.as_bytes()))
}

/// The digest of the schema last applied in full, or `None` on a database that never had it
/// recorded (a new one, or one from before the record existed).
async fn applied_schema_digest(db: &Db) -> anyhow::Result<Option<String>> {
    // Reading a table that does not exist is an error, hence the look at the definitions first.
    db.query(
        "IF (INFO FOR DB).tables.schema_applied = NONE { RETURN NONE } \
         ELSE { RETURN SELECT VALUE digest FROM ONLY schema_applied:current }",
    )
    .await
    .context("reading which schema was applied")?
    .take(0)
    .context("reading which schema was applied")
}

/// The longest [`close`] waits for an embedded store to close.
const CLOSE_WAIT: Duration = Duration::from_secs(20);

/// Drops `db`, which must be this process's last handle, and waits until an embedded SurrealKV
/// store has closed: it writes its memtable to disk then, so the next start reads tables instead
/// of replaying the whole write-ahead log into memory. The store releases its `LOCK` file last,
/// which is what this waits for. A store still open after 20 s (`CLOSE_WAIT`; a handle kept
/// elsewhere) is logged and left: the next start replays its log, as after a crash.
pub async fn close(db: Db, database_url: &str) {
    drop(db);
    let Some(path) = database_url.strip_prefix("surrealkv://") else {
        return;
    };
    let lock = Path::new(path.split('?').next().unwrap_or(path)).join("LOCK");
    let started = Instant::now();
    while !released(&lock) {
        if started.elapsed() >= CLOSE_WAIT {
            tracing::warn!(store = %path, "the database did not close in time: the next start replays its log");
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tracing::info!(store = %path, took = ?started.elapsed(), "database closed");
}

/// True when no one holds the store's lock (or there is no lock file).
fn released(lock: &Path) -> bool {
    match std::fs::File::open(lock) {
        Ok(file) => file.try_lock().is_ok(),
        Err(_) => true,
    }
}

/// The database's clock now: the time its statements stamp (`time::now()`), which on a cluster
/// is the SurrealDB server's, not the node's.
pub async fn clock(db: &Db) -> anyhow::Result<surrealdb::types::Datetime> {
    let mut response = db
        .query("RETURN time::now()")
        .await
        .context("reading the database clock")?;
    let now: Option<surrealdb::types::Datetime> =
        response.take(0).context("reading the database clock")?;
    now.context("the database has no clock")
}

/// True when the database answers a trivial query.
pub async fn is_healthy(db: &Db) -> bool {
    match db.query("RETURN 1").await {
        Ok(response) => response.check().is_ok(),
        Err(_) => false,
    }
}
