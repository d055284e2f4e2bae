#!/usr/bin/env bash
# Installs the four real agent CLIs pinned in e2e-agents/package-lock.json (Claude Code, Codex, Gemini CLI,
# Qwen Code) for the offline end-to-end tests in test/agents/. Idempotent: does nothing when the pinned
# versions are installed. ~800 MB, ~15 s from a warm npm cache. Prints the folder holding the four commands.
set -euo pipefail
cd "$(dirname "$0")/../e2e-agents"

pinned() { node -p "require('./package-lock.json').packages['node_modules/$1'].version"; }
installed() { node -p "require('./node_modules/$1/package.json').version" 2>/dev/null || true; }
# Claude Code's npm package ships a 500-byte placeholder at bin/claude.exe that its postinstall replaces with
# the native binary from the platform package (a local copy, no download).
claude_ready() { [[ $(stat -c %s node_modules/@anthropic-ai/claude-code/bin/claude.exe 2>/dev/null || echo 0) -gt 1000000 ]]; }

all_installed=yes
for pkg in @anthropic-ai/claude-code @openai/codex @google/gemini-cli @qwen-code/qwen-code; do
  [[ "$(installed $pkg)" == "$(pinned $pkg)" ]] || all_installed=no
done
if [[ $all_installed == yes ]] && claude_ready; then
  echo "install-agents: claude $(pinned @anthropic-ai/claude-code), codex $(pinned @openai/codex), gemini $(pinned @google/gemini-cli), qwen $(pinned @qwen-code/qwen-code) already installed" >&2
else
  echo "install-agents: installing the pinned agent CLIs into e2e-agents/node_modules" >&2
  start=$(date +%s)
  # --ignore-scripts: @github/keytar's install script (Gemini CLI, optional) downloads a prebuilt binary,
  # which cannot work offline; Gemini falls back to file-based credentials without it. node-pty ships
  # prebuilt binaries in @lydell/node-pty-*. Claude Code's own postinstall only copies its native binary
  # out of the platform package, so it is run by hand below.
  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2
  node node_modules/@anthropic-ai/claude-code/install.cjs >&2
  claude_ready || { echo "install-agents: Claude Code's native binary is missing (platform package not installed?)" >&2; exit 1; }
  echo "install-agents: done in $(( $(date +%s) - start )) s, $(du -sh node_modules | cut -f1)" >&2
fi
echo "$(pwd)/node_modules/.bin"
