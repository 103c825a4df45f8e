//! Filling a shop with products: the demo catalog loaded once at start, and synthetic
//! catalogs of any size for load tests.

pub mod demo;
pub mod generate;
pub mod orders;
pub mod repo;
