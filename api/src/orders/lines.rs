//! Turning the lines a client sends into priced order lines, and working out how stock moves
//! when an order is placed, edited, cancelled or deleted. Pure: the database work is the repo's.

use std::collections::{BTreeMap, HashMap, HashSet};

use pricing::{
    DeliveryTerms, GstRate, MAX_LINE_AMOUNT, Money, OrderLine, Supply, TaxedLine, TaxedOrder,
    taxed_order, validate_order,
};

use crate::catalog::snapshot::Snapshot;
use crate::domain::ProductId;
use crate::error::ApiError;
use crate::orders::types::CartItemInput;

/// A product as an order needs it, read from the database or the catalog.
#[derive(Debug, Clone, PartialEq)]
pub struct CurrentProduct {
    /// Its title, which becomes the line's name.
    pub title: String,
    /// What it sells for now.
    pub selling_price: Money,
    /// Units in stock now.
    pub stock: i64,
    /// The URL of its first image, or empty.
    pub image: String,
    /// Its HSN code, or empty.
    pub hsn: String,
    pub gst_rate: GstRate,
}

/// The products with these ids as this node's catalog has them; missing ones are left out.
pub fn from_catalog(catalog: &Snapshot, ids: &[ProductId]) -> HashMap<ProductId, CurrentProduct> {
    ids.iter()
        .filter_map(|id| {
            let product = catalog.product(id.key())?.view();
            let image = product
                .first_image()
                .map(|image| image.thumbnail.clone())
                .unwrap_or_default();
            let current = CurrentProduct {
                title: product.title,
                selling_price: product.selling_price,
                stock: product.stock,
                image,
                hsn: product.hsn,
                gst_rate: product.gst_rate,
            };
            Some((id.clone(), current))
        })
        .collect()
}

/// One priced line of an order.
#[derive(Debug, Clone, PartialEq)]
pub struct PricedLine {
    pub product: ProductId,
    /// The product's title.
    pub name: String,
    /// The unit price charged.
    pub price: Money,
    pub amount: u32,
    /// The product's image URL, or empty.
    pub image: String,
    /// The product's HSN code, or empty.
    pub hsn: String,
    /// The GST rate in the price.
    pub gst_rate: GstRate,
    /// True when the price is the product's current one and must still be so when the order
    /// commits (a new line); false for a line an order already had, which keeps its price.
    pub at_current_price: bool,
}

/// The money of priced lines with these discounts, GST split out for `supply` and delivery
/// charged by `delivery`, through the pricing crate.
pub fn taxed(
    lines: &[PricedLine],
    coupon_discount: Money,
    discount: Money,
    supply: Supply,
    delivery: &DeliveryTerms,
) -> TaxedOrder {
    let taxed_lines: Vec<TaxedLine> = lines
        .iter()
        .map(|line| TaxedLine {
            price: line.price,
            amount: line.amount,
            gst_rate: line.gst_rate,
        })
        .collect();
    taxed_order(&taxed_lines, coupon_discount, discount, supply, delivery)
}

/// The subtotal of priced lines.
pub fn subtotal(lines: &[PricedLine]) -> Money {
    lines.iter().map(|line| line.price.times(line.amount)).sum()
}

/// Checks the shape of the requested lines: 1 to 100, each a product id and an amount of 1 to 20,
/// each product once, no negative price or discount. Returns the product ids in order.
pub fn check_shape(items: &[CartItemInput], discount: Money) -> Result<Vec<ProductId>, ApiError> {
    let mut ids = Vec::with_capacity(items.len());
    let mut seen = HashSet::new();
    for (index, item) in items.iter().enumerate() {
        let id = ProductId::parse(item.product_id.trim()).ok_or_else(|| {
            ApiError::invalid_field(
                format!("cartItems[{index}].productId"),
                "is not a product id",
            )
        })?;
        if !seen.insert(id.clone()) {
            return Err(ApiError::invalid_field(
                format!("cartItems[{index}].productId"),
                "lists a product twice; change its amount instead",
            ));
        }
        ids.push(id);
    }
    let order_lines: Vec<OrderLine> = items
        .iter()
        .map(|item| OrderLine {
            price: item.price,
            amount: u32::try_from(item.amount)
                .ok()
                .filter(|amount| *amount <= MAX_LINE_AMOUNT)
                .unwrap_or(0),
        })
        .collect();
    validate_order(&order_lines, discount)
        .map_err(|error| ApiError::invalid_field(error.field(), error.to_string()))?;
    Ok(ids)
}

/// Why the requested lines could not be priced.
#[derive(Debug, Clone, PartialEq)]
pub enum NotPriced {
    /// A product a line asked for is not sold any more.
    Unavailable(ProductId),
    /// The products whose client price was stale, each with its current selling price.
    PriceChanged(Vec<(ProductId, Money)>),
}

