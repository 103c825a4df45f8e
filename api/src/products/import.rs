//! Importing products from a CSV file with the products export's columns. Every row is checked
//! against the catalog as it is (the same checks as the product form); a dry run stops there
//! and reports, and applying writes all rows in one transaction, or nothing when any row is bad.
//! A row with an `_id` updates that product (its images stay; an empty stock keeps the stock);
//! a row without one creates a product.

use std::collections::{BTreeSet, HashMap};

use rust_decimal::Decimal;
use serde::Serialize;
use surrealdb::types::{Object, SurrealValue, Value};
use utoipa::ToSchema;

use crate::config::GstSettings;
use crate::domain::{CategoryId, FieldErrors, ProductId};
use crate::exports::handlers::PRODUCT_COLUMNS;
use crate::products::fields;
use crate::products::repo::{
    ImportAudit, ImportedChange, ImportedFields, NewProduct, ProductFields, ProductRow,
};

/// The most rows one file may hold.
pub const MAX_ROWS: usize = 50_000;

/// The columns a file must have; the others may be left out.
const REQUIRED_COLUMNS: [&str; 6] = [
    "title",
    "company",
    "category",
    "price",
    "sellingPrice",
    "stock",
];

/// A refused cell, or a problem with the whole file (`field` `file`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct RowError {
    /// The spreadsheet row: the header is row 1, the first product row 2.
    pub row: usize,
    /// The column, or `file`.
    pub field: String,
    pub message: String,
}

/// What an import did, or would do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ImportReport {
    /// Products created (or that applying would create).
    pub created: usize,
    /// Products updated (or that applying would update).
    pub updated: usize,
    /// Every bad cell; nothing is written unless this is empty.
    pub errors: Vec<RowError>,
}

/// The checked rows of a file, ready to write.
#[derive(Debug, Default)]
pub struct ImportPlan {
    pub creates: Vec<NewProduct>,
    pub updates: Vec<ImportedChange>,
    /// The categories the rows use.
    pub categories: Vec<CategoryId>,
    /// The audit entry of each row, in the rows' order.
    pub audit: Vec<ImportAudit>,
    pub errors: Vec<RowError>,
}

impl ImportPlan {
    pub fn report(&self) -> ImportReport {
        ImportReport {
            created: self.creates.len(),
            updated: self.updates.len(),
            errors: self.errors.clone(),
        }
    }
}

/// What the rows are checked against.
pub struct Catalog<'a> {
    /// Products by `_id`.
    pub products: HashMap<&'a str, &'a ProductRow>,
    /// Categories (id and name) by name lowercased.
    pub categories: HashMap<String, (CategoryId, String)>,
    pub gst: &'a GstSettings,
}

fn file_error(message: impl Into<String>) -> ImportPlan {
    ImportPlan {
        errors: vec![RowError {
            row: 1,
            field: "file".to_owned(),
            message: message.into(),
        }],
        ..ImportPlan::default()
    }
}

/// Undoes the export's guard against spreadsheet formulas: `'=x` was `=x`.
fn unguarded(text: &str) -> &str {
    match text.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '-', '@', '\t', '\r']) => rest,
        _ => text,
    }
}

/// An import row's audit changes: `{field: [before, after]}` for each field that differs.
#[derive(Default)]
struct Changes(Object);

impl Changes {
    fn field<T: SurrealValue + PartialEq + Clone>(
        &mut self,
        name: &str,
        before: Option<T>,
        after: T,
    ) {
        if before.as_ref() != Some(&after) {
            self.0.insert(name, (before, after));
        }
    }

    fn into_value(self) -> Value {
        Value::Object(self.0)
    }
}

/// What an import row changes in `before` (`None` for a new product).
fn audit_changes(
    before: Option<&ProductRow>,
    after: &ImportedFields,
    stock: Option<i64>,
    category_name: &str,
) -> Value {
    let mut changes = Changes::default();
    changes.field(
        "title",
        before.map(|b| b.title.clone()),
        after.title.clone(),
    );
    changes.field(
        "company",
        before.map(|b| b.company.clone()),
        after.company.clone(),
    );
    changes.field(
        "description",
        before.map(|b| b.description.clone()),
        after.description.clone(),
    );
    changes.field("price", before.map(|b| b.price), after.price);
    changes.field(
        "selling_price",
        before.map(|b| b.selling_price),
        after.selling_price,
    );
    if let Some(stock) = stock {
        changes.field("stock", before.map(|b| b.stock), stock);
    }
    changes.field("featured", before.map(|b| b.featured), after.featured);
    changes.field(
        "category",
        before.map(|b| b.category.name.clone()),
        category_name.to_owned(),
    );
    changes.field("hsn", before.map(|b| b.hsn.clone()), after.hsn.clone());
    changes.field(
        "gst_rate",
        before.map(|b| b.gst_rate.unwrap_or(Decimal::ZERO)),
        after.gst_rate,
    );
    changes.into_value()
}

