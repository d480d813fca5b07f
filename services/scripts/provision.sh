#!/usr/bin/env bash
# Makes sure everything the shop needs is installed and running on this machine:
# Node packages, PostgreSQL and Redis (started when installed and stopped; installed with apt-get
# when missing and we are root; `docker compose` when a Docker engine answers).
# Services named by DATABASE_URL / REDIS_URL on another host are left alone.
set -euo pipefail
cd "$(dirname "$0")/../.."

log() { printf '\033[1m[provision]\033[0m %s\n' "$*"; }

# --- Node packages -------------------------------------------------------------------------------
if [ ! -d node_modules ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "installing Node packages (npm ci)"
  # npm can refuse its own lock file in `npm ci` (it lists other platforms' optional packages, such
  # as rollup's, as missing); `npm install` then installs the same locked versions.
  if ! npm ci --no-audit --no-fund --loglevel=error 2>/tmp/comicshop-npm-ci.log; then
    log "npm ci refused the lock file; installing the locked versions with npm install"
    npm install --no-audit --no-fund --loglevel=error
  fi
fi

url_host() { node -e 'try{const u=new URL(process.argv[1]);console.log(u.hostname)}catch{console.log("")}' "$1"; }
is_local() { case "$1" in ""|127.0.0.1|localhost|::1|"[::1]") return 0;; *) return 1;; esac; }

PG_HOST=$(url_host "${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/comicshop}")
REDIS_HOST=$(url_host "${REDIS_URL:-redis://127.0.0.1:6379}")

tcp_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }
wait_for() { # name host port
  for _ in $(seq 1 60); do tcp_open "$2" "$3" && return 0; sleep 0.5; done
  echo "[provision] $1 did not start on $2:$3" >&2; return 1
}
docker_answers() { command -v docker >/dev/null 2>&1 && timeout 5 docker info >/dev/null 2>&1; }
apt_install() {
  if [ "$(id -u)" != 0 ]; then
    echo "[provision] $* is not installed and we are not root: install it, or set DATABASE_URL/REDIS_URL to a running server" >&2
    exit 1
  fi
  log "installing $* with apt-get"
  if [ -z "${APT_UPDATED:-}" ]; then DEBIAN_FRONTEND=noninteractive apt-get update -qq; APT_UPDATED=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

ensure_postgres() {
  tcp_open 127.0.0.1 5432 && return 0
  if docker_answers; then log "starting PostgreSQL with docker compose"; docker compose up -d postgres; wait_for PostgreSQL 127.0.0.1 5432; return; fi
  if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
    apt_install postgresql
    local version; version=$(ls /etc/postgresql | sort -V | tail -1)
    # A fresh Debian cluster asks for a password on 127.0.0.1; a development machine's loopback is trusted.
    local hba="/etc/postgresql/$version/main/pg_hba.conf"
    if ! grep -q '^host all all 127.0.0.1/32 trust' "$hba"; then
      sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
    fi
  fi
  local version; version=$(ls /etc/postgresql | sort -V | tail -1)
  log "starting PostgreSQL $version"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  wait_for PostgreSQL 127.0.0.1 5432
}

ensure_redis() {
  tcp_open 127.0.0.1 6379 && return 0
  if docker_answers; then log "starting Redis with docker compose"; docker compose up -d redis; wait_for Redis 127.0.0.1 6379; return; fi
  command -v redis-server >/dev/null 2>&1 || apt_install redis-server
  log "starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
  wait_for Redis 127.0.0.1 6379
}

if is_local "$PG_HOST"; then ensure_postgres; fi
if is_local "$REDIS_HOST"; then ensure_redis; fi

if [ "${PROVISION_CHROMIUM:-}" = 1 ] && [ ! -x /usr/bin/chromium ]; then
  apt_install chromium
fi
log "PostgreSQL and Redis are running"
