//! The admin's order list, answered from memory: every order of the shop, newest first, or
//! those of one status, or those whose number, ship-to name, e-mail or company contains a text.
//! From the database, a text read every order (1.5-2.0 s with 50,000 orders) and a deep page
//! every order before it (0.4 s for page 500), and an index there costs every placement its
//! upkeep: trigram indexes a fifth of the orders bench's rate, even a plain index on
//! `updated_at` 15%. Here each node keeps, of every order, the fields a text is looked for in,
//! its status and its placing time, read whole once (at start, or by the first list); each list
//! after reads only the orders placed since the one before (along `created_at`) and those the
//! audit log shows edited or deleted since, so a write through any node is listed by the next
//! request on every node, and placing an order writes nothing more. The page's orders
//! themselves are read from the database.
//!
//! The count of orders, read in the same snapshot, tells when the index went astray (an order
//! generated or restored with an old date, or a write committed too long after it was stamped):
//! the next list then reads the index whole again. Once an hour a background task reads it
//! whole whatever the count says, into a new index that takes the old one's place, so no list
//! waits for that read.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::{Duration, Instant};

use memchr::memmem::Finder;
use pricing::PageRequest;
use surrealdb::types::Datetime;
use tokio::sync::Mutex;

use crate::db::Db;
use crate::domain::OrderId;
use crate::orders::repo::{self, IndexedOrder, OrderRow};
use crate::orders::types::OrderStatus;

/// How long the index goes on from reads of what changed before the background reads it whole
/// again.
const WHOLE_READ_EVERY: Duration = Duration::from_secs(60 * 60);

/// The admin's order list of one node.
#[derive(Debug, Default)]
pub struct AdminOrderList {
    /// `None` until every order is first read.
    index: Mutex<Option<Synced>>,
}

/// The index and where its reads stand.
#[derive(Debug)]
struct Synced {
    index: OrderIndex,
    /// Where the next read of what changed starts (the database's clock).
    next_since: Datetime,
    /// True when the count of orders disagreed with the index right after that read (orders
    /// changing meanwhile in a way the read of changes does not see): the next list reads
    /// every order again.
    read_again: bool,
}

impl AdminOrderList {
    /// Reads every order in the background at start, so that the first list need not (a list
    /// asked for meanwhile waits for it), and again every [`WHOLE_READ_EVERY`].
    pub fn keep(self: &Arc<Self>, db: Db, tasks: &crate::background::Tasks) {
        let list = Arc::clone(self);
        tasks.spawn(async move {
            list.read_first(&db).await;
            loop {
                tokio::time::sleep(WHOLE_READ_EVERY).await;
                if let Err(error) = list.read_whole_again(&db).await {
                    tracing::warn!(%error, "the admin's order list could not read every order again; it goes on from the changes");
                }
            }
        });
    }

    /// Reads every order unless a list already did, holding the index meanwhile so that a list
    /// asked for waits for this read rather than making its own. A read that fails leaves the
    /// reading to the first list.
    async fn read_first(&self, db: &Db) {
        let mut slot = self.index.lock().await;
        if slot.is_some() {
            return;
        }
        match read_whole(db).await {
            Ok(synced) => *slot = Some(synced),
            Err(error) => {
                tracing::warn!(%error, "the admin's order list could not read the orders at start; the first list will");
            }
        }
    }

    /// Reads every order into a new index while lists go on from the one there, then puts the
    /// new one in its place. The new index has read what changed up to its own end, and the
    /// next list reads on from there, so nothing written meanwhile is missed.
    pub async fn read_whole_again(&self, db: &Db) -> anyhow::Result<()> {
        let synced = read_whole(db).await?;
        *self.index.lock().await = Some(synced);
        Ok(())
    }

    /// One page of the orders, newest first: those with `status` when given, and those one of
    /// whose number, ship-to name, e-mail or company contains `needle` (lower-cased) when
    /// given; and how many there are.
    pub async fn page(
        &self,
        db: &Db,
        needle: Option<&str>,
        status: Option<OrderStatus>,
        page: PageRequest,
    ) -> anyhow::Result<(Vec<OrderRow>, u64)> {
        let (ids, total) = {
            let mut slot = self.index.lock().await;
            let index = synced(db, &mut slot).await?;
            let matches = index.matching(needle, status);
            let ids: Vec<OrderId> = matches[page.range(matches.len())]
                .iter()
                .filter_map(|id| OrderId::parse(id))
                .collect();
            (ids, matches.len())
        };
        let rows = repo::rows(db, &ids).await?;
        Ok((rows, u64::try_from(total).unwrap_or(u64::MAX)))
    }
}

