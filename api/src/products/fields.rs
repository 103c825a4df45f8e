//! Checking a product's text fields, for the product form and the CSV import alike.

use std::collections::HashMap;
use std::str::FromStr;

use pricing::{GstRate, LimitError, MAX_UNIT_PRICE, Money, MoneyError};

use crate::config::GstSettings;
use crate::domain::{CategoryId, FieldErrors};
use crate::products::repo::{ProductRow, StockEdit};

/// The largest stock a product may hold.
pub const MAX_STOCK: i64 = 1_000_000;

/// Checked text fields: either all required (create) or each optional over an existing product.
pub struct CheckedText {
    pub title: String,
    pub company: String,
    pub description: String,
    pub price: Money,
    pub selling_price: Money,
    /// Units the form sent; required on create, optional on edit.
    pub stock: Option<i64>,
    /// The stock the edit form showed (`stockShown`), when it said.
    pub stock_shown: Option<i64>,
    pub featured: bool,
    pub category: CategoryId,
    pub hsn: String,
    pub gst_rate: GstRate,
}

impl CheckedText {
    /// What an edit does to the stock: moves it by what the admin changed on the form when the
    /// form says what it showed, so units taken by orders meanwhile stay taken.
    pub fn stock_edit(&self) -> StockEdit {
        match (self.stock, self.stock_shown) {
            (Some(units), Some(shown)) => StockEdit::By(units - shown),
            (Some(units), None) => StockEdit::Set(units),
            (None, _) => StockEdit::By(0),
        }
    }
}

fn text_field(text: &HashMap<String, String>, name: &str) -> Option<String> {
    text.get(name).map(|value| value.trim().to_owned())
}

fn bounded(name_max: usize, required: bool) -> impl Fn(&str) -> Result<String, String> {
    move |value: &str| {
        let count = value.chars().count();
        if required && count == 0 {
            Err("is required".to_owned())
        } else if count > name_max {
            Err(format!("must be at most {name_max} characters"))
        } else {
            Ok(value.to_owned())
        }
    }
}

fn money(value: &str) -> Result<Money, String> {
    let amount = match Money::from_str(value) {
        Ok(amount) => amount,
        // Beyond what money holds at all, so beyond the price bounds too: say which bound.
        Err(MoneyError::OutOfRange(_)) if value.trim().starts_with('-') => {
            return Err(LimitError::Negative.to_string());
        }
        Err(MoneyError::OutOfRange(_)) => {
            return Err(LimitError::TooHigh {
                max: MAX_UNIT_PRICE,
            }
            .to_string());
        }
        Err(_) => return Err("must be an amount in rupees with at most two decimals".to_owned()),
    };
    pricing::check_unit_price(amount).map_err(|problem| problem.to_string())
}

fn units(value: &str) -> Result<i64, String> {
    match value.parse::<i64>() {
        Ok(stock) if (0..=MAX_STOCK).contains(&stock) => Ok(stock),
        _ => Err(format!("must be a whole number from 0 to {MAX_STOCK}")),
    }
}

fn featured(value: &str) -> Result<bool, String> {
    match value {
        "true" | "on" | "1" => Ok(true),
        "false" | "off" | "0" | "" => Ok(false),
        other => Err(format!("must be true or false (not '{other}')")),
    }
}

fn hsn(value: &str) -> Result<String, String> {
    if value.is_empty()
        || ((4..=8).contains(&value.len()) && value.bytes().all(|byte| byte.is_ascii_digit()))
    {
        Ok(value.to_owned())
    } else {
        Err("must be an HSN code of 4 to 8 digits".to_owned())
    }
}