/// Checks every row of `bytes` against `catalog`.
pub fn plan(bytes: &[u8], catalog: &Catalog<'_>) -> ImportPlan {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if std::str::from_utf8(bytes).is_err() {
        return file_error("is not UTF-8 text; save the spreadsheet as CSV UTF-8");
    }
    let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(bytes);
    let header: Vec<String> = match reader.headers() {
        Ok(header) => header.iter().map(|name| name.trim().to_owned()).collect(),
        Err(error) => return file_error(format!("could not be read as CSV: {error}")),
    };
    if let Some(unknown) = header
        .iter()
        .find(|name| !PRODUCT_COLUMNS.contains(&name.as_str()))
    {
        return file_error(format!(
            "has a column '{unknown}' the import does not know; the columns are {}",
            PRODUCT_COLUMNS.join(", ")
        ));
    }
    let missing: Vec<&str> = REQUIRED_COLUMNS
        .into_iter()
        .filter(|column| !header.iter().any(|name| name == column))
        .collect();
    if !missing.is_empty() {
        return file_error(format!("lacks the column(s) {}", missing.join(", ")));
    }
    if let Some(twice) = header
        .iter()
        .enumerate()
        .find(|(at, name)| header[..*at].contains(name))
    {
        return file_error(format!("has the column '{}' twice", twice.1));
    }

    let mut plan = ImportPlan::default();
    let mut seen_ids: HashMap<String, usize> = HashMap::new();
    let mut used_categories: BTreeSet<CategoryId> = BTreeSet::new();
    for (index, record) in reader.records().enumerate() {
        let row = index + 2;
        if index >= MAX_ROWS {
            return file_error(format!(
                "has more than {MAX_ROWS} rows; split it into smaller files"
            ));
        }
        let record = match record {
            Ok(record) => record,
            Err(error) => {
                plan.errors.push(RowError {
                    row,
                    field: "file".to_owned(),
                    message: format!("could not be read as CSV: {error}"),
                });
                break;
            }
        };
        if record.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        if record.len() != header.len() {
            plan.errors.push(RowError {
                row,
                field: "file".to_owned(),
                message: format!(
                    "has {} cells; the header has {}",
                    record.len(),
                    header.len()
                ),
            });
            continue;
        }
        let mut text: HashMap<String, String> = header
            .iter()
            .zip(record.iter())
            .map(|(name, cell)| (name.clone(), unguarded(cell.trim()).to_owned()))
            .collect();
        let id = text.remove("_id").unwrap_or_default();
        let mut errors = FieldErrors::new();
        let existing = if id.is_empty() {
            None
        } else {
            if let Some(first) = seen_ids.insert(id.clone(), row) {
                errors.add(
                    "_id",
                    format!("is on row {first} too; a product can be imported once"),
                );
            }
            let found = catalog.products.get(id.as_str()).copied();
            if found.is_none() {
                errors.add(
                    "_id",
                    "is not a product of this shop; leave it empty to create one",
                );
            }
            found
        };
        // An empty cell where the column may be left out: the product keeps what it has (an
        // update's stock and GST rate) or gets the default (a new product's GST rate).
        for optional in ["gstRate", "featured", "hsn"] {
            if text.get(optional).is_some_and(String::is_empty)
                && (optional == "gstRate" || existing.is_some())
            {
                text.remove(optional);
            }
        }
        let stock_given = !text.get("stock").is_some_and(String::is_empty);
        if existing.is_some() && !stock_given {
            text.remove("stock");
        }
        let checked = fields::check(
            &text,
            existing,
            |name| {
                catalog
                    .categories
                    .get(&name.to_lowercase())
                    .map(|(id, _)| id.clone())
            },
            catalog.gst,
            &mut errors,
        );
        let refused = errors.into_map();
        if !refused.is_empty() {
            plan.errors
                .extend(refused.into_iter().map(|(field, message)| RowError {
                    row,
                    field,
                    message,
                }));
            continue;
        }
        let Some(checked) = checked else { continue };
        used_categories.insert(checked.category.clone());
        let category_name = catalog
            .categories
            .values()
            .find(|(id, _)| *id == checked.category)
            .map_or_else(String::new, |(_, name)| name.clone());
        let stock = checked.stock;
        let fields = ImportedFields {
            title: checked.title,
            company: checked.company,
            description: checked.description,
            price: checked.price.as_decimal(),
            selling_price: checked.selling_price.as_decimal(),
            featured: checked.featured,
            category: checked.category.record(),
            hsn: checked.hsn,
            gst_rate: checked.gst_rate.as_decimal(),
        };
        let id = existing.map_or_else(ProductId::generate, |product| {
            ProductId::parse(&product.id).unwrap_or_else(ProductId::generate)
        });
        plan.audit.push(ImportAudit {
            entity_id: id.key().to_owned(),
            label: fields.title.clone(),
            changes: audit_changes(existing, &fields, stock, &category_name),
        });
        match existing {
            None => plan.creates.push(NewProduct {
                id: id.record(),
                fields: ProductFields {
                    title: fields.title,
                    company: fields.company,
                    description: fields.description,
                    price: fields.price,
                    selling_price: fields.selling_price,
                    featured: fields.featured,
                    category: fields.category,
                    hsn: fields.hsn,
                    gst_rate: Some(fields.gst_rate),
                    images: vec![None; 5],
                },
                stock: stock.unwrap_or(0),
            }),
            Some(product) => plan.updates.push(ImportedChange {
                id: id.record(),
                version: product.updated_at.clone(),
                fields,
                stock,
                seen_stock: product.stock,
            }),
        }
    }
    if plan.creates.is_empty() && plan.updates.is_empty() && plan.errors.is_empty() {
        return file_error("has no product rows");
    }
    plan.categories = used_categories.into_iter().collect();
    plan
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog(gst: &GstSettings) -> Catalog<'_> {
        Catalog {
            products: HashMap::new(),
            categories: HashMap::from([(
                "flours".to_owned(),
                (CategoryId::parse("c1").unwrap(), "Flours".to_owned()),
            )]),
            gst,
        }
    }

    fn fields_of(plan: &ImportPlan) -> Vec<(usize, &str)> {
        plan.errors
            .iter()
            .map(|e| (e.row, e.field.as_str()))
            .collect()
    }

    #[test]
    fn the_exports_formula_guard_comes_off_and_nothing_else_does() {
        assert_eq!(unguarded("'=SUM(A1)"), "=SUM(A1)");
        assert_eq!(unguarded("'-5 kg"), "-5 kg");
        assert_eq!(unguarded("'Tis the season"), "'Tis the season");
        assert_eq!(unguarded("Plain"), "Plain");
    }

    #[test]
    fn columns_may_come_in_any_order_and_optional_ones_may_be_left_out() {
        let gst = GstSettings::default();
        let plan = plan(
            b"stock,sellingPrice,price,category,company,title\n3,10,12,Flours,Mills,Atta\n",
            &catalog(&gst),
        );
        assert!(plan.errors.is_empty(), "{:?}", plan.errors);
        assert_eq!(plan.creates.len(), 1);
        let created = &plan.creates[0].fields;
        assert_eq!((created.title.as_str(), plan.creates[0].stock), ("Atta", 3));
        assert_eq!(created.gst_rate, Some(gst.default_rate.as_decimal()));
        assert_eq!(plan.categories, [CategoryId::parse("c1").unwrap()]);
    }

    #[test]
    fn short_rows_and_a_broken_encoding_are_reported() {
        let gst = GstSettings::default();
        let short = plan(
            b"title,company,category,price,sellingPrice,stock\nAtta,Mills,Flours,12\n",
            &catalog(&gst),
        );
        assert_eq!(fields_of(&short), [(2, "file")]);
        assert!(short.errors[0].message.contains("4 cells"));
        let latin1 = plan(b"title,company\n\xE9clair,x\n", &catalog(&gst));
        assert_eq!(fields_of(&latin1), [(1, "file")]);
    }
}
