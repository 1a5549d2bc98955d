#!/bin/sh
# Before/after of the ingest benchmark, alternating so both sides see the same machine load.
#   BEFORE=<checkout of the old commit, installed> [ROUNDS=3] [NODE_FLAGS=...] sh bench/ingest/before-after.sh [run.ts args]
# Run it under the bench lock: flock /tmp/bench.lock sh bench/ingest/before-after.sh ...
# Prints one line per run: round, side, the load average before it, and the BENCH_RESULT JSON.
set -eu
: "${BEFORE:?set BEFORE to a checkout of the old commit (git worktree add ... <commit>; pnpm install)}"
AFTER=$(cd "$(dirname "$0")/../.." && pwd)
ROUNDS=${ROUNDS:-3}
[ $# -gt 0 ] || set -- --concurrency 1,16 --events 100000
round=1
while [ "$round" -le "$ROUNDS" ]; do
  for side in before after; do
    dir=$AFTER
    [ "$side" = before ] && dir=$BEFORE
    load=$(cut -d' ' -f1-3 /proc/loadavg)
    # shellcheck disable=SC2086
    line=$(cd "$dir" && node ${NODE_FLAGS:-} --conditions=@meeting-ai/source --import tsx bench/ingest/run.ts "$@" 2>&1 | grep '^BENCH_RESULT' || true)
    echo "$round $side load=[$load] $line"
  done
  round=$((round + 1))
done
