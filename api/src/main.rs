//! The `whisk` binary: serves the shop, or runs one of the maintenance commands.

use std::process::ExitCode;

use clap::Parser;
use whisk_api::cli::{Cli, run};

fn main() -> ExitCode {
    // Before the runtime starts its threads: malloc's arena limit, and environment variables.
    if let Err(error) = whisk_api::startup_env::prepare_process() {
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
