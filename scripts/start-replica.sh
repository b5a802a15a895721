#!/usr/bin/env bash
# Starts a PostgreSQL streaming replica of the primary at 127.0.0.1:5432 on 127.0.0.1:${REPLICA_PORT:-5433}
# (issue 35, ADR 0057): pg_basebackup of the primary into a second cluster, then hot standby. For CI and for
# running the replica test locally; prints the replica's URL on its last line. Needs root (or the postgres
# user) and Debian's PostgreSQL. `scripts/start-replica.sh stop` stops it.
set -euo pipefail
port=${REPLICA_PORT:-5433}
dir=${REPLICA_DIR:-/tmp/yaadcare-replica}
ver=$(ls /etc/postgresql | head -n1)
bin=/usr/lib/postgresql/$ver/bin
as_pg() { if [ "$(id -un)" = postgres ]; then "$@"; else runuser -u postgres -- "$@"; fi; }

if [ "${1:-start}" = stop ]; then
  [ -f "$dir/postmaster.pid" ] && as_pg "$bin/pg_ctl" -D "$dir" -m fast stop >/dev/null || true
  exit 0
fi

# The primary must accept replication connections from loopback (trust, like every other local connection).
hba=/etc/postgresql/$ver/main/pg_hba.conf
if ! grep -Eq '^host\s+replication\s+all\s+127\.0\.0\.1/32' "$hba"; then
  echo 'host replication all 127.0.0.1/32 trust' >> "$hba"
  pg_ctlcluster --skip-systemctl-redirect "$ver" main reload
fi

[ -f "$dir/postmaster.pid" ] && as_pg "$bin/pg_ctl" -D "$dir" -m fast stop >/dev/null 2>&1 || true
rm -rf "$dir"
mkdir -p "$dir" && chown postgres:postgres "$dir" && chmod 700 "$dir"
# -R writes standby.signal and primary_conninfo; -X stream copies the WAL made during the backup.
as_pg "$bin/pg_basebackup" -h 127.0.0.1 -p 5432 -U postgres -D "$dir" -R -X stream -c fast
# Debian keeps the primary's configuration under /etc: the copy gets its own, minimal one.
as_pg bash -c "cat > '$dir/postgresql.conf'" <<CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir'
hot_standby = on
max_connections = 100
shared_buffers = 64MB
CONF
as_pg bash -c "printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' > '$dir/pg_hba.conf'"
as_pg "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w start >/dev/null
for _ in $(seq 1 60); do pg_isready -h 127.0.0.1 -p "$port" -q && break; sleep 0.5; done
pg_isready -h 127.0.0.1 -p "$port" >/dev/null
echo "postgres://postgres@127.0.0.1:$port/test"
