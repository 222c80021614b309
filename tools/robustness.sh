#!/usr/bin/env bash
# How the local cluster holds up where a workshop room runs it: run from the root of a fresh clone.
#   parallel  up/down ROUNDS times while a second clone starts its own cluster on other ports at once
#   load      up/down ROUNDS times under tools/load.sh (2 busy processes per core)
#   heal      kill -9 of one node, then `up`: 3 nodes running and a learner's table still there
#   reboot    kill -9 of every node, then `up`: the stopped cluster restarts with the learner's table
#   size      `up --nodes 5` is refused and starts no JVM
#   one-node  `up --nodes 1`, every lesson, lesson 01's stub, `check NN` on every reference solution
# Prints one summary line per scenario and leaves nothing running; exits 1 when a scenario failed.
# Usage: tools/robustness.sh [scenario...]   (all by default)
# Ports: WORKSHOP_CASSANDRA_PORT (default 19042) here, OTHER_PORT (default 29042) for the second clone.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export WORKSHOP_CASSANDRA_PORT=${WORKSHOP_CASSANDRA_PORT:-19042}
export WORKSHOP_NAMESPACE=${WORKSHOP_NAMESPACE:-robustness}
other_port=${OTHER_PORT:-29042}
rounds=${ROUNDS:-5}
logs=$root/.workshop/robustness
mkdir -p "$logs"
second=""
summary=()
failed=0

cleanup() {
  ./jbang down >/dev/null 2>&1 || true
  [ -n "$second" ] && (cd "$second" && WORKSHOP_CASSANDRA_PORT=$other_port ./jbang down >/dev/null 2>&1; true)
  [ -n "${load_pid:-}" ] && kill "$load_pid" 2>/dev/null
  true
}
trap cleanup EXIT

say() { summary+=("$1"); echo "== $1"; }
# A failed step's last lines, so a CI log says why without the logs folder.
show_tail() { echo "-- last lines of $1:"; tail -25 "$1" | cut -c1-300; }
# A scenario's verdict: its summary line, and the exit code remembers a failure.
verdict() { [ "$1" = ok ] || failed=1; say "$2 -> $1"; }
# Node JVMs of a checkout, found by the marker that names its state folder.
jvms() { pgrep -f -- "workshop.cassandra.node=$1/.workshop/" | wc -l; }
ready_seconds() { sed -n 's/.*node(s) ready in \([0-9.]*\) s\..*/\1/p' "$1" | head -1; }
retries() { grep -c "retry [0-9] of" "$@" 2>/dev/null | awk -F: '{ n += $NF } END { print n + 0 }'; }
stats() { sort -n | awk '{ a[NR] = $1 } END { if (NR) printf "p50 %.1f s, max %.1f s", a[int((NR + 1) / 2)], a[NR]; else printf "no start" }'; }

# How long each joining node waited for the seed's gossip answer (the shadow round, bounded by
# twice the ring delay): from "Listening on address" to "Starting up server gossip" in its log.
shadow_ms() {
  for log in .workshop/cassandra/node[23]/logs/system.log; do
    [ -f "$log" ] || continue
    grep -E "Listening on address|Starting up server gossip" "$log" | head -2 \
      | sed -E 's/.* ([0-9]{2}):([0-9]{2}):([0-9]{2}),([0-9]{3}) .*/\1 \2 \3 \4/' \
      | awk '{ t = (($1 * 60 + $2) * 60 + $3) * 1000 + $4 } NR == 1 { a = t } NR == 2 { print t - a }'
  done
}

# One cold start and stop of this clone; its output in $1.log. Exit code: the start's.
cycle() {
  ./jbang up >"$1.log" 2>&1
  local rc=$?
  shadow_ms >>"$logs/shadow-ms.txt"
  ./jbang down >>"$1.log" 2>&1
  return $rc
}

parallel() {
  second=$(mktemp -d)/second
  git clone -q "$root" "$second"
  local ok_here=0 ok_there=0 times=()
  rm -f "$logs/shadow-ms.txt"
  for i in $(seq "$rounds"); do
    (cd "$second" && WORKSHOP_CASSANDRA_PORT=$other_port \
      bash -c "./jbang up >'$logs/parallel-second-$i.log' 2>&1; rc=\$?; ./jbang down >/dev/null 2>&1; exit \$rc") &
    local there=$!
    cycle "$logs/parallel-$i" && ok_here=$((ok_here + 1))
    wait "$there" && ok_there=$((ok_there + 1))
    times+=("$(ready_seconds "$logs/parallel-$i.log")" "$(ready_seconds "$logs/parallel-second-$i.log")")
  done
  local left=$(( $(jvms "$root") + $(jvms "$second") ))
  verdict "$( [ $((ok_here + ok_there)) -eq $((2 * rounds)) ] && [ "$left" -eq 0 ] && echo ok || echo FAILED)" \
    "parallel: $((ok_here + ok_there))/$((2 * rounds)) starts (this clone $ok_here, second $ok_there),\
 $(printf '%s\n' "${times[@]}" | grep . | stats), $(shadow_stats), retries $(retries "$logs"/parallel-*.log),\
 JVMs left $left"
  rm -rf "$(dirname "$second")"
  second=""
}

