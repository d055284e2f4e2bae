#!/usr/bin/env bash
# Installs the real tscircuit CLI (tsci) pinned in e2e-tsci/package-lock.json, for the offline end-to-end
# tests (e2e-tsci/, test/**/real-tsci*). Idempotent: does nothing when the pinned versions are installed.
# ~650 MB, ~30 s from a cold npm cache. Run as: bash .ci/install-tsci.sh   (prints the tsci command line)
set -euo pipefail
cd "$(dirname "$0")/../e2e-tsci"

installed_version() { node -p "require('./node_modules/$1/package.json').version" 2>/dev/null || true; }
want_tscircuit=$(node -p "require('./package-lock.json').packages['node_modules/tscircuit'].version")
want_cli=$(node -p "require('./package-lock.json').packages['node_modules/@tscircuit/cli'].version")

if [[ "$(installed_version tscircuit)" == "$want_tscircuit" && "$(installed_version @tscircuit/cli)" == "$want_cli" ]]; then
  echo "install-tsci: tscircuit $want_tscircuit (@tscircuit/cli $want_cli) already installed" >&2
else
  echo "install-tsci: installing tscircuit $want_tscircuit (@tscircuit/cli $want_cli) into e2e-tsci/node_modules" >&2
  start=$(date +%s)
  # --ignore-scripts: postinstall scripts of some dependencies download binaries, which cannot work offline.
  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2
  echo "install-tsci: done in $(( $(date +%s) - start )) s, $(du -sh node_modules | cut -f1)" >&2
fi
echo "node $(pwd)/node_modules/tscircuit/cli.mjs"
