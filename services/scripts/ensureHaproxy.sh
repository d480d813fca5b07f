#!/usr/bin/env bash
# haproxy from Debian's package, installed with apt-get when missing (as root), as PostgreSQL and
# Redis are: used by start:cluster and bench:mixed --cluster.
set -euo pipefail
command -v haproxy >/dev/null 2>&1 && exit 0
[ "$(id -u)" = 0 ] || { echo "[cluster] haproxy is not installed and we are not root: install it (apt-get install haproxy)" >&2; exit 1; }
printf '\033[1m[cluster]\033[0m %s\n' "installing haproxy with apt-get"
DEBIAN_FRONTEND=noninteractive apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null
