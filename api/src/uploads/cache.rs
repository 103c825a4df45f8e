//! Each node's copy of the images it served, in `<data dir>/uploads`: image files never change
//! (every upload gets a fresh random name), so a copy is good for as long as the image exists.
//! A miss reads the database and keeps the file; files of images deleted elsewhere are dropped
//! by a periodic sweep.

use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::db::Db;
use crate::domain::new_record_key;
use crate::seed::repo as seeds;
use crate::uploads::images::{StoredImage, content_type};
use crate::uploads::repo::{self, ImageFile};

/// Marks a database whose product images were copied in from the disk of a Whisk that kept them
/// only there.
const IMPORTED: &str = "images_in_database";
/// Files read and written per batch when importing or sweeping.
const BATCH: usize = 200;

/// This node's image files.
#[derive(Debug, Clone)]
pub struct ImageCache {
    dir: PathBuf,
}

impl ImageCache {
    /// The cache in `<data dir>/uploads`, created if missing.
    pub fn new(data_dir: &Path) -> anyhow::Result<ImageCache> {
        let dir = data_dir.join("uploads");
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        Ok(ImageCache { dir })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The bytes of a stored file: this node's copy, or the database's (then copied here).
    /// `None` when there is no such image.
    pub async fn read(&self, db: &Db, name: &str) -> anyhow::Result<Option<Vec<u8>>> {
        if content_type(name).is_none() {
            return Ok(None);
        }
        let path = self.dir.join(name);
        if let Ok(bytes) = tokio::fs::read(&path).await {
            return Ok(Some(bytes));
        }
        let Some(bytes) = repo::read(db, name).await? else {
            return Ok(None);
        };
        // Written aside and renamed, so a reader never sees half a file.
        let partial = self.dir.join(format!(".{}.partial", new_record_key()));
        let kept = async {
            tokio::fs::write(&partial, &bytes).await?;
            tokio::fs::rename(&partial, &path).await
        };
        if let Err(error) = kept.await {
            let _ = tokio::fs::remove_file(&partial).await;
            tracing::warn!(%error, file = %name, "could not keep a copy of an image");
        }
        Ok(Some(bytes))
    }

    /// Drops this node's copies of images that were deleted.
    pub async fn forget(&self, images: impl IntoIterator<Item = &StoredImage>) {
        for image in images {
            for name in image.names() {
                if let Err(error) = tokio::fs::remove_file(self.dir.join(name)).await
                    && error.kind() != std::io::ErrorKind::NotFound
                {
                    tracing::warn!(%error, file = %name, "could not remove an image copy");
                }
            }
        }
    }

    fn cached_names(&self) -> anyhow::Result<Vec<String>> {
        let entries = std::fs::read_dir(&self.dir)
            .with_context(|| format!("reading {}", self.dir.display()))?;
        Ok(entries
            .flatten()
            .filter_map(|entry| entry.file_name().into_string().ok())
            .filter(|name| content_type(name).is_some())
            .collect())
    }

    /// Drops the copies of images the database no longer has (deleted through another node).
    pub async fn sweep(&self, db: &Db) -> anyhow::Result<usize> {
        let mut dropped = 0;
        for names in self.cached_names()?.chunks(BATCH) {
            let existing = repo::existing(db, names).await?;
            for name in names.iter().filter(|name| !existing.contains(name)) {
                if tokio::fs::remove_file(self.dir.join(name)).await.is_ok() {
                    dropped += 1;
                }
            }
        }
        Ok(dropped)
    }

    /// Copies into the database the product images an older Whisk kept only in this folder,
    /// once per database.
    pub async fn import_disk_images(&self, db: &Db) -> anyhow::Result<usize> {
        if seeds::is_marked(db, IMPORTED).await? {
            return Ok(0);
        }
        let mut imported = 0;
        for names in repo::referenced(db).await?.chunks(BATCH) {
            let existing = repo::existing(db, names).await?;
            let mut files = Vec::new();
            for name in names.iter().filter(|name| !existing.contains(name)) {
                match tokio::fs::read(self.dir.join(name)).await {
                    Ok(bytes) => files.push(ImageFile {
                        id: repo::record(name),
                        bytes: bytes.into(),
                    }),
                    Err(error) => {
                        tracing::warn!(%error, file = %name, "a product's image is missing from disk")
                    }
                }
            }
            imported += files.len();
            repo::insert(db, files).await?;
        }
        seeds::mark(db, IMPORTED).await?;
        Ok(imported)
    }
}
