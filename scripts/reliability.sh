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
lane1() {
  run reliability/export-crash.test.ts || return 1
  run reliability/closure-crash.test.ts
}
lane2() {
  run reliability/two-instances.test.ts reliability/startup.test.ts reliability/rolling-restart.test.ts \
    reliability/crash.test.ts reliability/outage.test.ts reliability/graceful-stop.test.ts || return 1
  run reliability/busy-start.test.ts
}
lane1 >"$logs/lane1.log" 2>&1 &
pid1=$!
trap 'kill "$pid1" 2>/dev/null' EXIT
lane2 >"$logs/lane2.log" 2>&1
rc2=$?
wait "$pid1"
rc1=$?
trap - EXIT
echo "== reliability, lane 1 (crashes during an export and a closure): exit $rc1"
cat "$logs/lane1.log"
echo "== reliability, lane 2 (two instances, start, rolling restart, crash during writes, outage, stop, busy start): exit $rc2"
cat "$logs/lane2.log"
echo "== reliability suite: $((SECONDS - started)) s"
rm -rf "$logs"
[ "$rc1" -eq 0 ] && [ "$rc2" -eq 0 ]
