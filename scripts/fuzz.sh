#!/usr/bin/env bash
# Fuzzes the API with schemathesis (PyPI) against the OpenAPI document the server publishes, once
# as a customer and once as an admin: no answer may be a 5xx, and every error must come in the
# JSON envelope (scripts/fuzz_checks.py). FUZZ_SECONDS is the time budget of each run (default
# 120; the test command runs a short version with 15).
#   FUZZ_SECONDS=120 scripts/fuzz.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
source "$ROOT/scripts/whisk-server.sh"

FUZZ_SECONDS="${FUZZ_SECONDS:-120}"
SCHEMATHESIS_VERSION=4.32.5
VENV="$TOOLS_DIR/schemathesis-$SCHEMATHESIS_VERSION"
if [ ! -x "$VENV/bin/schemathesis" ]; then
  step "Installing schemathesis $SCHEMATHESIS_VERSION (once)"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet "schemathesis==$SCHEMATHESIS_VERSION"
fi
build_targets

WORK="$(mktemp -d)"
trap 'stop_whisk; rm -rf "$WORK"' EXIT
start_whisk "$WORK"
customer="$(curl -fs "$WHISK_URL/api/v1/auth/register" -H 'Content-Type: application/json' -d '{
  "username": "Fuzz Baker", "email": "fuzz@example.in", "password": "fuzz-password-42", "address": "1 Test Road",
  "city": "Pune", "state": "Maharashtra", "mobile": "9876512345", "company": "Fuzz Bakes"}' | sed -E 's/.*"jwt":"([^"]+)".*/\1/')"
admin="$(admin_token)"

verdict=PASS
for role in customer admin; do
  token="${!role}"
  step "Fuzzing as $role for $FUZZ_SECONDS s"
  # The admin run leaves out the calls that would lock its own session away (deleting or
  # re-keying admins is covered by the API tests).
  exclude=()
  [ "$role" = admin ] && exclude=(--exclude-path-regex '^/api/v1/admins/')
  # Run from the work folder, so schemathesis's cache stays out of the clone.
  (cd "$WORK" && PYTHONPATH="$ROOT/scripts" SCHEMATHESIS_HOOKS=fuzz_checks "$VENV/bin/schemathesis" run "$WHISK_URL/api/v1/openapi.json" \
    --url "$WHISK_URL" --checks not_a_server_error,error_envelope --max-time "$FUZZ_SECONDS" \
    --header "Authorization: Bearer $token" "${exclude[@]}" --no-color) || verdict=FAIL
done
echo "Fuzz: $verdict"
[ "$verdict" = PASS ]
