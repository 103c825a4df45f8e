#!/usr/bin/env bash
# Measures the cluster against one node: a 10,000-product catalog served by the embedded
# single-node shop, then by each node of a 2-node cluster over a SurrealDB server (listing
# throughput per node, the same filtered, sorted page as scripts/load-test.sh), then orders
# placed through nginx with both nodes. Prints the figures the README reports.
#   PRODUCTS=10000 CONNECTIONS=64 SECONDS_EACH=10 SKIP_BUILD=1 scripts/cluster-load.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
source "$ROOT/scripts/cluster-lib.sh"

PRODUCTS="${PRODUCTS:-10000}" CONNECTIONS="${CONNECTIONS:-64}" SECONDS_EACH="${SECONDS_EACH:-10}"
LOADGEN="$CARGO_TARGET_DIR/release/examples/loadgen"
SHOPPER="$CARGO_TARGET_DIR/release/examples/shopper"
LISTING="/api/v1/products?category=Molds&company=all&order=high&price=10000&page=2"
build_targets

WORK="$(mktemp -d)"
trap 'stop_whisk; cluster_stop; rm -rf "$WORK"' EXIT
export MAX_PENDING_ORDERS=1000000 LOG_LEVEL=warn
listed() { curl -fs "$1/api/v1/products?limit=1" | grep -o '"total":[0-9]*' | cut -d: -f2; }
run() { "$LOADGEN" "${2#http://}" "$LISTING" "$CONNECTIONS" "$SECONDS_EACH" | sed "s|^|$1: |" | tee -a "$WORK/results"; }

step "One node, embedded SurrealDB: $PRODUCTS products"
generate_catalog "$WORK/single" "$PRODUCTS"
start_whisk "$WORK/single"
run "single node" "$WHISK_URL"
stop_whisk

step "Two nodes over a SurrealDB server, nginx in front"
cluster_start "$WORK/cluster" 2 "$(free_port)"
A="${NODE_URLS[0]}" B="${NODE_URLS[1]}"
started=$SECONDS
env DATABASE_URL="$DB_URL" "${DB_LOGIN[@]}" DATA_DIR="$WORK/gen" "$WHISK_BIN" generate-catalog --products "$PRODUCTS" 2>/dev/null
for url in "$A" "$B"; do
  for _ in $(seq 1 600); do [ "$(listed "$url")" = "$PRODUCTS" ] && break; sleep 0.1; done
  [ "$(listed "$url")" = "$PRODUCTS" ] || { echo "$url lists $(listed "$url") products, not $PRODUCTS" >&2; exit 1; }
done
echo "both nodes list all $PRODUCTS products, written straight into the database, $((SECONDS - started)) s after the generator started"
run "cluster node A" "$A"
run "cluster node B" "$B"
run "cluster via nginx" "$CLUSTER_URL"

step "Orders through nginx with both nodes (16 buyers, 20 s)"
"$SHOPPER" setup "$CLUSTER_URL" "$WORK/shop.json" 20 100000 16 >/dev/null
"$SHOPPER" orders "$CLUSTER_URL" "$WORK/shop.json" "$WORK/acks.txt" 20 16 | tee -a "$WORK/results"
echo "orders through nginx: $(( $(wc -l < "$WORK/acks.txt") / 20 )) orders/s"
"$SHOPPER" verify "$CLUSTER_URL" "$WORK/shop.json" "$WORK/acks.txt"
