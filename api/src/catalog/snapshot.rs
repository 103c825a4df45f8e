//! One consistent state of the catalog, built from rows into the orders and slots listings walk.
//! A batch of changes builds the next snapshot from the current one, sharing what it can.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use pricing::Money;

use crate::catalog::search_index::SearchIndex;
use crate::compressed::AnswerCache;
use crate::products::types::{CategoryRef, ProductView};

#[derive(Debug, Clone)]
pub enum CatalogChange {
    /// A product was created or updated. Its stock is a record of its own ([`StockSet`]): a
    /// product already in the catalog keeps the stock it has, a new one starts with the view's.
    ///
    /// [`StockSet`]: CatalogChange::StockSet
    ProductSaved(Box<ProductView>),
    ProductDeleted(String),
    /// A product's stock was set: (its key, units). Ignored for a product not in the catalog.
    StockSet(String, i64),
    /// A category was created or renamed (its products show the new name).
    CategorySaved(CategoryRef),
    CategoryDeleted(String),
}

/// A product in the catalog: its JSON, serialised once when the product enters the catalog so
/// that listings only concatenate, and beside it only what the indexes, the filters' choices and
/// the sitemap read. The JSON is the one whole copy; [`CatalogProduct::view`] reads the rest back
/// from it. (Keeping the whole view beside its JSON cost about 1.6 KB a product against about
/// 0.9 KB: `scripts/memory.sh`, README "Memory".)
#[derive(Debug)]
pub struct CatalogProduct {
    json: Box<str>,
    id: Box<str>,
    /// The lower-cased title and company the search compares; titles sort by the first.
    title_key: Box<str>,
    company_key: Box<str>,
    /// The maker as written, for the filters' choices.
    company: Box<str>,
    category: CategoryRef,
    /// When it last changed (RFC 3339), for the sitemap.
    updated_at: Box<str>,
    selling_price: Money,
    stock: i64,
    featured: bool,
}

impl CatalogProduct {
    /// True when `other` sorts, filters and is found by search exactly as this product does,
    /// so it can take this one's place without rebuilding the indexes (an order moved its stock).
    fn indexed_alike(&self, other: &CatalogProduct) -> bool {
        self.title_key == other.title_key
            && self.company_key == other.company_key
            && self.selling_price == other.selling_price
            && self.category == other.category
            && self.featured == other.featured
    }

    /// Takes `view` in, serialising it.
    pub fn new(view: ProductView) -> CatalogProduct {
        let json = serde_json::to_string(&view)
            .expect("a product view always serialises")
            .into_boxed_str();
        CatalogProduct {
            json,
            title_key: view.title.to_lowercase().into_boxed_str(),
            company_key: view.company.to_lowercase().into_boxed_str(),
            id: view.id.into_boxed_str(),
            company: view.company.into_boxed_str(),
            category: view.category,
            updated_at: view.updated_at.into_boxed_str(),
            selling_price: view.selling_price,
            stock: view.stock,
            featured: view.featured,
        }
    }

    /// The product as the API's JSON object.
    pub fn json(&self) -> &str {
        &self.json
    }

    /// The whole product, read back from its JSON (a few microseconds): for the few readers
    /// that need more than the fields kept beside it.
    pub fn view(&self) -> ProductView {
        serde_json::from_str(&self.json).expect("the catalog's JSON is a serialised view")
    }

    /// The record key.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Units in stock.
    pub fn stock(&self) -> i64 {
        self.stock
    }

    pub fn selling_price(&self) -> Money {
        self.selling_price
    }

    pub fn category(&self) -> &CategoryRef {
        &self.category
    }

    /// When it last changed (RFC 3339).
    pub fn updated_at(&self) -> &str {
        &self.updated_at
    }

    /// The lower-cased title, which titles sort by and the search compares.
    pub(super) fn title_key(&self) -> &str {
        &self.title_key
    }

    /// This product with `stock` units: its view read back, changed and serialised again.
    fn restocked(&self, stock: i64) -> CatalogProduct {
        let mut view = self.view();
        view.stock = stock;
        CatalogProduct::new(view)
    }
}

/// A product with the small numbers the filters compare, so a listing never compares strings or
/// decimals per product. Cheap to clone.
#[derive(Debug, Clone)]
pub(super) struct Entry {
    pub(super) view: Arc<CatalogProduct>,
    pub(super) category_slot: u32,
    pub(super) company_slot: u32,
    pub(super) price_rank: u32,
    /// Kept beside the slots so that filtering never reads the product itself.
    pub(super) featured: bool,
}

