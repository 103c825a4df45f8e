//! `GET /shop`: what the storefront and the back-office need to know about the seller to show
//! tax as the server will charge it (the shop's state decides intra- or inter-state GST) and to
//! offer only the GST rates in force, what delivery costs and how customers may pay.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use utoipa::ToSchema;

use crate::orders::types::PaymentMethod;
use crate::state::AppState;

/// The seller's public details.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopInfo {
    pub name: String,
    pub legal_name: String,
    pub gstin: String,
    /// The state it is registered in.
    pub state: String,
    /// That state's GST code.
    pub state_code: u8,
    /// The GST rates a product may have, in percent, ascending.
    #[schema(value_type = Vec<f64>)]
    pub gst_slabs: Vec<pricing::GstRate>,
    /// The rate a product gets when none is chosen.
    #[schema(value_type = f64)]
    pub default_gst_rate: pricing::GstRate,
    /// What delivery costs, for the cart to show the charge the order will have.
    pub delivery: DeliveryInfo,
    /// How customers may pay: `cod` always, `upi` when the shop has a UPI ID.
    pub payment_methods: Vec<PaymentMethod>,
}

/// The shop's delivery terms, as the pricing crate's `DeliveryTerms` reads them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryInfo {
    /// The flat fee, GST included; 0 delivers every order free.
    #[schema(value_type = f64)]
    pub fee: pricing::Money,
    /// Goods coming to this much after discounts deliver free; null charges every order.
    #[schema(value_type = Option<f64>)]
    pub free_from: Option<pricing::Money>,
    /// The GST rate in the fee, percent.
    #[schema(value_type = f64)]
    pub gst_rate: pricing::GstRate,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ShopEnvelope {
    pub shop: ShopInfo,
}

/// The seller's name, GST registration and the GST rates in force (public).
#[utoipa::path(get, path = "/api/v1/shop", operation_id = "get_shop", tag = "shop", responses((status = 200, body = ShopEnvelope)))]
pub async fn shop(State(state): State<AppState>) -> Json<ShopEnvelope> {
    let config = &state.config;
    Json(ShopEnvelope {
        shop: ShopInfo {
            name: config.shop.name.clone(),
            legal_name: config.shop.legal_name.clone(),
            gstin: config.shop.gstin.clone(),
            state: config.shop.state.name.to_owned(),
            state_code: config.shop.state.code,
            gst_slabs: config.gst.slabs.clone(),
            default_gst_rate: config.gst.default_rate,
            delivery: DeliveryInfo {
                fee: config.delivery.fee,
                free_from: config.delivery.free_from,
                gst_rate: config.delivery.gst_rate,
            },
            payment_methods: [PaymentMethod::Cod]
                .into_iter()
                .chain(config.upi.as_ref().map(|_| PaymentMethod::Upi))
                .collect(),
        },
    })
}

/// The `/shop` route.
pub fn router() -> Router<AppState> {
    Router::new().route("/shop", get(shop))
}
