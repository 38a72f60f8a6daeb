#!/usr/bin/env bash
# Load harness (issue #14): gardenctl against a bare net/http baseline (tests/load/baseline) on
# the same data, alternately, on SQLite and on PostgreSQL. Prints, per database, throughput,
# p50/p99 latency and server CPU per request of each round, and the ratios app/bare with their
# spread, for the four hot reads of issue #30 item 2 (the plant list, the dashboard's summary,
# the harvest list, the forum's latest topics), each answer first checked byte for byte against
# the baseline's; then three writes (issue #30 item 3: water one plant, reply to a topic with 20
# watchers, create a plant) against the baseline's bare handlers sending the same statements.
# Traffic goes to 127.0.0.1 only; every run is bounded in time and stops by itself.
#
#   make bench-load                       # 3 rounds of 10 s each, 64 connections
#   ROUNDS=5 DURATION=20s tests/load/bench.sh
#   DURATION=3s WRITE_DURATION=3s ROUNDS=1 WRITERS=1000 tests/load/bench.sh   # a short run
#
# Needs wrk (Debian package; installed here when missing) and, for PostgreSQL, the server at
# 127.0.0.1:5432 (skipped with a notice when it is not there).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10s}
CONNS=${CONNS:-64}
PLANTS=${PLANTS:-50}
# The writes (issue #30 item 3): WRITE_DURATION per write and side in each round; WRITERS
# gardeners a side, each with a topic of their own that 20 gardeners watch (posting is limited
# to 10 replies a minute per gardener, so the replies are spread over them).
WRITE_DURATION=${WRITE_DURATION:-$DURATION}
WRITERS=${WRITERS:-1500}
if ! command -v wrk >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi

# BENCH_DBS=postgres runs one database; APP_BIN=path skips `make build` (a binary already built);
# BASELINE_FLAGS=-database-sql serves PostgreSQL's baseline through database/sql, as it was before
# it moved to pgx's own pool (issue #30 item 2).
BENCH_DBS=${BENCH_DBS:-sqlite,postgres}
work=$(mktemp -d)
if [ -n "${APP_BIN:-}" ]; then
  app=$(realpath "$APP_BIN")
else
  make -s build >/dev/null
  app=$PWD/bin/gardenctl
fi
go build -o "$work/baseline" ./tests/load/baseline
free_port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
rss_mib() { awk '/VmRSS/ {printf "%.0f", $2/1024}' "/proc/$1/status"; }

# round NAME PID URL TOKEN [LUA_SCRIPT] → one line: rps p50_ms p99_ms cpu_us_per_request
# (with a script, the requests are the script's, for WRITE_DURATION)
round() {
  local pid=$2 url=$3 token=$4 before after out
  local args=(-d"$DURATION")
  if [ -n "${5:-}" ]; then args=(-d"$WRITE_DURATION" -s "$5"); fi
  before=$(cpu_ticks "$pid")
  out=$(wrk -t2 -c"$CONNS" "${args[@]}" --latency -H "Authorization: Bearer $token" "$url")
  after=$(cpu_ticks "$pid")
  python3 - "$before" "$after" <<PY "$out"
import re, sys
before, after, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
def ms(v):
    m = re.match(r"([\d.]+)(us|ms|s|m|h)$", v)
    if not m:
        sys.exit(f"cannot read the latency {v!r} in: {out}")
    n, unit = m.groups()
    return float(n) * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000, "h": 3600000}[unit]
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
reqs = int(re.search(r"(\d+) requests in", out).group(1))
p50 = ms(re.search(r"^\s+50%\s+(\S+)", out, re.M).group(1))
p99 = ms(re.search(r"^\s+99%\s+(\S+)", out, re.M).group(1))
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
if errors:
    sys.exit(f"{errors.group(1)} error answers: {out}")
cpu_us = (after - before) * 10000 / reqs  # clock ticks are 10 ms
print(f"{rps:.0f} {p50:.2f} {p99:.2f} {cpu_us:.1f}")
PY
}

