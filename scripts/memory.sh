#!/usr/bin/env bash
# Idle memory of a server with a 10,000-product catalog (embedded SurrealDB): generates the
# catalog once, then starts the server RUNS times on it, lets it settle for IDLE_SECONDS and
# prints its resident memory (VmRSS), split into anonymous memory (the heap, SurrealKV's memtable
# and block cache) and file pages (the mapped `whisk` binary, shared and reclaimable).
# Goal (issue 16): RSS under 60 MB; reported, not asserted.
#   PRODUCTS=10000 RUNS=3 IDLE_SECONDS=15 scripts/memory.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
source "$ROOT/scripts/whisk-server.sh"

PRODUCTS="${PRODUCTS:-10000}" RUNS="${RUNS:-3}" IDLE_SECONDS="${IDLE_SECONDS:-15}"
build_targets

WORK="$(mktemp -d)"
trap 'stop_whisk; rm -rf "$WORK"' EXIT
generate_catalog "$WORK" "$PRODUCTS"

kib() { awk -v key="$1:" '$1 == key { print $2 }' "/proc/$WHISK_PID/status"; }
step "Idle RSS, $RUNS starts, $IDLE_SECONDS s after each"
for run in $(seq 1 "$RUNS"); do
  start_whisk "$WORK"
  curl -fs "$WHISK_URL/api/v1/products?page=1" >/dev/null
  sleep "$IDLE_SECONDS"
  printf 'run %d: RSS %d KiB (anonymous %d, file %d)\n' "$run" "$(kib VmRSS)" "$(kib RssAnon)" "$(kib RssFile)" |
    tee -a "$WORK/rows"
  stop_whisk
done
awk '{ rss[NR] = $4; anon[NR] = $7; file[NR] = $9 }
  function median(a, n,   i, j, t) {
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return a[int((n + 1) / 2)]
  }
  END {
    n = NR
    printf "Idle RSS, median of %d: %.1f MB (anonymous %.1f MB, file %.1f MB); goal under 60 MB\n",
      n, median(rss, n) / 1024, median(anon, n) / 1024, median(file, n) / 1024
  }' "$WORK/rows"