# p50 and max of the shadow rounds measured so far, in milliseconds.
shadow_stats() {
  sort -n "$logs/shadow-ms.txt" 2>/dev/null \
    | awk '{ a[NR] = $1 } END { if (NR) printf "seed answered in p50 %d ms, max %d ms", a[int((NR + 1) / 2)], a[NR] }'
}

load() {
  local busy=$(( 2 * $(getconf _NPROCESSORS_ONLN) ))
  tools/load.sh "$busy" 900 2>/dev/null &
  load_pid=$!
  local ok=0 times=()
  rm -f "$logs/shadow-ms.txt"
  for i in $(seq "$rounds"); do
    cycle "$logs/load-$i" && ok=$((ok + 1))
    times+=("$(ready_seconds "$logs/load-$i.log")")
  done
  kill "$load_pid" 2>/dev/null; wait "$load_pid" 2>/dev/null; load_pid=""
  verdict "$( [ "$ok" -eq "$rounds" ] && [ "$(jvms "$root")" -eq 0 ] && echo ok || echo FAILED)" \
    "load: $ok/$rounds starts under $busy busy processes, $(printf '%s\n' "${times[@]}" | grep . | stats),\
 $(shadow_stats), retries $(retries "$logs"/load-*.log), JVMs left $(jvms "$root")"
}

# A learner's table, replicated to every node; then its row, read back.
write_learner_row() {
  ./jbang tools/cql.java \
    "CREATE KEYSPACE IF NOT EXISTS learner WITH replication = {'class': 'SimpleStrategy', 'replication_factor': $1}" \
    "CREATE TABLE IF NOT EXISTS learner.notes (id int PRIMARY KEY, body text)" \
    "INSERT INTO learner.notes (id, body) VALUES (1, 'kept')"
}
read_learner_row() { ./jbang tools/cql.java "SELECT body FROM learner.notes WHERE id = 1"; }

heal() {
  ./jbang up --nodes 3 >"$logs/heal.log" 2>&1 || { verdict FAILED "heal: no start (see $logs/heal.log)"; return; }
  write_learner_row 3 >>"$logs/heal.log" 2>&1
  kill -9 "$(cat .workshop/cassandra/node2/pid)"
  local lesson=ok
  ./jbang lesson00 >"$logs/heal-lesson.log" 2>&1 && lesson="ran (expected a refusal)"
  grep -q "node2 is down" "$logs/heal-lesson.log" || lesson="no one-line explanation"
  local started=$SECONDS
  ./jbang up >>"$logs/heal.log" 2>&1
  local took=$((SECONDS - started))
  local running rows
  running=$(./jbang status 2>/dev/null | grep -c ' running ')
  rows=$(read_learner_row 2>>"$logs/heal.log")
  verdict "$( [ "$lesson" = ok ] && [ "$running" -eq 3 ] && [ "$rows" = kept ] && echo ok || echo FAILED)" \
    "heal: lesson with node2 killed: $lesson; up took ${took} s; $running running; table row: ${rows:-MISSING}"
  ./jbang down >>"$logs/heal.log" 2>&1
}

# As after a reboot: every node of the cluster killed (kill -9), then a plain `up` restarts the
# stopped cluster from its folders, with the learner's table. REBOOT_NODES nodes (default 3).
reboot() {
  local nodes=${REBOOT_NODES:-3}
  ./jbang up --nodes "$nodes" >"$logs/reboot.log" 2>&1 || { verdict FAILED "reboot: no start (see $logs/reboot.log)"; return; }
  write_learner_row "$nodes" >>"$logs/reboot.log" 2>&1
  for pid_file in .workshop/cassandra/node*/pid; do kill -9 "$(cat "$pid_file")" 2>/dev/null; done
  sleep 2
  local started=$SECONDS
  ./jbang up >>"$logs/reboot.log" 2>&1
  local took=$((SECONDS - started))
  local running rows
  running=$(./jbang status 2>/dev/null | grep -c ' running ')
  rows=$(read_learner_row 2>>"$logs/reboot.log")
  verdict "$( [ "$running" -eq "$nodes" ] && [ "$rows" = kept ] && grep -q "Restarting the stopped" "$logs/reboot.log" \
    && echo ok || echo FAILED)" \
    "reboot: $nodes node(s) killed, up restarted them in ${took} s; $running running; table row: ${rows:-MISSING}"
  ./jbang down >>"$logs/reboot.log" 2>&1
}

