#!/usr/bin/env bash
# npm run start:cluster: the shop as production runs it, on this machine. haproxy on PORT in front of
# two API processes, two workers, two projector runners (one active per projector, the other waiting
# on its advisory lock), and the project's own PostgreSQL primary and streaming replica (clusters
# made with pg_createcluster and pg_basebackup under CLUSTER_DIR; the machine's default cluster is
# left as it is). The API reads browse and search from the replica (DATABASE_READ_URL).
# Ctrl-C stops everything (CLUSTER_KEEP_POSTGRES=1 leaves the two PostgreSQL clusters running).
set -euo pipefail
cd "$(dirname "$0")/../.."

log() { printf '\033[1m[cluster]\033[0m %s\n' "$*"; }

PORT="${PORT:-3000}"
CLUSTER_DIR="$(mkdir -p "${CLUSTER_DIR:-.data/cluster}" && cd "${CLUSTER_DIR:-.data/cluster}" && pwd)"
PRIMARY_PORT="${CLUSTER_PG_PRIMARY_PORT:-5433}"
REPLICA_PORT="${CLUSTER_PG_REPLICA_PORT:-5434}"
PG_NAME="${CLUSTER_PG_NAME:-comicshop}"
DB_NAME="${CLUSTER_DB_NAME:-comicshop}"
API_PORTS="${CLUSTER_API_PORTS:-$((PORT + 1)) $((PORT + 2))}"

bash services/scripts/provision.sh
bash services/scripts/ensureHaproxy.sh

bash services/scripts/clusterPostgres.sh "$PG_NAME" "$CLUSTER_DIR" "$PRIMARY_PORT" "$REPLICA_PORT"

if [ "${CLUSTER_FRESH_DB:-}" = 1 ]; then
  psql -q -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -c "drop database if exists \"$DB_NAME\" with (force)"
fi
export DATABASE_URL="postgres://postgres@127.0.0.1:$PRIMARY_PORT/$DB_NAME"
export DATABASE_READ_URL="postgres://postgres@127.0.0.1:$REPLICA_PORT/$DB_NAME"
export PORT TRUST_PROXY="${TRUST_PROXY:-true}"
export PUBLIC_URL="${PUBLIC_URL:-http://127.0.0.1:$PORT}"
export COMICSHOP_ROLES="${COMICSHOP_ROLES:-simulators=1,api=2,projector=2,worker=2}"
export CLUSTER_API_PORTS="$API_PORTS"
npx tsx services/src/main/setup.ts
if [ "${CLUSTER_SKIP_WEB_BUILD:-}" != 1 ]; then
  log "building the web app"
  VITE_SHOP_NAME="${SHOP_NAME:-Brisbane Comics}" npm run build --silent -w @shop/web
fi

haproxy_cfg="$CLUSTER_DIR/haproxy.cfg"
bash services/scripts/clusterHaproxy.sh "$PORT" $API_PORTS >"$haproxy_cfg"
haproxy -W -db -f "$haproxy_cfg" &
haproxy_pid=$!

# node itself (not npx), so the TERM sent below reaches the supervisor and it stops its children.
node --import tsx services/src/main/startAll.ts &
supervisor_pid=$!

stopped=0
stop() {
  [ "$stopped" = 1 ] && return
  stopped=1
  kill -TERM "$supervisor_pid" 2>/dev/null || true
  wait "$supervisor_pid" 2>/dev/null || true
  kill -TERM "$haproxy_pid" 2>/dev/null || true
  wait "$haproxy_pid" 2>/dev/null || true
  if [ "${CLUSTER_KEEP_POSTGRES:-}" != 1 ]; then
    log "stopping PostgreSQL $PG_NAME-replica and $PG_NAME-primary"
    bash services/scripts/clusterPostgres.sh --stop "$PG_NAME"
  fi
}
trap stop INT TERM EXIT
log "haproxy on $PORT in front of the API on ports $API_PORTS; PostgreSQL primary $PRIMARY_PORT, replica $REPLICA_PORT"
log "haproxy stats at http://127.0.0.1:$PORT/haproxy?stats"
wait "$supervisor_pid" || true
