#!/usr/bin/env bash
# Makes sure a Redis server answers for the api's shared-limit test (scale-out-limits.test.ts), and
# exports PRDS_TEST_REDIS_URL. Uses the server on 127.0.0.1:6379 when one answers (this machine's and
# CI's do); otherwise installs Debian's `redis-server` when it is missing and starts one of its own on
# that port, in the background, without persistence. The test starts one itself as well when nothing
# answers (api/test/helpers/redis.ts), so running it alone needs no setup. Sourced by test.sh.

redis_answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

ensure_redis() {
  local port="${PRDS_TEST_REDIS_PORT:-6379}"
  if [ -z "${PRDS_TEST_REDIS_URL:-}" ]; then export PRDS_TEST_REDIS_URL="redis://127.0.0.1:$port"; fi
  if redis_answers "$port"; then return 0; fi
  echo "setup: no Redis on 127.0.0.1:$port — starting Debian's redis-server"
  if ! command -v redis-server >/dev/null; then
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq redis-server >/dev/null
  fi
  redis-server --bind 127.0.0.1 --port "$port" --save '' --appendonly no --daemonize yes >/dev/null
  for _ in $(seq 1 40); do redis_answers "$port" && return 0; sleep 0.25; done
  echo "setup: Redis did not start on 127.0.0.1:$port" >&2
  return 1
}
