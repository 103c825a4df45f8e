//! The in-memory catalog: an immutable [`Snapshot`] behind an `RwLock<Arc<_>>`. Readers clone the
//! `Arc` and never block writers for longer than a pointer swap; a batch of changes builds the
//! next snapshot from the current one and swaps it in. The changes come from the database's
//! change feed ([`crate::catalog::follow`]), in commit order, each carrying whole records, so
//! applying one twice changes nothing.

use std::collections::{BTreeSet, HashMap};
use std::ops::Deref;
use std::sync::{Arc, RwLock};

use pricing::{GstRate, Money, PageRequest};
use serde::Serialize;
use utoipa::ToSchema;

use crate::catalog::query::{ListQuery, Order};
use crate::catalog::search_index::SearchIndex;
use crate::compressed::{AnswerCache, EncodedJson, Encoding};

/// A product's category as listings show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct CategoryRef {
    /// The category id.
    #[serde(rename = "_id")]
    pub id: String,
    /// Its name.
    pub name: String,
}

/// One image slot of a product.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ImageRef {
    /// The full image.
    pub url: String,
    /// A small WebP for lists and grids.
    pub thumbnail: String,
}

/// A product as the API shows it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductView {
    /// The id.
    #[serde(rename = "_id")]
    pub id: String,
    /// The title.
    pub title: String,
    /// The maker.
    pub company: String,
    /// The description.
    pub description: String,
    /// The list price, shown struck through.
    #[schema(value_type = f64)]
    pub price: Money,
    /// What is charged.
    #[schema(value_type = f64)]
    pub selling_price: Money,
    /// Units in stock.
    pub stock: i64,
    /// Shown on the home page.
    pub featured: bool,
    /// The HSN code, or empty when the shop has not set one.
    pub hsn: String,
    /// The GST rate in percent, included in the prices.
    #[schema(value_type = f64)]
    pub gst_rate: GstRate,
    /// The category.
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

/// A change to the catalog.
#[derive(Debug, Clone)]
pub enum CatalogChange {
    /// A product was created or updated.
    ProductSaved(Box<ProductView>),
    /// A product was deleted.
    ProductDeleted(String),
    /// A category was created or renamed (its products show the new name).
    CategorySaved(CategoryRef),
    /// A category was deleted.
    CategoryDeleted(String),
}

/// A product in the catalog with its JSON, serialised once when the product enters the catalog so
/// that listings only concatenate. Dereferences to the [`ProductView`].
#[derive(Debug)]
pub struct CatalogProduct {
    view: ProductView,
    json: Box<str>,
    /// The lower-cased title and company the search compares.
    title_key: Box<str>,
    company_key: Box<str>,
}

impl CatalogProduct {
    /// True when `other` sorts, filters and is found by search exactly as this product does,
    /// so it can take this one's place without rebuilding the indexes (an order moved its stock).
    fn indexed_alike(&self, other: &CatalogProduct) -> bool {
        self.title_key == other.title_key
            && self.company_key == other.company_key
            && self.view.selling_price == other.view.selling_price
            && self.view.category == other.view.category
            && self.view.featured == other.view.featured
    }

    /// Wraps `view`, serialising it.
    pub fn new(view: ProductView) -> CatalogProduct {
        let json = serde_json::to_string(&view)
            .expect("a product view always serialises")
            .into_boxed_str();
        let (title_key, company_key) = (
            view.title.to_lowercase().into_boxed_str(),
            view.company.to_lowercase().into_boxed_str(),
        );
        CatalogProduct {
            view,
            json,
            title_key,
            company_key,
        }
    }

    /// The product as the API's JSON object.
    pub fn json(&self) -> &str {
        &self.json
    }
}

impl Deref for CatalogProduct {
    type Target = ProductView;

    fn deref(&self) -> &ProductView {
        &self.view
    }
}

/// A product with the small numbers the filters compare, so a listing never compares strings or
/// decimals per product. Cheap to clone.
#[derive(Debug, Clone)]
struct Entry {
    view: Arc<CatalogProduct>,
    category_slot: u32,
    company_slot: u32,
    price_rank: u32,
    /// Kept beside the slots so that filtering never reads the product itself.
    featured: bool,
}

