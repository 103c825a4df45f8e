//! The products API's response types: a product as it is shown, and the bodies of a listing,
//! a search and a single product.

use pricing::{GstRate, Money};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::paging::Pagination;

/// A product's category as listings show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CategoryRef {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

/// One image slot of a product.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ImageRef {
    /// The full image.
    pub url: String,
    /// A small WebP for lists and grids, at most 320 pixels on its longer side.
    pub thumbnail: String,
    /// The full image's width in pixels (for `srcset`); null for images stored before sizes were kept.
    pub width: Option<u32>,
    /// The full image's height in pixels; null likewise.
    pub height: Option<u32>,
}

// The catalog keeps a product as this JSON and reads it back (`CatalogProduct::view`), so
// `Serialize` and `Deserialize` must stay each other's inverse.
/// A product as the API shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductView {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
    /// The maker.
    pub company: String,
    pub description: String,
    /// The list price, shown struck through.
    #[schema(value_type = f64)]
    pub price: Money,
    /// What is charged.
    #[schema(value_type = f64)]
    pub selling_price: Money,
    pub stock: i64,
    /// Shown on the home page.
    pub featured: bool,
    /// The HSN code, or empty when the shop has not set one.
    pub hsn: String,
    /// The GST rate in percent, included in the prices.
    #[schema(value_type = f64)]
    pub gst_rate: GstRate,
    /// How far the selling price is below the MRP (`price`), in whole percent rounded down; 0
    /// when it is not below (the pricing crate's `percent_off`).
    pub discount_percent: u32,
    pub category: CategoryRef,
    /// Image slot 1.
    pub image1: Option<ImageRef>,
    /// Image slot 2.
    pub image2: Option<ImageRef>,
    /// Image slot 3.
    pub image3: Option<ImageRef>,
    /// Image slot 4.
    pub image4: Option<ImageRef>,
    /// Image slot 5.
    pub image5: Option<ImageRef>,
    /// When it was created (RFC 3339).
    pub created_at: String,
    /// When it last changed (RFC 3339).
    pub updated_at: String,
}

impl ProductView {
    /// Its first picture, in slot order.
    pub fn first_image(&self) -> Option<&ImageRef> {
        [
            &self.image1,
            &self.image2,
            &self.image3,
            &self.image4,
            &self.image5,
        ]
        .into_iter()
        .find_map(Option::as_ref)
    }
}

/// `meta` of a product listing: paging plus the filter choices.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductListMeta {
    pub pagination: Pagination,
    /// `all`, then every category name.
    pub categories: Vec<String>,
    /// `all`, then every company.
    pub companies: Vec<String>,
}

/// A page of products (the body `catalog::json::listing` writes).
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductList {
    pub data: Vec<ProductView>,
    /// Paging and filter choices.
    pub meta: ProductListMeta,
}

/// Search results (the body `catalog::json::matches` writes).
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductMatches {
    /// Up to 20 products, titles starting with the text first.
    pub data: Vec<ProductView>,
}

/// `{"product": ...}` (the body `catalog::json::envelope` writes for a read).
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductEnvelope {
    pub product: ProductView,
}
