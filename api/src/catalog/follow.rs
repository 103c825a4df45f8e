//! Keeps this node's catalog in step with the database, whichever node wrote: the read model is
//! changed only from the database's change feed, in commit order.
//!
//! A change feed rather than `LIVE SELECT`: a live query's notifications are gone once its
//! connection drops or the database restarts, while the feed is stored with the data and read
//! from a versionstamp, so a node resumes where it stopped and loses nothing. When it cannot
//! resume (it was away longer than the feed is kept), it loads the whole catalog again.
//!
//! A commit's versionstamp is minted just before the commit lands, so a commit can become
//! visible a moment after a later-stamped one. Reading only past the newest stamp seen would
//! skip it; so the follower keeps two positions. The *head* is past the newest change set
//! applied: each quick read starts there. The *settled* stamp trails the database clock by
//! [`LATE_COMMIT`]: every commit stamped before it has landed, and every change set from it on
//! that was applied is remembered, so a sweep from it applies exactly the late ones. Such a late
//! commit never touches a record a later-applied commit touched (two commits that write one
//! record conflict, and the second one is minted after the first lands), so applying it late
//! gives the state commit order gives.
//!
//! Each node reads the feed right after each of its own writes, so a write is in its own node's
//! listings when the request answers, and every [`INTERVAL`] otherwise, sweeping every
//! [`SWEEP_EVERY`] reads. A write takes a [`WriteMark`] (the head) before it starts: every change
//! set applied by then was stamped before the write's own, so reading from the mark finds the
//! write even when a later-stamped commit landed first and moved the head past it.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use tokio::sync::Mutex;

use crate::catalog::feed::{self, Change, ChangeSet, Stamp};
use crate::catalog::read_model::ReadModel;
use crate::catalog::snapshot::CatalogChange;
use crate::db::Db;
use crate::products::repo::{CategoryRow, ProductRow};
use crate::products::types::CategoryRef;

/// How often each node reads the feed when it writes nothing itself.
pub const INTERVAL: Duration = Duration::from_millis(100);
/// Every how many reads one is a sweep from the settled stamp.
pub const SWEEP_EVERY: u32 = 5;
/// The longest a commit may take to land after its versionstamp is minted (writing its feed
/// entries and committing, microseconds to milliseconds on one database) for the follower to
/// see it. A generous bound: a sweep re-reads this much of the feed.
pub const LATE_COMMIT: Duration = Duration::from_secs(1);
/// The longest one read of the feed may take before it counts as failed.
pub const READ_TIMEOUT: Duration = Duration::from_secs(5);

fn stamps(duration: Duration) -> Stamp {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX >> 16) << 16
}

/// Where this node stands in the feed.
#[derive(Debug)]
struct Cursor {
    /// Every change set stamped below this has been applied (or predates the loaded snapshot).
    settled: Stamp,
    /// The stamps at or after `settled` of the change sets applied.
    applied: BTreeSet<Stamp>,
    /// Past the newest change set applied: quick reads start here.
    head: Stamp,
    /// The last catch-up request served (see [`Follower::catch_up`]).
    served: u64,
    /// When the feed was last read to its end.
    read_at: Instant,
    /// Category names by key, as of the last change applied.
    categories: HashMap<String, String>,
}

impl Cursor {
    /// A cursor for a catalog loaded from the database at clock stamp `clock`: commits that
    /// may still land behind the load are swept up from `clock - LATE_COMMIT`.
    fn after_load(clock: Stamp, categories: HashMap<String, String>) -> Cursor {
        let settled = clock.saturating_sub(stamps(LATE_COMMIT));
        Cursor {
            settled,
            applied: BTreeSet::new(),
            head: settled,
            served: 0,
            read_at: Instant::now(),
            categories,
        }
    }