fn slab(value: &str, slabs: &[GstRate]) -> Result<GstRate, String> {
    let listed = || {
        slabs
            .iter()
            .map(|rate| format!("{rate}%"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    Money::from_str(value)
        .ok()
        .and_then(|rate| GstRate::try_from(rate).ok())
        .filter(|rate| slabs.contains(rate))
        .ok_or_else(|| format!("must be one of the GST rates in force: {}", listed()))
}

/// Checks a product's text fields, over `existing` values when updating; `category` finds a
/// category by name. `None` when a field was refused (each refusal is in `errors`).
pub fn check(
    text: &HashMap<String, String>,
    existing: Option<&ProductRow>,
    category: impl FnOnce(&str) -> Option<CategoryId>,
    gst: &GstSettings,
    errors: &mut FieldErrors,
) -> Option<CheckedText> {
    let required = existing.is_none();
    let pick = |name: &str, fallback: Option<String>| text_field(text, name).or(fallback);
    let title =
        pick("title", existing.map(|e| e.title.clone())).or_else(|| required.then(String::new));
    let company =
        pick("company", existing.map(|e| e.company.clone())).or_else(|| required.then(String::new));
    let description =
        pick("description", existing.map(|e| e.description.clone())).unwrap_or_default();
    let title = title.and_then(|v| errors.check("title", bounded(200, true)(&v)));
    let company = company.and_then(|v| errors.check("company", bounded(100, true)(&v)));
    let description = errors.check("description", bounded(5000, false)(&description));

    let price = match text_field(text, "price") {
        Some(v) => errors.check("price", money(&v)),
        None => existing
            .map(|e| Money::round(e.price))
            .or_else(|| errors.check("price", Err("is required".to_owned()))),
    };
    let selling_price = match text_field(text, "sellingPrice") {
        Some(v) => errors.check("sellingPrice", money(&v)),
        None => existing
            .map(|e| Money::round(e.selling_price))
            .or_else(|| errors.check("sellingPrice", Err("is required".to_owned()))),
    };
    if let (Some(price), Some(selling)) = (price, selling_price)
        && price < selling
    {
        errors.add("price", "the list price cannot be below the selling price");
    }
    let sent_stock = text_field(text, "stock");
    let stock = match &sent_stock {
        Some(v) => errors.check("stock", units(v)).map(Some),
        None if required => errors.check("stock", Err("is required".to_owned())),
        None => Some(None),
    };
    let stock_shown = match text_field(text, "stockShown") {
        Some(_) if required || sent_stock.is_none() => errors.check(
            "stockShown",
            Err("is sent only with the stock of an edit".to_owned()),
        ),
        Some(v) => errors.check("stockShown", units(&v)).map(Some),
        None => Some(None),
    };
    let featured = match text_field(text, "featured") {
        Some(v) => errors.check("featured", featured(&v)),
        None => Some(existing.is_some_and(|e| e.featured)),
    };
    let category = match text_field(text, "category") {
        Some(name) if !name.is_empty() => match category(&name) {
            Some(id) => Some(id),
            None => errors.check(
                "category",
                Err(format!("there is no category named '{name}'")),
            ),
        },
        _ => existing
            .and_then(|e| CategoryId::parse(&e.category.id))
            .or_else(|| errors.check("category", Err("is required".to_owned()))),
    };
    let hsn = match text_field(text, "hsn") {
        Some(v) => errors.check("hsn", hsn(&v)),
        None => Some(existing.map(|e| e.hsn.clone()).unwrap_or_default()),
    };
    let gst_rate = match text_field(text, "gstRate") {
        Some(v) => errors.check("gstRate", slab(&v, &gst.slabs)),
        None => Some(
            existing
                .and_then(ProductRow::gst_rate)
                .unwrap_or(gst.default_rate),
        ),
    };
    match (
        title,
        company,
        description,
        price,
        selling_price,
        stock,
        stock_shown,
        featured,
        category,
        hsn.zip(gst_rate),
    ) {
        (
            Some(title),
            Some(company),
            Some(description),
            Some(price),
            Some(selling_price),
            Some(stock),
            Some(stock_shown),
            Some(featured),
            Some(category),
            Some((hsn, gst_rate)),
        ) => Some(CheckedText {
            title,
            company,
            description,
            price,
            selling_price,
            stock,
            stock_shown,
            featured,
            category,
            hsn,
            gst_rate,
        }),
        _ => None,
    }
}
