#!/usr/bin/env bash
# The whole test suite, from a fresh clone: installs what it needs (Chromium and PostgreSQL from
# Debian included), builds the production server, then runs the domain, API and PostgreSQL tests
# (vitest), the browser journeys (Playwright, each with JavaScript off and on), and axe on every
# page (npm run audit:a11y).
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's Chromium for the browser journeys, Debian's PostgreSQL server for the PostgreSQL tests
# (tests/support/postgres-cluster.ts starts a throwaway one; the package's own cluster is not used).
MISSING=""
[ -x /usr/bin/chromium ] || MISSING="$MISSING chromium"
compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || MISSING="$MISSING postgresql"
if [ -n "$MISSING" ]; then
  echo "Installing from Debian:$MISSING…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $MISSING >/dev/null
fi
[ -d node_modules ] || npm install --no-audit --no-fund

npx react-router typegen
npx tsc
npm run build
npx vitest run
npx playwright test -c tests/e2e/playwright.config.ts
npm run audit:a11y