    /// The change sets of a read not applied yet, in stamp order, marked as applied.
    fn take_fresh(&mut self, sets: Vec<ChangeSet>, outcome: &mut ReadOutcome) -> Vec<ChangeSet> {
        let fresh: Vec<ChangeSet> = sets
            .into_iter()
            .filter(|set| set.version >= self.settled && !self.applied.contains(&set.version))
            .collect();
        for set in &fresh {
            outcome.applied += 1;
            if set.version < self.head {
                outcome.late += 1;
            }
            self.applied.insert(set.version);
            self.head = self.head.max(set.version + 1);
        }
        fresh
    }

    /// After a sweep that began at database clock `clock` and read to the feed's end: every
    /// commit minted before `clock - LATE_COMMIT` had landed by then, so it has been applied.
    fn settle(&mut self, clock: Stamp) {
        self.settled = self
            .settled
            .max(clock.saturating_sub(stamps(LATE_COMMIT)).min(self.head));
        let settled = self.settled;
        self.applied.retain(|&stamp| stamp >= settled);
    }
}

/// Follows the change feed into a read model.
#[derive(Debug)]
pub struct Follower {
    db: Db,
    model: Arc<ReadModel>,
    cursor: Mutex<Cursor>,
    /// Catch-up requests handed out so far.
    tickets: AtomicU64,
    /// The cursor's head, readable without the lock (for [`Follower::mark`]).
    head: AtomicU64,
    /// The lowest mark of the catch-up requests waiting for the next read (`u64::MAX`: none).
    pending_from: AtomicU64,
}

/// The feed position a write starts from: see the module doc.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteMark(Stamp);

/// What one read did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ReadOutcome {
    pub applied: usize,
    /// Of those, change sets that landed behind a later-stamped one already applied.
    pub late: usize,
}

impl Follower {
    /// Loads the whole catalog into a new read model and follows the feed from then on.
    pub async fn start(db: Db) -> anyhow::Result<Arc<Follower>> {
        let model = Arc::new(ReadModel::default());
        let cursor = load(&db, &model).await?;
        Ok(Arc::new(Follower {
            db,
            model,
            head: AtomicU64::new(cursor.head),
            cursor: Mutex::new(cursor),
            tickets: AtomicU64::new(0),
            pending_from: AtomicU64::new(u64::MAX),
        }))
    }

    /// The read model it keeps.
    pub fn model(&self) -> &Arc<ReadModel> {
        &self.model
    }

    /// Where a write that starts now should have the feed read from once it commits.
    pub fn mark(&self) -> WriteMark {
        WriteMark(self.head.load(Ordering::SeqCst))
    }

    /// Applies every change committed before this call. Calls that wait while another reads the
    /// feed are served by the next read, which starts after all of them.
    pub async fn catch_up(&self) -> anyhow::Result<()> {
        self.read_ticketed(None, false).await.map(|_| ())
    }

    /// Applies every change committed before this call, reading from `mark` on: a write calls
    /// it after committing, so the write shows in this node's listings before it answers.
    pub async fn catch_up_from(&self, mark: WriteMark) -> anyhow::Result<()> {
        self.read_ticketed(Some(mark), false).await.map(|_| ())
    }

    /// Reads the feed from the settled stamp, applying commits that landed late, then to its end.
    pub async fn sweep(&self) -> anyhow::Result<ReadOutcome> {
        self.read_ticketed(None, true).await
    }

    async fn read_ticketed(
        &self,
        mark: Option<WriteMark>,
        sweep: bool,
    ) -> anyhow::Result<ReadOutcome> {
        // The mark is published before the ticket is taken, so a read that serves this ticket
        // (it saw the ticket before taking the marks) starts at or before the mark.
        if let Some(WriteMark(mark)) = mark {
            self.pending_from.fetch_min(mark, Ordering::SeqCst);
        }
        let ticket = self.tickets.fetch_add(1, Ordering::SeqCst) + 1;
        let mut cursor = self.cursor.lock().await;
        if cursor.served >= ticket && !sweep {
            return Ok(ReadOutcome::default());
        }
        let through = self.tickets.load(Ordering::SeqCst);
        let from = self.pending_from.swap(u64::MAX, Ordering::SeqCst);
        let since = if sweep {
            cursor.settled
        } else {
            cursor.head.min(from).max(cursor.settled)
        };
        let outcome = tokio::time::timeout(READ_TIMEOUT, self.read(&mut cursor, since, sweep))
            .await
            .context("reading the change feed timed out")??;
        self.head.store(cursor.head, Ordering::SeqCst);
        cursor.served = cursor.served.max(through);
        Ok(outcome)
    }

