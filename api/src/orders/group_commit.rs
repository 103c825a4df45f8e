//! Group commit of this node's order placements. Every placement increments the order counter,
//! so two placed at once always conflict, and the loser sleeps and runs again (`db::retry`);
//! queued one at a time per node instead, placements stopped conflicting among themselves
//! (16 buyers: 71 to 116-149 orders/s on spread products). But then each waited for every
//! transaction before it, and a node placed no more orders per second than one transaction's
//! time allows. Here, the placements that arrive while a transaction runs wait together and
//! then commit in one transaction, which pays the statement parsing and the commit once for
//! all of them.
//!
//! One refusal (out of stock, a changed price, too many pending orders) refuses a whole group,
//! without saying whose order it was; the group's orders are then placed one by one, so each
//! gets its own answer and the others still commit. Placements of different nodes can still
//! conflict, and retry as before.
//!
//! The turn also holds the order counter's value as this node last saw it, so a group's numbers
//! (and the mails that quote them) are known before its transaction runs; the transaction
//! checks that the counter still holds that value, and when another node has numbered orders
//! meanwhile the group is numbered again from the value it found.
//!
//! A group gives the turn to the next as soon as its transaction is applied (SurrealKV then
//! makes its writes visible to every new transaction), not when SurrealDB's grouped commit has
//! synced the write-ahead log: the next group's transaction runs while this one waits for the
//! disk, and each group answers its orders only after its own sync. The log is written in commit
//! order, so no sync makes a later group durable without the earlier ones.
//!
//! A group's transaction costs a fixed part (its parsing, commit and sync, the outbox's and the
//! catalog's reads of what it wrote) plus a part per order. At a steady rate below what the node
//! can take, the turn comes round as soon as a transaction ends, so the groups stay small and the
//! fixed part is paid over and over by few orders; the node's CPU then runs close to full and
//! any other work (a memtable flush) queues the orders. A turn may therefore be held to start no
//! sooner than `min_interval` after the one before it (`ORDER_GROUP_INTERVAL_MS`, none by
//! default), so the orders of that time share one transaction, each waiting up to that long. A
//! placement after a quiet spell does not wait: the last turn started long before.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::{Mutex, OwnedMutexGuard, oneshot};

use crate::db::Db;
use crate::mail::outbox::StoreClaim;
use crate::orders::repo::{self, OrderRow, Placing, WriteError};

/// Times a group is numbered again because other nodes moved the order counter, before its
/// placements are answered with a conflict (and, like any conflict, priced and queued again).
const NUMBERING_TRIES: u32 = 5;

/// The queue of this node's placements, and the turn to run a transaction.
#[derive(Debug)]
pub struct PlacementQueue {
    waiting: std::sync::Mutex<Vec<Waiting>>,
    /// The turn to run a transaction, and what the last one left.
    turn: Arc<Mutex<Turn>>,
    /// The shortest time from one group's start to the next's.
    min_interval: Duration,
    /// This node's name in mail claims (its outbox's): the mails of its placements are stored
    /// claimed by it.
    node: Arc<str>,
}

/// What a group's transaction leaves for the next.
#[derive(Debug, Default)]
struct Turn {
    /// The order counter's value as last seen (`None` until first read).
    last_number: Option<i64>,
    /// When the last group took the placements waiting.
    last_started: Option<Instant>,
}

/// A placement waiting for a transaction, and where its answer goes.
#[derive(Debug)]
struct Waiting {
    order: Placing,
    answer: oneshot::Sender<Result<OrderRow, WriteError>>,
}

impl PlacementQueue {
    /// An empty queue for the node whose outbox names itself `node` in claims, starting a group
    /// at most once every `min_interval`.
    pub fn new(node: &str, min_interval: Duration) -> PlacementQueue {
        PlacementQueue {
            waiting: std::sync::Mutex::default(),
            turn: Arc::default(),
            min_interval,
            node: Arc::from(node),
        }
    }

