//! All SurrealQL of the mail outbox (see the `mail` table in the schema).

use std::time::Duration;

use anyhow::Context;
use surrealdb::types::{RecordId, SurrealValue};

use crate::db::Db;
use crate::db::errors::{Failure, failure};

/// A message claimed for sending.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct Claimed {
    /// `mail:<key>`.
    pub id: RecordId,
    /// The mailbox it goes to.
    pub recipient: String,
    pub subject: String,
    /// Empty when [`Claimed::template`] renders it.
    pub body: String,
    /// The HTML twin of the body, if any.
    pub html: Option<String>,
    /// What renders the body and HTML from the order when they are not stored (see the
    /// outbox's `Renderers`).
    pub template: Option<String>,
    /// Tries so far, this one included.
    pub attempts: i64,
    /// The order it is about, if any.
    pub order: Option<RecordId>,
    /// Whether that order's tax invoice goes with it.
    pub attach_invoice: Option<bool>,
    /// A second message that goes with this one (a placement's notice to the shop).
    pub companion: Option<Companion>,
    /// The companion's text and HTML when the placing node hands them over; `None` as read
    /// from the database, which does not store them (its template renders them).
    pub companion_text: Option<MailText>,
}

/// The second message of an outbox record (the `companion` field): to another mailbox, its
/// text rendered from its own template. It never carries the invoice.
#[derive(Debug, Clone, PartialEq, Eq, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct Companion {
    pub recipient: String,
    pub subject: String,
    pub template: String,
}

/// A message's plain text and its HTML twin.
#[derive(Debug, Clone, PartialEq, Eq, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct MailText {
    pub body: String,
    pub html: String,
}

/// One of the two messages of a record with a companion, as [`partly_sent`] splits them.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
struct Part {
    recipient: String,
    subject: String,
    template: Option<String>,
}

impl Claimed {
    /// Its own message, as [`partly_sent`] stores it.
    fn own_part(&self) -> Part {
        Part {
            recipient: self.recipient.clone(),
            subject: self.subject.clone(),
            template: self.template.clone(),
        }
    }
}

impl From<&Companion> for Part {
    fn from(companion: &Companion) -> Part {
        Part {
            recipient: companion.recipient.clone(),
            subject: companion.subject.clone(),
            template: Some(companion.template.clone()),
        }
    }
}

/// Stores a message to be sent as soon as a node gets to it.
pub async fn enqueue(db: &Db, recipient: &str, subject: &str, body: &str) -> anyhow::Result<()> {
    db.query(
        "CREATE mail SET recipient = $recipient, subject = $subject, body = $body RETURN NONE",
    )
    .bind(("recipient", recipient.to_owned()))
    .bind(("subject", subject.to_owned()))
    .bind(("body", body.to_owned()))
    .await
    .context("storing a mail")?
    .check()
    .context("storing a mail")?;
    Ok(())
}

/// Claims up to `limit` of the messages due now, oldest first, for `lease`, in one transaction:
/// none when another node claimed them at the same moment (its write won; they are its now).
///
/// This looks through the `mail_due` index, and every message sent leaves two deleted entries
/// in it that SurrealKV keeps until its memtable is written out: with 10,000 messages sent an
/// empty claim took 5.5-7.5 ms, with 45,000 23 ms, and 70,000 30 ms. So an order's mails are
/// stored claimed and read by id ([`claimed_by`]), and this runs on the outbox's timer and for
/// messages stored unclaimed.
pub async fn claim_due(
    db: &Db,
    node: &str,
    lease: Duration,
    limit: u32,
) -> anyhow::Result<Vec<Claimed>> {
    let claimed = db
        .query(
            // One transaction: nodes claiming the same messages at once conflict, and one of
            // them claims nothing. The ids are read first: an UPDATE over a subquery took 50 ms
            // for a batch of 20 with 3,000 messages waiting.
            "BEGIN; \
             LET $until = time::now() + $lease; \
             LET $due = SELECT VALUE id FROM mail WHERE pending = true AND due_at <= time::now() ORDER BY due_at LIMIT $limit; \
             UPDATE $due SET due_at = $until, attempts += 1, claimed_by = $node \
             RETURN id, recipient, subject, body, html, template, attempts, order, attach_invoice, companion; \
             COMMIT;",
        )
        .bind(("limit", i64::from(limit)))
        .bind(("lease", surrealdb::types::Duration::from(lease)))
        .bind(("node", node.to_owned()))
        .await;
    let mut response = match claimed {
        Ok(response) => response,
        Err(error) if crate::db::errors::is_conflict(&error) => return Ok(Vec::new()),
        Err(error) => return Err(error).context("claiming mail"),
    };
    match failure(&mut response) {
        None => {}
        // Two nodes claiming the same messages at once: the one whose write lost has no claim.
        Some(Failure::Conflict) => return Ok(Vec::new()),
        Some(Failure::Other(error)) => return Err(error).context("claiming mail"),
        Some(other) => anyhow::bail!("claiming mail: {other:?}"),
    }
    // The UPDATE's answer comes last but one: COMMIT answers too.
    let update = response.num_statements().saturating_sub(2);
    response.take(update).context("claiming mail")
}

/// Those of the messages `ids` that `node` still holds a claim on, unsent: a message another
/// node claimed after `node`'s lease ended, or sent, is left out, and an id that names no
/// message reads nothing.
pub async fn claimed_by(db: &Db, node: &str, ids: Vec<RecordId>) -> anyhow::Result<Vec<Claimed>> {
    let mut response = db
        .query(
            "SELECT id, recipient, subject, body, html, template, attempts, order, attach_invoice, companion FROM $ids \
             WHERE pending = true AND claimed_by = $node",
        )
        .bind(("ids", ids))
        .bind(("node", node.to_owned()))
        .await
        .context("reading claimed mail")?;
    response.take(0).context("reading claimed mail")
}

