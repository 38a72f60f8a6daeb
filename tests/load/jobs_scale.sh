#!/usr/bin/env bash
# Times the daily care reminder and the notification cleanup on a freshly seeded installation
# (docs/performance.md, "Jobs at scale").
#
#   tests/load/jobs_scale.sh PLANTS [DATABASE_URL]
#
# Without DATABASE_URL it uses SQLite in a temporary data dir; with one (postgres://…) that
# database must exist and be empty. GARDENCTL_BIN picks the binary (default: go build);
# JOBS_BIN, when set, runs the jobs with another binary (an older build, for comparison).
# Each job runs twice: the first run does the work, the second finds it done (the reminders
# were sent today; nothing is left to clean). Durations are the runs' own (job_runs).
set -euo pipefail
plants=${1:?usage: jobs_scale.sh PLANTS [DATABASE_URL]}
url=${2:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${GARDENCTL_BIN:-}
if [[ -z $bin ]]; then
  bin=$(mktemp -d)/gardenctl
  (cd "$root" && nice -n 10 go build -o "$bin" ./cmd/gardenctl)
fi
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
args=(--data-dir "$data")
[[ -n $url ]] && args+=(--database-url "$url")
g() { nice -n 10 "$bin" "${args[@]}" "$@" 2>/dev/null; }
g migrate >/dev/null
g dev seed --plants "$plants"
# The bulk seed leaves PostgreSQL without statistics, which autovacuum gives a real
# installation: without them its plans are a guess.
[[ -n $url ]] && psql -X -q "$url" -c 'VACUUM ANALYZE'
jobs_bin=${JOBS_BIN:-$bin}
for job in care-reminders care-reminders notification-cleanup notification-cleanup; do
  nice -n 10 "$jobs_bin" "${args[@]}" jobs run "$job" >/dev/null 2>&1
done
if [[ -n $url ]]; then
  psql -X -q -A -F ' | ' -t "$url" -c "SELECT job, message, round(EXTRACT(EPOCH FROM finished_at - started_at)::numeric, 3) || ' s' FROM job_runs ORDER BY id"
else
  sqlite3 -separator ' | ' "$data/garden.db" "SELECT job, message, round((julianday(finished_at) - julianday(started_at)) * 86400, 3) || ' s' FROM job_runs ORDER BY id"
fi