/// Prices the requested lines. A product the order already had (in `kept`, with the price it
/// was ordered at) keeps that price; any other product is charged its current selling price,
/// and a client price that differs from it is collected into the `price_changed` list.
pub fn price(
    items: &[CartItemInput],
    ids: &[ProductId],
    current: &HashMap<ProductId, CurrentProduct>,
    kept: &HashMap<ProductId, KeptLine>,
) -> Result<Vec<PricedLine>, NotPriced> {
    let mut lines = Vec::with_capacity(items.len());
    let mut changed = Vec::new();
    for (item, id) in items.iter().zip(ids) {
        let amount = u32::try_from(item.amount).unwrap_or(0);
        if let Some(kept) = kept.get(id) {
            lines.push(PricedLine {
                product: id.clone(),
                name: kept.name.clone(),
                price: kept.price,
                amount,
                image: kept.image.clone(),
                hsn: kept.hsn.clone(),
                gst_rate: kept.gst_rate,
                at_current_price: false,
            });
            continue;
        }
        let product = current
            .get(id)
            .ok_or_else(|| NotPriced::Unavailable(id.clone()))?;
        if item.price != product.selling_price {
            changed.push((id.clone(), product.selling_price));
        }
        lines.push(PricedLine {
            product: id.clone(),
            name: product.title.clone(),
            price: product.selling_price,
            amount,
            image: product.image.clone(),
            hsn: product.hsn.clone(),
            gst_rate: product.gst_rate,
            at_current_price: true,
        });
    }
    if changed.is_empty() {
        Ok(lines)
    } else {
        Err(NotPriced::PriceChanged(changed))
    }
}

/// A line an order already has.
#[derive(Debug, Clone, PartialEq)]
pub struct KeptLine {
    /// The name it was ordered under.
    pub name: String,
    /// The unit price it was ordered at.
    pub price: Money,
    /// The image it was ordered with.
    pub image: String,
    /// The HSN code it was ordered with.
    pub hsn: String,
    /// The GST rate it was ordered at.
    pub gst_rate: GstRate,
}

/// Units per product an order holds off the shelf: its lines unless it is cancelled.
pub fn held(lines: &[(ProductId, u32)], holds_stock: bool) -> BTreeMap<ProductId, i64> {
    let mut held = BTreeMap::new();
    if holds_stock {
        for (product, amount) in lines {
            *held.entry(product.clone()).or_insert(0) += i64::from(*amount);
        }
    }
    held
}