/// The index brought up to date: read whole when there is none yet or when the count of orders
/// disagreed with it; otherwise the orders written since the last read are put in. A read that
/// fails leaves no index, for the next list to read whole.
async fn synced<'a>(db: &Db, slot: &'a mut Option<Synced>) -> anyhow::Result<&'a OrderIndex> {
    let mut kept = slot.take().filter(|synced| !synced.read_again);
    if let Some(synced) = kept.as_mut()
        && !catch_up(db, synced).await?
    {
        kept = None;
    }
    let synced = match kept {
        Some(synced) => synced,
        None => read_whole(db).await?,
    };
    Ok(&slot.insert(synced).index)
}

/// Puts in the orders written since `synced`'s last read; false when the count of orders then
/// disagrees with it.
async fn catch_up(db: &Db, synced: &mut Synced) -> anyhow::Result<bool> {
    let read = repo::indexed_orders(db, synced.next_since).await?;
    synced.next_since = read.next_since;
    for order in read.orders {
        synced.index.put(order);
    }
    for key in &read.deleted {
        synced.index.remove(key);
    }
    let in_step = synced.index.len() as u64 == read.total;
    if !in_step {
        tracing::info!(
            indexed = synced.index.len(),
            stored = read.total,
            "the admin's order list missed a change; it reads every order again"
        );
    }
    Ok(in_step)
}

/// Orders read a batch at a time when every order is read.
const BATCH: i64 = 2_000;

/// Every order read into a new index, a batch at a time along the placing time, then brought
/// up to date once: what was placed, edited or deleted meanwhile is read from the time before
/// the first batch.
async fn read_whole(db: &Db) -> anyhow::Result<Synced> {
    let started = Instant::now();
    // What changes while the batches are read is read after them, from five seconds before
    // the first (see `repo::indexed_orders`).
    let next_since = Datetime::from(*crate::db::clock(db).await? - Duration::from_secs(5));
    let mut index = OrderIndex::default();
    let mut after = None;
    loop {
        let batch = repo::indexed_batch(db, after, BATCH).await?;
        let full = batch.len() as i64 == BATCH;
        let last = batch.last().map(|order| order.created_at);
        for order in batch {
            index.put(order);
        }
        // A batch ends inside the orders of one time, so the next starts at that time again
        // (putting an order twice keeps one); a batch all of one time reads the rest at once.
        match last {
            Some(last) if full && after != Some(last) => after = Some(last),
            Some(last) if full => {
                for order in repo::indexed_batch(db, Some(last), i64::MAX).await? {
                    index.put(order);
                }
                break;
            }
            _ => break,
        }
    }
    let mut synced = Synced {
        index,
        next_since,
        read_again: false,
    };
    synced.read_again = !catch_up(db, &mut synced).await?;
    tracing::debug!(
        ms = started.elapsed().as_secs_f64() * 1000.0,
        read_again = synced.read_again,
        "the admin's order list read every order"
    );
    Ok(synced)
}

/// Of every order, the searched fields, the status and the placing time; newest last.
#[derive(Debug, Default)]
struct OrderIndex {
    /// By placing time, then record key.
    by_time: BTreeMap<(Datetime, Box<str>), Entry>,
    /// Each order's placing time, to find its entry when the order changes.
    placed: HashMap<Box<str>, Datetime>,
}

/// One order's searched text.
#[derive(Debug)]
struct Entry {
    status: OrderStatus,
    /// The lower-cased order number, name, e-mail and company, a newline between each two.
    text: Box<str>,
    /// Where in `text` the three newlines between the fields are: a match across one spans two
    /// fields, and does not count.
    separators: [u32; 3],
}

impl Entry {
    fn new(order: &IndexedOrder) -> Entry {
        let mut text = String::new();
        let mut separators = [0; 3];
        text.push_str(&order.order_id.to_lowercase());
        for (separator, field) in
            separators
                .iter_mut()
                .zip([&order.name, &order.email, &order.company])
        {
            *separator = u32::try_from(text.len()).unwrap_or(u32::MAX);
            text.push('\n');
            text.push_str(&field.to_lowercase());
        }
        Entry {
            status: order.status,
            text: text.into_boxed_str(),
            separators,
        }
    }

    /// True when one of the fields contains the needle.
    fn contains(&self, needle: &Finder<'_>) -> bool {
        let length = needle.needle().len();
        needle.find_iter(self.text.as_bytes()).any(|at| {
            let span = at..at + length;
            !self
                .separators
                .iter()
                .any(|&separator| span.contains(&(separator as usize)))
        })
    }
}

impl OrderIndex {
    /// How many orders it holds.
    fn len(&self) -> usize {
        self.placed.len()
    }

