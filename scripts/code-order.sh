#!/usr/bin/env bash
# Writes api/code-order.txt, the order the linker lays the server's functions out in
# (api/build.rs): runs the server under callgrind over a generated catalog, starts it, browses,
# searches, orders and runs the back office (`shopper mixed`), lets it idle, stops it, and lists
# every function of the binary that ran, most instructions first (scripts/code_order.py).
# Run it again when dependencies or the toolchain change: names it no longer finds are skipped by
# the linker, so a stale list only lays out less of the code together.
#   PRODUCTS=2000 MIXED_SECONDS=60 IDLE_SECONDS=20 OUT=api/code-order.txt scripts/code-order.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
source "$ROOT/scripts/whisk-server.sh"

PRODUCTS="${PRODUCTS:-2000}" MIXED_SECONDS="${MIXED_SECONDS:-60}" IDLE_SECONDS="${IDLE_SECONDS:-20}"
OUT="${OUT:-$ROOT/api/code-order.txt}"
SHOPPER="$CARGO_TARGET_DIR/release/examples/shopper"
command -v valgrind >/dev/null || { echo "code-order.sh needs valgrind (apt install valgrind)" >&2; exit 1; }
build_targets

WORK="$(mktemp -d)"
trap 'stop_whisk; rm -rf "$WORK"' EXIT
generate_catalog "$WORK" "$PRODUCTS"

step "Starting the server under callgrind (a minute or more)"
WHISK_START_SECONDS=600 start_whisk "$WORK" valgrind --tool=callgrind --demangle=no \
  --dump-line=no --dump-instr=no --fair-sched=yes --callgrind-out-file="$WORK/callgrind.out"

step "Shopping for $MIXED_SECONDS s, then idle for $IDLE_SECONDS s"
"$SHOPPER" setup "$WHISK_URL" "$WORK/shop.json" 20 1000000 4
"$SHOPPER" mixed "$WHISK_URL" "$WORK/shop.json" "$MIXED_SECONDS" 4
step "The back office: order lists, an order shipped, its invoice and timeline, the dashboard, exports"
TOKEN="$(admin_token)"
admin_get() { curl -fsS -m 300 -o "${2:-/dev/null}" -H "authorization: Bearer $TOKEN" "$WHISK_URL/api/v1/$1"; }
admin_get "orders?status=paid" "$WORK/orders.json"
ORDER="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["data"][0]["_id"])' "$WORK/orders.json")"
curl -fsS -o /dev/null -X PATCH -H "authorization: Bearer $TOKEN" -H 'content-type: application/json' \
  -d '{"status":"shipped"}' "$WHISK_URL/api/v1/orders/$ORDER"
for path in "orders?page=1" "orders?page=2" "orders?q=gen" "orders/$ORDER" \
  "orders/$ORDER/invoice" "orders/$ORDER/timeline" dashboard orders/export.csv \
  products/export.csv; do
  admin_get "$path"
done
sleep "$IDLE_SECONDS"

step "Stopping the server (callgrind writes its profile)"
WHISK_STOP_SECONDS=300 stop_whisk
python3 "$ROOT/scripts/code_order.py" "$WORK/callgrind.out" "$WHISK_BIN" >"$OUT"
printf '%s: %d functions, %d bytes\n' "$OUT" "$(wc -l <"$OUT")" "$(wc -c <"$OUT")"
