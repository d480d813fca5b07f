#!/usr/bin/env bash
# The cluster's own PostgreSQL: a primary and a streaming replica (pg_createcluster, pg_basebackup)
# with their data under DIR, started when stopped; the machine's default cluster is left alone.
#   clusterPostgres.sh NAME DIR PRIMARY_PORT REPLICA_PORT    make (first run) and start both
#   clusterPostgres.sh --stop NAME                           stop both
set -euo pipefail

log() { printf '\033[1m[cluster]\033[0m %s\n' "$*"; }
version=$(ls /etc/postgresql | sort -V | tail -1)
exists() { pg_lsclusters -h | awk -v n="$1" '$2 == n { found = 1 } END { exit !found }'; }
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
start() { pg_ctlcluster --skip-systemctl-redirect "$version" "$1" start 2>/dev/null || pg_ctlcluster "$version" "$1" status >/dev/null; }

if [ "$1" = --stop ]; then
  for c in "$2-replica" "$2-primary"; do
    exists "$c" && pg_ctlcluster --skip-systemctl-redirect "$version" "$c" stop -m fast 2>/dev/null || true
  done
  exit 0
fi

name=$1 dir=$(realpath -m "$2") primary_port=$3 replica_port=$4 # absolute: pg_createcluster keeps the path as given
primary="$name-primary" replica="$name-replica"
mkdir -p "$dir"

trust_loopback() { # A development machine's loopback is trusted, replication included.
  local hba="/etc/postgresql/$version/$1/pg_hba.conf"
  grep -q '^host replication all 127.0.0.1/32 trust' "$hba" ||
    sed -i '1i host all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
}
settings() { # Both alike: a hot standby needs at least the primary's max_connections.
  cat >"/etc/postgresql/$version/$1/conf.d/comicshop-cluster.conf" <<CONF
max_connections = 300
shared_buffers = 128MB
wal_level = replica
max_wal_senders = 5
hot_standby = on
hot_standby_feedback = on
CONF
}

# A cluster of this name whose data lives elsewhere (another checkout, perhaps since deleted) is
# dropped and made again here.
data_dir() { pg_lsclusters -h | awk -v n="$1" '$2 == n { print $6 }'; }
drop_if_elsewhere() {
  exists "$1" || return 0
  [ "$(data_dir "$1")" = "$2" ] && [ -d "$2" ] && return 0
  log "$1 keeps its data in $(data_dir "$1"), not $2: dropping it to make it here"
  pg_ctlcluster --skip-systemctl-redirect "$version" "$1" stop -m immediate 2>/dev/null || true
  pg_dropcluster "$version" "$1" 2>/dev/null || rm -rf "/etc/postgresql/$version/$1"
}
drop_if_elsewhere "$primary" "$dir/primary"
drop_if_elsewhere "$replica" "$dir/replica"

made_primary=0
if ! exists "$primary"; then
  log "making PostgreSQL cluster $primary on port $primary_port (data in $dir/primary)"
  pg_createcluster "$version" "$primary" -p "$primary_port" -d "$dir/primary" --start-conf manual >/dev/null
  trust_loopback "$primary"
  settings "$primary"
  made_primary=1
fi
start "$primary"
for _ in $(seq 1 60); do pg_isready -q -h 127.0.0.1 -p "$primary_port" && break; sleep 0.5; done

if [ "$made_primary" = 1 ] && exists "$replica"; then pg_dropcluster --stop "$version" "$replica"; fi
if ! exists "$replica"; then
  log "making the streaming replica $replica on port $replica_port with pg_basebackup"
  pg_createcluster "$version" "$replica" -p "$replica_port" -d "$dir/replica" --start-conf manual >/dev/null
  trust_loopback "$replica"
  settings "$replica"
  find "$dir/replica" -mindepth 1 -delete
  as_postgres pg_basebackup -h 127.0.0.1 -p "$primary_port" -U postgres -D "$dir/replica" -R -X stream -c fast
fi
start "$replica"
for _ in $(seq 1 60); do pg_isready -q -h 127.0.0.1 -p "$replica_port" && break; sleep 0.5; done
log "PostgreSQL primary on $primary_port, streaming replica on $replica_port"
