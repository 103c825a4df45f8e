# Starting and stopping a Whisk server for the scripts; sourced after env.sh.
#   start_whisk DIR [LAUNCHER...]
#                     serves with embedded SurrealDB (surrealkv) in DIR on a free port, with the
#                     scripts' bootstrap admin; sets WHISK_PID and WHISK_URL. Variables exported
#                     before the call (MAX_PENDING_ORDERS, TRUSTED_PROXIES ...) reach the server.
#                     LAUNCHER (valgrind ...) runs the server; WHISK_START_SECONDS (30) bounds
#                     the wait for its first answer.
#   launch_whisk PORT DATA_DIR DATABASE_URL DIST LOG [LAUNCHER...]
#                     starts `whisk serve` in the background with the scripts' settings and
#                     bootstrap admin, its output appended to LOG; $! is its process. start_whisk
#                     and the cluster's nodes (cluster-lib.sh) start theirs through it.
#   placeholder_dist DIR
#                     a DIR/dist with a stand-in index.html, for servers run without the web app.
#   stop_whisk        stops it (SIGTERM, then SIGKILL after WHISK_STOP_SECONDS, 10).
#   admin_token       signs the bootstrap admin in and prints the session token.
#   generate_catalog DIR PRODUCTS
#                     fills the store start_whisk DIR serves with PRODUCTS generated products.

WHISK_ADMIN_EMAIL=admin@whisk.example WHISK_ADMIN_PASSWORD=whisk-script-admin

launch_whisk() {
  local port="$1" data="$2" database="$3" dist="$4" log="$5"
  shift 5
  PORT="$port" HOST=127.0.0.1 DATA_DIR="$data" DATABASE_URL="$database" WEB_DIST="$dist" \
    LOG_LEVEL="${LOG_LEVEL:-warn}" \
    BOOTSTRAP_ADMIN_EMAIL="$WHISK_ADMIN_EMAIL" BOOTSTRAP_ADMIN_PASSWORD="$WHISK_ADMIN_PASSWORD" \
    "$@" "$WHISK_BIN" serve >>"$log" 2>&1 &
}

placeholder_dist() {
  mkdir -p "$1/dist/assets"
  [ -f "$1/dist/index.html" ] || echo '<!doctype html><title>Whisk</title>' > "$1/dist/index.html"
}

start_whisk() {
  local dir="$1"
  shift
  mkdir -p "$dir/data"
  placeholder_dist "$dir"
  WHISK_PORT="${WHISK_PORT:-$(free_port)}"
  WHISK_URL="http://127.0.0.1:$WHISK_PORT"
  launch_whisk "$WHISK_PORT" "$dir/data" "surrealkv://$dir/data/whisk.db" "${WEB_DIST:-$dir/dist}" \
    "$dir/server.log" "$@"
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
