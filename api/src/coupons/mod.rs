//! Coupon codes: the admin's CRUD, the customer's look-up for the cart, and the reading the
//! order placement does. Their money rules are the pricing crate's (`pricing::coupon`).

pub mod handlers;
pub mod repo;
pub mod types;

use axum::Router;
use axum::routing::get;

use crate::state::AppState;

/// The `/coupons` routes: a customer looks one up by code; admins manage them.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/coupons", get(handlers::list).post(handlers::create))
        .route(
            "/coupons/{code}",
            get(handlers::get)
                .patch(handlers::update)
                .delete(handlers::delete),
        )
}
