#!/usr/bin/env bash
# Runs Whisk as a cluster on this machine: a SurrealDB server (surrealkv storage in a folder),
# NODES Whisk nodes over it and nginx round-robin in front on CLUSTER_PORT. Prints the URL and
# stops everything on Ctrl-C or SIGTERM.
#   NODES=2 CLUSTER_PORT=5080 CLUSTER_DIR=./cluster-data scripts/cluster.sh
# The web app and the demo catalog are served as by scripts/run.sh; the data stays in
# CLUSTER_DIR (default: a fresh temporary folder, removed on exit).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
source "$ROOT/scripts/cluster-lib.sh"

NODES="${NODES:-2}" CLUSTER_PORT="${CLUSTER_PORT:-5080}"
if [ "${SKIP_BUILD:-}" != 1 ]; then
  "$ROOT/scripts/build.sh"
fi
if [ -n "${CLUSTER_DIR:-}" ]; then
  mkdir -p "$CLUSTER_DIR"; DIR="$(cd "$CLUSTER_DIR" && pwd)"; KEEP=1
else
  DIR="$(mktemp -d)"; KEEP=0
fi
stop() { cluster_stop; [ "$KEEP" = 1 ] || rm -rf "$DIR"; }
trap 'stop; exit 0' INT TERM
trap stop EXIT

export WEB_DIST="${WEB_DIST:-$ROOT/web/dist}" DEMO_CATALOG="${DEMO_CATALOG:-$ROOT/api/demo}"
step "Starting SurrealDB, $NODES Whisk nodes and nginx"
cluster_start "$DIR" "$NODES" "$CLUSTER_PORT"
echo
echo "Whisk cluster: $CLUSTER_URL  (nodes ${NODE_URLS[*]}, database $DB_URL, data in $DIR)"
echo "Admin: $WHISK_ADMIN_EMAIL / $WHISK_ADMIN_PASSWORD. Ctrl-C stops everything."
wait "$NGINX_PID"
