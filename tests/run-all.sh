#!/usr/bin/env bash
# The whole test suite, from a fresh clone: installs what it needs (Chromium from Debian included),
# builds the production server, then runs the domain and API tests (vitest) and the browser journeys
# (Playwright, each with JavaScript off and on), and axe on every page (npm run audit:a11y).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Chromium from Debian…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
[ -d node_modules ] || npm install --no-audit --no-fund

npx react-router typegen
npx tsc
npm run build
npx vitest run
npx playwright test -c tests/e2e/playwright.config.ts
npm run audit:a11y
