#!/usr/bin/env bash
# Lighthouse (mobile preset, simulated throttling; Debian's Chromium) on the storefront's home
# page, product list, a product page and the cart of a fresh shop with the demo catalog: prints
# each page's median of RUNS runs (score, LCP, FCP, TBT, CLS, script bytes). Fails when a median
# score is below FLOOR (80: a busy machine must not flake it; the goal, 98, is reported).
#   RUNS=3 FLOOR=80 scripts/lighthouse.sh      (SKIP_BUILD=1 uses the built server and web/dist)
# THROTTLING=devtools throttles the browser instead of estimating (see web/scripts/lighthouse.mjs);
# WEB_DIST=DIR serves another build of the web app.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
source "$ROOT/scripts/whisk-server.sh"
RUNS="${RUNS:-3}" FLOOR="${FLOOR:-80}"

if [ "${SKIP_BUILD:-}" != 1 ]; then
  "$ROOT/scripts/build.sh"
fi

WORK="$(mktemp -d)"
# The server writes its memtable into WORK as it stops: stop_whisk waits for it (bounded).
trap 'stop_whisk; rm -rf "$WORK"' EXIT
WEB_DIST="${WEB_DIST:-$ROOT/web/dist}" DEMO_CATALOG="$ROOT/api/demo" start_whisk "$WORK"

step "Lighthouse, mobile, $RUNS runs a page (floor $FLOOR, goal 98)"
cd "$ROOT/web"
node scripts/lighthouse.mjs "$WHISK_URL" "$RUNS" "$FLOOR"