bench() {
  local name=$1 dburl=$2
  local data=$work/data-$name
  mkdir -p "$data"
  local aport bport
  aport=$(free_port); bport=$(free_port)
  GARDEN_DATABASE_URL=$dburl GARDEN_DATA_DIR=$data GARDEN_LOG_LEVEL=error "$app" migrate >/dev/null
  GARDEN_DATABASE_URL=$dburl GARDEN_DATA_DIR=$data GARDEN_ADMIN_PASSWORD=load-admin-pw GARDEN_LOG_LEVEL=error \
    "$app" users create --username bench --password bench-password-1 >/dev/null
  GARDEN_DATABASE_URL=$dburl GARDEN_DATA_DIR=$data GARDEN_ADMIN_PASSWORD=load-admin-pw GARDEN_LOG_LEVEL=error \
    GARDEN_ADDR=127.0.0.1:$aport "$app" serve >"$work/app-$name.log" 2>&1 &
  local apid=$!; pids+=("$apid")
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$aport/readyz" >/dev/null && break; sleep 0.1; done
  # shellcheck disable=SC2086 # BASELINE_FLAGS is a list of flags
  "$work/baseline" -addr "127.0.0.1:$bport" -database-url "$dburl" -data-dir "$data" ${BASELINE_FLAGS:-} 2>"$work/baseline-$name.log" &
  local bpid=$!; pids+=("$bpid")
  local token
  token=$(curl -sf -XPOST "http://127.0.0.1:$aport/api/login" -d '{"username":"bench","password":"bench-password-1"}' |
    python3 -c 'import json,sys;print(json.load(sys.stdin)["token"])')
  for i in $(seq 1 "$PLANTS"); do
    curl -sf -o /dev/null -XPOST "http://127.0.0.1:$aport/api/plants" -H "Authorization: Bearer $token" \
      -d "{\"name\":\"Plant $i\",\"species\":\"Species $i\",\"plantType\":\"Herbs\",\"waterFrequency\":3,\"fertilizerFrequency\":30,\"location\":\"Bed $((i % 5))\",\"lastWatered\":\"2026-11-20T08:00:00Z\",\"notes\":\"Seeded by the load harness\"}"
  done
  # The other hot reads of issue #30 item 2 read PLANTS harvests and a few topics.
  for i in $(seq 1 "$PLANTS"); do
    curl -sf -o /dev/null -XPOST "http://127.0.0.1:$aport/api/harvests" -H "Authorization: Bearer $token" \
      -d "{\"plantId\":1,\"harvestDate\":\"2026-0$((i % 9 + 1))-1$((i % 9))\",\"quantity\":$i,\"unit\":\"g\",\"notes\":\"Load harness\"}" || true
  done
  for i in $(seq 1 5); do
    curl -sf -o /dev/null -XPOST "http://127.0.0.1:$aport/api/forum/topics" -H "Authorization: Bearer $token" \
      -d "{\"title\":\"Load topic $i\",\"content\":\"<p>Which tomatoes do well in a cold, wet summer? We tried three kinds along the south wall, topic $i.</p>\",\"categoryId\":1}" ||
      { echo "cannot seed topic $i" >&2; exit 1; }
  done
  for _ in $(seq 1 50); do curl -sf "http://127.0.0.1:$bport/api/plants" -H "Authorization: Bearer $token" >/dev/null && break; sleep 0.1; done
  local reads="/api/plants /api/dashboard/summary /api/harvests /api/forum/topics/latest"
  for path in $reads; do
    if ! cmp -s <(curl -sf "http://127.0.0.1:$aport$path" -H "Authorization: Bearer $token") \
                <(curl -sf "http://127.0.0.1:$bport$path" -H "Authorization: Bearer $token"); then
      echo "GET $path: the baseline's answer differs from gardenctl's: update tests/load/baseline to the wire type" >&2
      diff <(curl -sf "http://127.0.0.1:$aport$path" -H "Authorization: Bearer $token" | python3 -m json.tool) \
           <(curl -sf "http://127.0.0.1:$bport$path" -H "Authorization: Bearer $token" | python3 -m json.tool) | head -20 >&2
      exit 1
    fi
  done
  echo "== $name: the hot reads ($PLANTS plants, $PLANTS harvests, 5 topics), $CONNS connections, $ROUNDS rounds of $DURATION each, alternating; baseline: $(grep -o '(.*)' "$work/baseline-$name.log" | head -1)"
  echo "idle resident memory: app $(rss_mib "$apid") MiB, baseline $(rss_mib "$bpid") MiB"
  local files=()
  for path in $reads; do
    local f=$work/rounds-$name-${path//\//_}
    : >"$f"; files+=("$path=$f")
    for r in $(seq 1 "$ROUNDS"); do
      # Warm both once, then measure app and baseline back to back.
      wrk -t1 -c8 -d1s -H "Authorization: Bearer $token" "http://127.0.0.1:$aport$path" >/dev/null
      wrk -t1 -c8 -d1s -H "Authorization: Bearer $token" "http://127.0.0.1:$bport$path" >/dev/null
      a=$(round app "$apid" "http://127.0.0.1:$aport$path" "$token")
      b=$(round bare "$bpid" "http://127.0.0.1:$bport$path" "$token")
      echo "GET $path round $r  app: $a   bare: $b   (req/s p50_ms p99_ms cpu_us/req)"
      echo "$a $b" >>"$f"
    done
  done
  echo "steady-state resident memory: app $(rss_mib "$apid") MiB, baseline $(rss_mib "$bpid") MiB"
  python3 - "${files[@]}" <<'PY'
import sys, statistics as st
for arg in sys.argv[1:]:
    path, f = arg.split("=", 1)
    rows = [list(map(float, l.split())) for l in open(f) if l.strip()]
    thr = [r[0] / r[4] for r in rows]
    tail = [r[2] / r[1] for r in rows]
    cpu = [r[3] / r[7] for r in rows]
    print(f"GET {path}")
    def show(name, xs, target, better):
        ok = (min(xs) >= target) if better == "higher" else (max(xs) <= target)
        print(f"  {name:34s} {st.mean(xs):5.2f}  (spread {min(xs):.2f}–{max(xs):.2f}; target {'≥' if better=='higher' else '≤'} {target}) {'OK' if ok else 'MISSED'}")
    show("throughput app / bare", thr, 0.90, "higher")
    show("p99 / p50 of the app", tail, 3.0, "lower")
    show("server CPU per request app / bare", cpu, 1.1, "lower")
PY
  writes "$name" "$dburl" "$data" "$apid" "$bpid" "$aport" "$bport" "$token"
  kill "$apid" "$bpid" 2>/dev/null || true
  wait "$apid" "$bpid" 2>/dev/null || true
}

# The wrk script of the writes: WRK_KIND water (plant ids WRK_FROM…, as the signed-in bench
# gardener), reply (writer k replies to topic WRK_TOPIC+k) or create (writer k creates a plant),
# k running over WRK_FROM…WRK_FROM+WRK_COUNT-1, spread over wrk's two threads.
cat >"$work/writes.lua" <<'LUA'
local kind, from, count = os.getenv("WRK_KIND"), tonumber(os.getenv("WRK_FROM")), tonumber(os.getenv("WRK_COUNT"))
local topic, token = tonumber(os.getenv("WRK_TOPIC") or "0"), os.getenv("WRK_TOKEN")
local threads = 0
function setup(thread) thread:set("tid", threads); threads = threads + 1 end
local i
function request()
  if i == nil then i = tid or 0 end
  i = i + 2
  local k = from + (i % count)
  -- Headers given to wrk.format replace wrk's -H ones (Host excepted).
  local h = {["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token}
  if kind == "water" then
    return wrk.format("POST", "/api/plants/water", h, '{"plantIds":[' .. k .. ']}')
  end
  h["Authorization"] = "Bearer bench-writer-" .. k
  if kind == "reply" then
    return wrk.format("POST", "/api/forum/topics/" .. (topic + k) .. "/posts", h, '{"content":"A reply timed by the load harness"}')
  end
  return wrk.format("POST", "/api/plants", h, '{"name":"Timed plant","species":"Basil","plantType":"Herbs","waterFrequency":3,"fertilizerFrequency":30,"location":"Bed 1","lastWatered":"2026-11-20T08:00:00Z","notes":"Created by the load harness"}')
end
LUA

# writes NAME DBURL DATA APID BPID APORT BPORT TOKEN: watering one plant, replying to a topic
# with 20 watchers and creating a plant, each timed on the app and on the baseline alternately,
# the app watering plants 1…PLANTS/2 and the baseline the others, each side's replies and new
# plants by its own WRITERS gardeners: both sides write the same kind of rows into tables that
# grow alike.
writes() {
  local name=$1 dburl=$2 data=$3 apid=$4 bpid=$5 aport=$6 bport=$7 token=$8 topic half
  topic=$("$work/baseline" -seed-writes "$WRITERS" -database-url "$dburl" -data-dir "$data" 2>>"$work/baseline-$name.log")
  half=$((PLANTS / 2))
  echo "== $name writes: $CONNS connections, $ROUNDS rounds of $WRITE_DURATION a write and side, alternating; $WRITERS writers a side"
  for kind in water reply create; do : >"$work/w-$kind-$name"; done
  for r in $(seq 1 "$ROUNDS"); do
    for kind in water reply create; do
      local afrom=0 bfrom=$WRITERS count=$WRITERS
      if [ "$kind" = water ]; then afrom=1 bfrom=$((half + 1)) count=$half; fi
      a=$(WRK_TOKEN=$token WRK_KIND=$kind WRK_FROM=$afrom WRK_COUNT=$count WRK_TOPIC=$topic round app "$apid" "http://127.0.0.1:$aport" "$token" "$work/writes.lua")
      b=$(WRK_TOKEN=$token WRK_KIND=$kind WRK_FROM=$bfrom WRK_COUNT=$count WRK_TOPIC=$topic round bare "$bpid" "http://127.0.0.1:$bport" "$token" "$work/writes.lua")
      echo "round $r $kind  app: $a   bare: $b   (req/s p50_ms p99_ms cpu_us/req)"
      echo "$a $b" >>"$work/w-$kind-$name"
    done
  done
  python3 - "$work" "$name" <<'PY'
import sys, statistics as st
work, name = sys.argv[1], sys.argv[2]
what = {"water": "POST /api/plants/water (one plant)", "reply": "POST /api/forum/topics/{id}/posts (20 watchers)", "create": "POST /api/plants"}
for kind, label in what.items():
    rows = [list(map(float, l.split())) for l in open(f"{work}/w-{kind}-{name}") if l.strip()]
    def ratio(i):
        xs = [r[i] / r[i + 4] for r in rows]
        return f"{st.mean(xs):.2f} ({min(xs):.2f}–{max(xs):.2f})"
    print(f"{label:50s} app/bare: throughput {ratio(0)}, p50 {ratio(1)}, p99 {ratio(2)}, CPU/req {ratio(3)}")
PY
}

if [[ ,$BENCH_DBS, == *,sqlite,* ]]; then
  bench SQLite ""
fi
if [[ ,$BENCH_DBS, != *,postgres,* ]]; then
  :
elif pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  db=garden_bench_$$
  psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE $db"
  trap 'cleanup; psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true' EXIT
  bench PostgreSQL "postgres://postgres@127.0.0.1:5432/$db?sslmode=disable"
else
  echo "NOTICE: PostgreSQL is not running at 127.0.0.1:5432; its rounds are skipped"
fi
