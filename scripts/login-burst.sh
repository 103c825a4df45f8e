#!/usr/bin/env bash
# Memory under abuse: 300 sign-ins at once, each for its own account from its own address, each
# needing a 19 MiB argon2 hash. Passes when the server's peak resident memory stays under 300 MB
# and every health check asked during the burst is answered.
#   LOGINS=300 scripts/login-burst.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
source "$ROOT/scripts/whisk-server.sh"

LOGINS="${LOGINS:-300}" LIMIT_MB="${LIMIT_MB:-300}"
SHOPPER="$CARGO_TARGET_DIR/release/examples/shopper"
build_targets

WORK="$(mktemp -d)"
trap 'stop_whisk; rm -rf "$WORK"' EXIT
# The burst comes through "a proxy" on 127.0.0.1, so each sign-in has its own client address.
export TRUSTED_PROXIES=127.0.0.1
start_whisk "$WORK"
echo "Server RSS after start: $(awk '/VmRSS/ { printf "%.1f MB", $2 / 1024 }' "/proc/$WHISK_PID/status")"

step "$LOGINS sign-ins at once"
burst=PASS
"$SHOPPER" logins "$WHISK_URL" "$LOGINS" || burst=FAIL
peak="$(awk '/VmHWM/ { printf "%.1f", $2 / 1024 }' "/proc/$WHISK_PID/status")"
echo "Server peak RSS: $peak MB (limit $LIMIT_MB MB)"
awk -v peak="$peak" -v limit="$LIMIT_MB" 'BEGIN { exit !(peak < limit) }' || burst=FAIL
echo "Login burst: $burst"
[ "$burst" = PASS ]
