#!/usr/bin/env bash
# The one run command: installs what is needed, compiles the contracts, starts the back end
# (scripts/stack.cjs: local devnet with contracts deployed and demo data seeded, then the api on a
# fresh SQLite file with the seeded markets' metadata submitted and indexed), builds the host and the
# remotes, serves them, and prints the URL. Ctrl-C stops everything it started; a second run cleans
# up after a first one that was killed without Ctrl-C.
#
# The back end and the web server each run under scripts/supervise.mjs: once up, a part that stops
# by itself is reported here (and in its log) and started again after a back-off; one that keeps
# crashing (6 times in 5 minutes) stops the whole run with its log, rather than restarting forever.
#
# PRDS_BASE_PORT (3000) moves the web ports, DEVNET_PORT (8545) the chain, PRDS_API_PORT (8787) the
# api. The builds bake the api and devnet URLs (PRDS_API_URL, PRDS_DEVNET_RPC_URL, set here from the ports).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/setup.sh"
cd "$ROOT"

T0=$(date +%s)
RUN="$ROOT/.run"
mkdir -p "$RUN"
PIDS="$RUN/start.pids"
BASE_PORT="${PRDS_BASE_PORT:-3000}"
DEVNET_PORT="${DEVNET_PORT:-8545}"
API_PORT="${PRDS_API_PORT:-8787}"
export PRDS_API_URL="http://127.0.0.1:${API_PORT}"
export PRDS_DEVNET_RPC_URL="http://127.0.0.1:${DEVNET_PORT}"
CORS=""
for i in 0 1 2 3 4 5; do CORS+="http://127.0.0.1:$((BASE_PORT + i)),http://localhost:$((BASE_PORT + i)),"; done
CORS="${CORS%,}"

stop_all() {
  if [ -f "$PIDS" ]; then
    # The stack process stops its devnet and api on SIGTERM; give it time before the group is killed.
    while read -r pid; do kill -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true; done <"$PIDS"
    for _ in $(seq 1 100); do
      alive=0
      while read -r pid; do kill -0 "$pid" 2>/dev/null && alive=1; done <"$PIDS"
      [ "$alive" = 0 ] && break
      sleep 0.1
    done
    rm -f "$PIDS"
  fi
  # A devnet or api whose stack process was killed outright (kill -9) is still listed here.
  node "$ROOT/scripts/stack.cjs" stop --run-dir "$RUN" 2>/dev/null || true
}
stop_all # whatever an earlier run left behind
trap 'echo; echo "stopping…"; stop_all; exit 0' INT TERM
trap 'stop_all' EXIT

ensure_pnpm
ensure_workspace

echo "== compiling contracts"
pnpm --filter @prds/contracts run compile

# The back end starts while the front end builds (it is ready in ~15 s; the builds take longer).
# A restart after a crash starts a fresh devnet (seeded again) and api on the same ports.
: >"$RUN/stack.log"
setsid node scripts/supervise.mjs --name back-end --log "$RUN/stack.log" --ready '^STACK READY' -- \
  node scripts/stack.cjs --run-dir "$RUN" --devnet-port "$DEVNET_PORT" --api-port "$API_PORT" \
  --cors-origins "$CORS" &
STACK_PID=$!
echo "$STACK_PID" >>"$PIDS"
stack_failed() {
  echo
  cat "$RUN/stack.log"
  echo "the devnet + api stack failed to start (logs: .run/stack.log, .run/devnet.log, .run/api.log)"
  exit 1
}
# A busy port fails at once: say so before spending minutes on the builds.
for _ in $(seq 1 20); do
  grep -q '^== devnet' "$RUN/stack.log" && break
  kill -0 "$STACK_PID" 2>/dev/null || stack_failed
  sleep 0.1
done
grep -q '^STACK FAILED' "$RUN/stack.log" && stack_failed
echo "== devnet + api starting in the background (log: .run/stack.log)"

echo "== building the host and the remotes (production, api ${PRDS_API_URL})"
T_BUILD=$(date +%s)
pnpm -r --workspace-concurrency=2 --filter "./mfe-*" --filter ./host run build
echo "   built in $(($(date +%s) - T_BUILD)) s"

echo "== waiting for the devnet + api"
for _ in $(seq 1 600); do
  grep -q '^STACK READY' "$RUN/stack.log" && break
  kill -0 "$STACK_PID" 2>/dev/null || stack_failed
  sleep 0.5
done
grep -q '^STACK READY' "$RUN/stack.log" || stack_failed
sed 's/^/   /' "$RUN/stack.log"

echo "== serving"
: >"$RUN/serve.log"
setsid node scripts/supervise.mjs --name web --log "$RUN/serve.log" --ready '^READY mfe-claim' -- \
  node scripts/serve.mjs --base-port "$BASE_PORT" --api-url "$PRDS_API_URL" --rpc-url "$PRDS_DEVNET_RPC_URL" &
SERVE_PID=$!
echo "$SERVE_PID" >>"$PIDS"
for _ in $(seq 1 60); do
  [ "$(grep -c '^READY' "$RUN/serve.log")" -ge 6 ] && break
  kill -0 "$SERVE_PID" 2>/dev/null || { cat "$RUN/serve.log"; echo "the web server failed to start"; exit 1; }
  sleep 0.5
done
[ "$(grep -c '^READY' "$RUN/serve.log")" -ge 6 ] || { cat "$RUN/serve.log"; echo "the web server did not get ready in 30 s"; exit 1; }
cat "$RUN/serve.log"

read -r _ API_URL DEVNET_URL LISTED _ < <(grep '^STACK READY' "$RUN/stack.log" | sed 's/^STACK //')
echo
echo "PRDS is running: http://127.0.0.1:${BASE_PORT}"
echo "  api     ${API_URL} (${LISTED} markets listed)"
echo "  devnet  ${DEVNET_URL} (chain id 31337)"
echo "  ready in $(($(date +%s) - T0)) s; logs in .run/ (stack, devnet, api, serve); Ctrl-C stops everything"
# Runs until Ctrl-C, or until a supervisor gives up on the back end or the web server (each restarts
# its part after a crash and says so above).
while kill -0 "$STACK_PID" 2>/dev/null && kill -0 "$SERVE_PID" 2>/dev/null; do sleep 1; done
echo "a part of the stack kept crashing and was not restarted again:"
tail -n 20 "$RUN/stack.log" "$RUN/serve.log"
exit 1
