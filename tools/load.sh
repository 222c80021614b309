#!/usr/bin/env sh
# A bounded CPU load, to try the cluster on a busy laptop: N busy processes (default 2 per core)
# for T seconds (default 300), then it stops by itself; Ctrl-C or killing it stops them at once.
# Usage: tools/load.sh [processes] [seconds]
set -eu
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
processes=${1:-$((2 * cores))}
seconds=${2:-300}
case "$processes$seconds" in *[!0-9]*) echo "Usage: tools/load.sh [processes] [seconds]" >&2; exit 2 ;; esac
[ "$seconds" -le 3600 ] || { echo "At most 3600 seconds." >&2; exit 2; }

pids=""
stop() { [ -z "$pids" ] || kill $pids 2>/dev/null || true; pids=""; }
trap stop EXIT INT TERM
i=0
while [ "$i" -lt "$processes" ]; do
  # Pure arithmetic, with a look at the clock now and then: each loop ends on time by itself,
  # even if this script is killed with -9.
  end=$(( $(date +%s) + seconds ))
  sh -c "while [ \$(date +%s) -lt $end ]; do n=0; while [ \$n -lt 20000 ]; do n=\$((n + 1)); done; done" &
  pids="$pids $!"
  i=$((i + 1))
done
echo "load: $processes busy process(es) for $seconds s (pids$pids)" >&2
wait
