//! The outbox every node drains: a message is stored in the database first (so it survives the
//! node that wrote it), then sent by whichever node claims it, once. The node that stored it is
//! woken at once, so a message normally leaves within milliseconds; every node also looks for
//! due messages every [`INTERVAL`], which picks up retries and messages of a node that died.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use futures::StreamExt;
use surrealdb::types::RecordId;
use tokio::sync::Notify;

use crate::db::Db;
use crate::mail::repo::Claimed;
use crate::mail::{Attachment, Mailer, repo};

/// Renders an order's tax invoice as a mail attachment (`None` when it has none); the orders
/// module provides it, so the outbox knows nothing of orders.
pub type InvoiceRenderer = Arc<
    dyn Fn(RecordId) -> Pin<Box<dyn Future<Output = anyhow::Result<Option<Attachment>>> + Send>>
        + Send
        + Sync,
>;

/// How often each node looks for due messages when nothing woke it.
pub const INTERVAL: Duration = Duration::from_secs(5);
/// How long a claim lasts: a node that dies while sending leaves the message to others after it.
pub const LEASE: Duration = Duration::from_secs(120);
/// Tries before a message is given up.
pub const MAX_TRIES: i64 = 8;
/// Messages claimed per look.
const BATCH: u32 = 64;
/// Messages sent at once, each over a connection of its own. With `TCP_NODELAY` on them (the
/// patched lettre, `vendor/lettre`) one connection sends hundreds of messages a second, and
/// eight kept up with 500 orders a second (1,000 mails) in the orders bench while leaving the
/// relay few connections to accept; 32 sent no more and held the orders' p99 higher.
pub const SENDING_AT_ONCE: usize = 8;
/// How long sent and given-up messages are kept (without their bodies).
pub const KEEP: Duration = Duration::from_secs(7 * 24 * 60 * 60);

/// Stores messages and sends them.
pub struct Outbox {
    db: Db,
    mailer: Mailer,
    /// This node's name in the claims, for the logs.
    node: String,
    wake: Notify,
    invoices: Option<InvoiceRenderer>,
}

impl Outbox {
    /// An outbox sending through `mailer`, claiming messages as `node`; `invoices` renders
    /// the invoices that mails carry (without it they go without).
    pub fn new(
        db: Db,
        mailer: Mailer,
        node: String,
        invoices: Option<InvoiceRenderer>,
    ) -> Arc<Outbox> {
        Arc::new(Outbox {
            db,
            mailer,
            node,
            wake: Notify::new(),
            invoices,
        })
    }

    /// Renders what a message carries, then sends it.
    async fn send(&self, message: &Claimed) -> anyhow::Result<()> {
        let mut attachments = Vec::new();
        if message.attach_invoice == Some(true)
            && let (Some(order), Some(invoices)) = (&message.order, &self.invoices)
        {
            attachments.extend(invoices(order.clone()).await?);
        }
        self.mailer
            .send(
                &message.recipient,
                &message.subject,
                message.body.clone(),
                message.html.clone(),
                attachments,
            )
            .await
    }

    /// Stores a message for sending; it is in the database when this returns.
    pub async fn enqueue(&self, recipient: &str, subject: &str, body: &str) -> anyhow::Result<()> {
        repo::enqueue(&self.db, recipient, subject, body).await?;
        self.wake();
        Ok(())
    }

    /// Has this node's outbox look for due messages now: a write that stored messages in a
    /// transaction of its own (an order's mails) calls it once the transaction committed. Wakes
    /// that come while a look runs make one more look after it, so under load each look sends
    /// what came during the last.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Claims the messages due now, a batch at a time, and sends them; returns how many were
    /// sent. A batch is claimed in one write and marked sent in another (a node that dies
    /// between the two sends those of its batch again once the lease ends).
    pub async fn drain_once(&self) -> anyhow::Result<usize> {
        let mut sent = 0;
        loop {
            let batch = repo::claim_due(&self.db, &self.node, LEASE, BATCH).await?;
            let claimed = batch.len();
            let outcomes: Vec<(Claimed, anyhow::Result<()>)> = futures::stream::iter(batch)
                .map(|message| async move {
                    let outcome = self.send(&message).await;
                    (message, outcome)
                })
                .buffer_unordered(SENDING_AT_ONCE)
                .collect()
                .await;
            let mut delivered = Vec::with_capacity(claimed);
            for (message, outcome) in outcomes {
                match outcome {
                    Ok(()) => delivered.push(message.id),
                    Err(error) => {
                        let give_up = message.attempts >= MAX_TRIES;
                        let retry_in = retry_delay(message.attempts);
                        tracing::warn!(error = ?error, tries = message.attempts, give_up, "sending a mail failed");
                        repo::failed(
                            &self.db,
                            &message.id,
                            &format!("{error:#}"),
                            retry_in,
                            give_up,
                        )
                        .await?;
                    }
                }
            }
            sent += delivered.len();
            repo::sent(&self.db, delivered).await?;
            if claimed < BATCH as usize {
                return Ok(sent);
            }
        }
    }

    /// Drains the outbox whenever a message is stored here and every [`INTERVAL`], until the
    /// tasks stop.
    pub fn spawn(self: &Arc<Outbox>, tasks: &crate::background::Tasks) {
        let outbox = Arc::clone(self);
        tasks.spawn(async move {
            loop {
                tokio::select! {
                    () = outbox.wake.notified() => {},
                    () = tokio::time::sleep(INTERVAL) => {},
                }
                if let Err(error) = outbox.drain_once().await {
                    tracing::warn!(error = ?error, "draining the outbox failed; trying again");
                }
            }
        });
    }
}

/// The wait before try `tries + 1`: 30 s, doubling, at most an hour.
fn retry_delay(tries: i64) -> Duration {
    let doublings = u32::try_from(tries.clamp(1, 8) - 1).unwrap_or(0);
    Duration::from_secs(30 * 2u64.pow(doublings)).min(Duration::from_secs(60 * 60))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_wait_longer_each_time_up_to_an_hour() {
        assert_eq!(retry_delay(1), Duration::from_secs(30));
        assert_eq!(retry_delay(2), Duration::from_secs(60));
        assert_eq!(retry_delay(7), Duration::from_secs(1920));
        assert_eq!(retry_delay(8), Duration::from_secs(3600));
    }
}
