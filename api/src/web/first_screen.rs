//! What the server writes into a landing page's HTML so that its first screen needs no script:
//! the pictures it already knows, in the prerendered shell's picture slots, and the API answer
//! the app would first ask for, which the app's first render then shows at once.

use crate::markup::escape;
use crate::products::types::{ImageRef, ProductView};

/// Marks a picture slot in a shell: `PictureSlot` in
/// `web/src/features/products/components/picture-slot.tsx`, an empty element whose `data-sizes`
/// is the `sizes` of the picture the loaded page shows there.
const SLOT_MARK: &str = r#"data-picture-slot="""#;

/// The longest side of a thumbnail, in pixels (`uploads::images`).
const THUMBNAIL_SIZE: u32 = 320;

/// A picture to put in a shell's picture slot: the one the loaded page shows there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlotPicture {
    src: String,
    srcset: Option<String>,
    /// In the first screenful: loaded at once and first (as the web's `eager` pictures).
    eager: bool,
}

impl SlotPicture {
    /// A product card's picture (the web's `ProductCard`): its first image's thumbnail, or
    /// `None` when it has no image (the card shows the product's initial instead).
    pub fn card(product: &ProductView, eager: bool) -> Option<SlotPicture> {
        product.first_image().map(|image| SlotPicture {
            src: image.thumbnail.clone(),
            srcset: srcset(image),
            eager,
        })
    }

    /// The product page's main picture (the web's `ProductGallery`): its first image.
    pub fn main(product: &ProductView) -> Option<SlotPicture> {
        product.first_image().map(|image| SlotPicture {
            src: image.url.clone(),
            srcset: srcset(image),
            eager: true,
        })
    }

