# Shared settings for the Whisk scripts; sourced, not run.
# Build caches live outside the clone so repeated runs (and CI) reuse them.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/whisk-target}"
TOOLS_DIR="${WHISK_TOOLS_DIR:-$HOME/.cache/whisk-tools}"
WASM_BINDGEN_VERSION="$(sed -n 's/^wasm-bindgen = { version = "=\([0-9.]*\)".*/\1/p' "$ROOT/pricing-wasm/Cargo.toml")"
export PATH="$ROOT/web/node_modules/.bin:$TOOLS_DIR/bin:$HOME/.cargo/bin:$PATH"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export WHISK_BIN="$CARGO_TARGET_DIR/release/whisk"

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }
