#!/usr/bin/env bash
# A throwaway PostgreSQL 15 server for the benches (the tests have their own,
# tests/support/postgres_server.h): a data folder and a Unix socket in a new
# temporary folder, nothing on the network.
#   bench/postgres_server.sh start       prints the URI of its database "qi"
#   bench/postgres_server.sh stop URI    stops it and removes its folder
#   bench/postgres_server.sh halt URI    stops it, keeping its data (a database that went away)
#   bench/postgres_server.sh resume URI  starts it again
# Run as root, the server runs as the `postgres` system user (PostgreSQL
# refuses root).
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$bin/initdb" ] || { echo "postgres_server.sh: PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 2; }
cmd=${1:?start or stop}
as_server() {
  if [ "$(id -u)" -eq 0 ]; then setpriv --reuid=postgres --regid=postgres --init-groups "$@"; else "$@"; fi
}
case "$cmd" in
  start)
    dir=$(mktemp -d "${TMPDIR:-/tmp}/qi-pg.XXXXXX")
    chmod 755 "$dir"
    [ "$(id -u)" -ne 0 ] || chown postgres:postgres "$dir"
    as_server "$bin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 > "$dir/initdb.log"
    # fsync stays on: an acknowledged move is one PostgreSQL has synced.
    as_server "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-k $dir -c listen_addresses='' -c max_connections=200" start > /dev/null
    as_server "$bin/createdb" -h "$dir" -U postgres qi
    echo "postgresql:///qi?host=$dir&user=postgres"
    ;;
  stop | halt | resume)
    dir=${2:?the URI start printed}
    dir=${dir#*host=}
    dir=${dir%%&*}
    if [ "$cmd" = resume ]; then
      as_server "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
        -o "-k $dir -c listen_addresses='' -c max_connections=200" start > /dev/null
      exit 0
    fi
    if [ "$cmd" = halt ]; then
      as_server "$bin/pg_ctl" -D "$dir/data" -m fast -w stop > /dev/null
      exit 0
    fi
    [ -d "$dir/data" ] && as_server "$bin/pg_ctl" -D "$dir/data" -m fast -w stop > /dev/null || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start | stop URI | halt URI | resume URI" >&2
    exit 2
    ;;
esac