/// An entry in one of the orders a listing walks, carrying what the filters compare so that a
/// listing reads one contiguous array instead of jumping between entries. Stock moves change
/// none of these fields, so rows are shared by snapshots that differ only in stock.
#[derive(Debug, Clone, Copy)]
pub(super) struct Row {
    pub(super) entry: u32,
    /// Equal prices share a rank: the position of the first of them in the price order.
    pub(super) price_rank: u32,
    pub(super) company_slot: u32,
    pub(super) featured: bool,
}

impl Row {
    pub(super) fn of(index: usize, entry: &Entry) -> Row {
        Row {
            entry: u32::try_from(index).expect("fewer than 2^32 products"),
            price_rank: entry.price_rank,
            company_slot: entry.company_slot,
            featured: entry.featured,
        }
    }
}

/// One consistent state of the catalog.
#[derive(Debug, Default)]
pub struct Snapshot {
    pub(super) entries: Vec<Entry>,
    /// Everything but the entries, shared by snapshots that differ only in stock.
    pub(super) indexes: Arc<Indexes>,
    /// The answers this snapshot has given, compressed; gone with the snapshot.
    pub(super) answers: AnswerCache,
}

/// The orders, slots and names of a snapshot's entries.
#[derive(Debug, Default)]
pub(super) struct Indexes {
    pub(super) by_id: HashMap<String, usize>,
    pub(super) by_title: Vec<Row>,
    pub(super) by_price: Vec<Row>,
    /// Per entry, its position in `by_title` and in `by_price`.
    pub(super) positions: Vec<(u32, u32)>,
    /// Every selling price, ascending: where the price bound cuts the price order.
    pub(super) prices: Vec<Money>,
    /// Per category slot: its products by title and by price.
    pub(super) by_category: Vec<(Vec<Row>, Vec<Row>)>,
    pub(super) category_slots: HashMap<String, u32>,
    pub(super) company_slots: HashMap<String, u32>,
    pub(super) categories: Vec<CategoryRef>,
    pub(super) companies: Vec<String>,
    /// `"categories":[...],"companies":[...]`, each list starting with "all".
    pub(super) choices_json: String,
    pub(super) search: SearchIndex,
}

/// The slot of `key` in `slots`, adding it when new.
fn slot(slots: &mut HashMap<String, u32>, key: String) -> u32 {
    let next = u32::try_from(slots.len()).unwrap_or(u32::MAX);
    *slots.entry(key).or_insert(next)
}

impl Snapshot {
    /// A snapshot of these products and categories.
    pub fn new(products: Vec<ProductView>, categories: Vec<CategoryRef>) -> Snapshot {
        Snapshot::from_shared(
            products
                .into_iter()
                .map(|view| Arc::new(CatalogProduct::new(view)))
                .collect(),
            categories,
        )
    }

