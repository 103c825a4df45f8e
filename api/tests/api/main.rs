//! The API's integration tests: one binary, one fresh app (in-memory database) per test.

mod helpers;

mod accounts;
mod admins;
mod bootstrap;
mod categories;
mod errors;
mod roles;
mod health;
mod web;
