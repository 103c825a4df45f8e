#!/usr/bin/env bash
# Soak test: mixed browsing, searching and ordering against one server (embedded database) for
# SOAK_SECONDS (default 600), printing a row every 10 s: requests, p50 and p99 latency, errors and
# the server's resident memory. Verdict: no errors, and memory flat (the mean RSS of the last
# three rows within 15% of the mean of rows 4-6, taken after warm-up).
#   SOAK_SECONDS=600 WORKERS=16 scripts/soak.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
source "$ROOT/scripts/whisk-server.sh"

SOAK_SECONDS="${SOAK_SECONDS:-600}" WORKERS="${WORKERS:-16}"
SHOPPER="$CARGO_TARGET_DIR/release/examples/shopper"
build_targets

WORK="$(mktemp -d)"
trap 'stop_whisk; rm -rf "$WORK"' EXIT
start_whisk "$WORK"
"$SHOPPER" setup "$WHISK_URL" "$WORK/shop.json" 200 1000000 "$WORKERS"

step "Soaking for $SOAK_SECONDS s with $WORKERS workers"
"$SHOPPER" mixed "$WHISK_URL" "$WORK/shop.json" "$SOAK_SECONDS" "$WORKERS" "$WHISK_PID" | tee "$WORK/rows.txt"

awk 'NR > 1 { rows++; rss[rows] = $7; errors += $6 }
  END {
    if (rows < 9) { printf "Soak: too short for a verdict (%d rows; need 9)\n", rows; exit errors > 0 }
    early = (rss[4] + rss[5] + rss[6]) / 3; late = (rss[rows] + rss[rows-1] + rss[rows-2]) / 3
    growth = (late - early) / early * 100
    flat = growth < 15
    printf "Soak: %d errors; RSS %.1f MB after warm-up, %.1f MB at the end (%+.1f%%): memory %s\n", errors, early, late, growth, flat ? "flat" : "GROWING"
    exit !(flat && errors == 0)
  }' "$WORK/rows.txt"
