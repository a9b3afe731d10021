#!/usr/bin/env bash
# The one run command: installs what is needed, starts the local devnet (contracts deployed, demo data
# seeded), builds the host and the remotes, serves them, and prints the URL. Ctrl-C stops everything
# it started; a second run cleans up after a first one that was killed without Ctrl-C.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/setup.sh"
cd "$ROOT"

RUN="$ROOT/.run"
mkdir -p "$RUN"
PIDS="$RUN/start.pids"
BASE_PORT="${PRDS_BASE_PORT:-3000}"

stop_all() {
  [ -f "$PIDS" ] || return 0
  while read -r pid; do kill -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true; done <"$PIDS"
  rm -f "$PIDS"
}
stop_all # whatever an earlier run left behind
trap 'echo; echo "stopping…"; stop_all; exit 0' INT TERM
trap 'stop_all' EXIT

ensure_pnpm
ensure_workspace

echo "== compiling contracts and starting the local devnet (127.0.0.1:${DEVNET_PORT:-8545})"
pnpm --filter @prds/contracts run compile
setsid pnpm --filter @prds/contracts run devnet >"$RUN/devnet.log" 2>&1 &
echo $! >>"$PIDS"
for _ in $(seq 1 240); do
  grep -q 'DEVNET READY' "$RUN/devnet.log" && break
  kill -0 "$(tail -n 1 "$PIDS")" 2>/dev/null || { cat "$RUN/devnet.log"; echo "the devnet failed to start"; exit 1; }
  sleep 0.5
done
grep -q 'DEVNET READY' "$RUN/devnet.log" || { cat "$RUN/devnet.log"; echo "the devnet did not get ready in 120 s"; exit 1; }

echo "== building the host and the remotes (production)"
pnpm -r --workspace-concurrency=2 --filter "./mfe-*" --filter ./host run build

echo "== serving"
setsid node scripts/serve.mjs --base-port "$BASE_PORT" >"$RUN/serve.log" 2>&1 &
echo $! >>"$PIDS"
for _ in $(seq 1 60); do
  [ "$(grep -c '^READY' "$RUN/serve.log")" -ge 6 ] && break
  sleep 0.5
done
cat "$RUN/serve.log"
echo
echo "PRDS is running: http://127.0.0.1:${BASE_PORT}"
echo "(devnet log: .run/devnet.log, server log: .run/serve.log; Ctrl-C stops everything)"
wait