    /// Places `order` in this node's next transaction, together with the others waiting then.
    pub async fn place(&self, db: &Db, order: Placing) -> Result<OrderRow, WriteError> {
        let (answer, mut placed) = oneshot::channel();
        self.lock_waiting().push(Waiting { order, answer });
        // A placement that an earlier turn's group took answers as soon as that group commits,
        // rather than queueing on for a turn of its own: turns taken only to answer ran groups
        // of whatever had just arrived, mostly one order each, at twice a big group's cost per
        // order (64 buyers: 180-200 orders/s with 340 ms spent queueing).
        let mut turn = tokio::select! {
            biased;
            answered = &mut placed => return answer_of(answered),
            turn = Arc::clone(&self.turn).lock_owned() => turn,
        };
        let now = Instant::now();
        let start = start_of_turn(turn.last_started, self.min_interval, now);
        if start > now {
            // Holding the turn: the placements arriving meanwhile join this group.
            tokio::time::sleep_until(start.into()).await;
        }
        turn.last_started = Some(start);
        // Everything waiting, this order too unless an earlier turn took it. A placement whose
        // request went away before its turn is dropped rather than placed unseen.
        let group: Vec<Waiting> = std::mem::take(&mut *self.lock_waiting())
            .into_iter()
            .filter(|waiting| !waiting.answer.is_closed())
            .collect();
        if !group.is_empty() {
            let (db, node) = (db.clone(), Arc::clone(&self.node));
            // A task of its own, so that a request going away mid-transaction does not cancel
            // the others' placements; the turn ends when it does.
            let run = tokio::spawn(async move {
                place_group(&db, &node, group, HeldTurn::new(turn)).await;
            });
            if let Err(error) = run.await {
                tracing::error!(%error, "a group of order placements stopped");
            }
        }
        answer_of(placed.await)
    }

    fn lock_waiting(&self) -> std::sync::MutexGuard<'_, Vec<Waiting>> {
        self.waiting
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// When a turn that came at `now` takes the placements waiting: `min_interval` after the last
/// group started, or at once when that is past.
fn start_of_turn(last_started: Option<Instant>, min_interval: Duration, now: Instant) -> Instant {
    last_started
        .and_then(|started| started.checked_add(min_interval))
        .filter(|due| *due > now)
        .unwrap_or(now)
}

/// The answer a placement got, or an error when its group stopped before answering.
fn answer_of(
    answered: Result<Result<OrderRow, WriteError>, oneshot::error::RecvError>,
) -> Result<OrderRow, WriteError> {
    answered.unwrap_or_else(|_| {
        Err(WriteError::Other(anyhow::anyhow!(
            "the order placement stopped before it answered"
        )))
    })
}

/// The turn while a group holds it. A group's transaction gives it up as soon as it is applied
/// (visible to the next transaction, see [`surrealkv::applied`]), and the group's orders are
/// answered only once the write-ahead log's sync that makes them durable is done: the next group
/// runs while this one waits for the disk, and the log, written in commit order, is never synced
/// past a transaction without the ones before it.
struct HeldTurn(Arc<std::sync::Mutex<Option<OwnedMutexGuard<Turn>>>>);

impl HeldTurn {
    fn new(turn: OwnedMutexGuard<Turn>) -> HeldTurn {
        HeldTurn(Arc::new(std::sync::Mutex::new(Some(turn))))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<OwnedMutexGuard<Turn>>> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The order counter's value as last seen, while the turn is held.
    fn last_number(&self) -> Option<i64> {
        self.lock().as_ref().and_then(|turn| turn.last_number)
    }

    /// Records the counter's value as last seen, while the turn is held.
    fn set_last_number(&self, value: i64) {
        if let Some(turn) = self.lock().as_mut() {
            turn.last_number = Some(value);
        }
    }

    /// Whether the turn was given up (a transaction of the group applied).
    fn released(&self) -> bool {
        self.lock().is_none()
    }

    /// Gives the turn up once a transaction that moves the counter to `counter` is applied.
    fn release_when_applied(&self, counter: i64) -> impl FnOnce() + Send + 'static {
        let held = Arc::clone(&self.0);
        move || {
            let turn = held
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .take();
            if let Some(mut turn) = turn {
                turn.last_number = Some(counter);
            }
        }
    }
}

/// Places `group` in one transaction, or, when that is refused, each alone, their mails claimed
/// by `node`. The turn goes to the next group once the last transaction it needs is applied.
async fn place_group(db: &Db, node: &str, group: Vec<Waiting>, turn: HeldTurn) {
    let (orders, answers): (Vec<Placing>, Vec<_>) = group
        .into_iter()
        .map(|waiting| (waiting.order, waiting.answer))
        .unzip();
    let together = place_numbered(db, node, &orders, &turn, Release::WhenApplied).await;
    match together {
        Ok(rows) => {
            for (answer, row) in answers.into_iter().zip(rows) {
                let _ = answer.send(Ok(row));
            }
            return;
        }
        Err(error) if orders.len() == 1 => {
            if let Some(answer) = answers.into_iter().next() {
                let _ = answer.send(Err(error));
            }
            return;
        }
        // The turn went to the next group, so these are not placed one by one behind it.
        Err(error) if turn.released() => {
            for answer in answers {
                let _ = answer.send(Err(after_release(&error)));
            }
            return;
        }
        Err(_) => {}
    }
    // One by one, holding the turn throughout: an order released early would let the next
    // group number orders while this one still places its others.
    for (order, answer) in orders.iter().zip(answers) {
        let placed = place_numbered(db, node, std::slice::from_ref(order), &turn, Release::AtEnd)
            .await
            .and_then(|rows| {
                rows.into_iter().next().ok_or_else(|| {
                    WriteError::Other(anyhow::anyhow!("a placement gave back no order"))
                })
            });
        let _ = answer.send(placed);
    }
}

/// What each order of a group hears when its transaction failed after giving the turn up. An
/// error of the store ([`WriteError::Other`]: the log's sync failed after the writes applied)
/// is passed on, as placing them again could place them twice. Any other (a conflict, a
/// refusal) means the group's own transaction did not commit, and another transaction gave the
/// turn up: each order is priced and queued again, and a refusal then names its own order.
fn after_release(error: &WriteError) -> WriteError {
    match error {
        WriteError::Other(error) => WriteError::Other(anyhow::anyhow!("{error:#}")),
        _ => WriteError::Conflict,
    }
}

/// When a placement's transaction gives up the group's turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Release {
    /// As soon as it is applied, before its sync.
    WhenApplied,
    /// When the group is done.
    AtEnd,
}

