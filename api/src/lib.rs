//! Whisk API: a thin axum REST API over SurrealDB that also serves the web app.
//!
//! [`app::build`] assembles the whole application from a [`config::Config`]; the binary in
//! `main.rs` and the integration tests both start the shop through it.

// Item docs only where they say what the name does not; the pricing library keeps missing_docs.
#![allow(missing_docs)]

pub mod admins;
pub mod allocator;
pub mod app;
pub mod audit;
pub mod auth;
pub mod background;
pub mod capacity;
pub mod catalog;
pub mod categories;
pub mod cli;
pub mod client_ip;
pub mod compressed;
pub mod config;
pub mod coupons;
pub mod crawlers;
pub mod dashboard;
pub mod db;
pub mod domain;
pub mod error;
pub mod exports;
pub mod extract;
pub mod health;
pub mod hex;
pub mod http;
pub mod india_time;
pub mod invoices;
pub mod load_baseline;
pub mod mail;
pub mod maintenance;
pub mod markup;
pub mod openapi;
pub mod orders;
pub mod paging;
pub mod payments;
pub mod products;
pub mod seed;
pub mod shop;
pub mod startup_env;
pub mod state;
pub mod telemetry;
pub mod uploads;
pub mod users;
pub mod web;
