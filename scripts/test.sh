#!/usr/bin/env bash
# The whole suite: domain, API (PGlite; again on PostgreSQL when TEST_DATABASE_URL is set),
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
  "$@" 2>&1 | tee "$logs/step.log"
  local rc=${PIPESTATUS[0]}
  if [ "$rc" -ne 0 ]; then
    echo
    echo "!! step failed: $name (exit $rc). Its failures again:"
    grep -E -A25 'FAIL|Unhandled|Error:|✘|[0-9]+\) ' "$logs/step.log" | sed 's/\x1b\[[0-9;]*m//g' | head -150
    echo "!! step failed: $name (exit $rc)"
    exit "$rc"
  fi
}

# Two files at once: Vitest's default on a 2-core machine is one (cores - 1). Measured on a quiet machine:
# 544 s with one, 376 s with two (session 14).
step "unit, API (embedded PGlite) and web component tests" env -u TEST_DATABASE_URL npx vitest run --maxWorkers=2
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # Three files at once: on PostgreSQL the tests mostly wait for the server (211 s with one, 119 s with three).
  step "API tests on PostgreSQL (${TEST_DATABASE_URL%%\?*})" npx vitest run --project api --maxWorkers=3
fi
step "build the web app" npm run build -w apps/web
step "browser journeys (Playwright, Chromium)" npx playwright test -c apps/web/playwright.config.ts
