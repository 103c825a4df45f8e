//! The demo catalog: categories and products with real photos, read from a folder holding
//! `catalog.json` and its images, loaded once into an empty shop.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use anyhow::{Context, bail};
use pricing::{GstRate, Money};
use serde::Deserialize;

use crate::db::Db;
use crate::domain::{CategoryId, ProductId};
use crate::products::handlers::MAX_STOCK;
use crate::products::repo::{ImageSlot, NewProduct, ProductFields};
use crate::seed::repo::{self, NewCategory};
use crate::uploads::images::{self, NewImage};
use crate::uploads::repo as uploads_repo;

/// The name of the marker that records the demo catalog as loaded.
pub const MARKER: &str = "demo_catalog";

/// `catalog.json` as written by `scripts/demo-catalog/make_demo_catalog.py`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DemoCatalog {
    /// The categories, in display order.
    pub categories: Vec<DemoCategory>,
    pub products: Vec<DemoProduct>,
}

/// A category of the demo catalog.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DemoCategory {
    pub name: String,
    #[serde(default)]
    pub description: String,
}

/// A product of the demo catalog.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct DemoProduct {
    pub title: String,
    pub company: String,
    pub description: String,
    /// List price in rupees.
    pub price: serde_json::Number,
    /// Selling price in rupees.
    pub selling_price: serde_json::Number,
    pub stock: i64,
    /// Shown on the home page.
    #[serde(default)]
    pub featured: bool,
    /// The name of one of the catalog's categories.
    pub category: String,
    /// The HSN code.
    #[serde(default)]
    pub hsn: String,
    /// The GST rate in percent; without it the shop's default rate.
    #[serde(default)]
    pub gst_rate: Option<serde_json::Number>,
    /// The photo, relative to the catalog folder.
    pub image: PathBuf,
}

/// What happened at start.
#[derive(Debug, PartialEq, Eq)]
pub enum DemoOutcome {
    /// Loaded now.
    Loaded { categories: usize, products: usize },
    /// Loaded by an earlier start.
    AlreadyLoaded,
    /// Not loaded because the shop already had a catalog of its own.
    ShopNotEmpty,
}

/// Reads and checks `catalog.json` in `dir`; the error names the file and the product at fault.
pub fn read(dir: &Path) -> anyhow::Result<DemoCatalog> {
    let path = dir.join("catalog.json");
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("reading the demo catalog {}", path.display()))?;
    let catalog: DemoCatalog = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a valid demo catalog", path.display()))?;
    for product in &catalog.products {
        let at = || format!("demo product '{}' in {}", product.title, path.display());
        if !catalog
            .categories
            .iter()
            .any(|category| category.name.eq_ignore_ascii_case(&product.category))
        {
            bail!(
                "{}: its category '{}' is not among the catalog's categories",
                at(),
                product.category
            );
        }
        let (price, selling) = (
            amount(&product.price).with_context(at)?,
            amount(&product.selling_price).with_context(at)?,
        );
        if price < selling {
            bail!(
                "{}: the list price {price} is below the selling price {selling}",
                at()
            );
        }
        if !(0..=MAX_STOCK).contains(&product.stock) {
            bail!("{}: stock must be from 0 to {MAX_STOCK}", at());
        }
        if !(product.hsn.is_empty()
            || ((4..=8).contains(&product.hsn.len())
                && product.hsn.bytes().all(|byte| byte.is_ascii_digit())))
        {
            bail!(
                "{}: the HSN code '{}' is not 4 to 8 digits",
                at(),
                product.hsn
            );
        }
        gst_rate(product).with_context(at)?;
    }
    Ok(catalog)
}

fn gst_rate(product: &DemoProduct) -> anyhow::Result<Option<GstRate>> {
    product
        .gst_rate
        .as_ref()
        .map(|rate| {
            amount(rate)
                .ok()
                .and_then(|rate| GstRate::try_from(rate).ok())
                .with_context(|| format!("the GST rate {rate} is not a percent from 0 to 100"))
        })
        .transpose()
}

fn amount(number: &serde_json::Number) -> anyhow::Result<Money> {
    let money = Money::from_str(&number.to_string()).map_err(|_| {
        anyhow::anyhow!("{number} is not an amount in rupees with at most two decimals")
    })?;
    if money.is_negative() {
        bail!("{number} is negative");
    }
    Ok(money)
}