    /// Reads the feed from `since` to its end, applying the change sets not applied yet; a sweep
    /// then moves the settled stamp up.
    async fn read(
        &self,
        cursor: &mut Cursor,
        mut since: Stamp,
        sweep: bool,
    ) -> anyhow::Result<ReadOutcome> {
        if cursor.read_at.elapsed() > feed::RETENTION.saturating_sub(Duration::from_secs(60)) {
            tracing::warn!(
                "the change feed may have moved past this node: loading the whole catalog again"
            );
            *cursor = load(&self.db, &self.model).await?;
            return Ok(ReadOutcome::default());
        }
        let mut outcome = ReadOutcome::default();
        let mut clock = None;
        loop {
            let mut page = feed::changes(&self.db, since).await?;
            clock.get_or_insert(page.clock);
            if page.full && page.sets.len() > 1 {
                // The last set may be cut short: read it whole with the next page.
                let cut = page.sets.pop().map_or(since, |set| set.version);
                since = cut;
            } else if let Some(last) = page.sets.last() {
                since = last.version + 1;
            }
            let fresh = cursor.take_fresh(page.sets, &mut outcome);
            let changes = catalog_changes(fresh, &mut cursor.categories);
            self.model.apply(changes);
            if !page.full {
                break;
            }
        }
        if outcome.late > 0 {
            tracing::info!(
                late = outcome.late,
                "applied commits that landed after later-stamped ones"
            );
        }
        if sweep && let Some(clock) = clock {
            cursor.settle(clock);
        }
        cursor.read_at = Instant::now();
        Ok(outcome)
    }

    /// [`Follower::catch_up_from`] after a write of this node's: a failure is logged, not
    /// returned, since the write itself committed (the background reads catch up later).
    pub async fn after_write(&self, mark: WriteMark) {
        if let Err(error) = self.catch_up_from(mark).await {
            tracing::warn!(error = ?error, "the catalog could not read the change feed after a write");
        }
    }

    /// Reads the feed every [`INTERVAL`] until the tasks stop; a failed read (the database
    /// restarting, say) is tried again, and the feed resumes where it stopped.
    pub fn spawn(self: &Arc<Follower>, tasks: &crate::background::Tasks) {
        let follower = Arc::clone(self);
        tasks.spawn(async move {
            let mut failing_since: Option<Instant> = None;
            let mut reads: u32 = 0;
            loop {
                tokio::time::sleep(INTERVAL).await;
                reads = reads.wrapping_add(1);
                let result = if reads.is_multiple_of(SWEEP_EVERY) {
                    follower.sweep().await.map(|_| ())
                } else {
                    follower.catch_up().await
                };
                match result {
                    Ok(()) => {
                        if let Some(since) = failing_since.take() {
                            tracing::info!(down_for = ?since.elapsed(), "the catalog follows the database again");
                        }
                    }
                    Err(error) => {
                        if failing_since.is_none() {
                            tracing::warn!(error = ?error, "reading the catalog's change feed failed; trying again");
                            failing_since = Some(Instant::now());
                        }
                    }
                }
            }
        });
    }
}

/// Loads the whole catalog into `model` and returns the cursor to follow the feed from. The
/// clock is read before the load, and the feed swept from a little before it, so nothing
/// committed during the load is missed (a change read again is applied again, to no effect:
/// each carries the whole record).
async fn load(db: &Db, model: &ReadModel) -> anyhow::Result<Cursor> {
    let clock = feed::now(db).await?;
    let snapshot = crate::catalog::load(db).await?;
    let categories = snapshot
        .categories()
        .iter()
        .map(|category| (category.id.clone(), category.name.clone()))
        .collect();
    model.replace(snapshot);
    Ok(Cursor::after_load(clock, categories))
}

