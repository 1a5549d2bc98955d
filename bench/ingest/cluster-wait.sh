#!/bin/sh
# Ingest events/s on one server vs the cluster (batches split per meeting), each with WAIT off
# and WAIT 1 (issue 20), alternating so every variant sees the same machine load.
#   [ROUNDS=3] sh bench/ingest/cluster-wait.sh [run.ts args]
# One server gets one replica in every variant, so WAIT 0 vs 1 differs only by the WAIT.
# Prints one line per run: round, variant, the load average before it, and the BENCH_RESULT JSON.
set -eu
cd "$(dirname "$0")/../.."
ROUNDS=${ROUNDS:-3}
[ $# -gt 0 ] || set -- --concurrency 16,64 --events 100000
round=1
while [ "$round" -le "$ROUNDS" ]; do
  for variant in single:0 cluster:0 single:1 cluster:1; do
    redis=${variant%:*}
    wait=${variant#*:}
    load=$(cut -d' ' -f1-3 /proc/loadavg)
    line=$(node --conditions=@meeting-ai/source --import tsx bench/ingest/run.ts --redis "$redis" --replicas 1 --env "REDIS_WAIT_REPLICAS=$wait" "$@" 2>&1 | grep '^BENCH_RESULT' || true)
    echo "$round $redis wait=$wait load=[$load] $line"
  done
  round=$((round + 1))
done
