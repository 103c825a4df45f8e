//! Orders: placement in one transaction with the stock it takes, the customer's and the
//! back-office's views, admin edits that move stock, and invoices.

pub mod admin_list;
pub mod group_commit;
pub mod handlers;
pub mod invoice_mail;
pub mod lines;
pub mod mails;
pub mod placed_mail;
pub mod repo;
pub mod timeline;
pub mod types;
pub mod workflow;

use axum::Router;
use axum::routing::get;

use crate::state::AppState;

/// The `/orders` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/orders", get(handlers::list).post(handlers::create))
        .route(
            "/orders/{id}",
            get(handlers::get)
                .patch(handlers::update)
                .delete(handlers::delete),
        )
        .route("/orders/{id}/invoice", get(handlers::invoice))
        .route("/orders/{id}/credit-note", get(handlers::credit_note))
        .route("/orders/{id}/upi-qr", get(handlers::upi_qr))
        .route("/orders/{id}/timeline", get(handlers::timeline))
}
