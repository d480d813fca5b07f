#!/usr/bin/env bash
# npm test: every test of the project (unit, integration, browser) against real PostgreSQL and Redis.
set -uo pipefail
cd "$(dirname "$0")/../.."
PROVISION_CHROMIUM=1 bash services/scripts/provision.sh || exit 1
npm run build --silent -w @shop/web || exit 1
report=$(mktemp)
npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@"
status=$?
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(`\nTests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
' "$report" 2>/dev/null || echo "Tests: 0 passed, 1 failed (the test run did not finish)"
rm -f "$report"
exit $status
