//! All SurrealQL of the seeders: markers of what was loaded and bulk inserts in one transaction.

use anyhow::Context;
use surrealdb::types::{RecordId, SurrealValue};

use crate::db::Db;
use crate::products::repo::ProductFields;
use crate::uploads::repo::ImageFile;

/// A category to insert with a known id.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct NewCategory {
    pub id: RecordId,
    pub name: String,
    pub description: String,
}

/// A product to insert with a known id.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct NewProduct {
    pub id: RecordId,
    pub fields: ProductFields,
}

/// Whether the seed with this name has been loaded.
pub async fn is_marked(db: &Db, seed: &str) -> anyhow::Result<bool> {
    let mut response = db
        .query("SELECT VALUE id FROM type::record('seed', $name)")
        .bind(("name", seed.to_owned()))
        .await
        .context("reading the seed markers")?;
    let found: Vec<RecordId> = response.take(0).context("reading a seed marker")?;
    Ok(!found.is_empty())
}

/// Records that the seed with this name has been loaded.
pub async fn mark(db: &Db, seed: &str) -> anyhow::Result<()> {
    db.query("UPSERT type::record('seed', $name) RETURN NONE")
        .bind(("name", seed.to_owned()))
        .await
        .context("writing a seed marker")?
        .check()
        .context("writing a seed marker")?;
    Ok(())
}

/// How many categories and products the shop has.
pub async fn catalog_size(db: &Db) -> anyhow::Result<(u64, u64)> {
    let mut response = db
        .query("RETURN count(SELECT id FROM category); RETURN count(SELECT id FROM product);")
        .await
        .context("counting the catalog")?;
    let categories: Option<u64> = response.take(0).context("counting categories")?;
    let products: Option<u64> = response.take(1).context("counting products")?;
    Ok((categories.unwrap_or(0), products.unwrap_or(0)))
}

/// The ids of the categories with these names (ignoring case), in the same order; `None` for a
/// name without a category.
pub async fn categories_named(db: &Db, names: &[String]) -> anyhow::Result<Vec<Option<RecordId>>> {
    #[derive(SurrealValue)]
    #[surreal(crate = "surrealdb::types")]
    struct Named {
        id: RecordId,
        name_key: String,
    }
    let keys: Vec<String> = names
        .iter()
        .map(|name| name.trim().to_lowercase())
        .collect();
    let mut response = db
        .query("SELECT id, name_key FROM category WHERE name_key IN $keys")
        .bind(("keys", keys.clone()))
        .await
        .context("finding categories by name")?;
    let found: Vec<Named> = response.take(0).context("reading categories by name")?;
    Ok(keys
        .iter()
        .map(|key| {
            found
                .iter()
                .find(|row| &row.name_key == key)
                .map(|row| row.id.clone())
        })
        .collect())
}

/// Inserts categories, products and their image files in one transaction, and the seed marker
/// with them when given: either all of it lands or none.
pub async fn insert(
    db: &Db,
    categories: Vec<NewCategory>,
    products: Vec<NewProduct>,
    files: Vec<ImageFile>,
    marker: Option<&str>,
) -> anyhow::Result<()> {
    let response = db
        .query(
            "BEGIN TRANSACTION; \
             FOR $category IN $categories { CREATE $category.id CONTENT { name: $category.name, description: $category.description } RETURN NONE; }; \
             FOR $file IN $files { CREATE $file.id SET bytes = $file.bytes RETURN NONE; }; \
             FOR $product IN $products { CREATE $product.id CONTENT $product.fields RETURN NONE; }; \
             IF $marker != NONE { CREATE type::record('seed', $marker) RETURN NONE; }; \
             COMMIT TRANSACTION;",
        )
        .bind(("categories", categories))
        .bind(("products", products))
        .bind(("files", files))
        .bind(("marker", marker.map(str::to_owned)))
        .await
        .context("inserting the catalog")?;
    response.check().context("inserting the catalog")?;
    Ok(())
}