/// Loads the demo catalog from `dir` unless it was loaded before or the shop already has
/// categories or products. Images go through the same checks and re-encoding as uploads;
/// the rows and the marker are written in one transaction.
pub async fn load_once(db: &Db, dir: &Path) -> anyhow::Result<DemoOutcome> {
    if repo::is_marked(db, MARKER).await? {
        return Ok(DemoOutcome::AlreadyLoaded);
    }
    if repo::catalog_size(db).await? != (0, 0) {
        return Ok(DemoOutcome::ShopNotEmpty);
    }
    let catalog = read(dir)?;
    let categories: Vec<NewCategory> = catalog
        .categories
        .iter()
        .map(|category| NewCategory {
            id: CategoryId::generate().record(),
            name: category.name.clone(),
            description: category.description.clone(),
        })
        .collect();
    let mut images: Vec<NewImage> = Vec::with_capacity(catalog.products.len());
    let mut products = Vec::with_capacity(catalog.products.len());
    for product in &catalog.products {
        let image = read_image(&dir.join(&product.image))
            .await
            .with_context(|| format!("demo product '{}'", product.title))?;
        let slot = ImageSlot::from(image.stored.clone());
        images.push(image);
        let category = categories
            .iter()
            .find(|category| category.name.eq_ignore_ascii_case(&product.category))
            .map(|category| category.id.clone());
        products.push(NewProduct {
            id: ProductId::generate().record(),
            fields: ProductFields {
                title: product.title.clone(),
                company: product.company.clone(),
                description: product.description.clone(),
                price: amount(&product.price)?.as_decimal(),
                selling_price: amount(&product.selling_price)?.as_decimal(),
                featured: product.featured,
                category: category.context("category checked by read")?,
                hsn: product.hsn.clone(),
                gst_rate: gst_rate(product)?.map(GstRate::as_decimal),
                images: vec![Some(slot), None, None, None, None],
            },
            stock: product.stock,
        });
    }
    let outcome = DemoOutcome::Loaded {
        categories: categories.len(),
        products: products.len(),
    };
    repo::insert(
        db,
        categories,
        products,
        uploads_repo::files(&images),
        Some(MARKER),
    )
    .await?;
    Ok(outcome)
}

async fn read_image(path: &Path) -> anyhow::Result<NewImage> {
    let bytes = tokio::fs::read(path)
        .await
        .with_context(|| format!("reading {}", path.display()))?;
    let processed = tokio::task::spawn_blocking(move || images::process(&bytes))
        .await?
        .map_err(|problem| anyhow::anyhow!("the image {} {problem}", path.display()))?;
    Ok(processed.named())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write_catalog(json: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("catalog.json"), json).unwrap();
        dir
    }

    #[test]
    fn the_shipped_demo_catalog_is_valid() {
        let catalog = read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("demo")).unwrap();
        assert!(catalog.products.len() >= 50, "a catalog worth browsing");
        assert!(
            catalog.products.iter().any(|product| product.featured),
            "the home page has featured products"
        );
        for product in &catalog.products {
            assert!(
                Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("demo")
                    .join(&product.image)
                    .is_file(),
                "{} has its image",
                product.title
            );
        }
    }

    #[test]
    fn a_bad_catalog_says_which_product_is_wrong() {
        let product = |category: &str, price: &str, selling: &str| {
            format!(
                r#"{{"categories":[{{"name":"Flours"}}],"products":[{{"title":"Atta","company":"Mill","description":"","price":{price},"sellingPrice":{selling},"stock":3,"category":"{category}","image":"a.png"}}]}}"#
            )
        };
        let message =
            |json: String| format!("{:#}", read(write_catalog(&json).path()).unwrap_err());
        assert!(
            message(product("Candles", "10", "9")).contains("'Atta'")
                && message(product("Candles", "10", "9")).contains("'Candles'")
        );
        assert!(message(product("flours", "9", "10")).contains("below the selling price"));
        assert!(message(product("Flours", "9.999", "9")).contains("at most two decimals"));
        assert!(
            message(r#"{"categories":[],"products":[],"extra":1}"#.to_owned())
                .contains("not a valid demo catalog")
        );
        assert!(
            read(write_catalog(&product("flours", "10", "9")).path()).is_ok(),
            "category names match ignoring case"
        );
    }
}