/// Places `orders` numbered on from the counter's value as last seen (read when not known yet),
/// and numbers them again when the counter moved meanwhile.
async fn place_numbered(
    db: &Db,
    node: &str,
    orders: &[Placing],
    turn: &HeldTurn,
    release: Release,
) -> Result<Vec<OrderRow>, WriteError> {
    let count = i64::try_from(orders.len()).unwrap_or(i64::MAX);
    for _ in 0..NUMBERING_TRIES {
        let expected = match turn.last_number() {
            Some(value) => value,
            None => repo::last_order_number(db).await?,
        };
        turn.set_last_number(expected);
        let started = Instant::now();
        let claim = StoreClaim::now(node);
        let placing = repo::place(db, orders, expected, &claim);
        let placed = match release {
            Release::WhenApplied => {
                surrealkv::applied::notify_when_applied(
                    turn.release_when_applied(expected.saturating_add(count)),
                    placing,
                )
                .await
            }
            Release::AtEnd => placing.await,
        };
        // The one serial step of placing: its time an order bounds a node's orders a second.
        tracing::debug!(
            orders = orders.len(),
            ms = started.elapsed().as_secs_f64() * 1000.0,
            placed = placed.is_ok(),
            "order group transaction"
        );
        match placed {
            Ok(rows) => {
                turn.set_last_number(expected.saturating_add(count));
                return Ok(rows);
            }
            Err(WriteError::NumbersMoved(counter)) => turn.set_last_number(counter),
            Err(error) => return Err(error),
        }
    }
    Err(WriteError::Conflict)
}

#[cfg(test)]
mod tests {
    use std::future::IntoFuture;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    /// An embedded SurrealKV store (with SurrealDB's grouped commit, as the server's) in a
    /// folder that lives as long as the first value, with `schema` applied.
    async fn store_on_disk(schema: &'static str) -> (tempfile::TempDir, Db) {
        let folder = tempfile::tempdir().unwrap();
        let url = format!("surrealkv://{}", folder.path().join("store").display());
        let db = surrealdb::engine::any::connect(url).await.unwrap();
        db.use_ns("whisk").use_db("applied").await.unwrap();
        db.query(schema).await.unwrap().check().unwrap();
        (folder, db)
    }

