//! The outbox every node drains: a message is stored in the database first (so it survives the
//! node that wrote it), then sent by whichever node claims it, once. The node that stored it is
//! woken at once, so a message normally leaves within milliseconds; every node also looks for
//! due messages every [`INTERVAL`], which picks up retries and messages of a node that died.
//!
//! An order placement stores its mails already claimed by its node ([`StoreClaim`]) and hands
//! them over with [`Outbox::send_placed`], so they go out without a claim of their own: a
//! claim is a write of every message (about 0.16 ms each), and looking for due messages goes
//! through an index whose cost grows with the messages sent since SurrealKV last wrote its
//! memtable out (`mail::repo::claim_due`). That look runs on the timer and for messages stored
//! unclaimed, and sends a placement's mails after the lease when its node died first.
//!
//! A placement's mails are stored without their text and HTML, about half of what an order
//! wrote (6.5 of 12.7 KB): the placing node hands them over with it in memory, and a message
//! sent from the database (after a restart, a retry, or another node's lease running out) is
//! rendered again from its order by the [`Renderers`] the orders module gives. They are one
//! record, the shop's notice the customer's confirmation's companion (`repo::Companion`): one
//! insert, one claim and one mark of sent for both. When only one of the two goes, the record
//! is split (`repo::partly_sent`), so a retry sends only the other.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::Context;
use futures::StreamExt;
use surrealdb::types::{Datetime, RecordId};
use tokio::sync::Notify;

use crate::db::Db;
use crate::mail::repo::{Claimed, Went};
use crate::mail::{Attachment, Mailer, repo};

/// Renders an order's tax invoice as a mail attachment (`None` when it has none); the orders
/// module provides it, so the outbox knows nothing of orders.
pub type InvoiceRenderer = Arc<
    dyn Fn(RecordId) -> Pin<Box<dyn Future<Output = anyhow::Result<Option<Attachment>>> + Send>>
        + Send
        + Sync,
>;

/// Renders the text and HTML of a mail stored without them, from the order it is about and the
/// name of its template (`None` when the order is gone).
pub type BodyRenderer = Arc<
    dyn Fn(
            RecordId,
            String,
        )
            -> Pin<Box<dyn Future<Output = anyhow::Result<Option<(String, String)>>> + Send>>
        + Send
        + Sync,
>;

/// What renders the parts of order mails that are not stored; without them such mails fail
/// (and are tried again later) and go without invoices.
#[derive(Clone)]
pub struct Renderers {
    pub invoices: InvoiceRenderer,
    pub bodies: BodyRenderer,
}

/// How often each node looks for due messages when nothing woke it.
pub const INTERVAL: Duration = Duration::from_secs(5);
/// How long a claim lasts: a node that dies while sending leaves the message to others after it.
pub const LEASE: Duration = Duration::from_secs(120);
/// Tries before a message is given up.
pub const MAX_TRIES: i64 = 8;
/// Messages claimed per look.
const BATCH: u32 = 64;
/// How long after being handed over a message of this node's claim is sent as handed, without
/// reading it back: a quarter of [`LEASE`], so the claim is surely still this node's even on a
/// node whose clock runs a minute ahead (see [`StoreClaim`]). Later ones are read back, and
/// sent only when the claim still holds.
const SENT_AS_HANDED: Duration = Duration::from_secs(30);
/// Messages sent at once, each over a connection of its own. With `TCP_NODELAY` on them (the
/// patched lettre, `vendor/lettre`) one connection sends hundreds of messages a second, and
/// eight kept up with 500 orders a second (1,000 mails) in the orders bench while leaving the
/// relay few connections to accept; 32 sent no more and held the orders' p99 higher.
pub const SENDING_AT_ONCE: usize = 8;
/// How long sent and given-up messages are kept (without their bodies).
pub const KEEP: Duration = Duration::from_secs(7 * 24 * 60 * 60);

/// The claim of a node on the messages a write of its stores (an order placement's mails): the
/// messages are stored as claimed for [`LEASE`] from the node's clock, so that no other node
/// takes them while it sends them. The node's clock stands in for the database's here (a
/// claim made in a query uses the database's): nodes whose clocks are within a minute of the
/// database's leave each other's claims alone.
#[derive(Debug, Clone)]
pub struct StoreClaim {
    /// The node, as its outbox names itself in claims.
    pub node: String,
    /// When the messages were stored.
    pub at: Datetime,
    /// When the claim ends and any node may send them.
    pub until: Datetime,
}

impl StoreClaim {
    /// A claim for `node` from now.
    pub fn now(node: &str) -> StoreClaim {
        let at = Datetime::now();
        StoreClaim {
            node: node.to_owned(),
            at,
            until: Datetime::from(*at + LEASE),
        }
    }
}

/// Stores messages and sends them.
pub struct Outbox {
    db: Db,
    mailer: Mailer,
    /// This node's name in the claims, for the logs.
    node: String,
    wake: Notify,
    /// Messages stored under this node's claim and handed over, not sent yet.
    handed: std::sync::Mutex<Vec<Handed>>,
    /// Whether the next look also looks for due messages through the index.
    look_for_due: AtomicBool,
    renderers: Option<Renderers>,
}

