//! All SurrealQL about products.

use anyhow::Context;
use pricing::{GstRate, Money};
use rust_decimal::Decimal;
use surrealdb::types::SurrealValue;

use crate::db::Db;
use crate::db::errors::{Failure, failure};
use crate::domain::{AdminId, CategoryId, ProductId};
use crate::products::types::{CategoryRef, ImageRef, ProductView};
use crate::uploads::StoredImage;
use crate::uploads::images::url;
use crate::uploads::repo::{self as uploads_repo, ImageFile};

/// SurrealQL creating the product `$new` names (a [`NewProduct`]) and its stock record; the stock
/// first, so that the product's change-feed entry already reads it.
#[macro_export]
macro_rules! create_product {
    ($new:literal) => {
        concat!(
            "CREATE type::record('product_stock', record::id(",
            $new,
            ".id)) SET units = ",
            $new,
            ".stock RETURN NONE; CREATE ",
            $new,
            ".id CONTENT ",
            $new,
            ".fields RETURN NONE; "
        )
    };
}

macro_rules! product_fields {
    () => {
        "record::id(id) AS _id, title, company, description, price, selling_price, stock, featured, hsn, gst_rate, \
         { _id: record::id(category), name: category.name } AS category, images, \
         <string> created_at AS createdAt, <string> updated_at AS updatedAt"
    };
}

/// An image slot as stored.
#[derive(Debug, Clone, PartialEq, Eq, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct ImageSlot {
    pub file: String,
    pub thumb: String,
    /// In pixels; `None` for an image stored before sizes were kept.
    pub width: Option<i64>,
    pub height: Option<i64>,
}

impl ImageSlot {
    /// Its width and height, when both were kept.
    fn size(&self) -> Option<(u32, u32)> {
        Some((
            u32::try_from(self.width?).ok()?,
            u32::try_from(self.height?).ok()?,
        ))
    }
}

impl From<StoredImage> for ImageSlot {
    fn from(image: StoredImage) -> ImageSlot {
        ImageSlot {
            file: image.file,
            thumb: image.thumb,
            width: image.size.map(|(width, _)| i64::from(width)),
            height: image.size.map(|(_, height)| i64::from(height)),
        }
    }
}

impl From<ImageSlot> for StoredImage {
    fn from(slot: ImageSlot) -> StoredImage {
        StoredImage {
            size: slot.size(),
            file: slot.file,
            thumb: slot.thumb,
        }
    }
}

/// A product's category as stored.
#[derive(Debug, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct CategoryRow {
    #[surreal(rename = "_id")]
    pub id: String,
    pub name: String,
}

/// A product as stored.
#[derive(Debug, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct ProductRow {
    #[surreal(rename = "_id")]
    pub id: String,
    pub title: String,
    pub company: String,
    pub description: String,
    pub price: Decimal,
    pub selling_price: Decimal,
    pub stock: i64,
    pub featured: bool,
    pub hsn: String,
    /// See the schema (`None` only before the start-up migration has run).
    pub gst_rate: Option<Decimal>,
    pub category: CategoryRow,
    /// The five image slots.
    pub images: Vec<Option<ImageSlot>>,
    #[surreal(rename = "createdAt")]
    pub created_at: String,
    #[surreal(rename = "updatedAt")]
    pub updated_at: String,
}

impl ProductRow {
    /// Its GST rate, when it has a valid one.
    pub fn gst_rate(&self) -> Option<GstRate> {
        stored_rate(self.gst_rate)
    }