/// How stock moves from `before` to `after` (each what an order holds): per product, positive
/// units go back on the shelf, negative units are taken. Products that do not move are left out.
pub fn stock_moves(
    before: &BTreeMap<ProductId, i64>,
    after: &BTreeMap<ProductId, i64>,
) -> Vec<(ProductId, i64)> {
    let products: std::collections::BTreeSet<&ProductId> =
        before.keys().chain(after.keys()).collect();
    products
        .into_iter()
        .filter_map(|product| {
            let delta = before.get(product).copied().unwrap_or(0)
                - after.get(product).copied().unwrap_or(0);
            (delta != 0).then(|| (product.clone(), delta))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::products::types::{CategoryRef, ImageRef, ProductView};

    fn id(key: &str) -> ProductId {
        ProductId::parse(key).unwrap()
    }

    #[test]
    fn the_catalog_gives_a_product_as_the_database_would() {
        let image = |name: &str| ImageRef {
            url: format!("/uploads/{name}.jpg"),
            thumbnail: format!("/uploads/{name}-thumb.webp"),
            width: None,
            height: None,
        };
        let view = ProductView {
            id: "p1".into(),
            title: "Cocoa Powder".into(),
            company: "Whisk Mills".into(),
            description: String::new(),
            price: Money::from_paise(50_000),
            selling_price: Money::from_paise(45_050),
            stock: 7,
            featured: false,
            hsn: "1805".into(),
            gst_rate: GstRate::percent(18),
            discount_percent: 9,
            category: CategoryRef {
                id: "c1".into(),
                name: "Cocoa".into(),
            },
            image1: None,
            image2: Some(image("second")),
            image3: Some(image("third")),
            image4: None,
            image5: None,
            created_at: String::new(),
            updated_at: String::new(),
        };
        let catalog = Snapshot::new(vec![view], Vec::new());
        let found = from_catalog(&catalog, &[id("p1"), id("gone")]);
        assert_eq!(found.len(), 1, "a product the catalog lacks is left out");
        assert_eq!(
            found[&id("p1")],
            CurrentProduct {
                title: "Cocoa Powder".into(),
                selling_price: Money::from_paise(45_050),
                stock: 7,
                image: "/uploads/second-thumb.webp".into(),
                hsn: "1805".into(),
                gst_rate: GstRate::percent(18),
            },
            "the first image's thumbnail, as the database read gives"
        );
    }

    fn item(product: &str, amount: i64, paise: i64) -> CartItemInput {
        CartItemInput {
            product_id: product.into(),
            amount,
            price: Money::from_paise(paise),
            name: None,
            image: None,
        }
    }

    fn product(title: &str, paise: i64) -> CurrentProduct {
        CurrentProduct {
            title: title.into(),
            selling_price: Money::from_paise(paise),
            stock: 10,
            image: String::new(),
            hsn: "1101".into(),
            gst_rate: GstRate::percent(5),
        }
    }

    #[test]
    fn refuses_bad_shapes_naming_the_field() {
        let field = |items: &[CartItemInput], discount: i64| match check_shape(
            items,
            Money::from_paise(discount),
        ) {
            Err(ApiError::BadRequest { fields, .. }) => fields.into_keys().next().unwrap(),
            other => panic!("expected a 400, got {other:?}"),
        };
        assert_eq!(field(&[], 0), "cartItems");
        assert_eq!(field(&[item("a", 0, 100)], 0), "cartItems[0].amount");
        assert_eq!(
            field(&[item("a", 1, 100), item("b", 21, 100)], 0),
            "cartItems[1].amount"
        );
        assert_eq!(field(&[item("a", -3, 100)], 0), "cartItems[0].amount");
        assert_eq!(field(&[item("a", 1, -100)], 0), "cartItems[0].price");
        assert_eq!(
            field(&[item("a", 1, 100), item("a", 2, 100)], 0),
            "cartItems[1].productId"
        );
        assert_eq!(
            field(&[item("not a key!", 1, 100)], 0),
            "cartItems[0].productId"
        );
        assert_eq!(field(&[item("a", 1, 100)], -1), "discount");
        assert_eq!(
            check_shape(&[item("a", 20, 100), item("b", 1, 0)], Money::ZERO).unwrap(),
            [id("a"), id("b")]
        );
    }

    #[test]
    fn charges_the_current_price_and_reports_every_changed_one() {
        let current = HashMap::from([
            (id("a"), product("Bread Flour", 8_000)),
            (id("b"), product("Cake Tin", 45_000)),
        ]);
        let items = [item("a", 2, 8_000), item("b", 1, 45_000)];
        let lines = price(&items, &[id("a"), id("b")], &current, &HashMap::new()).unwrap();
        assert_eq!(lines[0].name, "Bread Flour");
        assert!(lines.iter().all(|line| line.at_current_price));
        let totals = taxed(
            &lines,
            Money::ZERO,
            Money::from_rupees(10),
            Supply::InterState,
            &DeliveryTerms::FREE,
        );
        assert_eq!(
            (totals.subtotal, totals.total, totals.num_items_in_cart),
            (Money::from_rupees(610), Money::from_rupees(600), 3)
        );
        assert_eq!(lines[0].hsn, "1101");
        assert_eq!(totals.tax.taxable_value + totals.tax.igst, totals.total);

        let stale = [item("a", 2, 7_500), item("b", 1, 40_000)];
        let changed = price(&stale, &[id("a"), id("b")], &current, &HashMap::new()).unwrap_err();
        assert_eq!(
            changed,
            NotPriced::PriceChanged(vec![
                (id("a"), Money::from_paise(8_000)),
                (id("b"), Money::from_paise(45_000))
            ])
        );

        let missing = price(&[item("c", 1, 100)], &[id("c")], &current, &HashMap::new());
        assert_eq!(missing.unwrap_err(), NotPriced::Unavailable(id("c")));
    }

    #[test]
    fn kept_lines_keep_their_price_even_when_the_product_changed_or_went() {
        let current = HashMap::from([(id("a"), product("Bread Flour", 9_000))]);
        let kept = HashMap::from([
            (
                id("a"),
                KeptLine {
                    name: "Bread Flour".into(),
                    price: Money::from_paise(8_000),
                    image: String::new(),
                    hsn: "1101".into(),
                    gst_rate: GstRate::percent(5),
                },
            ),
            (
                id("gone"),
                KeptLine {
                    name: "Old Mold".into(),
                    price: Money::from_paise(5_000),
                    image: String::new(),
                    hsn: String::new(),
                    gst_rate: GstRate::percent(18),
                },
            ),
        ]);
        let items = [item("a", 3, 1), item("gone", 1, 1)];
        let lines = price(&items, &[id("a"), id("gone")], &current, &kept).unwrap();
        assert_eq!(
            lines.iter().map(|line| line.price).collect::<Vec<_>>(),
            [Money::from_paise(8_000), Money::from_paise(5_000)]
        );
        assert!(lines.iter().all(|line| !line.at_current_price));
    }

    #[test]
    fn stock_moves_by_the_difference_and_cancelling_returns_everything() {
        let before = held(&[(id("a"), 2), (id("b"), 1)], true);
        let after = held(&[(id("a"), 5), (id("c"), 1)], true);
        assert_eq!(
            stock_moves(&before, &after),
            [(id("a"), -3), (id("b"), 1), (id("c"), -1)]
        );
        let cancelled = held(&[(id("a"), 2), (id("b"), 1)], false);
        assert_eq!(
            stock_moves(&before, &cancelled),
            [(id("a"), 2), (id("b"), 1)]
        );
        assert_eq!(
            stock_moves(&cancelled, &before),
            [(id("a"), -2), (id("b"), -1)]
        );
        assert!(stock_moves(&before, &before).is_empty());
    }
}