/// A message stored under this node's claim and handed to its outbox.
enum Handed {
    /// By id: read back before it is sent.
    Id(RecordId),
    /// With what it says, handed over at `at`: sent as it is within [`SENT_AS_HANDED`].
    Message {
        at: std::time::Instant,
        message: Box<Claimed>,
    },
}

impl Outbox {
    /// An outbox sending through `mailer`, claiming messages as `node`, with `renderers` for
    /// what order mails do not store.
    pub fn new(db: Db, mailer: Mailer, node: String, renderers: Option<Renderers>) -> Arc<Outbox> {
        Arc::new(Outbox {
            db,
            mailer,
            node,
            wake: Notify::new(),
            handed: std::sync::Mutex::new(Vec::new()),
            look_for_due: AtomicBool::new(false),
            renderers,
        })
    }

    /// Sends a claimed record's message, then its companion if it has one (whether or not
    /// the first went: they go to different mailboxes): each one's outcome.
    async fn send(&self, message: &Claimed) -> Outcome {
        let own_text = (!message.body.is_empty() || message.template.is_none())
            .then(|| (message.body.clone(), message.html.clone()));
        let own = self
            .deliver(
                Message {
                    recipient: &message.recipient,
                    subject: &message.subject,
                    template: message.template.as_deref(),
                    attach_invoice: message.attach_invoice == Some(true),
                },
                message.order.as_ref(),
                own_text,
            )
            .await;
        let companion = match &message.companion {
            Some(companion) => Some(
                self.deliver(
                    Message {
                        recipient: &companion.recipient,
                        subject: &companion.subject,
                        template: Some(&companion.template),
                        attach_invoice: false,
                    },
                    message.order.as_ref(),
                    message
                        .companion_text
                        .clone()
                        .map(|text| (text.body, Some(text.html))),
                )
                .await,
            ),
            None => None,
        };
        Outcome { own, companion }
    }

    /// Sends one message about `order`, its text as given or, when `None`, rendered from its
    /// template and the order.
    async fn deliver(
        &self,
        message: Message<'_>,
        order: Option<&RecordId>,
        text: Option<(String, Option<String>)>,
    ) -> anyhow::Result<()> {
        let (body, html) = match (text, message.template, order) {
            (Some(text), _, _) => text,
            (None, Some(template), Some(order)) => {
                let renderers = self.renderers.as_ref().with_context(|| {
                    format!("no renderer for the order mail template '{template}'")
                })?;
                let (body, html) = (renderers.bodies)(order.clone(), template.to_owned())
                    .await?
                    .context("the order this mail is about is gone")?;
                (body, Some(html))
            }
            (None, _, _) => anyhow::bail!("a mail with neither its text nor a template and order"),
        };
        let mut attachments = Vec::new();
        if message.attach_invoice
            && let (Some(order), Some(renderers)) = (order, &self.renderers)
        {
            attachments.extend((renderers.invoices)(order.clone()).await?);
        }
        self.mailer
            .send(message.recipient, message.subject, body, html, attachments)
            .await
    }

    /// Stores a message for sending; it is in the database when this returns.
    pub async fn enqueue(&self, recipient: &str, subject: &str, body: &str) -> anyhow::Result<()> {
        repo::enqueue(&self.db, recipient, subject, body).await?;
        self.wake();
        Ok(())
    }

    /// Has this node's outbox look for due messages now: a write that stored messages in a
    /// transaction of its own (an order's status change) calls it once the transaction
    /// committed. Wakes that come while a look runs make one more look after it, so under load
    /// each look sends what came during the last.
    pub fn wake(&self) {
        self.look_for_due.store(true, Ordering::Release);
        self.wake.notify_one();
    }

    /// This node's name in claims.
    pub fn node(&self) -> &str {
        &self.node
    }

    /// Has this node's outbox send the messages `ids`, stored under its [`StoreClaim`] in a
    /// transaction that committed: they are read by id and sent, without a claim of their own
    /// or a look for due messages (see the module's note).
    pub fn send_stored(&self, ids: Vec<RecordId>) {
        self.lock_handed().extend(ids.into_iter().map(Handed::Id));
        self.wake.notify_one();
    }

    /// As [`Outbox::send_stored`], for messages handed over with what they say (their text and
    /// HTML, which the database need not hold): sent without reading them back, unless they
    /// wait longer than [`SENT_AS_HANDED`] to go.
    pub fn send_placed(&self, messages: Vec<Claimed>) {
        let at = std::time::Instant::now();
        self.lock_handed()
            .extend(messages.into_iter().map(|message| Handed::Message {
                at,
                message: Box::new(message),
            }));
        self.wake.notify_one();
    }

    fn lock_handed(&self) -> std::sync::MutexGuard<'_, Vec<Handed>> {
        self.handed
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Sends the messages handed over by id, then the others due now; returns how many were
    /// sent. A batch is claimed (when stored, or in a write of its own) and marked sent in
    /// another write: a node that dies between the two, or fails to read what it was handed,
    /// leaves those messages to the next look after the lease ends, which sends them again.
    pub async fn drain_once(&self) -> anyhow::Result<usize> {
        self.look_for_due.store(true, Ordering::Release);
        self.drain().await
    }