    /// How many times a hook given to `surrealkv::applied` ran while `text` ran.
    async fn applied_hooks(db: &Db, text: &'static str) -> usize {
        let calls = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&calls);
        let hook = move || {
            counted.fetch_add(1, Ordering::SeqCst);
        };
        // The statements' errors stay in the answer, which only the hook's count matters for.
        let _answer =
            surrealkv::applied::notify_when_applied(hook, db.query(text).into_future()).await;
        calls.load(Ordering::SeqCst)
    }

    /// The turn's early release rests on the embedded SurrealDB committing in the task that
    /// awaits the query (so that the task's hook is found) and on SurrealKV calling it only for
    /// writes it applied.
    #[tokio::test]
    async fn an_embedded_store_calls_the_applied_hook_once_for_a_committed_write_only() {
        let (_folder, db) = store_on_disk("DEFINE TABLE tally SCHEMALESS").await;
        assert_eq!(
            applied_hooks(
                &db,
                "BEGIN; CREATE tally:1 SET n = 1; CREATE tally:2 SET n = 2; COMMIT;"
            )
            .await,
            1,
            "one transaction, two writes"
        );
        assert_eq!(applied_hooks(&db, "SELECT * FROM tally").await, 0, "a read");
        assert_eq!(
            applied_hooks(
                &db,
                "BEGIN; CREATE tally:3 SET n = 3; THROW 'refused'; COMMIT;"
            )
            .await,
            0,
            "a refused transaction"
        );
        assert_eq!(
            applied_hooks(&db, "CREATE tally:1 SET n = 9").await,
            0,
            "a write that fails"
        );
        let kept: Vec<i64> = db
            .query("SELECT VALUE n FROM tally ORDER BY n")
            .await
            .unwrap()
            .take(0_usize)
            .unwrap();
        assert_eq!(kept, [1, 2]);
    }

    /// SurrealDB hands out the document ids of an indexed table's records from a sequence, in
    /// transactions of its own that it commits inside the query: the hook must wait for the
    /// query's own transaction, whose records a read started in the hook then finds.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_applied_hook_runs_once_the_querys_own_records_are_visible() {
        let (_folder, db) = store_on_disk(
            "DEFINE TABLE tally SCHEMAFULL; DEFINE FIELD n ON tally TYPE int; \
             DEFINE INDEX tally_n ON tally FIELDS n;",
        )
        .await;
        let seen: Arc<std::sync::Mutex<Vec<usize>>> = Arc::default();
        for round in 0..5_i64 {
            let (reader, noted) = (db.clone(), Arc::clone(&seen));
            let runtime = tokio::runtime::Handle::current();
            // Blocks the committing task until a read on another thread has counted the records.
            let hook = move || {
                let counted = std::thread::spawn(move || {
                    runtime.block_on(async {
                        let kept: Vec<i64> = reader
                            .query("SELECT VALUE n FROM tally")
                            .await
                            .unwrap()
                            .take(0_usize)
                            .unwrap();
                        kept.len()
                    })
                })
                .join()
                .unwrap();
                noted.lock().unwrap().push(counted);
            };
            let rows: Vec<i64> = (round * 100..round * 100 + 100).collect();
            surrealkv::applied::notify_when_applied(
                hook,
                db.query("BEGIN; FOR $n IN $rows { CREATE tally SET n = $n }; COMMIT;")
                    .bind(("rows", rows))
                    .into_future(),
            )
            .await
            .unwrap()
            .check()
            .unwrap();
        }
        assert_eq!(*seen.lock().unwrap(), [100, 200, 300, 400, 500]);
    }

    #[test]
    fn a_group_that_failed_after_giving_the_turn_up_is_priced_again_unless_the_store_failed() {
        let refused = WriteError::OutOfStock {
            product: crate::domain::ProductId::generate(),
            left: 0,
        };
        assert!(matches!(after_release(&refused), WriteError::Conflict));
        assert!(matches!(
            after_release(&WriteError::NumbersMoved(7)),
            WriteError::Conflict
        ));
        let failed = WriteError::Other(anyhow::anyhow!("the log's sync failed"));
        assert!(
            matches!(after_release(&failed), WriteError::Other(error) if error.to_string() == "the log's sync failed")
        );
    }

    #[tokio::test]
    async fn a_turn_released_when_applied_goes_to_the_next_group_with_the_counter_moved_on() {
        let turn: Arc<Mutex<Turn>> = Arc::default();
        let held = HeldTurn::new(Arc::clone(&turn).lock_owned().await);
        held.set_last_number(1_000);
        let release = held.release_when_applied(1_003);
        assert!(
            turn.try_lock().is_err(),
            "held until the transaction applies"
        );
        assert_eq!(held.last_number(), Some(1_000));
        release();
        assert!(held.released());
        assert_eq!(held.last_number(), None, "no longer this group's to read");
        held.set_last_number(5);
        let next = turn.try_lock().expect("the next group's turn");
        assert_eq!(next.last_number, Some(1_003));
    }

    #[test]
    fn a_turn_waits_out_the_interval_from_the_last_group_only() {
        let interval = Duration::from_millis(10);
        let last = Instant::now();
        let at = |millis| last + Duration::from_millis(millis);
        assert_eq!(
            start_of_turn(None, interval, at(0)),
            at(0),
            "the first group"
        );
        assert_eq!(start_of_turn(Some(last), interval, at(3)), at(10));
        assert_eq!(start_of_turn(Some(last), interval, at(10)), at(10));
        assert_eq!(
            start_of_turn(Some(last), interval, at(250)),
            at(250),
            "after a quiet spell, at once"
        );
        assert_eq!(start_of_turn(Some(last), Duration::ZERO, at(0)), at(0));
    }
}
