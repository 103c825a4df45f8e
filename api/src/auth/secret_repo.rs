//! The generated token secret, kept in the database so every node signs and checks sessions
//! with the same one. All SurrealQL about it lives here.

use anyhow::Context;

use crate::db::Db;

/// The stored secret, if one was generated already.
pub async fn find(db: &Db) -> anyhow::Result<Option<String>> {
    let mut response = db
        .query("SELECT VALUE value FROM ONLY secret:jwt")
        .await
        .context("reading the token secret")?;
    response.take(0).context("reading the token secret")
}

/// Stores `candidate` unless a secret is stored already, and returns the stored one: when two
/// nodes start at once, both end up with whichever was written first.
pub async fn find_or_store(db: &Db, candidate: &str) -> anyhow::Result<String> {
    if let Some(secret) = find(db).await? {
        return Ok(secret);
    }
    // A second node's CREATE of the same record fails; the secret it then reads is the first one.
    let created = db
        .query("CREATE secret:jwt SET value = $value RETURN NONE")
        .bind(("value", candidate.to_owned()))
        .await
        .and_then(|response| response.check());
    match find(db).await? {
        Some(secret) => Ok(secret),
        None => Err(created
            .err()
            .map(anyhow::Error::from)
            .unwrap_or_else(|| anyhow::anyhow!("the token secret vanished")))
        .context("storing the token secret"),
    }
}
