//! Accounts: customer and admin sign-up and sign-in, password resets by OTP, session tokens,
//! throttling, and the extractors that tell who is calling.

pub mod handlers;
pub mod otp;
pub mod password;
pub mod secret_repo;
pub mod session;
pub mod throttle;
pub mod throttle_repo;
pub mod tokens;

use axum::Router;
use axum::routing::post;

use crate::state::AppState;

/// The `/auth` and `/authadmin` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/auth/register", post(handlers::register))
        .route("/auth/login", post(handlers::login))
        .route("/auth/forgot-password", post(handlers::forgot_password))
        .route("/auth/reset-password", post(handlers::reset_password))
        .route("/authadmin/register", post(handlers::register_admin))
        .route("/authadmin/login", post(handlers::login_admin))
}
