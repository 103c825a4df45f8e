//! The API's integration tests: one binary, one fresh app (in-memory database) per test.
#![allow(clippy::unwrap_used)] // helpers shared by tests fail the test loudly, as tests do

mod helpers;

mod accounts;
mod admins;
mod bootstrap;
mod categories;
mod demo_catalog;
mod errors;
mod orders;
mod products;
mod roles;
mod health;
mod invoices;
mod web;
