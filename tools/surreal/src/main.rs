//! `surreal`: the SurrealDB server command line (`surreal start ...`), as the official binary
//! runs it, from the `surrealdb-server` library at the version the API links.

// The server's query engine nests deep async state machines: the compiler needs more room.
#![recursion_limit = "256"]

use std::process::ExitCode;

use surrealdb_server::core::CommunityComposer;

fn main() -> ExitCode {
    surrealdb_server::init(CommunityComposer())
}
