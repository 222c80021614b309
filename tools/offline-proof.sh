#!/usr/bin/env bash
# Proves the offline kit as a learner would meet it: a fresh clone of this checkout's commit, empty
# caches (a new HOME, and Java's user.home pointed at it: Java reads user.home from the password
# file, not from HOME), tools/prefetch with the network, then with the network cut, in one network
# namespace for the whole run (nodes started in one namespace are unreachable from the next):
# every lesson, and one check per store (Cassandra, DynamoDB, H2), each graded, not stopped; every
# line a lesson printed within 100 columns. --every-solution also checks every reference solution
# there (copied over the stubs, put back after): each must pass (lesson 10's is withheld on one node).
#
#   tools/offline-proof.sh [--every-solution] [NN ...]
#       (the lessons named, else all; WORKSHOP_NODES=1 for one node)
#
# Needs unshare (util-linux) and ip (iproute2); leaves its scratch folder only when it fails.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/offline-proof.XXXXXX")
start=$(date +%s)
# However this script ends (a failure, or the run that started it stopped), what it started ends too:
# the lessons' run in its namespace, and the node, emulator and JVMs whose command lines name the clone.
inner=""
stop_what_it_started() {
  [ -z "$inner" ] || kill "$inner" 2>/dev/null || true
  pkill -f -- "$scratch/" 2>/dev/null || true
}
trap stop_what_it_started EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

git clone -q "$repo" "$scratch/workshop"
export HOME="$scratch/home"
mkdir -p "$HOME"
export JAVA_TOOL_OPTIONS="-Duser.home=$HOME"
export OFFLINE_LOGS="$scratch/logs"
mkdir -p "$OFFLINE_LOGS"
cd "$scratch/workshop"

echo "== tools/prefetch into empty caches ($HOME)"
tools/prefetch
fetched=$(date +%s)

every_solution=no
if [ "${1:-}" = --every-solution ]; then every_solution=yes; shift; fi
scripts=()
for lesson in "$@"; do scripts+=(lessons/"$lesson"-*/"$lesson"_*.java); done
[ $# -gt 0 ] || scripts=(lessons/*/*.java)

echo "== With the network cut: ${#scripts[@]} lesson(s), then one check per store"
# shellcheck disable=SC2016 # expanded inside the namespace
unshare -rn bash -c '
  set -uo pipefail
  every_solution=$1; shift
  ip link set lo up   # a new network namespace has only a loopback, and it starts down
  if curl -s -m 5 -o /dev/null https://repo.maven.apache.org/ 2>/dev/null; then
    echo "The network is not cut: no proof." >&2; exit 1
  fi
  failed=()
  for script in "$@"; do
    log="$OFFLINE_LOGS/lesson-$(basename "$script" .java).log"
    if ./jbang "$script" </dev/null >"$log" 2>&1; then
      echo "   ran     $script"
    else
      echo "   FAILED  $script (its last lines:)"; tail -15 "$log" | sed "s/^/      /"; failed+=("$script")
    fi
  done
  # A stub is graded (exit 1, its grade written) or passes: anything else means it could not run.
  for lesson in 01 06 08; do
    rm -f ".workshop/results/$lesson.json"
    ./jbang check "$lesson" </dev/null >"$OFFLINE_LOGS/check$lesson.log" 2>&1
    exit_code=$?
    if { [ "$exit_code" = 0 ] || [ "$exit_code" = 1 ]; } && [ -f ".workshop/results/$lesson.json" ]; then
      echo "   graded  check $lesson: $(tools/grade-field ".workshop/results/$lesson.json" status passed failed)"
    else
      echo "   FAILED  check $lesson (exit $exit_code):"; tail -15 "$OFFLINE_LOGS/check$lesson.log" | sed "s/^/      /"
      failed+=("check $lesson")
    fi
  done
  wide=$(cat "$OFFLINE_LOGS"/lesson-*.log | tr "\r" "\n" | awk "length(\$0) > 100" | wc -l)
  [ "$wide" -eq 0 ] || { echo "   FAILED  $wide lesson line(s) wider than 100 columns"; failed+=("width"); }
  if [ "$every_solution" = yes ]; then
    for solution in lessons/*/.meta/solution/workshop/lesson[0-9]*; do
      lesson=${solution##*lesson}
      cp "$solution"/*.java "${solution%%/.meta/*}/src/workshop/lesson$lesson/"
      ./jbang check "$lesson" </dev/null >"$OFFLINE_LOGS/solution$lesson.log" 2>&1
      exit_code=$?
      status=$(tools/grade-field ".workshop/results/$lesson.json" status 2>/dev/null)
      git checkout -q -- lessons exercises
      # Lesson 10 grades replicas: on one node its grade is withheld (exit 3), never passed or failed.
      if [ "$exit_code" = 0 ] || { [ "$lesson" = 10 ] && [ "$exit_code" = 3 ] && [ "$status" = withheld ]; }; then
        echo "   passed  solution $lesson ($status)"
      else
        echo "   FAILED  solution $lesson (exit $exit_code, $status):"
        tail -15 "$OFFLINE_LOGS/solution$lesson.log" | sed "s/^/      /"; failed+=("solution $lesson")
      fi
    done
    rm -f .workshop/progress.properties
  fi
  ./jbang down >/dev/null 2>&1
  [ ${#failed[@]} -eq 0 ] || { echo "Offline, these did not run: ${failed[*]}" >&2; exit 1; }
' bash "$every_solution" "${scripts[@]}" &
inner=$!
wait "$inner"   # in the background, so a signal to this script is acted on at once, not after the run
inner=""
end=$(date +%s)
echo "The offline kit is complete: prefetch took $((fetched - start)) s, the offline run $((end - fetched)) s."
rm -rf "$scratch"
