//! All SurrealQL of the mail outbox (see the `mail` table in the schema).

use std::time::Duration;

use anyhow::Context;
use surrealdb::types::{RecordId, SurrealValue};

use crate::db::Db;

/// A message claimed for sending.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct Claimed {
    /// `mail:<key>`.
    pub id: RecordId,
    /// The mailbox it goes to.
    pub recipient: String,
    pub subject: String,
    pub body: String,
    /// The HTML twin of the body, if any.
    pub html: Option<String>,
    /// Tries so far, this one included.
    pub attempts: i64,
    /// The order it is about, if any.
    pub order: Option<RecordId>,
    /// Whether that order's tax invoice goes with it.
    pub attach_invoice: Option<bool>,
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

/// The ids of up to `limit` messages due now, oldest first.
pub async fn due(db: &Db, limit: u32) -> anyhow::Result<Vec<RecordId>> {
    let mut response = db
        .query("SELECT VALUE id FROM mail WHERE pending = true AND due_at <= time::now() ORDER BY due_at LIMIT $limit")
        .bind(("limit", i64::from(limit)))
        .await
        .context("reading the outbox")?;
    response.take(0).context("reading the outbox")
}

/// Claims a message for `lease` if it is still due: `None` when another node has it (or sent
/// it, or claimed it at the same moment and won).
pub async fn claim(
    db: &Db,
    id: &RecordId,
    node: &str,
    lease: Duration,
) -> anyhow::Result<Option<Claimed>> {
    let sent = db
        .query(
            "UPDATE $id SET due_at = time::now() + $lease, attempts += 1, claimed_by = $node \
             WHERE pending = true AND due_at <= time::now() \
             RETURN id, recipient, subject, body, html, attempts, order, attach_invoice",
        )
        .bind(("id", id.clone()))
        .bind(("lease", surrealdb::types::Duration::from(lease)))
        .bind(("node", node.to_owned()))
        .await;
    let result = match sent {
        Ok(mut response) => response.take::<Vec<Claimed>>(0),
        Err(error) => Err(error),
    };
    match result {
        Ok(mut claimed) => Ok(claimed.pop()),
        // Two nodes claiming the same message at once: the one whose write lost has no claim.
        Err(error) if crate::db::errors::is_conflict(&error) => Ok(None),
        Err(error) => Err(error).context("claiming a mail"),
    }
}

/// Marks a claimed message sent and forgets its body.
pub async fn sent(db: &Db, id: &RecordId) -> anyhow::Result<()> {
    db.query(
        "UPDATE $id SET pending = false, sent_at = time::now(), body = '', html = NONE RETURN NONE",
    )
    .bind(("id", id.clone()))
    .await
    .context("marking a mail sent")?
    .check()
    .context("marking a mail sent")?;
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

/// The mails sent about an order, oldest first.
pub async fn sent_about(db: &Db, order: RecordId) -> anyhow::Result<Vec<SentMail>> {
    let mut response = db
        .query(
            "SELECT subject, recipient, <string> sent_at AS sent_at, sent_at AS sort_at FROM mail \
             WHERE order = $order AND sent_at != NONE ORDER BY sort_at ASC",
        )
        .bind(("order", order))
        .await
        .context("reading an order's mails")?;
    response.take(0).context("reading an order's mails")
}
