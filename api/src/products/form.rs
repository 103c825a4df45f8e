//! Reading the multipart product form: text fields, up to five image files and delete flags.

use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::Multipart;
use axum::http::StatusCode;

use crate::error::ApiError;
use crate::uploads::images::MAX_IMAGE_BYTES;

/// The text fields the form may carry.
const TEXT_FIELDS: [&str; 9] = ["title", "company", "description", "sellingPrice", "price", "stock", "stockShown", "category", "featured"];

/// A product form as sent.
#[derive(Debug, Default)]
pub struct ProductForm {
    /// Text fields by name.
    pub text: HashMap<String, String>,
    /// The uploaded file of each image slot.
    pub files: [Option<Bytes>; 5],
    /// Whether each image slot is to be cleared.
    pub delete: [bool; 5],
    /// Files over the size limit, by field name (refused with the other field errors).
    pub oversized: Vec<String>,
}

fn slot(name: &str, prefix: &str) -> Option<usize> {
    let index: usize = name.strip_prefix(prefix)?.parse().ok()?;
    (1..=5).contains(&index).then(|| index - 1)
}

fn multipart_error(error: axum::extract::multipart::MultipartError) -> ApiError {
    if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::PayloadTooLarge
    } else {
        ApiError::bad_request("invalid_body", error.body_text())
    }
}

/// Reads the whole form. An unknown field answers 400 naming it; a file over 5 MB is recorded
/// without keeping more than the limit in memory.
pub async fn read(mut multipart: Multipart) -> Result<ProductForm, ApiError> {
    let mut form = ProductForm::default();
    while let Some(mut field) = multipart.next_field().await.map_err(multipart_error)? {
        let name = field.name().unwrap_or_default().to_owned();
        if let Some(index) = slot(&name, "image") {
            let mut bytes = Vec::new();
            let mut too_big = false;
            while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
                if bytes.len() + chunk.len() > MAX_IMAGE_BYTES {
                    too_big = true;
                    continue;
                }
                bytes.extend_from_slice(&chunk);
            }
            if too_big {
                form.oversized.push(name);
            } else if !bytes.is_empty() {
                form.files[index] = Some(Bytes::from(bytes));
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
