//! Structured logging through `tracing`.

use tracing_subscriber::EnvFilter;

/// Leaves backtraces to panics: an error (`anyhow`, SurrealDB's own) captures none unless
/// `RUST_LIB_BACKTRACE` asks for them, even where `RUST_BACKTRACE=1` gives panics theirs. With
/// `RUST_BACKTRACE=1` alone every error captured its stack, and logging one resolved it against
/// the binary's debug lines, which holds the log and a runtime worker for seconds: in a
/// database outage (`scripts/cluster-test.sh`) a node logging the failed change-feed read
/// answered no request, listings from memory included, for 2-4 s.
///
/// Changes the process's environment, so it must run before the process starts a thread.
pub(crate) fn leave_backtraces_to_panics() {
    crate::startup_env::default_to("RUST_LIB_BACKTRACE", "0");
}

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
