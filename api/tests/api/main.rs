//! The API's integration tests: one binary, one fresh app (in-memory database) per test.
#![allow(clippy::unwrap_used)] // helpers shared by tests fail the test loudly, as tests do

mod helpers;

mod accounts;
mod admins;
mod audit;
mod backup;
mod bootstrap;
mod catalog_feed;
mod categories;
mod dashboard;
mod demo_catalog;
mod errors;
mod exports;
mod generated_orders;
mod gst;
mod hardening;
mod health;
mod import;
mod invoices;
mod orders;
mod outbox;
mod payments;
mod product_stock;
mod products;
mod roles;
mod schema;
mod shutdown;
mod throttles;
mod web;
