#!/usr/bin/env bash
# Builds the pricing crate to WebAssembly into web/src/wasm/pkg (size-tuned: opt-level s,
# LTO, panic=abort, wasm-opt -Oz from npm's binaryen) and prints its size.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

step "Building the pricing crate to wasm"
CARGO_PROFILE_RELEASE_LTO=true CARGO_PROFILE_RELEASE_PANIC=abort \
  wasm-pack --log-level warn build "$ROOT/pricing-wasm" --release --target bundler \
  --out-dir "$ROOT/web/src/wasm/pkg" --out-name pricing --no-pack -- --features wasm
wasm="$ROOT/web/src/wasm/pkg/pricing_bg.wasm"
printf 'pricing_bg.wasm: %s bytes raw, %s bytes gzipped\n' "$(stat -c %s "$wasm")" "$(gzip -9 -c "$wasm" | wc -c)"
