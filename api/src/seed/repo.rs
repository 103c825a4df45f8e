//! All SurrealQL of the seeders: markers of what was loaded and bulk inserts in one transaction.

use anyhow::Context;
use surrealdb::types::{RecordId, SurrealValue};

use crate::db::Db;
use crate::products::repo::NewProduct;
use crate::uploads::repo::ImageFile;

/// A category to insert with a known id.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct NewCategory {
    pub id: RecordId,
    pub name: String,
    pub description: String,
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
        .query(concat!(
            "BEGIN TRANSACTION; \
             FOR $category IN $categories { CREATE $category.id CONTENT { name: $category.name, description: $category.description } RETURN NONE; }; \
             FOR $file IN $files { CREATE $file.id SET bytes = $file.bytes RETURN NONE; }; \
             FOR $product IN $products { ",
            crate::create_product!("$product"),
            "}; \
             IF $marker != NONE { CREATE type::record('seed', $marker) RETURN NONE; }; \
             COMMIT TRANSACTION;"
        ))
        .bind(("categories", categories))
        .bind(("products", products))
        .bind(("files", files))
        .bind(("marker", marker.map(str::to_owned)))
        .await
        .context("inserting the catalog")?;
    response.check().context("inserting the catalog")?;
    Ok(())
}

/// A customer orders are made up for.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct Customer {
    /// The record key.
    pub id: String,
    pub username: String,
    pub email: String,
    pub mobile: String,
    pub address: String,
    pub city: String,
    pub state: String,
    /// Empty for a customer who never gave one.
    pub pin_code: String,
    pub company: String,
}

/// Up to `limit` of the shop's customers.
pub async fn customers(db: &Db, limit: usize) -> anyhow::Result<Vec<Customer>> {
    let mut response = db
        .query(
            "SELECT record::id(id) AS id, username, email, mobile, address, city, state, '' AS pin_code, company \
             FROM user WHERE deleted_at IS NONE LIMIT $limit",
        )
        .bind(("limit", i64::try_from(limit).unwrap_or(i64::MAX)))
        .await
        .context("reading customers")?;
    response.take(0).context("reading customers")
}

/// Stores made-up customers, all with the password hash `hash`.
pub async fn insert_customers(db: &Db, customers: &[Customer], hash: &str) -> anyhow::Result<()> {
    db.query(
        "BEGIN; FOR $c IN $customers { \
             CREATE type::record('user', $c.id) SET username = $c.username, email = $c.email, \
                 mobile = $c.mobile, password_hash = $hash, address = $c.address, city = $c.city, \
                 state = $c.state, company = IF $c.company = '' { 'None' } ELSE { $c.company } RETURN NONE; \
         }; COMMIT;",
    )
    .bind(("customers", customers.to_vec()))
    .bind(("hash", hash.to_owned()))
    .await
    .context("storing made-up customers")?
    .check()
    .context("storing made-up customers")?;
    Ok(())
}

/// A made-up order to store.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct GeneratedOrder {
    pub id: RecordId,
    pub user: RecordId,
    pub fields: crate::orders::repo::OrderFields,
    pub created_at: surrealdb::types::Datetime,
    /// The invoice series it is numbered in, when it was shipped or delivered.
    pub invoice: Option<crate::orders::repo::Issue>,
    pub invoice_date: surrealdb::types::Datetime,
}

/// Stores made-up orders in one transaction, each taking the next order number and, when
/// invoiced, the next number of its invoice series.
pub async fn insert_orders(db: &Db, orders: Vec<GeneratedOrder>) -> anyhow::Result<()> {
    db.query(
        concat!(
            "BEGIN; FOR $o IN $orders { \
                 LET $order_number = (UPDATE ONLY counter:order_number SET value += 1 RETURN AFTER).value; \
                 CREATE $o.id CONTENT object::extend($o.fields, { \
                     order_id: 'ORD' + <string> $order_number, user: $o.user, created_at: $o.created_at }) RETURN NONE; \
                 IF $o.invoice != NONE { ",
            crate::issue_document_number!("invoice", "invoice", "$o.invoice", "$o.id", "$o.invoice_date"),
            "}; \
             }; COMMIT;"
        ),
    )
    .bind(("orders", orders))
    .await
    .context("storing made-up orders")?
    .check()
    .context("storing made-up orders")?;
    Ok(())
}

/// Forgets the dashboard's kept days, so it sums them again.
pub async fn forget_sales_days(db: &Db) -> anyhow::Result<()> {
    db.query("DELETE sales_day RETURN NONE")
        .await
        .context("forgetting the kept sales days")?
        .check()
        .context("forgetting the kept sales days")?;
    Ok(())
}