    fn from_shared(
        products: Vec<Arc<CatalogProduct>>,
        mut categories: Vec<CategoryRef>,
    ) -> Snapshot {
        categories.sort_by_key(|category| category.name.to_lowercase());
        let (mut category_slots, mut company_slots) = (HashMap::new(), HashMap::new());
        let mut entries: Vec<Entry> = products
            .into_iter()
            .map(|view| Entry {
                category_slot: slot(&mut category_slots, view.category.name.to_lowercase()),
                company_slot: slot(&mut company_slots, view.company_key.to_string()),
                price_rank: 0,
                featured: view.featured,
                view,
            })
            .collect();
        let by_id = entries
            .iter()
            .enumerate()
            .map(|(index, entry)| (entry.view.id.to_string(), index))
            .collect();
        let mut by_title: Vec<usize> = (0..entries.len()).collect();
        by_title.sort_by(|&a, &b| {
            entries[a]
                .view
                .title_key
                .cmp(&entries[b].view.title_key)
                .then_with(|| entries[a].view.id.cmp(&entries[b].view.id))
        });
        let mut by_price = by_title.clone();
        by_price.sort_by_key(|&index| entries[index].view.selling_price);
        // Equal prices share a rank, so the price bound is one integer comparison.
        let mut rank = 0u32;
        for position in 0..by_price.len() {
            if position > 0
                && entries[by_price[position]].view.selling_price
                    != entries[by_price[position - 1]].view.selling_price
            {
                rank = u32::try_from(position).unwrap_or(u32::MAX);
            }
            entries[by_price[position]].price_rank = rank;
        }
        let prices = by_price
            .iter()
            .map(|&index| entries[index].view.selling_price)
            .collect();
        let mut positions = vec![(0, 0); entries.len()];
        for (position, &index) in by_title.iter().enumerate() {
            positions[index].0 = u32::try_from(position).expect("fewer than 2^32 products");
        }
        for (position, &index) in by_price.iter().enumerate() {
            positions[index].1 = u32::try_from(position).expect("fewer than 2^32 products");
        }
        let by_title: Vec<Row> = by_title
            .into_iter()
            .map(|index| Row::of(index, &entries[index]))
            .collect();
        let by_price: Vec<Row> = by_price
            .into_iter()
            .map(|index| Row::of(index, &entries[index]))
            .collect();
        let mut by_category = vec![(Vec::new(), Vec::new()); category_slots.len()];
        for row in &by_title {
            by_category[entries[row.entry as usize].category_slot as usize]
                .0
                .push(*row);
        }
        for row in &by_price {
            by_category[entries[row.entry as usize].category_slot as usize]
                .1
                .push(*row);
        }
        let companies: Vec<String> = entries
            .iter()
            .map(|entry| &*entry.view.company)
            .collect::<BTreeSet<_>>()
            .into_iter()
            .map(str::to_owned)
            .collect();
        let choices_json = choices_json(&categories, &companies);
        let search = SearchIndex::new(
            entries
                .iter()
                .map(|entry| [&*entry.view.title_key, &*entry.view.company_key]),
        );
        let indexes = Indexes {
            by_id,
            by_title,
            by_price,
            positions,
            prices,
            by_category,
            category_slots,
            company_slots,
            categories,
            companies,
            choices_json,
            search,
        };
        Snapshot {
            entries,
            indexes: Arc::new(indexes),
            answers: AnswerCache::default(),
        }
    }

    /// The answers this snapshot has given, kept compressed until it is replaced (see
    /// [`crate::compressed`]).
    pub fn answers(&self) -> &AnswerCache {
        &self.answers
    }

    /// The categories, by name.
    pub fn categories(&self) -> &[CategoryRef] {
        &self.indexes.categories
    }

    pub fn product(&self, id: &str) -> Option<Arc<CatalogProduct>> {
        self.indexes
            .by_id
            .get(id)
            .map(|&index| Arc::clone(&self.entries[index].view))
    }

    /// Every category name, by name.
    pub fn category_names(&self) -> impl Iterator<Item = &str> {
        self.indexes
            .categories
            .iter()
            .map(|category| category.name.as_str())
    }

    /// Every company, sorted.
    pub fn companies(&self) -> &[String] {
        &self.indexes.companies
    }

    /// The listing meta's filter choices as JSON members: `"categories":["all",...],"companies":["all",...]`.
    pub fn choices_json(&self) -> &str {
        &self.indexes.choices_json
    }

    /// Every product, in no particular order.
    pub fn products(&self) -> impl Iterator<Item = &CatalogProduct> {
        self.entries.iter().map(|entry| &*entry.view)
    }

