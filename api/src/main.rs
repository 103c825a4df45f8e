//! The `whisk` binary: serves the shop, or runs one of the maintenance commands.

use std::process::ExitCode;

use clap::Parser;
use whisk_api::cli::{Cli, run};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> ExitCode {
    whisk_api::allocator::tune();
    let cli = Cli::parse();
    match run(cli).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("whisk: {error:#}");
            ExitCode::FAILURE
        }
    }
}
