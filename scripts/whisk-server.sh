# Starting and stopping a Whisk server for the scripts; sourced after env.sh.
#   start_whisk DIR [LAUNCHER...]
#                     serves with embedded SurrealDB (surrealkv) in DIR on a free port, with the
#                     scripts' bootstrap admin; sets WHISK_PID and WHISK_URL. Variables exported
#                     before the call (MAX_PENDING_ORDERS, TRUSTED_PROXIES ...) reach the server.
#                     LAUNCHER (valgrind ...) runs the server; WHISK_START_SECONDS (30) bounds
#                     the wait for its first answer.
#   stop_whisk        stops it (SIGTERM, then SIGKILL after WHISK_STOP_SECONDS, 10).
#   admin_token       signs the bootstrap admin in and prints the session token.
#   generate_catalog DIR PRODUCTS
#                     fills the store start_whisk DIR serves with PRODUCTS generated products.

WHISK_ADMIN_EMAIL=admin@whisk.example WHISK_ADMIN_PASSWORD=whisk-script-admin

start_whisk() {
  local dir="$1"
  shift
  mkdir -p "$dir/data" "$dir/dist/assets"
  [ -f "$dir/dist/index.html" ] || echo '<!doctype html><title>Whisk</title>' > "$dir/dist/index.html"
  WHISK_PORT="${WHISK_PORT:-$(free_port)}"
  WHISK_URL="http://127.0.0.1:$WHISK_PORT"
  PORT="$WHISK_PORT" HOST=127.0.0.1 DATA_DIR="$dir/data" DATABASE_URL="surrealkv://$dir/data/whisk.db" \
    WEB_DIST="${WEB_DIST:-$dir/dist}" LOG_LEVEL="${LOG_LEVEL:-warn}" \
    BOOTSTRAP_ADMIN_EMAIL="$WHISK_ADMIN_EMAIL" BOOTSTRAP_ADMIN_PASSWORD="$WHISK_ADMIN_PASSWORD" \
    "$@" "$WHISK_BIN" serve >>"$dir/server.log" 2>&1 &
  WHISK_PID=$!
  wait_answering "$WHISK_URL/api/v1/health" "$WHISK_PID" "${WHISK_START_SECONDS:-30}"
}

stop_whisk() {
  [ -n "${WHISK_PID:-}" ] || return 0
  kill "$WHISK_PID" 2>/dev/null || true
  for _ in $(seq 1 "$((${WHISK_STOP_SECONDS:-10} * 5))"); do
    kill -0 "$WHISK_PID" 2>/dev/null || break
    sleep 0.2
  done
  kill -9 "$WHISK_PID" 2>/dev/null || true
  wait "$WHISK_PID" 2>/dev/null || true
  WHISK_PID=
}

admin_token() {
  curl -fsS "$WHISK_URL/api/v1/authadmin/login" -H 'Content-Type: application/json' \
    -d "{\"identifier\": \"$WHISK_ADMIN_EMAIL\", \"password\": \"$WHISK_ADMIN_PASSWORD\"}" |
    sed -E 's/.*"jwt":"([^"]+)".*/\1/'
}

generate_catalog() {
  local dir="$1" products="$2"
  mkdir -p "$dir/data"
  step "Generating $products products"
  DATA_DIR="$dir/data" DATABASE_URL="surrealkv://$dir/data/whisk.db" \
    "$WHISK_BIN" generate-catalog --products "$products" 2>/dev/null
}
