//! The product catalog as the storefront reads it: an in-memory read model built from the
//! database at start and kept in step with it through the database's change feed (whichever
//! node wrote), so listings, detail and search never wait on a query. The database stays the
//! source of truth.

pub mod feed;
pub mod follow;
pub mod json;
pub mod listing;
pub mod query;
pub mod read_model;
pub mod search_index;
pub mod snapshot;

use crate::db::Db;
use crate::products::repo;
use snapshot::Snapshot;

/// Builds the catalog from the database, each page of rows turned into views as it arrives.
pub async fn load(db: &Db) -> anyhow::Result<Snapshot> {
    let products = repo::all_as(db, repo::ProductRow::view).await?;
    let categories = repo::all_categories(db).await?;
    Ok(Snapshot::new(products, categories))
}
