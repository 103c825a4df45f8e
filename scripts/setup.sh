#!/usr/bin/env bash
# Installs what building Whisk needs, skipping whatever is already there:
# the wasm32 target, wasm-bindgen-cli (pinned to the crate's version), npm packages (wasm-opt
# comes with npm's binaryen).
# With --browser also Debian's Chromium, poppler-utils and nginx for the browser, PDF and
# cross-node tests.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

apt_install() {
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  step "Installing $* with apt-get"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  step "Adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

for component in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$component"; then
    step "Adding the $component component (the test command's format and lint gates)"
    rustup component add "$component"
  fi
done

mkdir -p "$TOOLS_DIR"
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
  step "Installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (once; a few minutes)"
  # Not --locked: its lockfile names a crate version the registry may lack. Not linted either.
  RUSTC_WORKSPACE_WRAPPER="" cargo install wasm-bindgen-cli --version "=$WASM_BINDGEN_VERSION" --root "$TOOLS_DIR" --force
fi

stamp="$ROOT/web/node_modules/.whisk-lock-hash"
lock_hash="$(sha256sum "$ROOT/web/package-lock.json" | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$lock_hash" ]; then
  step "Installing npm packages"
  # `npm install` honours the lockfile; this npm's `npm ci` rejects the lockfiles it writes itself
  # (they leave out other platforms' optional packages).
  (cd "$ROOT/web" && npm install --no-audit --no-fund --loglevel=error)
  echo "$lock_hash" > "$stamp"
fi

if [ "${1:-}" = "--browser" ]; then
  missing=()
  command -v chromium >/dev/null || missing+=(chromium)
  command -v pdftotext >/dev/null || missing+=(poppler-utils)
  command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx)
  [ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}"
fi
