//! Uploaded product images: checked by content, decoded within limits (a decompression bomb is
//! refused from its header, before it is decoded), re-encoded without metadata, named randomly
//! with a small WebP thumbnail, stored in the database with the product that shows them, and
//! served from `/uploads` (through each node's copy) with long cache headers and an ETag.

pub mod cache;
pub mod images;
pub mod repo;
pub mod serve;

pub use cache::ImageCache;
pub use images::{NewImage, StoredImage};
