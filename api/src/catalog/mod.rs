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

/// Builds the catalog from the database, turning each page of rows into views as it arrives so
/// that the rows of only one page are held at a time.
pub async fn load(db: &Db) -> anyhow::Result<Snapshot> {
    let mut pages = repo::ProductPages::default();
    let mut products = Vec::new();
    while let Some(page) = pages.next(db).await? {
        products.extend(page.into_iter().map(repo::ProductRow::view));
    }
    let categories = repo::all_categories(db).await?;
    Ok(Snapshot::new(products, categories))
}
