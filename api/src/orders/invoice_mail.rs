//! The tax invoice a delivered order's mail carries, rendered by the outbox when it sends the
//! mail (the invoice is fixed once issued, so it reads the same as the order page's download).

use std::sync::Arc;

use anyhow::Context;
use surrealdb::types::RecordId;

use crate::config::ShopIdentity;
use crate::db::Db;
use crate::domain::OrderId;
use crate::invoices;
use crate::mail::Attachment;
use crate::mail::outbox::InvoiceRenderer;
use crate::orders::repo;
use crate::payments::UpiPayee;

/// Renders the tax invoice of the order a mail is about, as `invoice-ORD1001.pdf`; `None` when
/// the order is gone or has no invoice.
pub fn renderer(db: Db, shop: ShopIdentity, upi: Option<UpiPayee>) -> InvoiceRenderer {
    Arc::new(move |order: RecordId| {
        let (db, shop, upi) = (db.clone(), shop.clone(), upi.clone());
        Box::pin(async move {
            let Some(id) = OrderId::from_record(&order) else {
                return Ok(None);
            };
            let Some(row) = repo::find(&db, &id).await? else {
                return Ok(None);
            };
            let order = row.view(upi.as_ref());
            if order.invoice_number.is_none() {
                return Ok(None);
            }
            let filename = format!("invoice-{}.pdf", order.order_id);
            let document = invoices::tax_invoice(&order, &shop);
            let bytes = tokio::task::spawn_blocking(move || invoices::render(&document))
                .await
                .context("the invoice renderer stopped")?
                .context("rendering an invoice for a mail")?;
            Ok(Some(Attachment {
                filename,
                content_type: "application/pdf",
                bytes,
            }))
        })
    })
}
