//! Reading the multipart product form: text fields, up to five image files and delete flags.
//! Files are streamed to temporary files as they arrive, so a request holds a chunk in memory
//! at a time however large its images are.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use anyhow::Context;
use axum::extract::Multipart;
use axum::http::StatusCode;
use tokio::io::AsyncWriteExt;

use crate::domain::new_record_key;
use crate::error::{ApiError, ErrorCode};
use crate::uploads::images::MAX_IMAGE_BYTES;

/// An uploaded file on disk, removed when dropped.
#[derive(Debug)]
pub struct TempUpload {
    path: PathBuf,
}

impl TempUpload {
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for TempUpload {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// The text fields the form may carry.
const TEXT_FIELDS: [&str; 11] = [
    "title",
    "company",
    "description",
    "sellingPrice",
    "price",
    "stock",
    "stockShown",
    "category",
    "featured",
    "hsn",
    "gstRate",
];

/// A product form as sent.
#[derive(Debug, Default)]
pub struct ProductForm {
    /// Text fields by name.
    pub text: HashMap<String, String>,
    /// The uploaded file of each image slot.
    pub files: [Option<TempUpload>; 5],
    /// Whether each image slot is to be cleared.
    pub delete: [bool; 5],
    /// Files over the size limit, by field name (refused with the other field errors).
    pub oversized: Vec<String>,
}

fn slot(name: &str, prefix: &str) -> Option<usize> {
    let index: usize = name.strip_prefix(prefix)?.parse().ok()?;
    (1..=5).contains(&index).then(|| index - 1)
}

pub fn multipart_error(error: axum::extract::multipart::MultipartError) -> ApiError {
    if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::PayloadTooLarge
    } else {
        ApiError::bad_request(ErrorCode::InvalidBody, error.body_text())
    }
}

/// Reads the whole form, writing files into `temp_dir`. An unknown field answers 400 naming it;
/// a file over 5 MB is read to its end, recorded as too large and not kept.
pub async fn read(mut multipart: Multipart, temp_dir: &Path) -> Result<ProductForm, ApiError> {
    let mut form = ProductForm::default();
    while let Some(mut field) = multipart.next_field().await.map_err(multipart_error)? {
        let name = field.name().unwrap_or_default().to_owned();
        if let Some(index) = slot(&name, "image") {
            let upload = TempUpload {
                path: temp_dir.join(format!("upload-{}", new_record_key())),
            };
            let mut file = tokio::fs::File::create(upload.path())
                .await
                .with_context(|| format!("creating {}", upload.path().display()))?;
            let (mut written, mut too_big) = (0, false);
            while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
                written += chunk.len();
                too_big |= written > MAX_IMAGE_BYTES;
                if !too_big {
                    file.write_all(&chunk).await.context("writing an upload")?;
                }
            }
            file.flush().await.context("writing an upload")?;
            if too_big {
                form.oversized.push(name);
            } else if written > 0 {
                form.files[index] = Some(upload);
            }
        } else if let Some(index) = slot(&name, "delete_image") {
            let value = field.text().await.map_err(multipart_error)?;
            form.delete[index] = matches!(value.trim(), "true" | "1" | "on");
        } else if TEXT_FIELDS.contains(&name.as_str()) {
            let value = field.text().await.map_err(multipart_error)?;
            form.text.insert(name, value);
        } else {
            return Err(ApiError::invalid_field(name, "is not a product field"));
        }
    }
    Ok(form)
}
