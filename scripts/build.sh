#!/usr/bin/env bash
# Builds everything for release: the wasm pricing package, the web app and the server binary.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

"$ROOT/scripts/setup.sh"
"$ROOT/scripts/build-wasm.sh"
step "Building the web app"
(cd "$ROOT/web" && npm run --silent build)
step "Building the server (release; the first build takes a while)"
# Built the way the tests build it (all targets in one invocation), so the server and the tests
# share one set of compiled dependencies instead of compiling SurrealDB twice.
cargo test --release --locked --workspace --no-run --manifest-path "$ROOT/Cargo.toml"
