#!/usr/bin/env bash
# docker-compose: the primary's first start lets the cluster profile's replica stream from it
# (password-checked, like every other connection from the compose network).
set -euo pipefail
echo "host replication all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
