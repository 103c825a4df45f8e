//! The database connection: embedded SurrealKV, in-memory or a SurrealDB server, all through
//! `engine::any`, with `schema.surql` applied at every start.

pub mod availability;
pub mod backup;
pub mod errors;
pub mod retry;

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
        .and_then(|path| std::path::Path::new(path).parent())
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

/// True when the database answers a trivial query.
pub async fn is_healthy(db: &Db) -> bool {
    match db.query("RETURN 1").await {
        Ok(response) => response.check().is_ok(),
        Err(_) => false,
    }
}
