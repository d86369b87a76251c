#!/usr/bin/env bash
# The suite under load: runs `npm test` RUNS times in a row (default 3) while LOAD CPU-bound
# processes (default 2, `yes > /dev/null`) run beside it, and fails if any run fails. The busy
# processes are started here and stopped on every exit (success, failure, Ctrl-C), by their ids.
#
#   scripts/check-under-load.sh                         # the whole suite, three times, two busy CPUs
#   RUNS=1 scripts/check-under-load.sh test/bench       # arguments go to vitest: a subset, once
#
# On a 2-core machine two busy processes leave the tests about half the CPU they get when quiet:
# a test that waits for time instead of a condition, or has a tight deadline, fails here first.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${RUNS:-3}"
load="${LOAD:-2}"
pids=()

stop_load() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  pids=()
}
trap stop_load EXIT
trap 'exit 130' INT TERM

for _ in $(seq "$load"); do
  yes >/dev/null &
  pids+=("$!")
done
echo "== load: ${#pids[@]} busy processes (${pids[*]})"

for run in $(seq "$runs"); do
  echo "== run $run of $runs: npm test $*"
  started=$(date +%s)
  if ! npm test -- "$@"; then
    echo "== run $run of $runs FAILED under load after $(($(date +%s) - started)) s"
    exit 1
  fi
  echo "== run $run of $runs passed in $(($(date +%s) - started)) s"
done
echo "== all $runs runs passed under load"
