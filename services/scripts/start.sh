#!/usr/bin/env bash
# npm start: provision, create and migrate the database, load demo data on the first run, ensure
# the admin account, build the web app, then run API, projectors, workers and simulators on PORT.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash services/scripts/provision.sh
npx tsx services/src/main/setup.ts
echo "[start] building the web app"
VITE_SHOP_NAME="${SHOP_NAME:-Brisbane Comics}" npm run build --silent -w @shop/web
exec npx tsx services/src/main/startAll.ts
