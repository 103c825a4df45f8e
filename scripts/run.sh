#!/usr/bin/env bash
# Builds the shop and serves it at http://127.0.0.1:5000 with the embedded database in ./data.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

"$ROOT/scripts/build.sh"
cd "$ROOT"
export PORT="${PORT:-5000}" DATA_DIR="${DATA_DIR:-$ROOT/data}" WEB_DIST="${WEB_DIST:-$ROOT/web/dist}"
export DATABASE_URL="${DATABASE_URL:-surrealkv://$DATA_DIR/whisk.db}"
# The demo's first superadmin, created on a start that finds no admin. Change the password
# (or set these variables yourself) before the shop faces the internet.
export BOOTSTRAP_ADMIN_EMAIL="${BOOTSTRAP_ADMIN_EMAIL:-admin@whisk.example}"
export BOOTSTRAP_ADMIN_PASSWORD="${BOOTSTRAP_ADMIN_PASSWORD:-whisk-demo-admin}"
# The demo catalog (categories, products, photos), loaded on the first start into an empty shop.
export DEMO_CATALOG="${DEMO_CATALOG:-$ROOT/api/demo}"
step "Serving Whisk at http://127.0.0.1:$PORT (Ctrl-C stops it)"
exec "$WHISK_BIN" serve
