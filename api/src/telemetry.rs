//! Structured logging through `tracing`.

use tracing_subscriber::EnvFilter;

/// Starts the log subscriber. `RUST_LOG` wins over the configured level when it is set.
pub fn init(level: &str) {
    let filter = EnvFilter::try_from_default_env()
        .or_else(|_| EnvFilter::try_new(format!("{level},surrealdb=warn,surrealdb_core=warn")))
        .unwrap_or_else(|_| EnvFilter::new("info"));
    // A second init (as in tests) keeps the first subscriber.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .try_init();
}
