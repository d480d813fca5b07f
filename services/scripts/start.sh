#!/usr/bin/env bash
# npm start: provision, compile the services to JavaScript, create and migrate the database, load
# demo data on the first run, ensure the admin account, build the web app, then run API,
# projectors, workers and simulators on PORT (development defaults unless the environment says otherwise).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash services/scripts/provision.sh
npm run build --silent -w @shop/services
node --enable-source-maps services/dist/main/setup.js
echo "[start] building the web app"
VITE_SHOP_NAME="${SHOP_NAME:-Brisbane Comics}" npm run build --silent -w @shop/web
exec node --enable-source-maps services/dist/main/startAll.js