    /// Puts in an order, in place of what it held of it before.
    fn put(&mut self, order: IndexedOrder) {
        let entry = Entry::new(&order);
        let key: Box<str> = order.id.into_boxed_str();
        if let Some(before) = self.placed.insert(key.clone(), order.created_at) {
            self.by_time.remove(&(before, key.clone()));
        }
        self.by_time.insert((order.created_at, key), entry);
    }

    /// Takes out the order with this record key, if it holds it.
    fn remove(&mut self, key: &str) {
        if let Some((key, placed)) = self.placed.remove_entry(key) {
            self.by_time.remove(&(placed, key));
        }
    }

    /// The record keys of the orders with `status` (any when `None`) one of whose fields
    /// contains `needle` (lower-cased; any order when `None`), newest first.
    fn matching(&self, needle: Option<&str>, status: Option<OrderStatus>) -> Vec<&str> {
        let needle = needle.map(|needle| Finder::new(needle.as_bytes()));
        self.by_time
            .iter()
            .rev()
            .filter(|(_, entry)| {
                status.is_none_or(|status| entry.status == status)
                    && needle.as_ref().is_none_or(|needle| entry.contains(needle))
            })
            .map(|((_, key), _)| &**key)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(
        key: &str,
        number: &str,
        name: &str,
        status: OrderStatus,
        second: i64,
    ) -> IndexedOrder {
        IndexedOrder {
            id: key.to_owned(),
            order_id: number.to_owned(),
            name: name.to_owned(),
            email: format!("{}@example.in", name.to_lowercase()),
            company: "Asha Bakes".to_owned(),
            status,
            created_at: Datetime::from_timestamp(1_790_000_000 + second, 0).unwrap(),
        }
    }

    fn index(orders: Vec<IndexedOrder>) -> OrderIndex {
        let mut index = OrderIndex::default();
        for order in orders {
            index.put(order);
        }
        index
    }

    #[test]
    fn lists_newest_first_by_status_and_by_a_text_in_any_field_in_any_case() {
        let index = index(vec![
            order("a", "ORD1001", "Meera", OrderStatus::Pending, 1),
            order("b", "ORD1002", "Ravi", OrderStatus::Paid, 3),
            order("c", "ORD1003", "Meera Iyer", OrderStatus::Paid, 2),
        ]);
        assert_eq!(index.matching(Some("meera"), None), ["c", "a"]);
        assert_eq!(index.matching(Some("ord100"), None), ["b", "c", "a"]);
        assert_eq!(index.matching(Some("ravi@"), None), ["b"]);
        assert_eq!(index.matching(Some("asha bakes"), None), ["b", "c", "a"]);
        assert_eq!(
            index.matching(Some("meera"), Some(OrderStatus::Paid)),
            ["c"]
        );
        assert!(index.matching(Some("priya"), None).is_empty());
        assert_eq!(index.matching(None, None), ["b", "c", "a"]);
        assert_eq!(index.matching(None, Some(OrderStatus::Paid)), ["b", "c"]);
        assert!(index.matching(None, Some(OrderStatus::Shipped)).is_empty());
    }

    #[test]
    fn a_match_across_two_fields_does_not_count() {
        let index = index(vec![order(
            "a",
            "ORD1001",
            "Meera",
            OrderStatus::Pending,
            1,
        )]);
        assert!(index.matching(Some("1001\nmeera"), None).is_empty());
        assert!(index.matching(Some("1\nm"), None).is_empty());
        assert_eq!(index.matching(Some("1001"), None), ["a"]);
    }

    #[test]
    fn a_field_of_its_own_with_a_newline_still_matches_across_it() {
        let mut meera = order("a", "ORD1001", "Meera", OrderStatus::Pending, 1);
        meera.company = "Asha\nBakes".to_owned();
        let index = index(vec![meera]);
        assert_eq!(index.matching(Some("asha\nbakes"), None), ["a"]);
        assert!(
            index.matching(Some("bakes\n"), None).is_empty(),
            "nothing follows the last field"
        );
    }

    #[test]
    fn an_order_put_again_replaces_what_was_held_of_it_and_one_removed_is_gone() {
        let mut index = index(vec![
            order("a", "ORD1001", "Meera", OrderStatus::Pending, 1),
            order("b", "ORD1002", "Ravi", OrderStatus::Pending, 2),
        ]);
        index.put(order("a", "ORD1001", "Priya", OrderStatus::Cancelled, 1));
        assert_eq!(index.len(), 2);
        assert!(index.matching(Some("meera"), None).is_empty());
        assert_eq!(
            index.matching(Some("priya"), Some(OrderStatus::Cancelled)),
            ["a"]
        );
        assert_eq!(index.matching(Some("ord"), None), ["b", "a"]);
        index.remove("b");
        index.remove("gone");
        assert_eq!(index.len(), 1);
        assert_eq!(index.matching(Some("ord"), None), ["a"]);
    }
}
