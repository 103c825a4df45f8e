//! The `whisk` binary: serves the shop, or runs one of the maintenance commands.

use std::process::ExitCode;

use clap::Parser;
use whisk_api::cli::{Cli, run};

fn main() -> ExitCode {
    // Both before the runtime starts its threads: malloc's arena limit, and environment
    // variables.
    whisk_api::allocator::tune();
    whisk_api::telemetry::leave_backtraces_to_panics();
    if let Err(error) = whisk_api::db::engine_settings::apply_defaults() {
        eprintln!("whisk: {error:#}");
        return ExitCode::FAILURE;
    }
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("whisk: starting the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("whisk: {error:#}");
            ExitCode::FAILURE
        }
    }
}
