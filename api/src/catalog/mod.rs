//! The product catalog as the storefront reads it: an in-memory read model built from the
//! database at start and updated by every product or category write, so listings, detail and
//! search never wait on a query. The database stays the source of truth.

pub mod query;
pub mod read_model;
