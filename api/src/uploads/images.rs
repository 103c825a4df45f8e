//! Checking, re-encoding and naming images.

use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, ImageError, ImageFormat, ImageReader, Limits};

use crate::domain::new_record_key;

/// The largest upload accepted for one image.
pub const MAX_IMAGE_BYTES: usize = 5 * 1024 * 1024;
/// The largest width or height accepted.
pub const MAX_DIMENSION: u32 = 4096;
/// The longest side of a thumbnail.
pub const THUMBNAIL_SIZE: u32 = 320;

/// An image as stored: the names of the re-encoded file and of its thumbnail, and its size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredImage {
    /// The file name of the image.
    pub file: String,
    /// The file name of its WebP thumbnail.
    pub thumb: String,
    /// The image's width and height in pixels, for `srcset` and the layout (`None` for an image
    /// stored before sizes were kept).
    pub size: Option<(u32, u32)>,
}

/// An image ready to be written: the re-encoded bytes, their extension and the thumbnail.
#[derive(Debug)]
pub struct ProcessedImage {
    bytes: Vec<u8>,
    extension: &'static str,
    thumbnail: Vec<u8>,
    width: u32,
    height: u32,
}

/// WebP quality of a full image from a PNG or WebP upload (libwebp's 0 to 100).
const FULL_QUALITY: f32 = 88.0;
/// WebP quality of a thumbnail: small pictures in grids, lists and the cart.
const THUMBNAIL_QUALITY: f32 = 80.0;

/// Checks and re-encodes an upload: a JPEG stays a JPEG (quality 85: encoding it again as WebP
/// would add a second loss), a PNG or WebP becomes a lossy WebP with its alpha kept, and a WebP
/// thumbnail is made. On the demo catalog's 600 px product PNGs lossy WebP is a third of their
/// size, where the image crate's own (lossless) WebP encoder doubled it. The message says what is
/// wrong with an upload, for the form field.
pub fn process(bytes: &[u8]) -> Result<ProcessedImage, String> {
    if bytes.len() > MAX_IMAGE_BYTES {
        return Err(format!(
            "is larger than {} MB",
            MAX_IMAGE_BYTES / (1024 * 1024)
        ));
    }
    let format = match image::guess_format(bytes) {
        Ok(format @ (ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP)) => format,
        _ => return Err("is not a JPEG, PNG or WebP image".to_owned()),
    };
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_DIMENSION);
    limits.max_image_height = Some(MAX_DIMENSION);
    limits.max_alloc = Some(256 * 1024 * 1024);
    reader.limits(limits);
    let image = reader.decode().map_err(|error| match error {
        ImageError::Limits(_) => format!("is larger than {MAX_DIMENSION}x{MAX_DIMENSION} pixels"),
        _ => "could not be read: the file is damaged or incomplete".to_owned(),
    })?;
    let (bytes, extension) = encode(&image, format).map_err(|_| "could not be saved".to_owned())?;
    let thumbnail = encode_webp(
        &image.thumbnail(THUMBNAIL_SIZE, THUMBNAIL_SIZE),
        THUMBNAIL_QUALITY,
    )
    .map_err(|_| "could not be saved".to_owned())?;
    Ok(ProcessedImage {
        bytes,
        extension,
        thumbnail,
        width: image.width(),
        height: image.height(),
    })
}

fn encode(image: &DynamicImage, format: ImageFormat) -> Result<(Vec<u8>, &'static str), String> {
    match format {
        ImageFormat::Jpeg => {
            let mut out = Vec::new();
            JpegEncoder::new_with_quality(&mut out, 85)
                .encode_image(&image.to_rgb8())
                .map_err(|error| error.to_string())?;
            Ok((out, "jpg"))
        }
        _ => Ok((encode_webp(image, FULL_QUALITY)?, "webp")),
    }
}

/// A lossy WebP of `image` at `quality`, through libwebp.
fn encode_webp(image: &DynamicImage, quality: f32) -> Result<Vec<u8>, String> {
    let rgba = image.to_rgba8();
    webp::Encoder::from_rgba(&rgba, rgba.width(), rgba.height())
        .encode_simple(false, quality)
        .map(|memory| memory.to_vec())
        .map_err(|error| format!("{error:?}"))
}

impl ProcessedImage {
    /// The image under a fresh random name, with its thumbnail, ready to be written.
    pub fn named(self) -> NewImage {
        let key = new_record_key();
        let stored = StoredImage {
            file: format!("{key}.{}", self.extension),
            thumb: format!("{key}-thumb.webp"),
            size: Some((self.width, self.height)),
        };
        NewImage {
            files: [
                (stored.file.clone(), self.bytes),
                (stored.thumb.clone(), self.thumbnail),
            ],
            stored,
        }
    }
}

/// A named image and its thumbnail with their bytes, written with the product that shows them.
#[derive(Debug, Clone)]
pub struct NewImage {
    pub stored: StoredImage,
    /// Each file's name and bytes: the image, then the thumbnail.
    pub files: [(String, Vec<u8>); 2],
}

impl StoredImage {
    /// The image's and the thumbnail's file names.
    pub fn names(&self) -> [&str; 2] {
        [&self.file, &self.thumb]
    }
}

/// The content type of a stored file's name, when it is one this shop writes.
pub fn content_type(name: &str) -> Option<&'static str> {
    let (stem, extension) = name.rsplit_once('.')?;
    if stem.is_empty()
        || stem.len() > 64
        || !stem.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
    {
        return None;
    }
    match extension {
        "jpg" => Some("image/jpeg"),
        "png" => Some("image/png"),
        "webp" => Some("image/webp"),
        _ => None,
    }
}

/// The public URL of a stored file.
pub fn url(file: &str) -> String {
    format!("/uploads/{file}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let image = DynamicImage::new_rgb8(width, height);
        let mut out = Cursor::new(Vec::new());
        image.write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn a_png_becomes_a_lossless_webp_with_its_size_and_a_webp_thumbnail() {
        let processed = process(&png(800, 400)).unwrap();
        assert_eq!(processed.extension, "webp");
        assert_eq!(
            image::guess_format(&processed.bytes).unwrap(),
            ImageFormat::WebP
        );
        assert_eq!((processed.width, processed.height), (800, 400));
        let image = image::load_from_memory(&processed.bytes).unwrap();
        assert_eq!((image.width(), image.height()), (800, 400));
        let thumb = image::load_from_memory(&processed.thumbnail).unwrap();
        assert_eq!((thumb.width(), thumb.height()), (320, 160));
        assert_eq!(
            image::guess_format(&processed.thumbnail).unwrap(),
            ImageFormat::WebP
        );
    }

    #[test]
    fn text_pretending_to_be_an_image_is_refused() {
        assert_eq!(
            process(b"hello, I am a jpeg").unwrap_err(),
            "is not a JPEG, PNG or WebP image"
        );
    }

    #[test]
    fn a_truncated_png_is_refused() {
        let bytes = png(64, 64);
        assert!(
            process(&bytes[..bytes.len() / 2])
                .unwrap_err()
                .contains("damaged")
        );
    }

    #[test]
    fn a_huge_canvas_is_refused_from_its_header() {
        assert!(process(&png(5000, 10)).unwrap_err().contains("4096x4096"));
    }
}
