//! All SurrealQL about stored image files: every image and thumbnail lives in the database (the
//! `image` table, keyed by file name), so any node serves any image and a backup holds them.

use anyhow::Context;
use surrealdb::types::{Bytes, RecordId, SurrealValue};

use crate::db::Db;
use crate::uploads::images::NewImage;

/// The table of image files.
const TABLE: &str = "image";

/// The record of a stored file.
pub fn record(name: &str) -> RecordId {
    RecordId::new(TABLE, name)
}

/// A file to write.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct ImageFile {
    /// `image:<file name>`.
    pub id: RecordId,
    pub bytes: Bytes,
}

/// The files of new images, to write in the transaction of the product that shows them.
pub fn files<'a>(images: impl IntoIterator<Item = &'a NewImage>) -> Vec<ImageFile> {
    images
        .into_iter()
        .flat_map(|image| image.files.iter())
        .map(|(name, bytes)| ImageFile {
            id: record(name),
            bytes: Bytes::from(bytes.clone()),
        })
        .collect()
}

/// The bytes of a stored file.
pub async fn read(db: &Db, name: &str) -> anyhow::Result<Option<Vec<u8>>> {
    let mut response = db
        .query("SELECT VALUE bytes FROM ONLY $id")
        .bind(("id", record(name)))
        .await
        .context("reading an image")?;
    let bytes: Option<Bytes> = response.take(0).context("reading an image")?;
    Ok(bytes.map(|bytes| bytes.into_inner().to_vec()))
}

/// Which of these file names have a record.
pub async fn existing(db: &Db, names: &[String]) -> anyhow::Result<Vec<String>> {
    let records: Vec<RecordId> = names.iter().map(|name| record(name)).collect();
    let mut response = db
        .query("SELECT VALUE record::id(id) FROM $records")
        .bind(("records", records))
        .await
        .context("finding images")?;
    response.take(0).context("finding images")
}

/// Writes files (an import of files kept on disk by an older Whisk); existing ones stay.
pub async fn insert(db: &Db, files: Vec<ImageFile>) -> anyhow::Result<()> {
    db.query("FOR $file IN $files { UPSERT $file.id SET bytes = $file.bytes RETURN NONE }")
        .bind(("files", files))
        .await
        .context("storing images")?
        .check()
        .context("storing images")?;
    Ok(())
}

/// The file names every product's image slots refer to.
pub async fn referenced(db: &Db) -> anyhow::Result<Vec<String>> {
    #[derive(SurrealValue)]
    #[surreal(crate = "surrealdb::types")]
    struct Slot {
        file: String,
        thumb: String,
    }
    let mut response = db
        .query("SELECT VALUE images FROM product")
        .await
        .context("listing product images")?;
    let products: Vec<Vec<Option<Slot>>> = response.take(0).context("listing product images")?;
    Ok(products
        .into_iter()
        .flatten()
        .flatten()
        .flat_map(|slot| [slot.file, slot.thumb])
        .collect())
}
