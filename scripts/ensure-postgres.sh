#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers for the api's PostgreSQL test pass, and exports
# PRDS_TEST_PG_URL (a superuser connection to the `postgres` database; each suite creates and drops
# its own database there). Uses the server on 127.0.0.1:5432 when one answers (this machine's and
# CI's do); otherwise installs Debian's `postgresql`, lets 127.0.0.1 in with trust auth and starts
# its cluster (pg_ctlcluster works as root, where initdb alone refuses). Sourced by test.sh.

pg_answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

ensure_postgres() {
  local port="${PRDS_TEST_PG_PORT:-5432}"
  if [ -z "${PRDS_TEST_PG_URL:-}" ]; then export PRDS_TEST_PG_URL="postgres://postgres@127.0.0.1:$port/postgres"; fi
  if pg_answers "$port"; then return 0; fi
  echo "setup: no PostgreSQL on 127.0.0.1:$port — installing and starting Debian's postgresql"
  if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq postgresql >/dev/null
  fi
  local version cluster conf
  version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
  if ! pg_lsclusters -h 2>/dev/null | awk '{print $1" "$2}' | grep -q "^$version main$"; then
    as_root pg_createcluster "$version" main --port "$port" >/dev/null
  fi
  conf="/etc/postgresql/$version/main"
  # Tests connect as `postgres` over TCP without a password, like the machine's own server.
  if ! grep -q '^host all all 127.0.0.1/32 trust' "$conf/pg_hba.conf"; then
    as_root sed -i '1i host all all 127.0.0.1/32 trust' "$conf/pg_hba.conf"
  fi
  as_root pg_ctlcluster "$version" main restart 2>/dev/null || as_root pg_ctlcluster "$version" main start
  for _ in $(seq 1 60); do pg_answers "$port" && return 0; sleep 0.5; done
  echo "setup: PostgreSQL did not start on 127.0.0.1:$port" >&2
  return 1
}