    /// Sends the messages handed over by id, and looks for due ones only when asked to since
    /// the last look ([`Outbox::wake`] or the timer); returns how many were sent.
    pub async fn drain(&self) -> anyhow::Result<usize> {
        let mut sent = 0;
        loop {
            let handed: Vec<Handed> = {
                let mut handed = self.lock_handed();
                let take = handed.len().min(BATCH as usize);
                handed.drain(..take).collect()
            };
            if handed.is_empty() {
                break;
            }
            let mut as_handed = Vec::new();
            let mut read_back = Vec::new();
            for handed in handed {
                match handed {
                    Handed::Message { at, message } if at.elapsed() < SENT_AS_HANDED => {
                        as_handed.push(*message);
                    }
                    Handed::Message { message, .. } => read_back.push(message.id),
                    Handed::Id(id) => read_back.push(id),
                }
            }
            sent += self.send_batch(as_handed).await?;
            if !read_back.is_empty() {
                let batch = repo::claimed_by(&self.db, &self.node, read_back).await?;
                sent += self.send_batch(batch).await?;
            }
        }
        if self.look_for_due.swap(false, Ordering::AcqRel) {
            loop {
                let batch = repo::claim_due(&self.db, &self.node, LEASE, BATCH).await?;
                let claimed = batch.len();
                sent += self.send_batch(batch).await?;
                if claimed < BATCH as usize {
                    break;
                }
            }
        }
        Ok(sent)
    }

    /// Sends a claimed batch, [`SENDING_AT_ONCE`] records at a time, and records each outcome;
    /// returns how many messages were sent (a record's companion counts as one).
    async fn send_batch(&self, batch: Vec<Claimed>) -> anyhow::Result<usize> {
        let claimed = batch.len();
        let outcomes: Vec<(Claimed, Outcome)> = futures::stream::iter(batch)
            .map(|message| async move {
                let outcome = self.send(&message).await;
                (message, outcome)
            })
            .buffer_unordered(SENDING_AT_ONCE)
            .collect()
            .await;
        let mut delivered = Vec::with_capacity(claimed);
        let mut sent = 0;
        for (message, outcome) in outcomes {
            let give_up = message.attempts >= MAX_TRIES;
            let retry_in = retry_delay(message.attempts);
            let failed = |error: &anyhow::Error| {
                tracing::warn!(error = ?error, tries = message.attempts, give_up, "sending a mail failed");
                format!("{error:#}")
            };
            match (outcome.own, outcome.companion) {
                (Ok(()), companion @ (None | Some(Ok(())))) => {
                    sent += 1 + usize::from(companion.is_some());
                    delivered.push(message.id);
                }
                (Err(error), companion @ (None | Some(Err(_)))) => {
                    // Both failed: the record keeps the first error, and the log has both.
                    if let Some(Err(companion)) = &companion {
                        failed(companion);
                    }
                    let error = failed(&error);
                    repo::failed(&self.db, &message.id, &error, retry_in, give_up).await?;
                }
                (Ok(()), Some(Err(error))) => {
                    let error = failed(&error);
                    repo::partly_sent(&self.db, &message, Went::Own, &error, retry_in, give_up)
                        .await?;
                    sent += 1;
                }
                (Err(error), Some(Ok(()))) => {
                    let error = failed(&error);
                    repo::partly_sent(
                        &self.db,
                        &message,
                        Went::Companion,
                        &error,
                        retry_in,
                        give_up,
                    )
                    .await?;
                    sent += 1;
                }
            }
        }
        repo::sent(&self.db, delivered).await?;
        Ok(sent)
    }

    /// Drains the outbox whenever a message is stored here and every [`INTERVAL`], until the
    /// tasks stop.
    pub fn spawn(self: &Arc<Outbox>, tasks: &crate::background::Tasks) {
        let outbox = Arc::clone(self);
        tasks.spawn(async move {
            // A deadline rather than a sleep per wait: under load the wakes never stop, and a
            // fresh sleep each time would never end.
            let mut next_look = tokio::time::Instant::now() + INTERVAL;
            loop {
                tokio::select! {
                    () = outbox.wake.notified() => {},
                    () = tokio::time::sleep_until(next_look) => {},
                }
                if tokio::time::Instant::now() >= next_look {
                    outbox.look_for_due.store(true, Ordering::Release);
                    next_look = tokio::time::Instant::now() + INTERVAL;
                }
                if let Err(error) = outbox.drain().await {
                    tracing::warn!(error = ?error, "draining the outbox failed; trying again");
                }
            }
        });
    }
}

/// One message of an outbox record: its own, or its companion's.
struct Message<'a> {
    recipient: &'a str,
    subject: &'a str,
    /// What renders its text when it is not at hand.
    template: Option<&'a str>,
    /// Whether the order's tax invoice goes with it.
    attach_invoice: bool,
}

/// How sending a record's messages went.
struct Outcome {
    own: anyhow::Result<()>,
    /// `None` when it has no companion.
    companion: Option<anyhow::Result<()>>,
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
