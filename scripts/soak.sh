#!/usr/bin/env bash
# Soak test: mixed browsing, searching and ordering against one server (embedded database) for
# SOAK_SECONDS (default 600), printing a row every 10 s: requests, p50 and p99 latency, errors and
# the server's resident memory. Verdict: no errors, and memory flat (the highest RSS of the
# second half of the run, after the first 30 s, within 15% of the highest of the first half).
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
    # The memtable of the embedded store fills with what is written and empties when it goes to
    # disk, so RSS saw-tooths under load; a leak shows as the later peaks rising. Compared: the
    # highest RSS of each half of the run after the first 30 s.
    half = int((rows - 3) / 2)
    for (i = 4; i <= rows; i++) {
      if (i < 4 + half) { if (rss[i] > early) early = rss[i] }
      else if (rss[i] > late) late = rss[i]
      if (low == "" || rss[i] < low) low = rss[i]
    }
    growth = (late - early) / early * 100
    flat = growth < 15
    printf "Soak: %d errors; RSS after warm-up %.1f-%.1f MB; highest %.1f MB in the first half, %.1f MB in the second (%+.1f%%): memory %s\n", errors, low, (late > early ? late : early), early, late, growth, flat ? "flat" : "GROWING"
    exit !(flat && errors == 0)
  }' "$WORK/rows.txt"
