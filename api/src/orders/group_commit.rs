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

use tokio::sync::{Mutex, oneshot};

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
                place_group(&db, &node, group, &mut turn.last_number).await;
                drop(turn);
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

/// Places `group` in one transaction, or, when that is refused, each alone, their mails claimed
/// by `node`; `last` is the order counter as last seen, kept up to date.
async fn place_group(db: &Db, node: &str, group: Vec<Waiting>, last: &mut Option<i64>) {
    let (orders, answers): (Vec<Placing>, Vec<_>) = group
        .into_iter()
        .map(|waiting| (waiting.order, waiting.answer))
        .unzip();
    if orders.len() > 1
        && let Ok(rows) = place_numbered(db, node, &orders, last).await
    {
        for (answer, row) in answers.into_iter().zip(rows) {
            let _ = answer.send(Ok(row));
        }
        return;
    }
    for (order, answer) in orders.iter().zip(answers) {
        let placed = place_numbered(db, node, std::slice::from_ref(order), last)
            .await
            .and_then(|rows| {
                rows.into_iter().next().ok_or_else(|| {
                    WriteError::Other(anyhow::anyhow!("a placement gave back no order"))
                })
            });
        let _ = answer.send(placed);
    }
}

/// Places `orders` numbered on from the counter's value `last` (read when not known yet), and
/// numbers them again when the counter moved meanwhile.
async fn place_numbered(
    db: &Db,
    node: &str,
    orders: &[Placing],
    last: &mut Option<i64>,
) -> Result<Vec<OrderRow>, WriteError> {
    for _ in 0..NUMBERING_TRIES {
        let expected = match *last {
            Some(value) => value,
            None => repo::last_order_number(db).await?,
        };
        *last = Some(expected);
        let started = Instant::now();
        let placed = repo::place(db, orders, expected, &StoreClaim::now(node)).await;
        // The one serial step of placing: its time an order bounds a node's orders a second.
        tracing::debug!(
            orders = orders.len(),
            ms = started.elapsed().as_secs_f64() * 1000.0,
            placed = placed.is_ok(),
            "order group transaction"
        );
        match placed {
            Ok(rows) => {
                *last = Some(expected + i64::try_from(rows.len()).unwrap_or(i64::MAX));
                return Ok(rows);
            }
            Err(WriteError::NumbersMoved(counter)) => *last = Some(counter),
            Err(error) => return Err(error),
        }
    }
    Err(WriteError::Conflict)
}

#[cfg(test)]
mod tests {
    use super::*;

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
