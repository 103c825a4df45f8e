//! The `whisk` binary: serves the shop, or runs one of the maintenance commands.

use std::process::ExitCode;

use clap::Parser;
use whisk_api::cli::{Cli, run};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_arena_eager_commit` in mimalloc v3's `mimalloc.h` (the crate's constants follow
/// v2's numbering).
const MI_OPTION_ARENA_EAGER_COMMIT: libmimalloc_sys::mi_option_t = 4;
/// `mi_option_purge_delay` in mimalloc v3's `mimalloc.h`.
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Makes mimalloc give freed memory back to the system at once and commit its arenas as they
/// fill rather than when reserved. With its defaults an idle server with 10,000 products kept
/// about 100 MB of anonymous memory; with these, about 60 MB (`scripts/memory.sh`).
#[expect(unsafe_code, reason = "mimalloc's options are set through its C API")]
fn tune_allocator() {
    // SAFETY: `mi_option_set` stores a number in mimalloc's option table, which its allocation
    // paths read atomically; both options exist in the bundled v3 header.
    unsafe {
        libmimalloc_sys::mi_option_set(MI_OPTION_ARENA_EAGER_COMMIT, 0);
        libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0);
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    tune_allocator();
    let cli = Cli::parse();
    match run(cli).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("whisk: {error:#}");
            ExitCode::FAILURE
        }
    }
}
