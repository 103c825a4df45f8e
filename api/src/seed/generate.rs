//! Synthetic catalogs of any size, for load tests and for trying the back office with a big shop.
//! The same seed gives the same catalog.

use anyhow::Context;
use pricing::Money;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::db::Db;
use crate::domain::{CategoryId, ProductId};
use crate::products::repo::{NewProduct, ProductFields};
use crate::seed::repo::{self, NewCategory};

/// Products written per transaction.
const BATCH: usize = 1000;

/// Each category with the things sold in it and their pack sizes.
const SHELVES: [(&str, &[&str], &[&str]); 8] = [
    (
        "Flours",
        &[
            "Maida",
            "Whole Wheat Atta",
            "Bread Flour",
            "Almond Flour",
            "Rice Flour",
            "Semolina",
            "Multigrain Flour",
        ],
        &["500 g", "1 kg", "5 kg", "25 kg"],
    ),
    (
        "Ingredients",
        &[
            "Cocoa Powder",
            "Dark Compound",
            "Baking Powder",
            "Vanilla Essence",
            "Gel Colour",
            "Icing Sugar",
            "Sprinkles",
        ],
        &["50 g", "100 g", "250 g", "1 kg"],
    ),
    (
        "Cake Mixes",
        &[
            "Eggless Sponge Premix",
            "Brownie Mix",
            "Red Velvet Premix",
            "Muffin Mix",
            "Pancake Mix",
        ],
        &["500 g", "1 kg", "5 kg"],
    ),
    (
        "Molds",
        &[
            "Round Cake Tin",
            "Silicone Savarin Mold",
            "Loaf Pan",
            "Cupcake Tray",
            "Springform Pan",
            "Heart Mold",
        ],
        &["6 inch", "8 inch", "10 inch", "12 cavity"],
    ),
    (
        "Decorating Tools",
        &[
            "Piping Nozzle Set",
            "Offset Spatula",
            "Turntable",
            "Cake Scraper",
            "Fondant Smoother",
        ],
        &["Set of 3", "Set of 12", "Pro", "Classic"],
    ),
    (
        "Packaging",
        &[
            "Cake Box",
            "Cupcake Box",
            "Cake Board",
            "Brownie Box",
            "Window Box",
        ],
        &["Pack of 10", "Pack of 25", "Pack of 100"],
    ),
    (
        "Candles",
        &[
            "Number Candle",
            "Spiral Candles",
            "Sparkler Candle",
            "Pastel Candles",
        ],
        &["Pack of 6", "Pack of 12", "Gold", "Silver"],
    ),
    (
        "Toppers",
        &[
            "Happy Birthday Topper",
            "Acrylic Name Topper",
            "Floral Topper",
            "Anniversary Topper",
        ],
        &["Gold", "Rose Gold", "Black", "Wooden"],
    ),
];

/// A plausible HSN code and GST rate (percent) for each shelf of [`SHELVES`].
const SHELF_TAX: [(&str, u8); 8] = [
    ("1101", 5),
    ("1806", 18),
    ("1901", 5),
    ("7615", 5),
    ("8215", 5),
    ("4819", 18),
    ("3406", 5),
    ("3926", 18),
];

const COMPANIES: [&str; 12] = [
    "Annapurna Mills",
    "Bake Easy",
    "MoldCraft",
    "Sugarbell",
    "Pinnacle Bakeware",
    "Cocoa Craft",
    "PackRight",
    "Glow & Co",
    "Whisk Essentials",
    "Deccan Foods",
    "Kalyan Bakers Supply",
    "Top Tier",
];

const ADJECTIVES: [&str; 10] = [
    "Premium",
    "Classic",
    "Everyday",
    "Professional",
    "Organic",
    "Bakery",
    "Festive",
    "Essential",
    "Select",
    "Artisan",
];