    /// The API view of the row.
    pub fn view(self) -> ProductView {
        let gst_rate = self.gst_rate().unwrap_or_default();
        let mut images = self.images.into_iter().map(|slot| {
            slot.map(|slot| ImageRef {
                width: slot.size().map(|(width, _)| width),
                height: slot.size().map(|(_, height)| height),
                url: url(&slot.file),
                thumbnail: url(&slot.thumb),
            })
        });
        let mut next = || images.next().flatten();
        let (price, selling_price) = (Money::round(self.price), Money::round(self.selling_price));
        ProductView {
            id: self.id,
            title: self.title,
            company: self.company,
            description: self.description,
            price,
            selling_price,
            discount_percent: pricing::percent_off(price, selling_price),
            stock: self.stock,
            featured: self.featured,
            hsn: self.hsn,
            gst_rate,
            category: CategoryRef {
                id: self.category.id,
                name: self.category.name,
            },
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

/// The stored fields of a product, already checked; its stock is stored in a record of its own.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct ProductFields {
    pub title: String,
    pub company: String,
    pub description: String,
    /// List price.
    pub price: Decimal,
    pub selling_price: Decimal,
    /// Featured on the home page.
    pub featured: bool,
    pub category: surrealdb::types::RecordId,
    /// HSN code, or empty.
    pub hsn: String,
    /// GST rate in percent (`None`: the shop's default, given at the next start).
    pub gst_rate: Option<Decimal>,
    /// The five image slots.
    pub images: Vec<Option<ImageSlot>>,
}

/// A stored GST rate as a rate (`None` when missing or out of range).
pub fn stored_rate(rate: Option<Decimal>) -> Option<GstRate> {
    rate.and_then(|rate| Money::exact(rate).ok())
        .and_then(|rate| GstRate::try_from(rate).ok())
}

/// Gives every product saved before GST existed the shop's default rate; returns how many.
pub async fn migrate_gst_rates(db: &Db, default_rate: GstRate) -> anyhow::Result<usize> {
    let mut response = db
        .query(
            "UPDATE product SET gst_rate = $rate WHERE gst_rate = NONE RETURN VALUE record::id(id)",
        )
        .bind(("rate", default_rate.as_decimal()))
        .await
        .context("giving products a GST rate")?;
    let keys: Vec<String> = response.take(0).context("giving products a GST rate")?;
    Ok(keys.len())
}

/// How many products [`all_as`] reads per query. A page of a thousand takes about 30 ms to
/// read; reading all 10,000 in one query held every row in the database's and the SDK's value
/// types at once, 43 MB at the peak, most of which the allocator kept after the start-up load
/// (see README, Memory).
const PRODUCT_PAGE: usize = 1000;

/// Where the reading of every product has got to.
enum Cursor {
    Start,
    /// After the product with this `_id`, as the database gave it.
    After(surrealdb::types::Value),
}

/// Every product, each turned by `map` as its page arrives, so that the rows of only one page
/// are held at a time. The products are read a page at a time in id order, each page its own
/// query: a product written meanwhile may be missed or read as it was, so a caller that must not
/// miss one follows the change feed from before the call, as the catalog does. A row that cannot
/// be read (say its category went missing) is skipped with a warning naming it, so one bad row
/// never stops the shop starting.
pub async fn all_as<T>(db: &Db, mut map: impl FnMut(ProductRow) -> T) -> anyhow::Result<Vec<T>> {
    let mut products = Vec::new();
    let mut cursor = Cursor::Start;
    loop {
        // Two statements rather than one with `$after = NONE OR ...`: SurrealDB compares the
        // keys before reading the records only for the plain comparison (9 against 135 ms for
        // the last page of 10,000).
        let query = match cursor {
            Cursor::Start => db.query(concat!(
                "SELECT ",
                product_fields!(),
                " FROM product ORDER BY id LIMIT $limit"
            )),
            Cursor::After(after) => db
                .query(concat!(
                    "SELECT ",
                    product_fields!(),
                    " FROM product WHERE id > type::record('product', $after) ORDER BY id LIMIT $limit"
                ))
                .bind(("after", after)),
        };
        let mut response = query
            .bind(("limit", PRODUCT_PAGE))
            .await
            .context("loading products")?;
        let rows: Vec<surrealdb::types::Value> = response.take(0).context("reading products")?;
        let full = rows.len() == PRODUCT_PAGE;
        let last = rows.last().and_then(row_key).cloned();
        products.extend(rows.into_iter().filter_map(readable).map(&mut map));
        match last {
            Some(last) if full => cursor = Cursor::After(last),
            _ => return Ok(products),
        }
    }
}

/// The row as a [`ProductRow`], or `None` with a warning naming it when it cannot be read.
fn readable(row: surrealdb::types::Value) -> Option<ProductRow> {
    let id = row_key(&row).map(|id| format!("{id:?}"));
    ProductRow::from_value(row)
        .map_err(|error| {
            tracing::warn!(%error, product = id.as_deref().unwrap_or("?"), "skipping a product row that cannot be read");
        })
        .ok()
}

/// The `_id` of a product row as the database gave it.
fn row_key(row: &surrealdb::types::Value) -> Option<&surrealdb::types::Value> {
    match row {
        surrealdb::types::Value::Object(fields) => fields.get("_id"),
        _ => None,
    }
}

/// Every product (see [`all_as`]).
pub async fn all(db: &Db) -> anyhow::Result<Vec<ProductRow>> {
    all_as(db, |row| row).await
}

/// Every category, for building the catalog.
pub async fn all_categories(db: &Db) -> anyhow::Result<Vec<CategoryRef>> {
    let mut response = db
        .query("SELECT record::id(id) AS _id, name FROM category")
        .await
        .context("loading categories")?;
    let rows: Vec<CategoryRow> = response.take(0).context("reading categories")?;
    Ok(rows
        .into_iter()
        .map(|row| CategoryRef {
            id: row.id,
            name: row.name,
        })
        .collect())
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

pub async fn find(db: &Db, id: &ProductId) -> anyhow::Result<Option<ProductRow>> {
    let mut response = db
        .query(concat!("SELECT ", product_fields!(), " FROM ONLY $id"))
        .bind(("id", id.record()))
        .await
        .context("loading a product")?;
    response.take(0).context("reading a product")
}

/// Creates a product with `stock` units, and its image files, and returns it, provided its
/// category still exists.
pub async fn create(
    db: &Db,
    actor: &AdminId,
    fields: ProductFields,
    stock: i64,
    files: Vec<ImageFile>,
) -> Result<ProductRow, WriteError> {
    let id = ProductId::generate();
    let guard = category_guard(&fields.category);
    let new = NewProduct {
        id: id.record(),
        fields,
        stock,
    };
    let mut response = db
        .query(concat!(
            "BEGIN; ",
            crate::audit_before!(),
            "IF !record::exists($new.fields.category) { THROW 'category_gone' }; \
             UPSERT $guard SET at = time::now() RETURN NONE; \
             FOR $file IN $files { CREATE $file.id SET bytes = $file.bytes RETURN NONE }; ",
            crate::create_product!("$new"),
            crate::audit_record!("product", "create"),
            "COMMIT;"
        ))
        .bind(("id", id.record()))
        .bind(("actor", actor.record()))
        .bind(("guard", guard))
        .bind(("files", files))
        .bind(("new", new))
        .await
        .context("creating a product")?;
    write_failure(&mut response, "creating a product")?;
    find(db, &id).await?.ok_or(WriteError::Gone)
}

fn category_guard(category: &surrealdb::types::RecordId) -> surrealdb::types::RecordId {
    CategoryId::from_record(category).map_or_else(|| category.clone(), |category| category.guard())
}

/// Reads why a product write failed, if it did.
fn write_failure(
    response: &mut surrealdb::IndexedResults,
    doing: &'static str,
) -> Result<(), WriteError> {
    match failure(response) {
        None => Ok(()),
        Some(Failure::Thrown(text)) => Err(match text.split_once(':').unwrap_or((&text, "")) {
            ("product_gone", _) => WriteError::Gone,
            ("product_changed", _) => WriteError::Conflict,
            ("category_gone", _) => WriteError::CategoryGone,
            ("images_changed", _) => WriteError::ImagesChanged,
            ("stock_short", left) => WriteError::StockShort(left.trim().parse().unwrap_or(0)),
            _ => WriteError::Other(anyhow::anyhow!("{doing}: {text}")),
        }),
        Some(Failure::Conflict) => Err(WriteError::Conflict),
        Some(Failure::IndexViolated(index)) => Err(WriteError::Other(anyhow::anyhow!(
            "{doing} violated {index}"
        ))),
        Some(Failure::Other(error)) => {
            Err(WriteError::Other(anyhow::Error::new(error).context(doing)))
        }
    }
}

/// The fields a product edit writes: all but the stock, which moves by [`StockEdit`].
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct EditedFields {
    pub title: String,
    pub company: String,
    pub description: String,
    /// List price.
    pub price: Decimal,
    pub selling_price: Decimal,
    /// Featured on the home page.
    pub featured: bool,
    pub category: surrealdb::types::RecordId,
    /// HSN code, or empty.
    pub hsn: String,
    /// GST rate in percent.
    pub gst_rate: Decimal,
    /// The five image slots.
    pub images: Vec<Option<ImageSlot>>,
}

/// What a product edit does to the stock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockEdit {
    /// Set it to this many units (a form that did not say what stock it showed).
    Set(i64),
    /// Move it by this many units: the form's stock minus the stock it showed, so units that
    /// orders took since the form was loaded stay taken.
    By(i64),
}

/// Why a product write did not commit.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// There is no such product (any more).
    #[error("no such product")]
    Gone,
    /// The category was deleted meanwhile.
    #[error("the category is gone")]
    CategoryGone,
    /// Another edit changed the image slots since they were read: read them again.
    #[error("the images changed")]
    ImagesChanged,
    /// The stock would go below zero; this many units are in stock now.
    #[error("only {0} in stock")]
    StockShort(i64),
    /// Another transaction wrote the product first; running the edit again may succeed.
    #[error("a concurrent write conflicted")]
    Conflict,
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

/// What an edit does to the stored image files.
#[derive(Debug, Clone, Default)]
pub struct ImageChanges {
    /// Files of the new images.
    pub added: Vec<ImageFile>,
    /// Names of the files of the images replaced or cleared.
    pub removed: Vec<String>,
}

/// Edits a product in one transaction, provided its image slots are still `seen_images` and its
/// category exists: writes `fields` and the image files, and moves the stock in one statement
/// (never below zero).
pub async fn update(
    db: &Db,
    actor: &AdminId,
    id: &ProductId,
    seen_images: &[Option<ImageSlot>],
    fields: EditedFields,
    stock: StockEdit,
    images: ImageChanges,
) -> Result<ProductRow, WriteError> {
    let (set, delta) = match stock {
        StockEdit::Set(units) => (Some(units), 0),
        StockEdit::By(delta) => (None, delta),
    };
    let mut response = db
        .query(concat!(
            "BEGIN; ",
            crate::audit_before!(),
            "LET $now = (SELECT images FROM ONLY $id); \
             IF $now = NONE { THROW 'product_gone' }; \
             IF $now.images != $seen_images { THROW 'images_changed' }; \
             LET $units = $stock.units ?? 0; \
             IF ($set ?? ($units + $delta)) < 0 { THROW 'stock_short:' + <string> $units }; \
             IF !record::exists($fields.category) { THROW 'category_gone' }; \
             UPSERT $guard SET at = time::now() RETURN NONE; \
             FOR $file IN $added { CREATE $file.id SET bytes = $file.bytes RETURN NONE }; \
             FOR $file IN $removed { DELETE $file RETURN NONE }; \
             UPSERT $stock SET units = $set ?? ($units + $delta) RETURN NONE; \
             UPDATE $id MERGE $fields RETURN NONE; ",
            crate::audit_record!("product", "update"),
            "COMMIT;"
        ))
        .bind(("id", id.record()))
        .bind(("stock", id.stock()))
        .bind(("actor", actor.record()))
        .bind(("guard", category_guard(&fields.category)))
        .bind(("seen_images", seen_images.to_vec()))
        .bind(("fields", fields))
        .bind(("set", set))
        .bind(("delta", delta))
        .bind(("added", images.added))
        .bind((
            "removed",
            images
                .removed
                .iter()
                .map(|name| uploads_repo::record(name))
                .collect::<Vec<_>>(),
        ))
        .await
        .context("updating a product")?;
    write_failure(&mut response, "updating a product")?;
    find(db, id).await?.ok_or(WriteError::Gone)
}

/// Deletes a product and its image files; returns its image slots, or `None` when there was no
/// such product.
pub async fn delete(
    db: &Db,
    actor: &AdminId,
    id: &ProductId,
) -> anyhow::Result<Option<Vec<Option<ImageSlot>>>> {
    let mut response = db
        .query(concat!("BEGIN; ",
             crate::audit_before!(),
             "LET $gone = (DELETE $id RETURN BEFORE); \
             DELETE $stock RETURN NONE; \
             FOR $slot IN array::flatten($gone.images) { \
                 IF $slot { DELETE type::record('image', $slot.file), type::record('image', $slot.thumb) RETURN NONE } \
             }; ",
             "IF $audit_before != NONE { ",
             crate::audit_record!("product", "delete"),
             "}; ",
             "COMMIT; \
             RETURN $gone;"))
        .bind(("id", id.record()))
        .bind(("stock", id.stock()))
        .bind(("actor", actor.record()))
        .await
        .context("deleting a product")?;
    #[derive(SurrealValue)]
    #[surreal(crate = "surrealdb::types")]
    struct Before {
        images: Vec<Option<ImageSlot>>,
    }
    if let Some(failed) = failure(&mut response) {
        anyhow::bail!("deleting a product: {failed:?}");
    }
    let last = response.num_statements() - 1;
    let before: Vec<Before> = response.take(last).context("deleting a product")?;
    Ok(before.into_iter().next().map(|row| row.images))
}

/// What an import row writes over an existing product: every text field; the stock only when
/// the row gave one; the images stay.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct ImportedFields {
    pub title: String,
    pub company: String,
    pub description: String,
    pub price: Decimal,
    pub selling_price: Decimal,
    pub featured: bool,
    pub category: surrealdb::types::RecordId,
    pub hsn: String,
    pub gst_rate: Decimal,
}

/// A product to create under a known id (an import's, a seed's), written by
/// [`create_product!`](crate::create_product).
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct NewProduct {
    pub id: surrealdb::types::RecordId,
    pub fields: ProductFields,
    /// Units in stock.
    pub stock: i64,
}

/// A change of an import to an existing product.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct ImportedChange {
    pub id: surrealdb::types::RecordId,
    /// Its `updatedAt` when the import read it: the write refuses a product changed since, so
    /// the audit entry's before values are the values it replaced.
    pub version: String,
    pub fields: ImportedFields,
    /// The stock to set, when the row gave one.
    pub stock: Option<i64>,
    /// Its stock when the import read it: orders move the stock without touching `updatedAt`,
    /// so a row that sets the stock also refuses a stock changed since.
    pub seen_stock: i64,
}