    /// The `<img>` for a slot whose pictures show at `sizes` (already escaped, as read from the
    /// slot). The slot is hidden from assistive technology, so the picture has no text.
    fn tag(&self, sizes: &str) -> String {
        let mut tag = format!(r#"<img src="{}" alt="""#, escape(&self.src));
        if let Some(srcset) = &self.srcset {
            tag.push_str(&format!(r#" srcset="{}" sizes="{sizes}""#, escape(srcset)));
        }
        tag.push_str(if self.eager {
            r#" fetchpriority="high">"#
        } else {
            r#" loading="lazy">"#
        });
        tag
    }
}

/// The thumbnail and the full image with their widths, exactly as the web's `productSrcSet`
/// (`web/src/features/products/images.ts`) writes it, so the shell's picture and the app's are
/// the same download. `None` for an image stored before sizes were kept, or no larger than its
/// thumbnail.
fn srcset(image: &ImageRef) -> Option<String> {
    let (width, height) = (image.width?, image.height?);
    let longer = width.max(height);
    if width == 0 || height == 0 || longer <= THUMBNAIL_SIZE {
        return None;
    }
    // Rounded half up, as Math.round.
    let thumbnail_width = (2 * u64::from(width) * u64::from(THUMBNAIL_SIZE) + u64::from(longer))
        / (2 * u64::from(longer));
    Some(format!(
        "{} {thumbnail_width}w, {} {width}w",
        image.thumbnail, image.url
    ))
}

/// `html` with the picture slots, in document order, holding `pictures` (a `None` leaves its
/// slot a placeholder, as do slots beyond the list).
pub fn fill_picture_slots(html: &str, pictures: &[Option<SlotPicture>]) -> String {
    let mut filled = String::with_capacity(html.len() + pictures.len() * 200);
    let mut rest = html;
    let mut pictures = pictures.iter();
    while let Some(mark) = rest.find(SLOT_MARK) {
        let Some(picture) = pictures.next() else {
            break;
        };
        let (Some(tag_start), Some(tag_length)) = (rest[..mark].rfind('<'), rest[mark..].find('>'))
        else {
            break;
        };
        let tag_end = mark + tag_length + 1;
        filled.push_str(&rest[..tag_end]);
        let opening = &rest[tag_start..tag_end];
        // Only an empty slot is filled: one that already holds something is left as it is.
        if let (Some(picture), true) = (picture, rest[tag_end..].starts_with("</")) {
            filled.push_str(&picture.tag(attribute_value(opening, "data-sizes").unwrap_or("")));
        }
        rest = &rest[tag_end..];
    }
    filled.push_str(rest);
    filled
}

/// The value of attribute `name` in an opening tag, as written (escaped).
fn attribute_value<'tag>(tag: &'tag str, name: &str) -> Option<&'tag str> {
    let start = tag.find(&format!(r#" {name}=""#))? + name.len() + 3;
    let length = tag[start..].find('"')?;
    Some(&tag[start..start + length])
}

/// The element `web/src/app/page-data.ts` reads: `{"api": <api>, "body": <body>}`, `body` being
/// the JSON answer of the API path `api`. `<`, `>` and `&` are written as JSON escapes, so no text
/// in the answer can end the element.
pub fn page_data(api: &str, body: &str) -> String {
    let api = serde_json::to_string(api).expect("a string always serialises");
    let json = format!(r#"{{"api":{api},"body":{body}}}"#)
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026");
    format!(r#"<script type="application/json" id="page-data">{json}</script>"#)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(width: Option<u32>, height: Option<u32>) -> ImageRef {
        ImageRef {
            url: "/uploads/rye.webp".into(),
            thumbnail: "/uploads/rye-thumb.webp".into(),
            width,
            height,
        }
    }

    #[test]
    fn the_srcset_is_the_web_apps_thumbnail_and_full_image_with_their_widths() {
        assert_eq!(
            srcset(&image(Some(800), Some(600))).as_deref(),
            Some("/uploads/rye-thumb.webp 320w, /uploads/rye.webp 800w")
        );
        // 333 * 320 / 1000 = 106.56: rounded as Math.round rounds it.
        assert_eq!(
            srcset(&image(Some(333), Some(1000))).as_deref(),
            Some("/uploads/rye-thumb.webp 107w, /uploads/rye.webp 333w")
        );
        assert_eq!(
            srcset(&image(Some(300), Some(200))),
            None,
            "no larger than its thumbnail"
        );
        assert_eq!(
            srcset(&image(None, None)),
            None,
            "stored before sizes were kept"
        );
    }

    const SHELL: &str = concat!(
        r#"<main><div data-slot="skeleton" aria-hidden="true" class="a" data-picture-slot="" data-sizes="50vw"></div>"#,
        r#"<div class="b" data-picture-slot="" data-sizes="(min-width: 1024px) 36rem, 100vw"></div>"#,
        r#"<div data-picture-slot="" data-sizes="10rem"></div></main>"#
    );

    fn picture(src: &str, srcset: Option<&str>, eager: bool) -> SlotPicture {
        SlotPicture {
            src: src.into(),
            srcset: srcset.map(Into::into),
            eager,
        }
    }

    #[test]
    fn slots_get_their_pictures_in_order_with_the_sizes_the_slot_names() {
        let filled = fill_picture_slots(
            SHELL,
            &[
                Some(picture(
                    "/a.webp",
                    Some("/a-t.webp 320w, /a.webp 800w"),
                    true,
                )),
                None,
                Some(picture("/c\"d.webp", None, false)),
            ],
        );
        assert_eq!(
            filled,
            concat!(
                r#"<main><div data-slot="skeleton" aria-hidden="true" class="a" data-picture-slot="" data-sizes="50vw">"#,
                r#"<img src="/a.webp" alt="" srcset="/a-t.webp 320w, /a.webp 800w" sizes="50vw" fetchpriority="high"></div>"#,
                r#"<div class="b" data-picture-slot="" data-sizes="(min-width: 1024px) 36rem, 100vw"></div>"#,
                r#"<div data-picture-slot="" data-sizes="10rem"><img src="/c&quot;d.webp" alt="" loading="lazy"></div></main>"#
            )
        );
    }

    #[test]
    fn slots_beyond_the_pictures_and_slots_that_hold_something_stay_as_they_are() {
        assert_eq!(fill_picture_slots(SHELL, &[]), SHELL);
        let one = fill_picture_slots(SHELL, &[Some(picture("/a.webp", None, true))]);
        assert_eq!(one.matches("<img").count(), 1, "{one}");
        let busy = r#"<div data-picture-slot="" data-sizes="1px"><span>x</span></div>"#;
        assert_eq!(
            fill_picture_slots(busy, &[Some(picture("/a.webp", None, true))]),
            busy
        );
    }

    #[test]
    fn page_data_holds_the_answer_and_no_text_in_it_can_end_the_element() {
        let element = page_data(
            "/api/v1/products/p1",
            r#"{"product":{"title":"Rye </script><b>& co"}}"#,
        );
        let json = element
            .strip_prefix(r#"<script type="application/json" id="page-data">"#)
            .and_then(|rest| rest.strip_suffix("</script>"))
            .unwrap();
        assert!(
            !json.contains('<') && !json.contains('>') && !json.contains('&'),
            "{json}"
        );
        let read: serde_json::Value = serde_json::from_str(json).unwrap();
        assert_eq!(read["api"], "/api/v1/products/p1");
        assert_eq!(read["body"]["product"]["title"], "Rye </script><b>& co");
    }
}