size() {
  local before after rc
  before=$(jvms "$root")
  ./jbang up --nodes 5 >"$logs/size.log" 2>&1
  rc=$?
  after=$(jvms "$root")
  verdict "$( [ "$rc" -ne 0 ] && [ "$after" -eq "$before" ] && echo ok || echo FAILED)" \
    "size: up --nodes 5 exit $rc ($(grep -m1 'Problem:' "$logs/size.log" | cut -c1-60)), JVMs $before -> $after"
}

# Every lesson (appendices too) on one node, lesson 01's stub failing its check, then every
# reference solution passing its check, each solution copied over the stubs and put back after.
# Lesson logs must keep every line within 100 columns there too.
one_node() {
  local results=() failures=() started=$SECONDS
  ./jbang up --nodes 1 >"$logs/one-node.log" 2>&1 || { verdict FAILED "one-node: no start (see $logs/one-node.log)"; return; }
  results+=("up $((SECONDS - started)) s")
  local lessons=0 passed=0 step=$SECONDS
  for script in lessons/*/*.java; do
    local number=${script##*/}
    number=${number%%_*}
    lessons=$((lessons + 1))
    if ./jbang "lesson$number" >"$logs/one-node-lesson$number.log" 2>&1 </dev/null; then passed=$((passed + 1));
    else failures+=("lesson$number"); show_tail "$logs/one-node-lesson$number.log"; fi
  done
  results+=("lessons $passed/$lessons ok in $((SECONDS - step)) s")
  local wide
  wide=$(cat "$logs"/one-node-lesson*.log | tr '\r' '\n' | awk 'length($0) > 100' | wc -l)
  [ "$wide" -eq 0 ] || failures+=("$wide lines over 100 columns")
  ./jbang check 01 --report "$logs/one-node-check01-stub.json" >"$logs/one-node-check01-stub.log" 2>&1
  local stub=$?
  if [ "$stub" -eq 1 ] && [ "$(tools/grade-field "$logs/one-node-check01-stub.json" passed)" = 0 ]; then results+=("stub 01 fails");
  else failures+=("stub 01 (exit $stub)"); fi
  local checks=0 checked=0
  step=$SECONDS
  for solution in lessons/*/.meta/solution/workshop/lesson[0-9]*; do
    local number=${solution##*lesson}
    checks=$((checks + 1))
    cp "$solution"/*.java "${solution%%/.meta/*}/src/workshop/lesson$number/"
    ./jbang check "$number" >"$logs/one-node-check$number.log" 2>&1
    local rc=$? status
    status=$(tools/grade-field ".workshop/results/$number.json" status 2>/dev/null)
    # Lesson 10 grades replicas: on one node its grade is withheld (exit 3), never passed or failed.
    if { [ "$number" = 10 ] && [ "$rc" -eq 3 ] && [ "$status" = withheld ]; } || { [ "$number" != 10 ] && [ "$rc" -eq 0 ]; }
    then checked=$((checked + 1));
    else failures+=("check $number (exit $rc, $status)"); show_tail "$logs/one-node-check$number.log"; fi
    git checkout -q -- lessons exercises
  done
  rm -f .workshop/progress.properties
  results+=("checks $checked/$checks ok in $((SECONDS - step)) s")
  ./jbang down >>"$logs/one-node.log" 2>&1
  local left
  left=$(jvms "$root")
  verdict "$( [ ${#failures[@]} -eq 0 ] && [ "$left" -eq 0 ] && echo ok || echo FAILED)" \
    "one-node: ${results[*]}; $((SECONDS - started)) s in all; failed: ${failures[*]:-none}; JVMs left $left"
}

scenarios=("$@")
[ ${#scenarios[@]} -eq 0 ] && scenarios=(parallel load heal reboot size one-node)
for scenario in "${scenarios[@]}"; do
  case "$scenario" in
    parallel) parallel ;;
    load) load ;;
    heal) heal ;;
    reboot) reboot ;;
    size) size ;;
    one-node) one_node ;;
    *) echo "Unknown scenario '$scenario' (parallel, load, heal, reboot, size, one-node)" >&2; exit 2 ;;
  esac
done
cleanup
echo
echo "Summary (logs in $logs):"
printf '  %s\n' "${summary[@]}"
echo "  leftovers: $(jvms "$root") node JVM(s) of this clone running"
exit "$failed"
