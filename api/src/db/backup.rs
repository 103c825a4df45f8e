//! Backups: the whole database (accounts, catalog, image files, orders, counters and the schema)
//! exported as one SurrealQL file, and imported into an empty store. SurrealDB exports only from
//! the embedded engines; a SurrealDB server is backed up with its own `surreal export`.

use std::path::Path;

use anyhow::{Context, bail};

use crate::db::Db;

/// True for a database URL whose store `whisk backup` and `whisk restore` can reach.
pub fn is_embedded(database_url: &str) -> bool {
    ["surrealkv://", "mem://", "memory"]
        .iter()
        .any(|scheme| database_url.starts_with(scheme))
}

/// Writes the whole database to `path`.
pub async fn backup(db: &Db, path: &Path) -> anyhow::Result<()> {
    db.export(path)
        .await
        .with_context(|| format!("exporting the database to {}", path.display()))?;
    Ok(())
}

/// How many tables the database defines.
pub async fn table_count(db: &Db) -> anyhow::Result<usize> {
    let mut response = db
        .query("RETURN object::len((INFO FOR DB).tables)")
        .await
        .context("inspecting the database")?;
    let tables: Option<usize> = response.take(0).context("inspecting the database")?;
    Ok(tables.unwrap_or(0))
}

/// Loads a backup into a store that holds nothing yet (no table defined), so nothing is
/// overwritten or mixed; the schema is applied by the caller afterwards.
pub async fn restore(db: &Db, path: &Path) -> anyhow::Result<()> {
    if !path.is_file() {
        bail!("there is no backup file at {}", path.display());
    }
    let tables = table_count(db).await?;
    if tables > 0 {
        bail!(
            "the target database is not empty ({tables} tables): restore into a new DATA_DIR or DATABASE_URL"
        );
    }
    db.import(path)
        .await
        .with_context(|| format!("importing {}", path.display()))?;
    Ok(())
}
