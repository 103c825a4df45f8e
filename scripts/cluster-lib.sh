# Starting and stopping a Whisk cluster for the scripts; sourced after env.sh.
#   cluster_start DIR NODES PORT  a SurrealDB server (surrealkv storage in DIR/db), NODES Whisk
#                                 nodes over it and nginx round-robin in front on 127.0.0.1:PORT;
#                                 sets DB_URL, NODE_URLS (array), NODE_PIDS (array), CLUSTER_URL;
#                                 DB_LOGIN (array) holds the login that goes with DB_URL.
#                                 Variables exported before the call reach the nodes.
#   db_stop / db_start            stop and start the SurrealDB server (same storage, same port)
#   node_kill N                   SIGKILL node N (1-based)
#   cluster_stop                  stops everything it started
# Every node gets the same settings a real deployment needs: the database's address and root
# login, TRUSTED_PROXIES for nginx on this machine, and the scripts' bootstrap admin
# (whisk-server.sh's launch_whisk, which starts the nodes).

source "$ROOT/scripts/whisk-server.sh"
SURREAL_BIN="$CARGO_TARGET_DIR/release/surreal"
# The nodes' login to the SurrealDB server db_start runs (with DATABASE_URL="$DB_URL").
DB_LOGIN=(DATABASE_USER=root DATABASE_PASS=root DATABASE_NS=whisk DATABASE_DB=shop)
NODE_PIDS=() NODE_URLS=() DB_PID="" NGINX_PID=""

ensure_nginx() {
  command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] && return 0
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  step "Installing nginx with apt-get"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nginx >/dev/null
}

nginx_bin() { command -v nginx 2>/dev/null || echo /usr/sbin/nginx; }

db_start() {
  "$SURREAL_BIN" start --bind "127.0.0.1:$DB_PORT" --user root --pass root --log warn --no-banner \
    "surrealkv://$CLUSTER_DIR/db" >>"$CLUSTER_DIR/surreal.log" 2>&1 &
  DB_PID=$!
  wait_answering "http://127.0.0.1:$DB_PORT/health" "$DB_PID"
}

db_stop() {
  [ -n "$DB_PID" ] || return 0
  kill "$DB_PID" 2>/dev/null || true
  for _ in $(seq 1 100); do kill -0 "$DB_PID" 2>/dev/null || break; sleep 0.1; done
  kill -9 "$DB_PID" 2>/dev/null || true
  wait "$DB_PID" 2>/dev/null || true
  DB_PID=""
}

node_start() {
  local n="$1" port="$2" dir="$CLUSTER_DIR/node$1"
  mkdir -p "$dir"
  launch_whisk "$port" "$dir" "$DB_URL" "${WEB_DIST:-$CLUSTER_DIR/dist}" "$CLUSTER_DIR/node$n.log" \
    env "${DB_LOGIN[@]}" TRUSTED_PROXIES="${TRUSTED_PROXIES:-127.0.0.1}"
  NODE_PIDS[$((n - 1))]=$!
  NODE_URLS[$((n - 1))]="http://127.0.0.1:$port"
}

node_kill() {
  local pid="${NODE_PIDS[$(($1 - 1))]}"
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

nginx_start() {
  local port="$1" upstreams=""
  for url in "${NODE_URLS[@]}"; do upstreams+="    server ${url#http://} max_fails=1 fail_timeout=2s;"$'\n'; done
  mkdir -p "$CLUSTER_DIR/nginx"
  cat > "$CLUSTER_DIR/nginx/nginx.conf" <<CONF
$( [ "$(id -u)" -eq 0 ] && echo "user root;" )
worker_processes 1;
pid $CLUSTER_DIR/nginx/nginx.pid;
error_log $CLUSTER_DIR/nginx/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $CLUSTER_DIR/nginx/body;
  proxy_temp_path $CLUSTER_DIR/nginx/proxy;
  fastcgi_temp_path $CLUSTER_DIR/nginx/fastcgi;
  uwsgi_temp_path $CLUSTER_DIR/nginx/uwsgi;
  scgi_temp_path $CLUSTER_DIR/nginx/scgi;
  client_max_body_size 30m;
  # Shoppers' and load generators' connections stay open (nginx closes one after 1000 requests
  # by default).
  keepalive_requests 1000000;
  keepalive_timeout 75s;
  upstream whisk {
$upstreams    keepalive 64;
  }
  server {
    listen 127.0.0.1:$port;
    location / {
      proxy_pass http://whisk;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto \$scheme;
      # A node that refuses the connection is skipped; a request already sent to a node that
      # died is not resent by nginx (the client resends it, orders with their Idempotency-Key).
      proxy_next_upstream error timeout;
      proxy_connect_timeout 1s;
      proxy_read_timeout 60s;
      proxy_request_buffering off;
    }
  }
}
CONF
  "$(nginx_bin)" -c "$CLUSTER_DIR/nginx/nginx.conf" -p "$CLUSTER_DIR/nginx" -g 'daemon off;' >>"$CLUSTER_DIR/nginx/error.log" 2>&1 &
  NGINX_PID=$!
  CLUSTER_URL="http://127.0.0.1:$port"
  wait_answering "$CLUSTER_URL/api/v1/health" "$NGINX_PID"
}

cluster_start() {
  CLUSTER_DIR="$1"
  local nodes="$2" port="$3"
  placeholder_dist "$CLUSTER_DIR"
  [ -x "$SURREAL_BIN" ] || { echo "no SurrealDB server at $SURREAL_BIN: build first (cargo test --release --workspace --no-run)" >&2; return 1; }
  ensure_nginx
  DB_PORT="${DB_PORT:-$(free_port)}"
  DB_URL="ws://127.0.0.1:$DB_PORT"
  db_start
  echo "SurrealDB $("$SURREAL_BIN" version | cut -d' ' -f1) serving $CLUSTER_DIR/db at $DB_URL"
  # The first node applies the schema (and loads a demo catalog if asked) before the others.
  node_start 1 "$(free_port)"
  wait_answering "${NODE_URLS[0]}/api/v1/health" "${NODE_PIDS[0]}"
  for n in $(seq 2 "$nodes"); do node_start "$n" "$(free_port)"; done
  for n in $(seq 2 "$nodes"); do wait_answering "${NODE_URLS[$((n - 1))]}/api/v1/health" "${NODE_PIDS[$((n - 1))]}"; done
  echo "Whisk nodes: ${NODE_URLS[*]}"
  nginx_start "$port"
}

cluster_stop() {
  [ -z "$NGINX_PID" ] || { kill "$NGINX_PID" 2>/dev/null || true; wait "$NGINX_PID" 2>/dev/null || true; NGINX_PID=""; }
  for pid in "${NODE_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${NODE_PIDS[@]}"; do
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  NODE_PIDS=()
  db_stop
}
