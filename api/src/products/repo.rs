//! All SurrealQL about products.

use anyhow::Context;
use pricing::Money;
use rust_decimal::Decimal;
use surrealdb::types::SurrealValue;

use crate::catalog::read_model::{CategoryRef, ImageRef, ProductView};
use crate::db::Db;
use crate::domain::{CategoryId, ProductId};
use crate::uploads::StoredImage;
use crate::uploads::images::url;

macro_rules! product_fields {
    () => {
        "record::id(id) AS _id, title, company, description, price, selling_price, stock, featured, \
         { _id: record::id(category), name: category.name } AS category, images, \
         <string> created_at AS createdAt, <string> updated_at AS updatedAt"
    };
}

/// An image slot as stored.
#[derive(Debug, Clone, PartialEq, Eq, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct ImageSlot {
    /// The image file.
    pub file: String,
    /// Its thumbnail file.
    pub thumb: String,
}

impl From<StoredImage> for ImageSlot {
    fn from(image: StoredImage) -> ImageSlot {
        ImageSlot { file: image.file, thumb: image.thumb }
    }
}

impl From<ImageSlot> for StoredImage {
    fn from(slot: ImageSlot) -> StoredImage {
        StoredImage { file: slot.file, thumb: slot.thumb }
    }
}

/// A product's category as stored.
#[derive(Debug, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct CategoryRow {
    /// The category id.
    #[surreal(rename = "_id")]
    pub id: String,
    /// Its name.
    pub name: String,
}

/// A product as stored.
#[derive(Debug, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct ProductRow {
    /// See the schema.
    #[surreal(rename = "_id")]
    pub id: String,
    /// See the schema.
    pub title: String,
    /// See the schema.
    pub company: String,
    /// See the schema.
    pub description: String,
    /// See the schema.
    pub price: Decimal,
    /// See the schema.
    pub selling_price: Decimal,
    /// See the schema.
    pub stock: i64,
    /// See the schema.
    pub featured: bool,
    /// See the schema.
    pub category: CategoryRow,
    /// The five image slots.
    pub images: Vec<Option<ImageSlot>>,
    /// See the schema.
    #[surreal(rename = "createdAt")]
    pub created_at: String,
    /// See the schema.
    #[surreal(rename = "updatedAt")]
    pub updated_at: String,
}

impl ProductRow {
    /// The API view of the row.
    pub fn view(self) -> ProductView {
        let mut images = self.images.into_iter().map(|slot| slot.map(|slot| ImageRef { url: url(&slot.file), thumbnail: url(&slot.thumb) }));
        let mut next = || images.next().flatten();
        ProductView {
            id: self.id,
            title: self.title,
            company: self.company,
            description: self.description,
            price: Money::round(self.price),
            selling_price: Money::round(self.selling_price),
            stock: self.stock,
            featured: self.featured,
            category: CategoryRef { id: self.category.id, name: self.category.name },
            image1: next(),
            image2: next(),
            image3: next(),
            image4: next(),
            image5: next(),
            created_at: self.created_at,
            updated_at: self.updated_at,
        }
    }
}

/// The stored fields of a product, already checked.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct ProductFields {
    /// Title.
    pub title: String,
    /// Maker.
    pub company: String,
    /// Description.
    pub description: String,
    /// List price.
    pub price: Decimal,
    /// Selling price.
    pub selling_price: Decimal,
    /// Units in stock.
    pub stock: i64,
    /// Featured on the home page.
    pub featured: bool,
    /// The category.
    pub category: surrealdb::types::RecordId,
    /// The five image slots.
    pub images: Vec<Option<ImageSlot>>,
}

/// Every product, for building the catalog.
pub async fn all(db: &Db) -> anyhow::Result<Vec<ProductRow>> {
    let mut response = db.query(concat!("SELECT ", product_fields!(), " FROM product")).await.context("loading products")?;
    response.take(0).context("reading products")
}

/// Every category, for building the catalog.
pub async fn all_categories(db: &Db) -> anyhow::Result<Vec<CategoryRef>> {
    let mut response = db.query("SELECT record::id(id) AS _id, name FROM category").await.context("loading categories")?;
    let rows: Vec<CategoryRow> = response.take(0).context("reading categories")?;
    Ok(rows.into_iter().map(|row| CategoryRef { id: row.id, name: row.name }).collect())
}

/// The id of the category with this name (ignoring case and surrounding space).
pub async fn category_by_name(db: &Db, name: &str) -> anyhow::Result<Option<CategoryId>> {
    let mut response = db
        .query("SELECT VALUE record::id(id) FROM category WHERE name_key = $key LIMIT 1")
        .bind(("key", name.trim().to_lowercase()))
        .await
        .context("finding a category")?;
    let keys: Vec<String> = response.take(0).context("reading a category")?;
    Ok(keys.first().and_then(|key| CategoryId::parse(key)))
}

/// The product with this id.
pub async fn find(db: &Db, id: &ProductId) -> anyhow::Result<Option<ProductRow>> {
    let mut response = db
        .query(concat!("SELECT ", product_fields!(), " FROM ONLY $id"))
        .bind(("id", id.record()))
        .await
        .context("loading a product")?;
    response.take(0).context("reading a product")
}

/// Creates a product and returns it.
pub async fn create(db: &Db, fields: ProductFields) -> anyhow::Result<ProductRow> {
    let id = ProductId::generate();
    let mut response = db
        .query(concat!("CREATE $id CONTENT $fields RETURN NONE; SELECT ", product_fields!(), " FROM ONLY $id;"))
        .bind(("id", id.record()))
        .bind(("fields", fields))
        .await
        .context("creating a product")?;
    if let Some(error) = response.take_errors().remove(&0) {
        return Err(anyhow::Error::new(error).context("creating a product"));
    }
    let created: Option<ProductRow> = response.take(1).context("reading the new product")?;
    created.context("the created product vanished")
}

/// Replaces a product's fields; `None` when there is no such product.
pub async fn update(db: &Db, id: &ProductId, fields: ProductFields) -> anyhow::Result<Option<ProductRow>> {
    let mut response = db
        .query(concat!(
            "UPDATE $id MERGE $fields RETURN NONE; SELECT ",
            product_fields!(),
            " FROM ONLY $id;"
        ))
        .bind(("id", id.record()))
        .bind(("fields", fields))
        .await
        .context("updating a product")?;
    if let Some(error) = response.take_errors().remove(&0) {
        return Err(anyhow::Error::new(error).context("updating a product"));
    }
    response.take(1).context("reading the updated product")
}

/// Deletes a product and returns its image slots; `None` when there was no such product.
pub async fn delete(db: &Db, id: &ProductId) -> anyhow::Result<Option<Vec<Option<ImageSlot>>>> {
    let mut response = db
        .query("DELETE $id RETURN BEFORE")
        .bind(("id", id.record()))
        .await
        .context("deleting a product")?;
    #[derive(SurrealValue)]
    #[surreal(crate = "surrealdb::types")]
    struct Before {
        images: Vec<Option<ImageSlot>>,
    }
    let before: Vec<Before> = response.take(0).context("deleting a product")?;
    Ok(before.into_iter().next().map(|row| row.images))
}