/// The read-model changes of change sets, in order, with each product showing the name its
/// category had at that point. A product whose category is unknown is skipped with a warning,
/// as at start-up. Within a set (one commit) the stock changes come last, so that a product
/// created with its stock has its product record before its stock is set.
fn catalog_changes(
    sets: Vec<ChangeSet>,
    categories: &mut HashMap<String, String>,
) -> Vec<CatalogChange> {
    let mut out = Vec::new();
    for set in sets {
        let (stock, records): (Vec<Change>, Vec<Change>) = set
            .changes
            .into_iter()
            .partition(|change| matches!(change, Change::StockSaved(..)));
        for change in records.into_iter().chain(stock) {
            record_change(change, categories, &mut out);
        }
    }
    out
}

fn record_change(
    change: Change,
    categories: &mut HashMap<String, String>,
    out: &mut Vec<CatalogChange>,
) {
    match change {
        Change::CategorySaved(id, name) => {
            categories.insert(id.clone(), name.clone());
            out.push(CatalogChange::CategorySaved(CategoryRef { id, name }));
        }
        Change::CategoryDeleted(id) => {
            categories.remove(&id);
            out.push(CatalogChange::CategoryDeleted(id));
        }
        Change::ProductDeleted(id) => out.push(CatalogChange::ProductDeleted(id)),
        Change::ProductSaved(record) => match product_row(*record, categories) {
            Some(row) => out.push(CatalogChange::ProductSaved(Box::new(row.view()))),
            None => tracing::warn!("skipping a product change whose category is unknown"),
        },
        Change::StockSaved(id, units) => out.push(CatalogChange::StockSet(id, units)),
    }
}

