#!/usr/bin/env bash
# The whole suite: domain, API (on PostgreSQL when TEST_DATABASE_URL is set, else on PGlite),
# web component tests, then the browser journeys in Chromium against a real server.
# Each step's output is kept; when a step fails, its failures are printed again at the very end,
# so a short tail of the log (as CI shows) still names what broke.
set -uo pipefail
cd "$(dirname "$0")/.."
logs="$(mktemp -d)"

step() {
  local name="$1"
  shift
  echo "== $name"
  local started=$SECONDS
  "$@" 2>&1 | tee "$logs/step.log"
  local rc=${PIPESTATUS[0]}
  echo "== $name: $((SECONDS - started)) s"
  if [ "$rc" -ne 0 ]; then
    echo
    echo "!! step failed: $name (exit $rc). Its failures again:"
    grep -E -A25 'FAIL|Unhandled|Error:|✘|[0-9]+\) ' "$logs/step.log" | sed 's/\x1b\[[0-9;]*m//g' | head -150
    echo "!! step failed: $name (exit $rc)"
    exit "$rc"
  fi
}

# The web app's build, in the background while the API tests run on PostgreSQL: they mostly wait for
# the database server there, and the journeys need the build only at the end.
build_pid=""
start_build() {
  # In a process group of its own, so that a failing step before the wait stops it with its children.
  setsid npm run build -w apps/web >"$logs/build.log" 2>&1 &
  build_pid=$!
  trap '[ -n "$build_pid" ] && kill -- "-$build_pid" 2>/dev/null' EXIT
}
# Waits for it here (a step's command runs in a subshell, which cannot wait), then shows its output as a step.
wait_for_build() {
  local rc=0 started=$SECONDS
  wait "$build_pid" || rc=$?
  build_pid=""
  echo "== waited $((SECONDS - started)) s for the web app's build"
  step "build the web app (started alongside the API tests; its own output)" \
    bash -c 'cat "$1"; exit "$2"' build "$logs/build.log" "$rc"
}

# More files at once than Vitest's default on a 2-core machine (one: cores - 1). Measured on a quiet
# machine: 544 s with one, 376 s with two (session 14); the unit and web files 33 s with two, 28 s with
# three (session 24, decision 076).
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # With a PostgreSQL server at hand (CI), the API tests run on it, four files at once: there they
  # mostly wait for the server (119 s, against 449 s for the same files on PGlite, session 15; with a
  # fresh clone's file order, 153 s three at a time, 109 s four at a time, 114 s six, 134 s eight,
  # session 24). On the
  # embedded database run the files whose subject is the database itself: the connection and its thread,
  # the job queue and the rate-limit store, concurrent answer saves, and closing an account while its
  # export is built. Every browser journey below also runs on the embedded database, as `npm start` does.
  step "unit and web component tests" npx vitest run --project domain --project 'web*' --maxWorkers=3
  step "API tests on the embedded database (PGlite): the database layer and concurrency" \
    env -u TEST_DATABASE_URL npx vitest run --project api --maxWorkers=2 \
    src/db/ src/plugins/ src/jobs.test src/features/orders/renewals src/features/surveys/stored-progress \
    src/features/data-rights/closure-erasure
  start_build
  step "API tests on PostgreSQL (${TEST_DATABASE_URL%%\?*})" npx vitest run --project api --maxWorkers=4
else
  step "unit, API (embedded PGlite) and web component tests" npx vitest run --maxWorkers=2
fi
if [ -n "$build_pid" ]; then
  wait_for_build
else
  step "build the web app" npm run build -w apps/web
fi
step "browser journeys (Playwright, Chromium)" npx playwright test -c apps/web/playwright.config.ts