/// Marks claimed messages sent and forgets their bodies.
pub async fn sent(db: &Db, ids: Vec<RecordId>) -> anyhow::Result<()> {
    if ids.is_empty() {
        return Ok(());
    }
    db.query(
        "LET $now = time::now(); UPDATE $ids SET pending = false, sent_at = $now, body = '', html = NONE RETURN NONE",
    )
    .bind(("ids", ids))
    .await
    .context("marking mail sent")?
    .check()
    .context("marking mail sent")?;
    Ok(())
}

/// Records a failed send: tried again after `retry_in`, or given up when `give_up`.
pub async fn failed(
    db: &Db,
    id: &RecordId,
    error: &str,
    retry_in: Duration,
    give_up: bool,
) -> anyhow::Result<()> {
    db.query(
        "UPDATE $id SET last_error = $error, due_at = time::now() + $retry_in, \
         pending = !$give_up, failed_at = IF $give_up { time::now() } ELSE { NONE }, \
         body = IF $give_up { '' } ELSE { body } RETURN NONE",
    )
    .bind(("id", id.clone()))
    .bind(("error", error.chars().take(500).collect::<String>()))
    .bind(("retry_in", surrealdb::types::Duration::from(retry_in)))
    .bind(("give_up", give_up))
    .await
    .context("recording a failed mail")?
    .check()
    .context("recording a failed mail")?;
    Ok(())
}

/// Which of a record's two messages went when the other failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Went {
    Own,
    Companion,
}

/// Records that one of the two messages of `message` (a record with a companion) went and the
/// other failed with `error`: in one transaction, a new record notes the one that went (sent,
/// for the order's timeline), and the record keeps only the one left, without a companion,
/// tried again after `retry_in` or given up when `give_up` as [`failed`] does. So a retry never
/// sends the delivered one again.
pub async fn partly_sent(
    db: &Db,
    message: &Claimed,
    went: Went,
    error: &str,
    retry_in: Duration,
    give_up: bool,
) -> anyhow::Result<()> {
    let companion = message
        .companion
        .as_ref()
        .context("a mail without a companion cannot be half sent")?;
    let (went_part, left, own_left) = match went {
        Went::Own => (message.own_part(), Part::from(companion), false),
        Went::Companion => (Part::from(companion), message.own_part(), true),
    };
    db.query(
        // The companion's text is never stored, so when it is what is left the record's own
        // text goes (its template renders the companion's).
        "BEGIN; \
         CREATE mail SET recipient = $went.recipient, subject = $went.subject, body = '', \
             template = $went.template, order = $order, pending = false, sent_at = time::now(), \
             attempts = $attempts RETURN NONE; \
         UPDATE $id SET recipient = $left.recipient, subject = $left.subject, \
             template = $left.template, companion = NONE, last_error = $error, \
             due_at = time::now() + $retry_in, pending = !$give_up, \
             failed_at = IF $give_up { time::now() } ELSE { NONE }, \
             body = IF $give_up OR !$own_left { '' } ELSE { body }, \
             html = IF $own_left { html } ELSE { NONE } RETURN NONE; \
         COMMIT;",
    )
    .bind(("id", message.id.clone()))
    .bind(("order", message.order.clone()))
    .bind(("attempts", message.attempts))
    .bind(("went", went_part))
    .bind(("left", left))
    .bind(("own_left", own_left))
    .bind(("error", error.chars().take(500).collect::<String>()))
    .bind(("retry_in", surrealdb::types::Duration::from(retry_in)))
    .bind(("give_up", give_up))
    .await
    .context("recording a mail half sent")?
    .check()
    .context("recording a mail half sent")?;
    Ok(())
}

/// Deletes messages sent or given up on more than `age` ago.
pub async fn sweep(db: &Db, age: Duration) -> anyhow::Result<()> {
    db.query("DELETE mail WHERE pending = false AND created_at < time::now() - $age")
        .bind(("age", surrealdb::types::Duration::from(age)))
        .await
        .context("sweeping the outbox")?
        .check()
        .context("sweeping the outbox")?;
    Ok(())
}

/// A mail about an order that went out.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct SentMail {
    pub subject: String,
    pub recipient: String,
    /// RFC 3339.
    pub sent_at: String,
}

/// A sent record about an order, with the companion that went with it.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
struct SentRecord {
    subject: String,
    recipient: String,
    sent_at: String,
    companion: Option<Companion>,
}

/// The mails sent about an order, oldest first; a companion right after its record's message.
pub async fn sent_about(db: &Db, order: RecordId) -> anyhow::Result<Vec<SentMail>> {
    let mut response = db
        .query(
            "SELECT subject, recipient, <string> sent_at AS sent_at, companion, sent_at AS sort_at \
             FROM mail WHERE order = $order AND sent_at != NONE ORDER BY sort_at ASC",
        )
        .bind(("order", order))
        .await
        .context("reading an order's mails")?;
    let records: Vec<SentRecord> = response.take(0).context("reading an order's mails")?;
    Ok(records
        .into_iter()
        .flat_map(|record| {
            let companion = record.companion.map(|companion| SentMail {
                subject: companion.subject,
                recipient: companion.recipient,
                sent_at: record.sent_at.clone(),
            });
            std::iter::once(SentMail {
                subject: record.subject,
                recipient: record.recipient,
                sent_at: record.sent_at,
            })
            .chain(companion)
        })
        .collect())
}
