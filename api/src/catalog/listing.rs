//! Querying a snapshot: one page of a filtered, sorted listing, and search by text.

use std::sync::Arc;

use pricing::PageRequest;

use crate::catalog::query::{ListQuery, Order};
use crate::catalog::snapshot::{CatalogProduct, Row, Snapshot};

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

/// One page of a listing.
#[derive(Debug, Clone)]
pub struct Listing {
    pub products: Vec<Arc<CatalogProduct>>,
    /// How many products match.
    pub total: u64,
}

impl Snapshot {
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
                    !self.entries[index].view.title_key().starts_with(&needle),
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
}

/// Orders `items` just enough that its first `count` are the smallest, in order: a page of many
/// matches costs a linear selection and a sort of the page, not a sort of every match.
pub(super) fn sort_first<T: Ord>(items: &mut [T], count: usize) {
    if count == 0 {
        return;
    }
    if count < items.len() {
        items.select_nth_unstable(count - 1);
    }
    let count = count.min(items.len());
    items[..count].sort_unstable();
}
