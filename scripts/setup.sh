#!/usr/bin/env bash
# Installs what the product and its tests need on a fresh machine with only Node and npm:
# pnpm, Debian's Chromium and the CJK/Thai fonts (tests and screenshots), and the workspace.
# Sourced by start.sh and test.sh; safe to run again (it skips what is already there).
set -euo pipefail

PNPM_VERSION=12.21.0
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
  echo "setup: '$*' needs root (or sudo)" >&2; return 1; fi; }

ensure_pnpm() {
  if ! command -v pnpm >/dev/null || [ "$(pnpm --version 2>/dev/null | cut -d. -f1)" != "${PNPM_VERSION%%.*}" ]; then
    echo "setup: installing pnpm $PNPM_VERSION"
    npm install -g "pnpm@$PNPM_VERSION" --no-fund --no-audit >/dev/null
  fi
}

# $1 = "browser" to also install Chromium and fonts (tests, screenshots).
ensure_system_packages() {
  local want=()
  if [ "${1:-}" = browser ]; then
    [ -x /usr/bin/chromium ] || want+=(chromium)
    [ -d /usr/share/fonts/opentype/noto ] && ls /usr/share/fonts/opentype/noto | grep -qi cjk || want+=(fonts-noto-cjk)
    [ -d /usr/share/fonts/truetype/tlwg ] || want+=(fonts-thai-tlwg)
  fi
  if [ ${#want[@]} -gt 0 ]; then
    echo "setup: installing Debian packages: ${want[*]}"
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${want[@]}" >/dev/null
  fi
}

# better-sqlite3 (the api's embedded database) builds from source: node-gyp must use the headers
# that came with this Node instead of downloading them (no internet).
node_headers_dir() {
  local prefix
  prefix="$(dirname "$(dirname "$(command -v node)")")"
  if [ -f "$prefix/include/node/node.h" ]; then echo "$prefix"; fi
}

ensure_workspace() {
  cd "$ROOT"
  export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
  local headers
  headers="$(node_headers_dir)"
  if [ -n "$headers" ]; then export npm_config_nodedir="$headers"; fi
  pnpm install --frozen-lockfile --prefer-offline
}
