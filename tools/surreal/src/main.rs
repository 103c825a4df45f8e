//! `surreal`: the SurrealDB server command line (`surreal start ...`), as the official binary
//! runs it, from the `surrealdb-server` library at the version the API links.

// The server's query engine nests deep async state machines: the compiler needs more room.
#![recursion_limit = "256"]

use std::process::ExitCode;

use surrealdb_server::core::CommunityComposer;

fn main() -> ExitCode {
    // Both jsonwebtoken backends are compiled in (the API uses rust_crypto), so the process must
    // name one before SurrealDB signs or checks a token; it is the first call, so it cannot fail.
    let _ = jsonwebtoken::crypto::aws_lc::DEFAULT_PROVIDER.install_default();
    surrealdb_server::init(CommunityComposer())
}
