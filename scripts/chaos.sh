#!/usr/bin/env bash
# Crash test: shoppers place orders against a server with the embedded database while the server
# is killed with SIGKILL several times and restarted. Afterwards every order the server
# acknowledged (a 201 reached the client) must be stored, and each product's stock must equal its
# start minus the units the stored orders hold. Exits non-zero on any loss or mismatch.
#   ROUNDS=5 scripts/chaos.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
source "$ROOT/scripts/whisk-server.sh"

ROUNDS="${ROUNDS:-5}" BUYERS="${BUYERS:-8}"
SHOPPER="$CARGO_TARGET_DIR/release/examples/shopper"
build_targets

WORK="$(mktemp -d)"
trap 'kill "${SHOPPER_PID:-}" 2>/dev/null || true; stop_whisk; rm -rf "$WORK"' EXIT
# Shoppers place orders back to back: the per-customer limit on pending orders must not stop them.
export MAX_PENDING_ORDERS=1000000

step "Starting the shop and setting up 20 products and $BUYERS customers"
start_whisk "$WORK"
"$SHOPPER" setup "$WHISK_URL" "$WORK/shop.json" 20 100000 "$BUYERS"

# Each round runs 4-9 s of orders, then a SIGKILL; the shoppers keep going through the restarts.
seconds=0
for round in $(seq 1 "$ROUNDS"); do seconds=$((seconds + 4 + (round * 7) % 6 + 2)); done
step "Placing orders for about $seconds s while killing the server $ROUNDS times"
"$SHOPPER" orders "$WHISK_URL" "$WORK/shop.json" "$WORK/acks.txt" "$seconds" "$BUYERS" &
SHOPPER_PID=$!
for round in $(seq 1 "$ROUNDS"); do
  sleep $((4 + (round * 7) % 6))
  before="$(wc -l < "$WORK/acks.txt" 2>/dev/null || echo 0)"
  kill -9 "$WHISK_PID"; wait "$WHISK_PID" 2>/dev/null || true
  echo "round $round: killed the server with SIGKILL after $before acknowledged orders"
  sleep 1
  start_whisk "$WORK"
  echo "round $round: restarted, healthy again"
done
wait "$SHOPPER_PID"
SHOPPER_PID=

step "Checking every acknowledged order and the stock"
"$SHOPPER" verify "$WHISK_URL" "$WORK/shop.json" "$WORK/acks.txt"
echo "Chaos test: PASS ($ROUNDS kills)"
