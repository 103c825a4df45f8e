# Starting and stopping a Whisk server for the scripts; sourced after env.sh.
#   start_whisk DIR   serves with embedded SurrealDB (surrealkv) in DIR on a free port, with the
#                     scripts' bootstrap admin; sets WHISK_PID and WHISK_URL. Variables exported
#                     before the call (MAX_PENDING_ORDERS, TRUSTED_PROXIES ...) reach the server.
#   stop_whisk        stops it (SIGTERM, then SIGKILL after 10 s).

start_whisk() {
  local dir="$1"
  mkdir -p "$dir/data" "$dir/dist/assets"
  [ -f "$dir/dist/index.html" ] || echo '<!doctype html><title>Whisk</title>' > "$dir/dist/index.html"
  WHISK_PORT="${WHISK_PORT:-$(free_port)}"
  WHISK_URL="http://127.0.0.1:$WHISK_PORT"
  PORT="$WHISK_PORT" HOST=127.0.0.1 DATA_DIR="$dir/data" DATABASE_URL="surrealkv://$dir/data/whisk.db" \
    WEB_DIST="${WEB_DIST:-$dir/dist}" LOG_LEVEL="${LOG_LEVEL:-warn}" \
    BOOTSTRAP_ADMIN_EMAIL=admin@whisk.example BOOTSTRAP_ADMIN_PASSWORD=whisk-script-admin \
    "$WHISK_BIN" serve >>"$dir/server.log" 2>&1 &
  WHISK_PID=$!
  wait_answering "$WHISK_URL/api/v1/health" "$WHISK_PID"
}

stop_whisk() {
  [ -n "${WHISK_PID:-}" ] || return 0
  kill "$WHISK_PID" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$WHISK_PID" 2>/dev/null || break; sleep 0.2; done
  kill -9 "$WHISK_PID" 2>/dev/null || true
  wait "$WHISK_PID" 2>/dev/null || true
  WHISK_PID=
}
