#!/usr/bin/env bash
# Load test of the real binary on loopback, with SQLite and with PostgreSQL: signed-in reads
# (GET /api/user) and sign-ins (argon2id). Bounded in time and count; stops by itself.
# Usage: tests/load/run.sh   (needs hey: GOBIN=~/.cache/garden-tools go install github.com/rakyll/hey@latest)
set -euo pipefail
cd "$(dirname "$0")/../.."
HEY=${HEY:-$HOME/.cache/garden-tools/hey}
[ -x "$HEY" ] || GOBIN=$(dirname "$HEY") go install github.com/rakyll/hey@latest
work=$(mktemp -d)
bin=$work/gardenctl
go build -o "$bin" ./cmd/gardenctl
port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
export GARDEN_ADDR=127.0.0.1:$port GARDEN_DATA_DIR=$work/data GARDEN_ADMIN_PASSWORD=load-admin-pw GARDEN_LOG_LEVEL=warn
trap 'pkill -f "$bin serve" || true; rm -rf "$work"' EXIT

run_load() {
  "$bin" migrate >/dev/null
  "$bin" users create --username loaduser --password load-password-1 >/dev/null
  "$bin" serve >"$work/serve.log" 2>&1 &
  for _ in $(seq 1 50); do curl -sf "http://$GARDEN_ADDR/readyz" >/dev/null && break; sleep 0.2; done
  token=$(curl -s -XPOST "http://$GARDEN_ADDR/api/login" -d '{"username":"loaduser","password":"load-password-1"}' |
    python3 -c 'import json,sys;print(json.load(sys.stdin)["token"])')
  echo "== $1: GET /api/user, 20 concurrent, 10 s"
  "$HEY" -z 10s -c 20 -H "Authorization: Bearer $token" "http://$GARDEN_ADDR/api/user" | grep -E 'Requests/sec|Average|99% in|\[[0-9]+\]'
  echo "== $1: POST /api/login, 4 concurrent, 200 requests"
  "$HEY" -n 200 -c 4 -m POST -d '{"username":"loaduser","password":"load-password-1"}' "http://$GARDEN_ADDR/api/login" | grep -E 'Requests/sec|Average|99% in|\[[0-9]+\]'
  ps -o rss= -p "$(pgrep -f "$bin serve")" | awk '{printf "resident memory after load: %.0f MiB\n", $1/1024}'
  pkill -f "$bin serve"; sleep 0.5
}

run_load SQLite
db=garden_load_$$
psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE $db"
export GARDEN_DATABASE_URL="postgres://postgres@127.0.0.1:5432/$db?sslmode=disable"
run_load PostgreSQL
psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE $db WITH (FORCE)"
