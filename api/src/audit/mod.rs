//! The audit log: every admin write records who made it, when, what record it touched and each
//! changed field before and after, in the same transaction as the write (a write that rolls back
//! leaves no entry, and no write commits without one).
//!
//! A repository write takes part by putting [`audit_before!`](crate::audit_before) first in its
//! transaction and [`audit_record!`](crate::audit_record) last, with `$id` bound to the record
//! and `$actor` to the admin (`NONE` for a customer's own write, which records nothing).

pub mod handlers;
pub mod repo;
pub mod types;

use axum::Router;
use axum::routing::get;

use crate::state::AppState;

/// The `/audit` route (admins).
pub fn router() -> Router<AppState> {
    Router::new().route("/audit", get(handlers::list))
}
