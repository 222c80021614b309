#!/usr/bin/env bash
# Runs the table of waiting times against their goals side by side in one run on this machine and
# writes it, with the load average at the start, between the benchmark markers of
# docs/performance.md: cold starts of the cluster (the first start, which makes the nodes' class
# archive once, apart), lesson 01 rerun with its data loaded, the edit-check loop
# (tools/check-timings: check 02 solved, check 01 on the stub, a watch re-grade) and, with
# --verify, the full test command. Each figure stands beside the earlier one, with the ratio: on a
# shared machine the ratio says more than the time. Stops our nodes first: run it when nothing
# else needs them.
#
#   tools/benchmark.sh [--nodes 3] [--runs 5] [--verify]
set -euo pipefail
cd "$(dirname "$0")/.."
nodes=3
runs=5
verify=""
while [ $# -gt 0 ]; do
  case "$1" in
    --nodes) nodes=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --verify) verify=yes; shift ;;
    *) echo "Usage: tools/benchmark.sh [--nodes 3] [--runs 5] [--verify]" >&2; exit 2 ;;
  esac
done

now() { date +%s%N; }
seconds() { echo "scale=1; ($2 - $1) / 1000000000" | bc; }
rows=()
# step, goal, the earlier figure in seconds, this run's figure in seconds, what else to say
# (- when the earlier figure is of another set-up: no ratio then)
row() {
  local before=- ratio=-
  [ "$3" = - ] || { before="$3 s"; ratio=$(printf '%.2f' "$(echo "scale=3; $4 / $3" | bc)"); }
  rows+=("| $1 | $2 | $before | $4 s$5 | $ratio |"); echo "$1: $4 s$5"
}

./jbang down >/dev/null
load=$(cut -d' ' -f1-3 /proc/loadavg)
echo "machine: $(nproc) cores, load average $load"

earlier_up=-   # the earlier figure is of 3 nodes
[ "$nodes" != 3 ] || earlier_up=49.6
if ! ls .workshop/cassandra/cds/*.jsa >/dev/null 2>&1; then
  # A learner's first start makes the nodes' class archive, once; the cold starts measured below map it.
  t=$(now); ./jbang up --nodes "$nodes" >/dev/null; row "\`./jbang up --nodes $nodes\`, the first, making the class archive" \
    "-" - "$(seconds "$t" "$(now)")" ""
  ./jbang down >/dev/null
fi
ups=()
for _ in $(seq "$runs"); do
  t=$(now); ./jbang up --nodes "$nodes" >/dev/null; ups+=("$(seconds "$t" "$(now)")")
  [ ${#ups[@]} = "$runs" ] || ./jbang down >/dev/null
done
up_median=$(printf '%s\n' "${ups[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
row "\`./jbang up --nodes $nodes\`, cold, median of $runs" "at most 15 s (3 nodes)" "$earlier_up" "$up_median" \
  " ($(printf '%s s ' "${ups[@]}" | sed 's/ $//'))"

./jbang lesson01 >/dev/null 2>&1   # compiles the script and loads what is missing; the rerun is what a learner repeats
t=$(now); ./jbang lesson01 >/dev/null 2>&1; row "\`./jbang lesson01\` again, cluster up" "at most 30 s" 107 \
  "$(seconds "$t" "$(now)")" ""

timings=$(tools/check-timings --runs "$runs")
median() { echo "$timings" | grep -F "$1" | sed 's/.*median \([0-9.]*\) s$/\1/'; }
each() { echo "$timings" | grep -F "$1" | sed 's/^[^:]*: *//; s/; median.*//; s/ (load [0-9.]*)//g'; }
row "\`./jbang check 02\`, solved, warm grading JVM, median of $runs" "at most 2 s" 8.2 \
  "$(median "check 02")" " ($(each "check 02"))"
row "\`./jbang check 01\`, the stub, median of $runs" "at most 1.5 s" 13.2 "$(median "check 01")" " ($(each "check 01"))"
row "\`./jbang watch 02\`, a save to its grade, median of $runs" "at most 1.5 s" 3.4 "$(median "watch 02")" \
  " ($(each "watch 02"))"

if [ -n "$verify" ]; then
  ./jbang down >/dev/null
  t=$(now); ./mvnw -q -B verify >/tmp/benchmark-verify.log 2>&1
  row "\`./mvnw verify\` from a stopped cluster" "at most 360 s" 1250 "$(seconds "$t" "$(now)")" ""
fi

table=$(printf '%s\n' "Run $(date -u +%Y-%m-%d) on $(nproc) cores, load average $load at the start, \`--nodes $nodes\`:" "" \
  "| step | goal (quiet machine) | earlier figure | this run | ratio |" "|---|---|---|---|---|" "${rows[@]}")
doc=docs/performance.md
start=$(grep -n '^<!-- benchmark -->$' "$doc" | cut -d: -f1)
end=$(grep -n '^<!-- /benchmark -->$' "$doc" | cut -d: -f1)
{ head -n "$start" "$doc"; echo "$table"; tail -n +"$end" "$doc"; } >"$doc.new" && mv "$doc.new" "$doc"
echo "written to $doc"
