#!/usr/bin/env bash
# Builds the pricing crate to WebAssembly into web/src/wasm/pkg and prints its size: cargo for
# the wasm32 target (size-tuned: opt-level s, LTO, panic=abort), wasm-bindgen for the bundler's
# glue and types, then wasm-opt -Oz from npm's binaryen (Debian's v108 breaks the output).
# These are the three steps wasm-pack ran, with the same output byte for byte, without the
# minutes its install took on a fresh machine.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

out="$ROOT/web/src/wasm/pkg"
step "Building the pricing crate to wasm"
CARGO_PROFILE_RELEASE_LTO=true CARGO_PROFILE_RELEASE_PANIC=abort \
  cargo build --quiet --locked --release --target wasm32-unknown-unknown \
  --manifest-path "$ROOT/Cargo.toml" -p pricing --features wasm
wasm-bindgen --target bundler --out-dir "$out" --out-name pricing \
  "$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/pricing.wasm"
wasm="$out/pricing_bg.wasm"
wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int "$wasm" -o "$wasm"
printf 'pricing_bg.wasm: %s bytes raw, %s bytes gzipped\n' "$(stat -c %s "$wasm")" "$(gzip -9 -c "$wasm" | wc -c)"