fn product_row(
    record: feed::ProductRecord,
    categories: &HashMap<String, String>,
) -> Option<ProductRow> {
    let category = feed::key(&record.category)?;
    let name = categories.get(&category)?.clone();
    Some(ProductRow {
        id: feed::key(&record.id)?,
        title: record.title,
        company: record.company,
        description: record.description,
        price: record.price,
        selling_price: record.selling_price,
        // Not in the product record: the catalog keeps the stock it has (see
        // `CatalogChange::ProductSaved`).
        stock: 0,
        featured: record.featured,
        hsn: record.hsn,
        gst_rate: record.gst_rate,
        category: CategoryRow { id: category, name },
        images: record.images,
        created_at: record.created_at.to_string(),
        updated_at: record.updated_at.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: Stamp = 1000 << 16;
    /// 2026-11-24 as a stamp.
    const T0: Stamp = 1_795_996_800_000 << 16;

    fn set(version: Stamp) -> ChangeSet {
        ChangeSet {
            version,
            changes: vec![Change::ProductDeleted(format!("p{version}"))],
        }
    }

    fn versions(sets: &[ChangeSet]) -> Vec<Stamp> {
        sets.iter().map(|set| set.version).collect()
    }

    #[test]
    fn a_commit_that_lands_behind_a_later_stamped_one_is_applied_by_the_next_read_from_before_it() {
        let mut cursor = Cursor::after_load(T0, HashMap::new());
        let mut outcome = ReadOutcome::default();
        // The commit stamped T0+2 landed first; T0+1 was still committing.
        assert_eq!(
            versions(&cursor.take_fresh(vec![set(T0 + 2)], &mut outcome)),
            [T0 + 2]
        );
        assert_eq!(cursor.head, T0 + 3);
        // A read from before it (a sweep, or a write's mark) sees both: only T0+1 is new.
        let fresh = cursor.take_fresh(vec![set(T0 + 1), set(T0 + 2)], &mut outcome);
        assert_eq!(versions(&fresh), [T0 + 1]);
        assert_eq!(
            outcome,
            ReadOutcome {
                applied: 2,
                late: 1
            }
        );
        assert_eq!(cursor.head, T0 + 3, "the head never moves back");
    }

    #[test]
    fn settling_trails_the_clock_by_the_late_commit_bound_and_forgets_only_what_it_passed() {
        let mut cursor = Cursor::after_load(T0, HashMap::new());
        assert_eq!(cursor.settled, T0 - stamps(LATE_COMMIT));
        let mut outcome = ReadOutcome::default();
        cursor.take_fresh(vec![set(T0 + 5), set(T0 + 2 * SECOND)], &mut outcome);
        cursor.settle(T0 + 2 * SECOND + 10);
        assert_eq!(cursor.settled, T0 + SECOND + 10);
        assert_eq!(
            cursor.applied.iter().copied().collect::<Vec<_>>(),
            [T0 + 2 * SECOND],
            "T0+5 is behind the settled stamp"
        );
        // Reading again from the settled stamp applies nothing twice.
        assert!(
            cursor
                .take_fresh(vec![set(T0 + 5), set(T0 + 2 * SECOND)], &mut outcome)
                .is_empty()
        );
    }

    #[test]
    fn the_settled_stamp_never_passes_the_head() {
        let mut cursor = Cursor::after_load(T0, HashMap::new());
        cursor.settle(T0 + 60 * SECOND);
        assert_eq!(
            cursor.settled, cursor.head,
            "nothing read past the head yet, so nothing past it is settled"
        );
        let (head, mut outcome) = (cursor.head, ReadOutcome::default());
        assert_eq!(
            versions(&cursor.take_fresh(vec![set(head)], &mut outcome)),
            [head],
            "a commit stamped at the head is still read"
        );
    }

    #[test]
    fn products_carry_the_name_their_category_had_at_that_point_of_the_feed() {
        let record = |name: &str| feed::ProductRecord {
            id: surrealdb::types::RecordId::new("product", "p1"),
            title: name.to_owned(),
            company: "Whisk Mills".to_owned(),
            description: String::new(),
            price: rust_decimal::Decimal::from(80),
            selling_price: rust_decimal::Decimal::from(80),
            featured: false,
            hsn: "1101".to_owned(),
            gst_rate: Some(rust_decimal::Decimal::from(5)),
            category: surrealdb::types::RecordId::new("category", "c1"),
            images: vec![None; 5],
            created_at: surrealdb::types::Datetime::now(),
            updated_at: surrealdb::types::Datetime::now(),
        };
        let sets = vec![
            ChangeSet {
                version: T0,
                changes: vec![Change::ProductSaved(Box::new(record("Maida")))],
            },
            ChangeSet {
                version: T0 + 1,
                changes: vec![Change::CategorySaved("c1".into(), "Flours".into())],
            },
            ChangeSet {
                version: T0 + 2,
                changes: vec![Change::ProductSaved(Box::new(record("Maida 1 kg")))],
            },
        ];
        let mut categories = HashMap::new();
        let changes = catalog_changes(sets, &mut categories);
        assert_eq!(
            changes.len(),
            2,
            "the product saved before its category was known is skipped"
        );
        let CatalogChange::ProductSaved(view) = &changes[1] else {
            panic!("a product change")
        };
        assert_eq!(
            (view.title.as_str(), view.category.name.as_str()),
            ("Maida 1 kg", "Flours")
        );
    }

    #[test]
    fn a_commits_stock_changes_follow_its_product_changes() {
        let sets = vec![ChangeSet {
            version: T0,
            changes: vec![
                Change::StockSaved("p1".into(), 7),
                Change::CategorySaved("c1".into(), "Flours".into()),
                Change::ProductDeleted("p2".into()),
            ],
        }];
        let changes = catalog_changes(sets, &mut HashMap::new());
        assert!(
            matches!(
                changes.as_slice(),
                [
                    CatalogChange::CategorySaved(_),
                    CatalogChange::ProductDeleted(_),
                    CatalogChange::StockSet(id, 7)
                ] if id == "p1"
            ),
            "{changes:?}"
        );
    }
}
