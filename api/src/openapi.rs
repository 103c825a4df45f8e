//! The OpenAPI document, served at `GET /api/v1/openapi.json`. The web app's API types are
//! generated from it (web/scripts/gen-api-types.mjs), and a test fails when they drift.

use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::state::AppState;

/// The API description.
#[derive(OpenApi)]
#[openapi(
    info(title = "Whisk API", version = "1", description = "REST API of the Whisk baking-supplies shop"),
    paths(
        crate::health::health,
        crate::auth::handlers::register,
        crate::auth::handlers::login,
        crate::auth::handlers::forgot_password,
        crate::auth::handlers::reset_password,
        crate::auth::handlers::register_admin,
        crate::auth::handlers::login_admin,
        crate::admins::handlers::list,
        crate::admins::handlers::get,
        crate::admins::handlers::update,
        crate::admins::handlers::delete,
        crate::users::handlers::list,
        crate::users::handlers::search,
        crate::users::handlers::get,
        crate::users::handlers::update,
        crate::users::handlers::delete,
        crate::categories::handlers::list,
        crate::categories::handlers::get,
        crate::categories::handlers::create,
        crate::categories::handlers::update,
        crate::categories::handlers::delete,
        crate::products::handlers::list,
        crate::products::handlers::search,
        crate::products::handlers::get,
        crate::products::handlers::create,
        crate::products::handlers::update,
        crate::products::handlers::delete,
        crate::products::import_handler::import,
        crate::orders::handlers::list,
        crate::orders::handlers::get,
        crate::orders::handlers::create,
        crate::orders::handlers::update,
        crate::orders::handlers::delete,
        crate::orders::handlers::invoice,
        crate::orders::handlers::credit_note,
        crate::orders::handlers::upi_qr,
        crate::dashboard::handlers::dashboard,
        crate::audit::handlers::list,
        crate::orders::handlers::timeline,
        crate::exports::handlers::orders,
        crate::exports::handlers::products,
        crate::coupons::handlers::list,
        crate::coupons::handlers::get,
        crate::coupons::handlers::create,
        crate::coupons::handlers::update,
        crate::coupons::handlers::delete,
        crate::shop::shop,
    ),
    components(schemas(
        crate::error::ErrorEnvelope,
        crate::error::ErrorBody,
        crate::health::Health,
        crate::paging::ListMeta,
        crate::paging::Pagination,
        crate::domain::UserStatus,
        crate::domain::AdminRole,
        crate::orders::types::OrderForCustomerRequest,
        crate::orders::types::OrderForCustomer,
    )),
    modifiers(&BearerAuth),
    tags(
        (name = "health", description = "Liveness and readiness"),
        (name = "auth", description = "Customer accounts and password resets"),
        (name = "admins", description = "Back-office admins"),
        (name = "users", description = "Customers, as the back-office manages them"),
        (name = "categories", description = "Product categories"),
        (name = "products", description = "The catalog"),
        (name = "orders", description = "Orders, checkout and invoices"),
        (name = "coupons", description = "Coupon codes"),
        (name = "shop", description = "The seller and the GST rates in force"),
        (name = "dashboard", description = "Sales, best sellers and low stock for the back office"),
    ),
)]
pub struct ApiDoc;

/// Declares the `bearer` security scheme the protected calls name.
struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .build(),
            ),
        );
    }
}

/// The document as pretty JSON, as committed in `web/openapi.json`.
pub fn document_json() -> String {
    ApiDoc::openapi()
        .to_pretty_json()
        .unwrap_or_else(|_| "{}".to_owned())
}

/// The route serving the document.
pub fn router() -> Router<AppState> {
    Router::new().route(
        "/openapi.json",
        get(|| async { Json(ApiDoc::openapi()).into_response() }),
    )
}
