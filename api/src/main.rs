//! The `whisk` binary: serves the shop, or runs one of the maintenance commands.

use std::process::ExitCode;

use clap::Parser;
use whisk_api::cli::{Cli, run};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    whisk_api::allocator::tune();
    // Until the server has started (`app::serve`); a maintenance command keeps it to its end.
    whisk_api::allocator::release_at_once();
    // Before the runtime starts its threads: this sets environment variables.
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
