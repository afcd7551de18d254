#!/bin/sh
# Run once by the postgres image when it makes a new cluster (docker-entrypoint-initdb.d): the
# replica (compose service postgres-replica) may stream the WAL as the app's database user.
set -e
echo "host replication ${POSTGRES_USER} all scram-sha-256" >> "$PGDATA/pg_hba.conf"
