#!/usr/bin/env bash
# `npm test`: type-check, lint, jest (unit + integration), Playwright against a production build,
# then two instances of that build on PostgreSQL and Redis behind the round-robin proxy.
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

# The multi-instance test (test/multi-instance) starts a private PostgreSQL cluster with Debian's initdb.
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ]; then
    echo "Installing Debian's postgresql for the multi-instance test…"
    apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
  else
    echo "PostgreSQL is missing: run 'sudo apt-get install -y postgresql'." >&2
    exit 1
  fi
fi

echo "== type-check"; npx tsc --noEmit
echo "== lint"; npx eslint . --max-warnings=0
# On a PostgreSQL (DATABASE_URL, as .ci/run gives) every test file shares one database: one at a time.
jest_workers=()
[ -n "${DATABASE_URL:-}" ] && jest_workers=(--maxWorkers=1)
echo "== jest${DATABASE_URL:+ (database: PostgreSQL)}"; npm run -s test:unit -- --ci "${jest_workers[@]}"
echo "== playwright"; npx playwright test
# After Playwright, on its ports and with the build it made (test/multi-instance/several-instances.test.ts).
echo "== several instances"; npx jest -c test/multi-instance/jest.config.mjs --ci
