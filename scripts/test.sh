#!/usr/bin/env bash
# Runs every test: formatting and lint gates (rustfmt, ESLint, clippy), the Rust crates (unit,
# property and API integration tests), the cross-node checks on a SurrealDB server with two nodes
# behind nginx, the wasm parity check and the other web unit tests (vitest), the browser tests
# (Playwright, Chromium) and Lighthouse on four storefront pages (fails below a score of 80).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
started=$SECONDS

"$ROOT/scripts/setup.sh" --browser

step "Formatting and lints: rustfmt, ESLint (clippy runs in the Rust build)"
cargo fmt --all --check --manifest-path "$ROOT/Cargo.toml"
(cd "$ROOT/web" && npx eslint --max-warnings 0 .)

"$ROOT/scripts/build-wasm.sh"

step "Rust build of every target (release profile; the server binary the browser tests run too), warnings of clippy and rustc as errors"
# Clippy lints the workspace's crates as they compile (RUSTC_WORKSPACE_WRAPPER, scripts/env.sh);
# cargo prints the warnings of crates compiled earlier again, so a warm build fails the same way.
build_log="$(mktemp)"
# The benches apart: `--all-targets` would also build the examples with a test harness, a second
# build of each beside the one the scripts run.
{
  cargo test --release --locked --workspace --no-run --manifest-path "$ROOT/Cargo.toml" &&
    cargo test --release --locked --workspace --benches --no-run --manifest-path "$ROOT/Cargo.toml"
} 2>&1 | tee "$build_log"
if grep -qE '^(warning|error)' "$build_log"; then
  echo "The Rust build printed warnings (above): the test command takes none." >&2
  exit 1
fi
rm -f "$build_log"

step "Rust tests"
cargo test --release --locked --workspace --manifest-path "$ROOT/Cargo.toml"

step "Clippy over the pricing crate's wasm build, warnings as errors"
cargo clippy --release --locked -p pricing --target wasm32-unknown-unknown --features wasm \
  --manifest-path "$ROOT/Cargo.toml" -- -D warnings

step "Cross-node checks: a SurrealDB server, two Whisk nodes and nginx (scripts/cluster-test.sh)"
SKIP_BUILD=1 "$ROOT/scripts/cluster-test.sh"

step "API fuzzing (schemathesis, 15 s a role; scripts/fuzz.sh runs longer)"
FUZZ_SECONDS="${FUZZ_SECONDS:-15}" SKIP_BUILD=1 "$ROOT/scripts/fuzz.sh"

step "Web: type check and unit tests (including the wasm fixture parity check)"
cd "$ROOT/web"
npx tsc -b --pretty false
npx vitest run

step "Web build for the browser tests"
npx vite build --logLevel warn

step "Browser tests (Playwright, Chromium)"
npx playwright test

SKIP_BUILD=1 "$ROOT/scripts/lighthouse.sh"

echo
echo "All test suites passed in $((SECONDS - started)) s"