/// An entry in one of the orders a listing walks, carrying what the filters compare so that a
/// listing reads one contiguous array instead of jumping between entries. Stock moves change
/// none of these fields, so rows are shared by snapshots that differ only in stock.
#[derive(Debug, Clone, Copy)]
struct Row {
    entry: u32,
    /// Equal prices share a rank: the position of the first of them in the price order.
    price_rank: u32,
    company_slot: u32,
    featured: bool,
}

impl Row {
    fn of(index: usize, entry: &Entry) -> Row {
        Row {
            entry: u32::try_from(index).expect("fewer than 2^32 products"),
            price_rank: entry.price_rank,
            company_slot: entry.company_slot,
            featured: entry.featured,
        }
    }
}

/// A listing query's filters resolved against one snapshot, but for the category (which picks
/// the rows to walk) and the search text (which picks the entries to look at).
struct Resolved {
    company_slot: Option<u32>,
    /// Products whose price rank is below this are within the price bound.
    price_cutoff: u32,
    featured_only: bool,
}

impl Resolved {
    fn matches(&self, row: &Row) -> bool {
        row.price_rank < self.price_cutoff
            && self
                .company_slot
                .is_none_or(|slot| row.company_slot == slot)
            && (!self.featured_only || row.featured)
    }

    /// True when every row matches.
    fn keeps_all(&self) -> bool {
        self.price_cutoff == u32::MAX && self.company_slot.is_none() && !self.featured_only
    }
}

/// One consistent state of the catalog.
#[derive(Debug, Default)]
pub struct Snapshot {
    entries: Vec<Entry>,
    /// Everything but the entries, shared by snapshots that differ only in stock.
    indexes: Arc<Indexes>,
    /// The answers this snapshot has given, compressed; gone with the snapshot.
    answers: AnswerCache,
}

/// The orders, slots and names of a snapshot's entries.
#[derive(Debug, Default)]
struct Indexes {
    by_id: HashMap<String, usize>,
    by_title: Vec<Row>,
    by_price: Vec<Row>,
    /// Per entry, its position in `by_title` and in `by_price`.
    positions: Vec<(u32, u32)>,
    /// Every selling price, ascending: where the price bound cuts the price order.
    prices: Vec<Money>,
    /// Per category slot: its products by title and by price.
    by_category: Vec<(Vec<Row>, Vec<Row>)>,
    category_slots: HashMap<String, u32>,
    company_slots: HashMap<String, u32>,
    categories: Vec<CategoryRef>,
    companies: Vec<String>,
    /// `"categories":[...],"companies":[...]`, each list starting with "all".
    choices_json: String,
    search: SearchIndex,
}

/// The slot of `key` in `slots`, adding it when new.
fn slot(slots: &mut HashMap<String, u32>, key: String) -> u32 {
    let next = u32::try_from(slots.len()).unwrap_or(u32::MAX);
    *slots.entry(key).or_insert(next)
}

/// One page of a listing.
#[derive(Debug, Clone)]
pub struct Listing {
    /// The products on the page.
    pub products: Vec<Arc<CatalogProduct>>,
    /// How many products match.
    pub total: u64,
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
                company_slot: slot(&mut company_slots, view.company.to_lowercase()),
                price_rank: 0,
                featured: view.featured,
                view,
            })
            .collect();
        let by_id = entries
            .iter()
            .enumerate()
            .map(|(index, entry)| (entry.view.id.clone(), index))
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
            .map(|entry| entry.view.company.clone())
            .collect::<BTreeSet<_>>()
            .into_iter()
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

    /// The answer to `request` (path and query) in `encoding`, written by `json` the first time
    /// this snapshot is asked, then kept compressed (see [`crate::compressed`]).
    pub fn answer(
        &self,
        request: String,
        encoding: Encoding,
        json: impl FnOnce() -> String,
    ) -> EncodedJson {
        self.answers.answer(request, encoding, json)
    }

    /// The categories, by name.
    pub fn categories(&self) -> &[CategoryRef] {
        &self.indexes.categories
    }

    /// The product with this id.
    pub fn product(&self, id: &str) -> Option<Arc<CatalogProduct>> {
        self.indexes
            .by_id
            .get(id)
            .map(|&index| Arc::clone(&self.entries[index].view))
    }

    /// One page of the products matching `query`, in its order, and how many match.
    pub fn list(&self, query: &ListQuery) -> Listing {
        let empty = Listing {
            products: Vec::new(),
            total: 0,
        };
        let indexes = &*self.indexes;
        let category_slot = match query.category.as_deref() {
            None => None,
            Some(name) => match indexes.category_slots.get(name) {
                Some(&slot) => Some(slot),
                None => return empty,
            },
        };
        let company_slot = match query.company.as_deref() {
            None => None,
            Some(name) => match indexes.company_slots.get(name) {
                Some(&slot) => Some(slot),
                None => return empty,
            },
        };
        let price_cutoff = query.max_price.map_or(u32::MAX, |max| {
            u32::try_from(indexes.prices.partition_point(|&price| price <= max)).unwrap_or(u32::MAX)
        });
        let mut filter = Resolved {
            company_slot,
            price_cutoff,
            featured_only: query.featured_only,
        };
        if let Some(needle) = query.search.as_deref() {
            return self.page_of_found(
                indexes.search.find(needle),
                category_slot,
                &filter,
                query.order,
                query.page,
            );
        }
        // The total is known only after the walk: take the page's range as if unbounded.
        let range = query.page.range(usize::MAX);
        let (by_title, by_price) = match category_slot {
            None => (&indexes.by_title[..], &indexes.by_price[..]),
            Some(slot) => {
                let (by_title, by_price) = &indexes.by_category[slot as usize];
                (&by_title[..], &by_price[..])
            }
        };
        match query.order {
            Order::TitleAscending => self.page(by_title.iter(), &filter, range),
            Order::TitleDescending => self.page(by_title.iter().rev(), &filter, range),
            Order::PriceAscending | Order::PriceDescending => {
                // In a price order the products within the bound are a prefix.
                let within = &by_price
                    [..by_price.partition_point(|row| row.price_rank < filter.price_cutoff)];
                filter.price_cutoff = u32::MAX;
                if query.order == Order::PriceAscending {
                    self.page(within.iter(), &filter, range)
                } else {
                    self.page(within.iter().rev(), &filter, range)
                }
            }
        }
    }

    /// The `range` of the `found` entries in `category_slot` that pass `filter`, in `order`, and
    /// how many pass: a search looks only at what the text found, however large the catalog.
    fn page_of_found(
        &self,
        found: Vec<u32>,
        category_slot: Option<u32>,
        filter: &Resolved,
        order: Order,
        page: PageRequest,
    ) -> Listing {
        let by_title = matches!(order, Order::TitleAscending | Order::TitleDescending);
        // Descending orders sort the complement of the position, so one ascending sort serves all.
        let descending = matches!(order, Order::TitleDescending | Order::PriceDescending);
        let mut keys: Vec<u32> = found
            .into_iter()
            .map(|entry| (entry as usize, &self.entries[entry as usize]))
            .filter(|(index, entry)| {
                category_slot.is_none_or(|slot| entry.category_slot == slot)
                    && filter.matches(&Row::of(*index, entry))
            })
            .map(|(index, _)| {
                if by_title {
                    self.indexes.positions[index].0
                } else {
                    self.indexes.positions[index].1
                }
            })
            .map(|position| if descending { !position } else { position })
            .collect();
        let total = keys.len();
        let range = page.range(total);
        sort_first(&mut keys, range.end);
        let rows = if by_title {
            &self.indexes.by_title
        } else {
            &self.indexes.by_price
        };
        let products = keys[range]
            .iter()
            .map(|&key| if descending { !key } else { key })
            .map(|position| Arc::clone(&self.entries[rows[position as usize].entry as usize].view))
            .collect();
        Listing {
            products,
            total: total as u64,
        }
    }

    /// The `range` of the `rows` that pass `filter`, and how many pass.
    fn page<'r>(
        &self,
        rows: impl ExactSizeIterator<Item = &'r Row>,
        filter: &Resolved,
        range: std::ops::Range<usize>,
    ) -> Listing {
        let product = |row: &Row| Arc::clone(&self.entries[row.entry as usize].view);
        if filter.keeps_all() {
            let total = rows.len() as u64;
            return Listing {
                products: rows
                    .skip(range.start)
                    .take(range.len())
                    .map(product)
                    .collect(),
                total,
            };
        }
        let mut total = 0usize;
        let mut products = Vec::with_capacity(range.len().min(rows.len()));
        for row in rows {
            if filter.matches(row) {
                if range.contains(&total) {
                    products.push(product(row));
                }
                total += 1;
            }
        }
        Listing {
            products,
            total: total as u64,
        }
    }

    /// Up to `limit` products whose title or company contains `needle`, titles starting with
    /// it first, then by title.
    pub fn search(&self, needle: &str, limit: usize) -> Vec<Arc<CatalogProduct>> {
        let needle = needle.trim().to_lowercase();
        if needle.is_empty() {
            return Vec::new();
        }
        let mut found: Vec<(bool, u32, usize)> = self
            .indexes
            .search
            .find(&needle)
            .into_iter()
            .map(|entry| entry as usize)
            .map(|index| {
                (
                    !self.entries[index].view.title_key.starts_with(&needle),
                    self.indexes.positions[index].0,
                    index,
                )
            })
            .collect();
        sort_first(&mut found, limit);
        found
            .into_iter()
            .take(limit)
            .map(|(_, _, index)| Arc::clone(&self.entries[index].view))
            .collect()
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
    fn with_changes(&self, changes: Vec<CatalogChange>) -> Snapshot {
        let mut entries = self.entries.clone();
        let mut categories = self.indexes.categories.clone();
        let mut rebuild = false;
        let mut added: Vec<Arc<CatalogProduct>> = Vec::new();
        let mut removed: std::collections::HashSet<String> = std::collections::HashSet::new();
        for change in changes {
            match change {
                CatalogChange::ProductSaved(view) => {
                    let saved = Arc::new(CatalogProduct::new(*view));
                    removed.remove(&saved.id);
                    if let Some(&index) = self.indexes.by_id.get(&saved.id) {
                        rebuild |= !entries[index].view.indexed_alike(&saved);
                        entries[index].view = saved;
                    } else {
                        added.retain(|product| product.id != saved.id);
                        added.push(saved);
                        rebuild = true;
                    }
                }
                CatalogChange::ProductDeleted(id) => {
                    added.retain(|product| product.id != id);
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
                                let mut view = product.view.clone();
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
            .filter(|product| !removed.contains(&product.id))
            .chain(added)
            .collect();
        Snapshot::from_shared(products, categories)
    }
}

/// Orders `items` just enough that its first `count` are the smallest, in order: a page of many
/// matches costs a linear selection and a sort of the page, not a sort of every match.
fn sort_first<T: Ord>(items: &mut [T], count: usize) {
    if count == 0 {
        return;
    }
    if count < items.len() {
        items.select_nth_unstable(count - 1);
    }
    let count = count.min(items.len());
    items[..count].sort_unstable();
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

/// The shared, swappable catalog.
#[derive(Debug, Default)]
pub struct ReadModel {
    current: RwLock<Arc<Snapshot>>,
}

impl ReadModel {
    /// A read model starting from `snapshot`.
    pub fn new(snapshot: Snapshot) -> ReadModel {
        ReadModel {
            current: RwLock::new(Arc::new(snapshot)),
        }
    }

    /// The current snapshot.
    pub fn snapshot(&self) -> Arc<Snapshot> {
        Arc::clone(
            &self
                .current
                .read()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        )
    }

    /// Applies changes in order: builds the next snapshot and swaps it in. Writers are
    /// serialised by the write lock, so no change is lost.
    pub fn apply(&self, changes: Vec<CatalogChange>) {
        if changes.is_empty() {
            return;
        }
        let mut current = self
            .current
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let next = current.with_changes(changes);
        *current = Arc::new(next);
    }

    /// Replaces the whole catalog (a fresh load from the database).
    pub fn replace(&self, snapshot: Snapshot) {
        *self
            .current
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Arc::new(snapshot);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::query::ProductParams;

    fn product(
        id: &str,
        title: &str,
        company: &str,
        category: &str,
        paise: i64,
        featured: bool,
    ) -> ProductView {
        ProductView {
            id: id.into(),
            title: title.into(),
            company: company.into(),
            description: String::new(),
            price: Money::from_paise(paise + 1000),
            selling_price: Money::from_paise(paise),
            stock: 10,
            featured,
            hsn: "1905".into(),
            gst_rate: GstRate::percent(18),
            category: CategoryRef {
                id: format!("c-{}", category.to_lowercase()),
                name: category.into(),
            },
            image1: None,
            image2: None,
            image3: None,
            image4: None,
            image5: None,
            created_at: String::new(),
            updated_at: String::new(),
        }
    }

    fn catalog() -> Snapshot {
        Snapshot::new(
            vec![
                product(
                    "p1",
                    "Bread Flour 1 kg",
                    "Whisk Mills",
                    "Flours",
                    8_000,
                    false,
                ),
                product(
                    "p2",
                    "almond flour 500 g",
                    "Nutty Co",
                    "Flours",
                    45_000,
                    true,
                ),
                product(
                    "p3",
                    "Chocolate Cake Mix",
                    "Bake Easy",
                    "Cake Mixes",
                    19_900,
                    true,
                ),
                product(
                    "p4",
                    "Silicone Heart Mold",
                    "Whisk Mills",
                    "Molds",
                    34_900,
                    false,
                ),
                product("p5", "Number Candle 5", "Glow", "Candles", 4_900, false),
            ],
            vec![
                CategoryRef {
                    id: "c-molds".into(),
                    name: "Molds".into(),
                },
                CategoryRef {
                    id: "c-flours".into(),
                    name: "Flours".into(),
                },
                CategoryRef {
                    id: "c-candles".into(),
                    name: "Candles".into(),
                },
                CategoryRef {
                    id: "c-cake mixes".into(),
                    name: "Cake Mixes".into(),
                },
            ],
        )
    }

    fn ids(snapshot: &Snapshot, params: ProductParams) -> (Vec<String>, u64) {
        let listing = snapshot.list(&params.check().unwrap());
        (
            listing.products.iter().map(|p| p.id.clone()).collect(),
            listing.total,
        )
    }

    #[test]
    fn sorts_by_title_either_way_and_by_price_either_way() {
        let snapshot = catalog();
        assert_eq!(
            ids(&snapshot, ProductParams::default()).0,
            ["p2", "p1", "p3", "p5", "p4"]
        );
        assert_eq!(
            ids(
                &snapshot,
                ProductParams {
                    order: Some("z-a".into()),
                    ..Default::default()
                }
            )
            .0,
            ["p4", "p5", "p3", "p1", "p2"]
        );
        assert_eq!(
            ids(
                &snapshot,
                ProductParams {
                    order: Some("low".into()),
                    ..Default::default()
                }
            )
            .0,
            ["p5", "p1", "p3", "p4", "p2"]
        );
        assert_eq!(
            ids(
                &snapshot,
                ProductParams {
                    sort: Some("high".into()),
                    ..Default::default()
                }
            )
            .0,
            ["p2", "p4", "p3", "p1", "p5"]
        );
    }

    #[test]
    fn filters_alone_and_combined() {
        let snapshot = catalog();
        let search = |text: &str| ProductParams {
            search: Some(text.into()),
            ..Default::default()
        };
        assert_eq!(ids(&snapshot, search("FLOUR")).0, ["p2", "p1"]);
        assert_eq!(
            ids(&snapshot, search("whisk mills")).0,
            ["p1", "p4"],
            "search covers the company"
        );
        assert_eq!(
            ids(
                &snapshot,
                ProductParams {
                    category: Some("flours".into()),
                    ..Default::default()
                }
            )
            .0,
            ["p2", "p1"]
        );
        assert_eq!(
            ids(
                &snapshot,
                ProductParams {
                    company: Some("Whisk Mills".into()),
                    ..Default::default()
                }
            )
            .0,
            ["p1", "p4"]
        );
        assert_eq!(
            ids(
                &snapshot,
                ProductParams {
                    featured: Some("true".into()),
                    ..Default::default()
                }
            )
            .0,
            ["p2", "p3"]
        );
        assert_eq!(
            ids(
                &snapshot,
                ProductParams {
                    price: Some("199".into()),
                    ..Default::default()
                }
            )
            .0,
            ["p1", "p3", "p5"],
            "the price bound is inclusive"
        );
        let combined = ProductParams {
            category: Some("Flours".into()),
            price: Some("100".into()),
            company: Some("all".into()),
            ..Default::default()
        };
        assert_eq!(ids(&snapshot, combined).0, ["p1"]);
    }

    #[test]
    fn pages_count_every_match() {
        let snapshot = catalog();
        let page = |n: &str| ProductParams {
            page: Some(n.into()),
            limit: Some("2".into()),
            ..Default::default()
        };
        assert_eq!(
            ids(&snapshot, page("1")),
            (vec!["p2".to_owned(), "p1".to_owned()], 5)
        );
        assert_eq!(ids(&snapshot, page("3")), (vec!["p4".to_owned()], 5));
        assert_eq!(
            ids(&snapshot, page("9")),
            (vec![], 5),
            "past the end is empty, not an error"
        );
    }

    #[test]
    fn lists_categories_and_companies_sorted() {
        let snapshot = catalog();
        assert_eq!(
            snapshot.category_names().collect::<Vec<_>>(),
            ["Cake Mixes", "Candles", "Flours", "Molds"]
        );
        assert_eq!(
            snapshot.companies(),
            ["Bake Easy", "Glow", "Nutty Co", "Whisk Mills"]
        );
    }

    #[test]
    fn keeps_each_product_as_json_and_the_choices_as_json_members() {
        let snapshot = catalog();
        let p3 = snapshot.product("p3").unwrap();
        let parsed: serde_json::Value = serde_json::from_str(p3.json()).unwrap();
        assert_eq!(parsed, serde_json::to_value(&*p3 as &ProductView).unwrap());
        assert_eq!(parsed["sellingPrice"], serde_json::json!(199.0));
        let meta: serde_json::Value =
            serde_json::from_str(&format!("{{{}}}", snapshot.choices_json())).unwrap();
        assert_eq!(
            meta["categories"],
            serde_json::json!(["all", "Cake Mixes", "Candles", "Flours", "Molds"])
        );
        assert_eq!(
            meta["companies"],
            serde_json::json!(["all", "Bake Easy", "Glow", "Nutty Co", "Whisk Mills"])
        );
    }

    #[test]
    fn search_puts_title_prefixes_first() {
        let snapshot = catalog();
        let found: Vec<String> = snapshot
            .search("mold", 20)
            .iter()
            .map(|p| p.id.clone())
            .collect();
        assert_eq!(found, ["p4"]);
        let found: Vec<String> = snapshot
            .search("c", 2)
            .iter()
            .map(|p| p.id.clone())
            .collect();
        assert_eq!(found, ["p3", "p2"]);
    }

    #[test]
    fn sorting_the_first_few_gives_the_smallest_in_order() {
        for count in 0..12 {
            let mut items = vec![9, 3, 7, 3, 1, 8, 0, 5, 2, 6];
            sort_first(&mut items, count);
            let shown = count.min(items.len());
            assert_eq!(
                items[..shown],
                [0, 1, 2, 3, 3, 5, 6, 7, 8, 9][..shown],
                "{count}"
            );
            assert_eq!(items.len(), 10);
        }
    }

    #[test]
    fn search_finds_each_key_but_never_across_two() {
        let mut products = vec![
            product("p1", "Piping Bag", "Bake Easy", "Tools", 10_000, false),
            product("p2", "Icing Set", "Piping Co", "Tools", 20_000, false),
            product("p3", "Two\nLines", "Glow", "Tools", 30_000, false),
        ];
        products.extend((4..40).map(|n| {
            product(
                &format!("p{n}"),
                &format!("Filler {n}"),
                "Nobody",
                "Tools",
                1_000 * n,
                false,
            )
        }));
        let snapshot = Snapshot::new(
            products,
            vec![CategoryRef {
                id: "c-tools".into(),
                name: "Tools".into(),
            }],
        );
        let search = |text: &str| {
            ids(
                &snapshot,
                ProductParams {
                    search: Some(text.into()),
                    order: Some("low".into()),
                    ..Default::default()
                },
            )
            .0
        };
        assert_eq!(
            search("piping"),
            ["p1", "p2"],
            "title in one, company in the other"
        );
        assert_eq!(search("bageasy"), Vec::<String>::new());
        assert_eq!(
            search("bag\nbake"),
            Vec::<String>::new(),
            "the end of a title and the start of its company are not one text"
        );
        assert_eq!(
            search("easy\nicing"),
            Vec::<String>::new(),
            "nor one product's company and the next one's title"
        );
        assert_eq!(
            search("two\nlines"),
            ["p3"],
            "a key holding a line break still matches"
        );
        assert_eq!(
            search("filler 3"),
            [
                "p30", "p31", "p32", "p33", "p34", "p35", "p36", "p37", "p38", "p39"
            ]
        );
        assert_eq!(search("nobody").len(), 10, "the default page");
        assert_eq!(
            ids(
                &snapshot,
                ProductParams {
                    search: Some("nobody".into()),
                    ..Default::default()
                }
            )
            .1,
            36,
            "every entry counted once"
        );
    }

    /// Every combination of filters, orders and pages over a catalog with many equal prices,
    /// against a plain filter-then-sort of the same products.
    #[test]
    fn every_listing_equals_a_plain_filter_and_sort() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |below: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % below
        };
        let (categories, companies) = (
            ["Flours", "Molds", "Candles"],
            ["Whisk Mills", "Bake Easy", "Glow", "Nutty Co"],
        );
        let views: Vec<ProductView> = (0..300)
            .map(|n| {
                let title = format!(
                    "{} item {n}",
                    ["Cake", "Box", "Mold", "Tin"][next(4) as usize]
                );
                let (category, company) =
                    (categories[next(3) as usize], companies[next(4) as usize]);
                product(
                    &format!("p{n:03}"),
                    &title,
                    company,
                    category,
                    1_000 * (1 + next(40) as i64),
                    next(5) == 0,
                )
            })
            .collect();
        let snapshot = Snapshot::new(
            views.clone(),
            categories
                .iter()
                .map(|name| CategoryRef {
                    id: format!("c-{name}"),
                    name: (*name).into(),
                })
                .collect(),
        );
        let mut checked = 0;
        for order in ["a-z", "z-a", "low", "high"] {
            for category in [None, Some("molds")] {
                for company in [None, Some("glow")] {
                    for price in [None, Some("150"), Some("5")] {
                        for search in [None, Some("box")] {
                            for featured in [false, true] {
                                let params = || ProductParams {
                                    order: Some(order.into()),
                                    category: category.map(Into::into),
                                    company: company.map(Into::into),
                                    price: price.map(Into::into),
                                    search: search.map(Into::into),
                                    featured: featured.then(|| "true".into()),
                                    limit: Some("7".into()),
                                    ..Default::default()
                                };
                                let query = params().check().unwrap();
                                let mut expected: Vec<&ProductView> = views
                                    .iter()
                                    .filter(|p| {
                                        category.is_none_or(|c| p.category.name.to_lowercase() == c)
                                    })
                                    .filter(|p| {
                                        company.is_none_or(|c| p.company.to_lowercase() == c)
                                    })
                                    .filter(|p| {
                                        query.max_price.is_none_or(|max| p.selling_price <= max)
                                    })
                                    .filter(|p| {
                                        search.is_none_or(|s| {
                                            p.title.to_lowercase().contains(s)
                                                || p.company.to_lowercase().contains(s)
                                        })
                                    })
                                    .filter(|p| !featured || p.featured)
                                    .collect();
                                expected.sort_by(|a, b| {
                                    a.title
                                        .to_lowercase()
                                        .cmp(&b.title.to_lowercase())
                                        .then_with(|| a.id.cmp(&b.id))
                                });
                                match order {
                                    "z-a" => expected.reverse(),
                                    "low" => expected.sort_by_key(|p| p.selling_price),
                                    "high" => {
                                        expected.sort_by_key(|p| p.selling_price);
                                        expected.reverse();
                                    }
                                    _ => {}
                                }
                                let pages = expected.len().div_ceil(7).max(1) + 1;
                                for page in 1..=pages {
                                    let (ids, total) = ids(
                                        &snapshot,
                                        ProductParams {
                                            page: Some(page.to_string()),
                                            ..params()
                                        },
                                    );
                                    let want: Vec<String> = expected
                                        .iter()
                                        .skip((page - 1) * 7)
                                        .take(7)
                                        .map(|p| p.id.clone())
                                        .collect();
                                    assert_eq!(
                                        (ids, total),
                                        (want, expected.len() as u64),
                                        "{order} {category:?} {company:?} {price:?} {search:?} {featured} page {page}"
                                    );
                                    checked += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 400, "{checked} pages checked");
    }

    #[test]
    fn changes_are_applied_and_renames_reach_products() {
        let model = ReadModel::new(catalog());
        model.apply(vec![CatalogChange::ProductSaved(Box::new(product(
            "p6",
            "Cupcake Liners",
            "Pack Right",
            "Packaging",
            9_900,
            false,
        )))]);
        model.apply(vec![
            CatalogChange::ProductDeleted("p5".into()),
            CatalogChange::CategorySaved(CategoryRef {
                id: "c-flours".into(),
                name: "Flours & Grains".into(),
            }),
        ]);
        let snapshot = model.snapshot();
        assert_eq!(snapshot.len(), 5);
        assert!(snapshot.product("p5").is_none());
        assert_eq!(
            snapshot.product("p1").unwrap().category.name,
            "Flours & Grains"
        );
        assert_eq!(
            ids(
                &snapshot,
                ProductParams {
                    category: Some("flours & grains".into()),
                    ..Default::default()
                }
            )
            .0,
            ["p2", "p1"]
        );
        assert!(snapshot.companies().contains(&"Pack Right".to_owned()));
        let renamed: serde_json::Value =
            serde_json::from_str(snapshot.product("p2").unwrap().json()).unwrap();
        assert_eq!(
            renamed["category"]["name"], "Flours & Grains",
            "a rename re-serialises its products"
        );
        assert!(snapshot.choices_json().contains("Flours & Grains"));
    }

    #[test]
    fn a_stock_change_swaps_the_product_in_place_and_keeps_the_indexes() {
        let model = ReadModel::new(catalog());
        let before = model.snapshot();
        let mut p3 = before.product("p3").unwrap().view.clone();
        p3.stock = 2;
        model.apply(vec![
            CatalogChange::ProductSaved(Box::new(p3.clone())),
            CatalogChange::ProductSaved(Box::new(p3)),
        ]);
        let snapshot = model.snapshot();
        let p3 = snapshot.product("p3").unwrap();
        assert_eq!(p3.stock, 2);
        assert!(p3.json().contains(r#""stock":2"#));
        assert_eq!(snapshot.product("p1").unwrap().stock, 10);
        assert!(
            Arc::ptr_eq(&snapshot.indexes, &before.indexes),
            "nothing the indexes see changed"
        );
        assert_eq!(
            ids(&snapshot, ProductParams::default()).0,
            ["p2", "p1", "p3", "p5", "p4"]
        );
        assert_eq!(snapshot.len(), 5);
    }

    #[test]
    fn a_batch_applies_in_order_whatever_it_mixes() {
        let model = ReadModel::new(catalog());
        let mut dearer = model.snapshot().product("p1").unwrap().view.clone();
        dearer.selling_price = Money::from_rupees(1_000);
        model.apply(vec![
            CatalogChange::ProductSaved(Box::new(product(
                "p7",
                "Piping Bags",
                "Sugarcraft",
                "Tools",
                9_900,
                false,
            ))),
            CatalogChange::CategorySaved(CategoryRef {
                id: "c-tools".into(),
                name: "Decorating Tools".into(),
            }),
            CatalogChange::ProductDeleted("p7".into()),
            CatalogChange::ProductSaved(Box::new(product(
                "p7",
                "Piping Bags",
                "Sugarcraft",
                "Tools",
                9_900,
                false,
            ))),
            CatalogChange::ProductSaved(Box::new(dearer)),
            CatalogChange::ProductDeleted("p4".into()),
        ]);
        let snapshot = model.snapshot();
        assert_eq!(
            snapshot.product("p7").unwrap().category.name,
            "Tools",
            "saved after the rename, with the name it carries"
        );
        assert!(snapshot.product("p4").is_none());
        assert_eq!(
            ids(
                &snapshot,
                ProductParams {
                    order: Some("high".into()),
                    ..Default::default()
                }
            )
            .0,
            ["p1", "p2", "p3", "p7", "p5"]
        );
    }
}