/// The audit entry of an import row, computed from the product as the import read it.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct ImportAudit {
    pub entity_id: String,
    /// The product's title.
    pub label: String,
    /// `{field: [before, after]}`, field names as stored.
    pub changes: surrealdb::types::Value,
}

/// Writes every row of an import in one transaction with its audit entry, provided every
/// category still exists and no updated product changed since the import read it: all rows or
/// none. (The entries are computed by the import from what it read, rather than by
/// [`audit_record!`](crate::audit_record) per row, which takes ten times as long.)
pub async fn import(
    db: &Db,
    actor: &AdminId,
    creates: Vec<NewProduct>,
    updates: Vec<ImportedChange>,
    categories: Vec<CategoryId>,
    audit: Vec<ImportAudit>,
) -> Result<(), WriteError> {
    let guards: Vec<_> = categories.iter().map(CategoryId::guard).collect();
    let categories: Vec<_> = categories.iter().map(CategoryId::record).collect();
    let mut response = db
        .query(concat!(
            "BEGIN; \
             LET $at = time::now(); \
             LET $actor_name = (SELECT VALUE username FROM ONLY $actor) ?? 'A deleted admin'; \
             FOR $category IN $categories { IF !record::exists($category) { THROW 'category_gone' } }; \
             FOR $guard IN $guards { UPSERT $guard SET at = time::now() RETURN NONE }; \
             FOR $row IN $updates { \
                 IF <string> $row.id.updated_at != $row.version { THROW 'product_changed' }; \
                 IF $row.stock != NONE AND $row.id.stock != $row.seen_stock { THROW 'product_changed' }; \
             }; \
             FOR $row IN $creates { ",
            crate::create_product!("$row"),
            "}; \
             FOR $row IN $updates { \
                 IF $row.stock != NONE { UPSERT type::record('product_stock', record::id($row.id)) SET units = $row.stock RETURN NONE }; \
                 UPDATE $row.id MERGE $row.fields RETURN NONE; \
             }; \
             FOR $entry IN $audit { \
                 CREATE audit CONTENT object::extend($entry, { at: $at, actor: $actor, actor_name: $actor_name, \
                     entity: 'product', action: 'import' }) RETURN NONE; \
             }; \
             COMMIT;"
        ))
        .bind(("actor", actor.record()))
        .bind(("categories", categories))
        .bind(("guards", guards))
        .bind(("creates", creates))
        .bind(("updates", updates))
        .bind(("audit", audit))
        .await
        .context("importing products")?;
    write_failure(&mut response, "importing products")
}
