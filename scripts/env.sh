# Shared settings for the Whisk scripts; sourced, not run.
# Build caches live outside the clone so repeated runs (and CI) reuse them.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/whisk-target}"
TOOLS_DIR="${WHISK_TOOLS_DIR:-$HOME/.cache/whisk-tools}"
WASM_BINDGEN_VERSION="$(sed -n 's/^wasm-bindgen = { version = "=\([0-9.]*\)".*/\1/p' "$ROOT/pricing-wasm/Cargo.toml")"
export PATH="$ROOT/web/node_modules/.bin:$TOOLS_DIR/bin:$HOME/.cargo/bin:$PATH"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export WHISK_BIN="${WHISK_BIN:-$CARGO_TARGET_DIR/release/whisk}"
# Clippy lints the workspace's crates as they compile, as `.cargo/config.toml` says for cargo run
# in the clone; set here too because cargo reads that file from the working directory, and a
# script run from elsewhere would otherwise build without it (recompiling, and unlinted).
export RUSTC_WORKSPACE_WRAPPER=clippy-driver

step() { printf '\n\033[1m==> %s\033[0m (%s)\n' "$*" "$(date +%T)"; }

# Builds the server, the SurrealDB server, the tests and the example programs the scripts run,
# all in one cargo invocation (so SurrealDB compiles once), unless SKIP_BUILD=1.
build_targets() {
  [ "${SKIP_BUILD:-}" = 1 ] && return 0
  step "Building the server, the SurrealDB server and the example programs"
  cargo test --release --locked --workspace --no-run --manifest-path "$ROOT/Cargo.toml" 2>&1 | tail -1
}

# A free TCP port on 127.0.0.1.
free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# Waits until URL answers (at most SECONDS, default 30) while the process PID lives.
wait_answering() {
  local url="$1" pid="$2" seconds="${3:-30}"
  for _ in $(seq 1 "$((seconds * 10))"); do
    curl -fs -o /dev/null "$url" 2>/dev/null && return 0
    kill -0 "$pid" 2>/dev/null || { echo "the process behind $url exited" >&2; return 1; }
    sleep 0.1
  done
  echo "$url did not answer" >&2
  return 1
}