    /// How many products the catalog holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when the catalog holds no product.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The next snapshot after `change`. Products the change does not touch keep their shared,
    /// already serialised entry.
    /// The snapshot after `changes`, applied in order. Products that only changed in ways the
    /// indexes do not see (stock, description, images) are swapped in place and the indexes
    /// shared; anything else rebuilds them once for the whole batch.
    pub(super) fn with_changes(&self, changes: Vec<CatalogChange>) -> Snapshot {
        let mut entries = self.entries.clone();
        let mut categories = self.indexes.categories.clone();
        let mut rebuild = false;
        let mut added: Vec<Arc<CatalogProduct>> = Vec::new();
        let mut removed: std::collections::HashSet<String> = std::collections::HashSet::new();
        for change in changes {
            match change {
                CatalogChange::ProductSaved(mut view) => {
                    removed.remove(&view.id);
                    if let Some(&index) = self.indexes.by_id.get(&view.id) {
                        view.stock = entries[index].view.stock;
                        let saved = Arc::new(CatalogProduct::new(*view));
                        rebuild |= !entries[index].view.indexed_alike(&saved);
                        entries[index].view = saved;
                    } else {
                        if let Some(before) = added.iter().find(|product| product.id() == view.id) {
                            view.stock = before.stock;
                        }
                        added.retain(|product| product.id() != view.id);
                        added.push(Arc::new(CatalogProduct::new(*view)));
                        rebuild = true;
                    }
                }
                CatalogChange::StockSet(id, units) => {
                    if let Some(product) = added.iter_mut().find(|product| product.id() == id) {
                        *product = Arc::new(product.restocked(units));
                    } else if let Some(&index) = self.indexes.by_id.get(&id)
                        && !removed.contains(&id)
                    {
                        entries[index].view = Arc::new(entries[index].view.restocked(units));
                    }
                }
                CatalogChange::ProductDeleted(id) => {
                    added.retain(|product| product.id() != id);
                    if self.indexes.by_id.contains_key(&id) {
                        removed.insert(id);
                    }
                    rebuild = true;
                }
                CatalogChange::CategorySaved(category) => {
                    let renamed = |product: &Arc<CatalogProduct>| {
                        (product.category.id == category.id
                            && product.category.name != category.name)
                            .then(|| {
                                let mut view = product.view();
                                view.category.name = category.name.clone();
                                Arc::new(CatalogProduct::new(view))
                            })
                    };
                    for entry in &mut entries {
                        if let Some(product) = renamed(&entry.view) {
                            entry.view = product;
                        }
                    }
                    for product in &mut added {
                        if let Some(renamed) = renamed(product) {
                            *product = renamed;
                        }
                    }
                    match categories
                        .iter_mut()
                        .find(|existing| existing.id == category.id)
                    {
                        Some(existing) => *existing = category,
                        None => categories.push(category),
                    }
                    rebuild = true;
                }
                CatalogChange::CategoryDeleted(id) => {
                    categories.retain(|category| category.id != id);
                    rebuild = true;
                }
            }
        }
        if !rebuild {
            return Snapshot {
                entries,
                indexes: Arc::clone(&self.indexes),
                answers: AnswerCache::default(),
            };
        }
        let products = entries
            .into_iter()
            .map(|entry| entry.view)
            .filter(|product| !removed.contains(product.id()))
            .chain(added)
            .collect();
        Snapshot::from_shared(products, categories)
    }
}

/// `"categories":["all",...],"companies":["all",...]`.
fn choices_json(categories: &[CategoryRef], companies: &[String]) -> String {
    fn with_all<'a>(names: impl Iterator<Item = &'a str>) -> String {
        let names: Vec<&str> = std::iter::once("all").chain(names).collect();
        serde_json::to_string(&names).expect("strings always serialise")
    }
    let categories = with_all(categories.iter().map(|category| category.name.as_str()));
    let companies = with_all(companies.iter().map(String::as_str));
    format!(r#""categories":{categories},"companies":{companies}"#)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::products::types::ImageRef;
    use pricing::GstRate;

    fn image(slot: u32) -> ImageRef {
        ImageRef {
            url: format!("/uploads/p{slot}.jpg"),
            thumbnail: format!("/uploads/p{slot}-thumb.webp"),
            width: Some(1200 + slot),
            height: slot.is_multiple_of(2).then_some(900),
        }
    }

    /// The whole view is read back from the JSON the catalog keeps: every money amount to the
    /// paisa, text that JSON escapes, and every image slot.
    #[test]
    fn a_product_reads_back_from_its_json_as_it_came_in() {
        let prices = [1, 7, 11_430, 11_429, 9_999_999, 12_345_678_901];
        for (position, paise) in prices.into_iter().enumerate() {
            let view = ProductView {
                id: format!("p{position}"),
                title: "Tea \"Light\" \\ 10 pcs\n\u{20b9} café".into(),
                company: "Glow & Co".into(),
                description: "Line one\nline two\ttabbed </script>".into(),
                price: Money::from_paise(paise + 1_001),
                selling_price: Money::from_paise(paise),
                stock: i64::from(u32::try_from(position).unwrap()) - 1,
                featured: position.is_multiple_of(2),
                hsn: "3406".into(),
                gst_rate: GstRate::percent([0, 5, 12, 18, 28, 3][position]),
                discount_percent: 19,
                category: CategoryRef {
                    id: "c1".into(),
                    name: "Candles".into(),
                },
                image1: Some(image(1)),
                image2: None,
                image3: Some(image(3)),
                image4: None,
                image5: Some(image(6)),
                created_at: "2026-01-01T00:00:00.123456789Z".into(),
                updated_at: "2026-01-02T00:00:00Z".into(),
            };
            let product = CatalogProduct::new(view.clone());
            assert_eq!(product.view(), view);
            assert_eq!(
                (product.id(), product.stock(), product.selling_price()),
                (view.id.as_str(), view.stock, view.selling_price)
            );
            assert_eq!(product.restocked(42).view().stock, 42);
        }
    }
}
