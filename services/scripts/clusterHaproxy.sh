#!/usr/bin/env bash
# Prints haproxy's configuration: PORT in front of the API processes on the other ports, each
# checked on GET /api/status; a process that stops answering leaves the rotation within 3 s, and
# until then a connection it refuses is tried on another process.
#   clusterHaproxy.sh PORT API_PORT...
set -euo pipefail
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
  bind 127.0.0.1:$port
  stats enable
  stats uri /haproxy?stats
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /api/status
  http-check expect status 200
  default-server inter 1s fall 3 rise 2
CFG
i=1
for p in "$@"; do
  echo "  server api-$i 127.0.0.1:$p check"
  i=$((i + 1))
done
