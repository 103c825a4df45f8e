//! Uploaded product images: checked by content, decoded within limits (a decompression bomb is
//! refused from its header, before it is decoded), re-encoded without metadata, stored under
//! random names with a small WebP thumbnail, and served from `/uploads` with long cache headers
//! and an ETag.

pub mod images;
pub mod serve;

pub use images::{ImageStore, StoredImage};
