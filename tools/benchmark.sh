#!/usr/bin/env bash
# Measures what docs/performance.md reports, side by side in one run on this machine:
# cold start of the cluster, node memory, lesson 02 with the cluster up, the median of five
# checks, and the full test command. Stops our nodes first: run it when nothing else needs them.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds() { local start=$1; echo "scale=1; ($(date +%s%N) - start) / 1000000000" | sed "s/start/$start/" | bc; }

./jbang down >/dev/null
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"

t=$(date +%s%N); ./jbang up >/dev/null; echo "cold start of 3 nodes: $(seconds "$t") s"
./jbang status | grep "memory of our nodes"

./jbang lesson02 >/dev/null 2>&1   # compiles the script once; the next run is what a learner repeats
t=$(date +%s%N); ./jbang lesson02 >/dev/null 2>&1; echo "lesson 02 with the cluster up: $(seconds "$t") s"

cp solutions/src/main/java/workshop/lesson02/*.java exercises/src/main/java/workshop/lesson02/
times=()
for i in 1 2 3 4 5; do
  t=$(date +%s%N); ./jbang check 02 >/dev/null 2>&1; times+=("$(seconds "$t")")
done
git checkout -- exercises/src/main/java/workshop/lesson02
rm -f .workshop/progress.properties
echo "./jbang check 02 (8 tests), five runs: ${times[*]} s; median $(printf '%s\n' "${times[@]}" | sort -n | sed -n 3p) s"

./jbang down >/dev/null
t=$(date +%s%N); ./mvnw -q -B verify >/tmp/benchmark-verify.log 2>&1; echo "full test command from a stopped cluster: $(seconds "$t") s"
