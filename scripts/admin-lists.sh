#!/usr/bin/env bash
# The back office over a large store (embedded SurrealDB): generates PRODUCTS products and
# ORDERS orders once (`whisk generate-catalog`, `whisk generate-orders`), starts the server on
# them and times the admin's order list, its status and text filters, the customer search and
# the default month's CSV export, REQUESTS times each, printing the seconds of each request and
# how many records the list counted. A node reads every order into its admin order list
# (orders::admin_list) at start, and each list after reads only what changed.
# Reported, not asserted. STORE keeps the generated store in a folder (reused when it exists).
#   PRODUCTS=10000 ORDERS=50000 REQUESTS=3 STORE=/tmp/whisk-50k scripts/admin-lists.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
source "$ROOT/scripts/whisk-server.sh"

PRODUCTS="${PRODUCTS:-10000}" ORDERS="${ORDERS:-50000}" REQUESTS="${REQUESTS:-3}"
build_targets

WORK="$(mktemp -d)"
trap 'stop_whisk; rm -rf "$WORK"' EXIT
if [ -n "${STORE:-}" ] && [ -d "$STORE/data" ]; then
  step "Reusing the store in $STORE"
else
  STORE="${STORE:-$WORK/store}"
  generate_catalog "$STORE" "$PRODUCTS"
  step "Generating $ORDERS orders"
  DATA_DIR="$STORE/data" DATABASE_URL="surrealkv://$STORE/data/whisk.db" \
    "$WHISK_BIN" generate-orders --orders "$ORDERS" 2>/dev/null
fi
# The server runs on a copy, so a kept store stays as generated.
cp -r "$STORE/data" "$WORK/data"
WHISK_START_SECONDS=300 start_whisk "$WORK"
TOKEN="$(admin_token)"

# Prints the request, then each try's seconds and the list's count.
timed() {
  local path="$1" row="$1:"
  for _ in $(seq 1 "$REQUESTS"); do
    local seconds
    seconds=$(curl -fsS -o "$WORK/body" -w '%{time_total}' -H "Authorization: Bearer $TOKEN" "$WHISK_URL/api/v1/$path")
    row="$row $seconds"
  done
  local total
  total=$(grep -o '"total":[0-9]*' "$WORK/body" | head -1 | cut -d: -f2 || true)
  echo "$row${total:+ (total $total)}"
}

step "Admin lists, seconds per request"
REQUESTS=1 timed 'orders' | sed 's/^/first list after the start (waits for its read of every order) /'
timed 'orders'
timed 'orders?page=500'
timed 'orders?status=paid'
timed 'orders?q=zzzz'
timed 'orders?q=ord5100'
timed 'orders?q=meera'
timed 'orders?q=meera&page=30'
timed 'orders?status=paid&q=meera'
timed 'orders?q=a'
timed 'users/search?q=meera'
timed 'users/search?q=ab'
timed 'orders/export.csv'