/// `count` products spread over the shelves' categories, with prices from ₹29 to ₹14,999.
fn products(
    count: usize,
    seed: u64,
    category_ids: &[surrealdb::types::RecordId],
) -> Vec<NewProduct> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..count)
        .map(|number| {
            let shelf = number % SHELVES.len();
            let (_, things, sizes) = SHELVES[shelf];
            let thing = things.choose(&mut rng).copied().unwrap_or("Item");
            let size = sizes.choose(&mut rng).copied().unwrap_or("");
            let adjective = ADJECTIVES.choose(&mut rng).copied().unwrap_or("");
            let selling_paise =
                rng.gen_range(29..=14_999) * 100 + [0, 50, 0, 0][rng.gen_range(0..4)];
            let discount_paise = selling_paise * rng.gen_range(0..=30) / 100;
            ProductFieldsBuilder {
                title: format!("{adjective} {thing} {size} #{}", number + 1),
                company: COMPANIES
                    .choose(&mut rng)
                    .copied()
                    .unwrap_or("Whisk")
                    .to_owned(),
                description: format!(
                    "{adjective} {} for home bakers and bakeries. {size}.",
                    thing.to_lowercase()
                ),
                selling: Money::from_paise(selling_paise),
                price: Money::from_paise(selling_paise + discount_paise),
                stock: rng.gen_range(0..=500),
                featured: rng.gen_ratio(1, 50),
                category: category_ids[shelf].clone(),
                hsn: SHELF_TAX[shelf].0,
                gst_rate: SHELF_TAX[shelf].1,
            }
            .build()
        })
        .collect()
}

struct ProductFieldsBuilder {
    title: String,
    company: String,
    description: String,
    selling: Money,
    price: Money,
    stock: i64,
    featured: bool,
    category: surrealdb::types::RecordId,
    hsn: &'static str,
    gst_rate: u8,
}

impl ProductFieldsBuilder {
    fn build(self) -> NewProduct {
        NewProduct {
            id: ProductId::generate().record(),
            fields: ProductFields {
                title: self.title,
                company: self.company,
                description: self.description,
                price: self.price.as_decimal(),
                selling_price: self.selling.as_decimal(),
                featured: self.featured,
                category: self.category,
                hsn: self.hsn.to_owned(),
                gst_rate: Some(Money::from_rupees(self.gst_rate.into()).as_decimal()),
                images: vec![None; 5],
            },
            stock: self.stock,
        }
    }
}

/// Adds `count` synthetic products, creating the categories they need when missing, in
/// transactions of a thousand; `progress` hears the running total after each.
pub async fn generate(
    db: &Db,
    count: usize,
    seed: u64,
    mut progress: impl FnMut(usize),
) -> anyhow::Result<()> {
    let names: Vec<String> = SHELVES
        .iter()
        .map(|(name, _, _)| (*name).to_owned())
        .collect();
    let existing = repo::categories_named(db, &names).await?;
    let mut missing = Vec::new();
    let ids: Vec<_> = names
        .iter()
        .zip(existing)
        .map(|(name, found)| {
            found.unwrap_or_else(|| {
                let id = CategoryId::generate().record();
                missing.push(NewCategory {
                    id: id.clone(),
                    name: name.clone(),
                    description: format!("{name} for every bake."),
                });
                id
            })
        })
        .collect();
    if !missing.is_empty() {
        repo::insert(db, missing, Vec::new(), Vec::new(), None)
            .await
            .context("creating the categories")?;
    }
    let all = products(count, seed, &ids);
    let mut done = 0;
    for batch in all.chunks(BATCH) {
        repo::insert(db, Vec::new(), batch.to_vec(), Vec::new(), None).await?;
        done += batch.len();
        progress(done);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids() -> Vec<surrealdb::types::RecordId> {
        (0..SHELVES.len())
            .map(|n| surrealdb::types::RecordId::new("category", format!("c{n}")))
            .collect()
    }

    #[test]
    fn products_are_valid_spread_and_repeatable() {
        let made = products(400, 7, &ids());
        for product in &made {
            assert!(
                product.fields.price >= product.fields.selling_price,
                "{}",
                product.fields.title
            );
            assert!(product.fields.selling_price >= Money::from_rupees(29).as_decimal());
            assert!((0..=500).contains(&product.stock));
        }
        for category in ids() {
            assert_eq!(
                made.iter()
                    .filter(|product| product.fields.category == category)
                    .count(),
                50
            );
        }
        let titles = |made: &[NewProduct]| {
            made.iter()
                .map(|product| product.fields.title.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            titles(&made),
            titles(&products(400, 7, &ids())),
            "the same seed gives the same catalog"
        );
        assert_ne!(titles(&made), titles(&products(400, 8, &ids())));
    }
}
