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

use std::sync::Arc;

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
    /// The turn, holding the order counter's value as last seen (`None` until first read).
    turn: Arc<Mutex<Option<i64>>>,
    /// This node's name in mail claims (its outbox's): the mails of its placements are stored
    /// claimed by it.
    node: Arc<str>,
}

/// A placement waiting for a transaction, and where its answer goes.
#[derive(Debug)]
struct Waiting {
    order: Placing,
    answer: oneshot::Sender<Result<OrderRow, WriteError>>,
}

impl PlacementQueue {
    /// An empty queue for the node whose outbox names itself `node` in claims.
    pub fn new(node: &str) -> PlacementQueue {
        PlacementQueue {
            waiting: std::sync::Mutex::default(),
            turn: Arc::default(),
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
                place_group(&db, &node, group, &mut turn).await;
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
        let started = std::time::Instant::now();
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
