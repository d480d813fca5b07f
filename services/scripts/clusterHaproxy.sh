#!/usr/bin/env bash
# Prints haproxy's configuration: PORT in front of the API processes on the other ports, each
# checked on GET /api/status; a process that stops answering leaves the rotation within 3 s, and
# until then a connection it refuses is tried on another process.
#   clusterHaproxy.sh PORT API_PORT...
# PORT and each API_PORT may name a host (HOST:PORT; 127.0.0.1 when only a port is given):
# docker-compose's cluster profile uses the copy this prints in services/scripts/compose/haproxy.cfg.
set -euo pipefail
at() { case "$1" in *:*) echo "$1";; *) echo "127.0.0.1:$1";; esac; }
port=$1
shift
cat <<CFG
global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A busy process answers its health check late, not never: only a refused or silent one leaves.
  timeout check 5s
  option forwardfor
  # A connection refused by a process that has just died is tried on the other one (never a request it may have run).
  retries 2
  option redispatch 1
  retry-on conn-failure

frontend shop
  bind $(at "$port")
  stats enable
  stats uri /haproxy?stats
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /api/status
  http-check expect status 200
  # A server whose name does not resolve yet (a container still starting) waits instead of stopping haproxy.
  default-server inter 1s fall 3 rise 2 init-addr last,libc,none
CFG
i=1
for p in "$@"; do
  echo "  server api-$i $(at "$p") check"
  i=$((i + 1))
done
