//! The database connection: embedded SurrealKV, in-memory or a SurrealDB server, all through
//! `engine::any`, with `schema.surql` applied at every start.

pub mod availability;
pub mod backup;
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

/// The schema, applied idempotently on every start.
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

/// Applies `schema.surql`, failing on the first statement the database refuses.
pub async fn apply_schema(db: &Db) -> anyhow::Result<()> {
    db.query(SCHEMA)
        .await
        .context("sending the schema")?
        .check()
        .context("applying schema.surql")?;
    Ok(())
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

/// True when the database answers a trivial query.
pub async fn is_healthy(db: &Db) -> bool {
    match db.query("RETURN 1").await {
        Ok(response) => response.check().is_ok(),
        Err(_) => false,
    }
}
