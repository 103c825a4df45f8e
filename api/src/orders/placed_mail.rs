//! The text and HTML of a placement's mails when the outbox sends them from the database
//! (after a restart, a retry, or another node's lease running out): they are not stored with
//! the mail, so they are rendered again from the order, as the placement rendered them.

use std::sync::Arc;

use surrealdb::types::RecordId;

use crate::db::Db;
use crate::mail::outbox::BodyRenderer;
use crate::orders::{mails, repo};

/// Renders a placement mail of the shop `shop` (its name) whose notices go to `shop_email`,
/// from its order and template name; `None` when the order is gone.
pub fn renderer(db: Db, shop: String, shop_email: String) -> BodyRenderer {
    Arc::new(move |order: RecordId, template: String| {
        let (db, shop, shop_email) = (db.clone(), shop.clone(), shop_email.clone());
        Box::pin(async move {
            let Some((number, fields)) = repo::numbered_fields(&db, order).await? else {
                return Ok(None);
            };
            let rendered = mails::placed_template(&shop, &shop_email, &fields, &number, &template);
            match rendered {
                Some(rendered) => Ok(Some(rendered)),
                None => anyhow::bail!("'{template}' names no order mail"),
            }
        })
    })
}
