#!/usr/bin/env bash
# `npm test`: type-check, lint, jest (unit + integration) and Playwright against a production build.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 NEXT_IGNORE_INCORRECT_LOCKFILE=1

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ]; then
    echo "Installing Debian's Chromium for the browser tests…"
    apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium is missing: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH)." >&2
    [ -n "${CHROMIUM_PATH:-}" ] || exit 1
  fi
fi

# The shared-state tests (test/integration/redis-*.test.ts) start a real redis-server.
if ! command -v redis-server >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ]; then
    echo "Installing Debian's redis-server for the shared-state tests…"
    apt-get update -qq && apt-get install -y -qq redis-server >/dev/null
  else
    echo "redis-server is missing: run 'sudo apt-get install -y redis-server'." >&2
    exit 1
  fi
fi

echo "== type-check"; npx tsc --noEmit
echo "== lint"; npx eslint . --max-warnings=0
echo "== jest"; npm run -s test:unit -- --ci
echo "== playwright"; npx playwright test
