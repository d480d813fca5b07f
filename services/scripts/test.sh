#!/usr/bin/env bash
# npm test: every test of the project (unit, integration, browser) against real PostgreSQL and Redis.
# Unit and integration tests run first, then the browser tests against the whole shop, so the two
# do not compete for the machine's two cores. Extra arguments go to both vitest runs.
set -uo pipefail
cd "$(dirname "$0")/../.."
PROVISION_CHROMIUM=1 bash services/scripts/provision.sh || exit 1
VITE_SHOP_NAME="${SHOP_NAME:-Brisbane Comics}" npm run build --silent -w @shop/web || exit 1
reports=$(mktemp -d)
npx vitest run --project unit --project integration --reporter=default --reporter=json --outputFile.json="$reports/1.json" "$@"
first=$?
npx vitest run --project browser --reporter=default --reporter=json --outputFile.json="$reports/2.json" "$@"
second=$?
node -e '
  const fs = require("fs");
  let passed = 0, failed = 0, skipped = 0, missing = 0;
  for (const f of process.argv.slice(1)) {
    if (!fs.existsSync(f)) { missing++; continue; }
    const r = JSON.parse(fs.readFileSync(f, "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + r.numTodoTests;
  }
  console.log(`\nTests: ${passed} passed, ${failed + missing} failed, ${skipped} skipped`);
' "$reports/1.json" "$reports/2.json"
rm -rf "$reports"
[ $first -eq 0 ] && [ $second -eq 0 ]
