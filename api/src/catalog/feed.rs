//! All SurrealQL of the catalog's change feed: the `product`, `product_stock` and `category`
//! tables keep a change feed (`CHANGEFEED` in the schema), read here in commit order with `SHOW
//! CHANGES FOR DATABASE SINCE ...`. Each change carries the whole record after the write, so
//! applying one twice does no harm.

use anyhow::Context;
use rust_decimal::Decimal;
use surrealdb::types::{Datetime, Number, RecordId, RecordIdKey, SurrealValue, Value};

use crate::db::Db;
use crate::products::repo::ImageSlot;

/// How long the database keeps the feed (the schema's `CHANGEFEED` duration): a node that
/// could not read it for longer reloads the whole catalog instead.
pub const RETENTION: std::time::Duration = std::time::Duration::from_secs(60 * 60);
/// Change sets read per query.
pub const PAGE: u32 = 1000;

/// A versionstamp: the position of a commit in the feed. SurrealDB 3.3 stamps commits on its
/// mem, SurrealKV and RocksDB engines with a hybrid logical clock: the commit's wall-clock
/// milliseconds shifted left by 16 bits, plus a counter in the low 16 bits. A later-minted stamp
/// is larger; [`stamp_at`] turns a database clock reading into the first stamp of that
/// millisecond. The API test `the_change_feed_stamps_commits_by_the_database_clock` checks this
/// against the engine, so an upgrade that changes the format fails a test.
pub type Stamp = u64;

/// The first versionstamp minted at or after `time` on the database's clock.
pub fn stamp_at(time: &Datetime) -> Stamp {
    u64::try_from(time.timestamp_millis()).unwrap_or(0) << 16
}

/// The database clock of a stamp, in milliseconds since 1970.
pub fn stamp_millis(stamp: Stamp) -> u64 {
    stamp >> 16
}

/// A product record as the feed carries it, without its stock: that is a record of its own
/// ([`Change::StockSaved`]), which orders write without touching the product.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct ProductRecord {
    /// `product:<key>`.
    pub id: RecordId,
    pub title: String,
    pub company: String,
    pub description: String,
    pub price: Decimal,
    pub selling_price: Decimal,
    pub featured: bool,
    pub hsn: String,
    pub gst_rate: Option<Decimal>,
    pub category: RecordId,
    pub images: Vec<Option<ImageSlot>>,
    pub created_at: Datetime,
    pub updated_at: Datetime,
}

/// One change to the catalog's tables.
#[derive(Debug, Clone)]
pub enum Change {
    /// A product was created or updated.
    ProductSaved(Box<ProductRecord>),
    /// A product was deleted (its key).
    ProductDeleted(String),
    /// A product's stock was set: (its key, units). Its deletion goes with the product's.
    StockSaved(String, i64),
    /// A category was created or renamed: (key, name).
    CategorySaved(String, String),
    /// A category was deleted (its key).
    CategoryDeleted(String),
}

/// The changes of one committed transaction.
#[derive(Debug, Clone)]
pub struct ChangeSet {
    /// Its versionstamp: later commits have larger ones.
    pub version: u64,
    /// What it changed, in order.
    pub changes: Vec<Change>,
}

/// The versionstamp of the database's clock now: every commit minted later has a larger one.
pub async fn now(db: &Db) -> anyhow::Result<Stamp> {
    Ok(stamp_at(&crate::db::clock(db).await?))
}

/// The key of a record id (string or number keys).
pub fn key(id: &RecordId) -> Option<String> {
    match &id.key {
        RecordIdKey::String(key) => Some(key.clone()),
        RecordIdKey::Number(number) => Some(number.to_string()),
        _ => None,
    }
}

fn field<'a>(value: &'a Value, name: &str) -> Option<&'a Value> {
    match value {
        Value::Object(object) => object.get(name),
        _ => None,
    }
}

