#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests and the benchmark.
#
#   eval "$(scripts/postgres-test-server.sh start)"   # exports GESTURELAB_TEST_POSTGRES_URL
#   swift test
#   scripts/postgres-test-server.sh stop
#
# `start` makes a cluster in a new temporary folder (initdb), starts it on a
# free loopback port, creates the database `gesturelab_test`, and prints
# `export` lines for the URL and the folder. Connections over TCP need the
# password (scram-sha-256), which is in the URL, so the tests exercise
# password authentication; the socket in the folder trusts local users.
# As root (CI) the server runs as the `postgres` user, since PostgreSQL
# refuses to run as root. `stop` stops the server named by
# $GESTURELAB_TEST_POSTGRES_DIR (or the folder given) and removes the folder.
# `crash DIR` stops the server at once (`pg_ctl stop -m immediate`: every
# connection dropped, no checkpoint), as a server that goes away mid-work;
# `restart DIR` starts it again on the same port, recovering as after a crash.
set -euo pipefail

bindir=${PG_BINDIR:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
    echo "postgres-test-server: no PostgreSQL server found (apt-get install -y postgresql)" >&2
    exit 1
fi

as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

start_server() {
    local dir=$1 port
    port=$(cat "$dir/port")
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w start \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50 \
            -c ssl=on -c ssl_cert_file=$dir/server.crt -c ssl_key_file=$dir/server.key" >/dev/null \
        || { cat "$dir/server.log" >&2; exit 1; }
}

case "${1:-}" in
start)
    dir=$(mktemp -d /tmp/gesturelab-pg.XXXXXX)
    chmod 755 "$dir"
    mkdir "$dir/data"
    if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$dir" "$dir/data"; fi
    port=$(free_port)
    password=pg-secret-7c1e
    echo "$password" >"$dir/password"
    if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$dir/password"; fi
    as_owner "$bindir/initdb" -D "$dir/data" --auth-local=trust --auth-host=scram-sha-256 \
        --pwfile="$dir/password" -U postgres -E UTF8 >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 1; }
    # A self-signed certificate, so clients can ask for TLS (sslmode=require).
    openssl req -new -x509 -days 7 -nodes -subj /CN=localhost -keyout "$dir/server.key" \
        -out "$dir/server.crt" >/dev/null 2>&1
    chmod 600 "$dir/server.key"
    if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$dir/server.key" "$dir/server.crt"; fi
    echo "$port" >"$dir/port"
    start_server "$dir"
    PGPASSWORD=$password psql -X -q -h 127.0.0.1 -p "$port" -U postgres -d postgres \
        -c "CREATE DATABASE gesturelab_test" >/dev/null
    echo "export GESTURELAB_TEST_POSTGRES_URL=postgresql://postgres:$password@127.0.0.1:$port/gesturelab_test"
    echo "export GESTURELAB_TEST_POSTGRES_DIR=$dir"
    ;;
stop)
    dir=${2:-${GESTURELAB_TEST_POSTGRES_DIR:-}}
    if [ -z "$dir" ] || [ ! -d "$dir/data" ]; then
        echo "postgres-test-server: no server folder given" >&2
        exit 1
    fi
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    rm -rf "$dir"
    ;;
crash)
    as_owner "$bindir/pg_ctl" -D "$2/data" -m immediate -w stop >/dev/null
    ;;
restart)
    start_server "$2"
    ;;
*)
    echo "usage: $0 start|stop [DIR]|crash DIR|restart DIR" >&2
    exit 64
    ;;
esac
