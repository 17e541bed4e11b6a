#!/usr/bin/env bash
# `npm run test:reliability`: the reliability suite (apps/api/reliability/, vitest.reliability.config.ts).
# With arguments, runs just those files, one after another: `npm run test:reliability -- outage`.
#
# Without, the whole suite in two lanes at once (decision 076), each lane's files in the order given:
# - lane 1: the two crash tests that mostly wait, for the queue's supervision to notice a worker killed
#   with kill -9 and for the retried job. The machine is idle for most of their 150 s. The export test,
#   whose deadline is tight (ready within 60 s of the restart), goes first.
# - lane 2: the files that start, stop, cut and balance servers, then `busy-start.test.ts`, which keeps
#   both cores busy on purpose. By then lane 1 is in the closure test's wait, whose deadline is 200 s.
# Each lane's output is printed whole when it ends; the run fails if either lane fails.
set -uo pipefail
cd "$(dirname "$0")/.."

run() { npx vitest run -c vitest.reliability.config.ts "$@"; }

if [ "$#" -gt 0 ]; then
  run "$@"
  exit $?
fi

logs="$(mktemp -d)"
started=$SECONDS
# Each lane runs all its files, so one failure does not hide another; it fails if any of them failed.
lane1() {
  local rc=0
  run reliability/export-crash.test.ts || rc=1
  run reliability/closure-crash.test.ts || rc=1
  return "$rc"
}
lane2() {
  local rc=0
  run reliability/two-instances.test.ts reliability/startup.test.ts reliability/rolling-restart.test.ts \
    reliability/crash.test.ts reliability/outage.test.ts reliability/graceful-stop.test.ts || rc=1
  run reliability/busy-start.test.ts || rc=1
  return "$rc"
}
# Each lane in a process group of its own (job control on while they start), so that a run stopped
# early (Ctrl-C, or a signal to this script) ends both with their Vitest and the servers they started.
set -m
lane1 >"$logs/lane1.log" 2>&1 &
pid1=$!
lane2 >"$logs/lane2.log" 2>&1 &
pid2=$!
set +m
trap 'kill -- "-$pid1" "-$pid2" 2>/dev/null' EXIT
trap 'exit 130' INT TERM
wait "$pid1"
rc1=$?
wait "$pid2"
rc2=$?
trap - EXIT INT TERM
echo "== reliability, lane 1 (crashes during an export and a closure): exit $rc1"
cat "$logs/lane1.log"
echo "== reliability, lane 2 (two instances, start, rolling restart, crash during writes, outage, stop, busy start): exit $rc2"
cat "$logs/lane2.log"
echo "== reliability suite: $((SECONDS - started)) s"
rm -rf "$logs"
[ "$rc1" -eq 0 ] && [ "$rc2" -eq 0 ]