/// Reads one change of the feed; `Ok(None)` for changes the catalog does not follow (schema
/// definitions, other tables).
fn change(value: Value) -> anyhow::Result<Option<Change>> {
    if let Some(record) = field(&value, "update") {
        let Some(Value::RecordId(id)) = field(record, "id") else {
            return Ok(None);
        };
        return Ok(match id.table.as_str() {
            "product" => Some(Change::ProductSaved(Box::new(
                ProductRecord::from_value(record.clone()).context("reading a product change")?,
            ))),
            "product_stock" => {
                let Some(&Value::Number(Number::Int(units))) = field(record, "units") else {
                    anyhow::bail!("a stock change without whole units")
                };
                key(id).map(|key| Change::StockSaved(key, units))
            }
            "category" => {
                let Some(Value::String(name)) = field(record, "name") else {
                    anyhow::bail!("a category change without a name")
                };
                key(id).map(|key| Change::CategorySaved(key, name.clone()))
            }
            _ => None,
        });
    }
    if let Some(gone) = field(&value, "delete") {
        let Some(Value::RecordId(id)) = field(gone, "id") else {
            return Ok(None);
        };
        return Ok(match (id.table.as_str(), key(id)) {
            ("product", Some(key)) => Some(Change::ProductDeleted(key)),
            ("category", Some(key)) => Some(Change::CategoryDeleted(key)),
            _ => None,
        });
    }
    Ok(None)
}

/// The text of the `SHOW CHANGES` statement, after a clock reading. `SINCE` and `LIMIT` take
/// only literals, not bound parameters, so this is the one statement whose text is built: from
/// a `u64`, never from anything a client sent.
fn show_changes(since: Stamp) -> String {
    format!("RETURN time::now(); SHOW CHANGES FOR DATABASE SINCE {since} LIMIT {PAGE};")
}

/// One read of the feed.
#[derive(Debug)]
pub struct Page {
    /// The database clock just before the read, as a stamp: commits minted before it are
    /// either in this page (or an earlier one) or committing right now.
    pub clock: Stamp,
    /// The change sets at or after the stamp asked for, oldest first.
    pub sets: Vec<ChangeSet>,
    /// True when the read stopped at [`PAGE`] entries and more may follow; the last set may
    /// then be cut short, so the caller reads it again from its stamp.
    pub full: bool,
}

/// The change sets committed at or after `since`, oldest first, at most [`PAGE`] feed entries.
pub async fn changes(db: &Db, since: Stamp) -> anyhow::Result<Page> {
    let mut response = db
        .query(show_changes(since))
        .await
        .context("reading the change feed")?;
    let clock: Option<Datetime> = response.take(0).context("reading the database clock")?;
    let clock = stamp_at(&clock.context("the database has no clock")?);
    let sets: Vec<Value> = response.take(1).context("reading the change feed")?;
    let mut read = Vec::with_capacity(sets.len());
    let mut entries = 0;
    for set in sets {
        let version = match field(&set, "versionstamp") {
            Some(Value::Number(number)) => number
                .to_string()
                .parse::<u64>()
                .context("a versionstamp out of range")?,
            other => anyhow::bail!("a change set without a versionstamp: {other:?}"),
        };
        let Some(Value::Array(items)) = field(&set, "changes").cloned() else {
            anyhow::bail!("a change set without changes")
        };
        let mut changes = Vec::with_capacity(items.len());
        for item in items {
            entries += 1;
            changes.extend(change(item)?);
        }
        read.push(ChangeSet { version, changes });
    }
    // The limit counts feed entries (one per table a commit changed), not change sets.
    Ok(Page {
        clock,
        sets: read,
        full: entries >= PAGE as usize,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_statement_is_built_only_from_a_number() {
        assert_eq!(
            show_changes(65_536),
            "RETURN time::now(); SHOW CHANGES FOR DATABASE SINCE 65536 LIMIT 1000;"
        );
    }

    #[test]
    fn a_clock_reading_is_the_first_stamp_of_its_millisecond() {
        let time = Datetime::try_from((1_764_000_000, 5_000_000)).unwrap();
        assert_eq!(stamp_at(&time), 1_764_000_000_005 << 16);
        assert_eq!(stamp_millis(stamp_at(&time) | 0xFFFF), 1_764_000_000_005);
    }
}
