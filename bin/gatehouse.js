#!/usr/bin/env node
// Thin launcher. `npm run build` (run by `npm ci` through `prepare`) compiles the CLI to dist/server/ and
// bundles it into dist/cli/; the bundle starts much faster and is used when it is up to date. A bare
// `gatehouse mcp`, `gatehouse hub [--background]` and `gatehouse hook` (an agent CLI waits for it on every
// permission request) load an entry of their own that holds only their modules. The hub's is one CommonJS file run
// through a V8 code cache (dist/cli/code-cached-bundle.cjs, from server/cli/entries/code-cached-bundle.ts).
// This file is CommonJS (bin/package.json): an ES module as the main file starts Node's ES module loader, which an
// idle `gatehouse mcp` (one per agent, a CommonJS bundle) would otherwise pay for in memory (~0.7 MiB RSS).
'use strict';
const { existsSync, statSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');

const [command, ...rest] = process.argv.slice(2);
const entry =
  command === 'mcp' && rest.length === 0 ? ['cli/entries/mcp-entry.js', 'gatehouse-mcp.cjs'] :
  command === 'hub' && rest.every((arg) => arg === '--background') ? ['cli/entries/hub-entry.js', 'hub/gatehouse-hub.cjs', 'code cache'] :
  command === 'hook' && !rest.some((arg) => ['--help', '-h', '--version'].includes(arg)) ? ['cli/entries/hook-entry.js', 'gatehouse-hook.cjs'] :
  ['cli/main.js', 'gatehouse.mjs'];
const compiled = join(__dirname, '..', 'dist', 'server', entry[0]);
const bundled = join(__dirname, '..', 'dist', 'cli', entry[1]);
const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : -1);

if (mtime(compiled) < 0) {
  process.stderr.write('gatehouse: not built yet — run `npm run build` in ' + join(__dirname, '..') + '\n');
  process.exit(1);
}
const fresh = mtime(bundled) >= mtime(compiled);
// Not awaited: the cache is written once the hub has warmed up, and a hub that never does must still exit.
if (fresh && entry[2] === 'code cache') void require('../dist/cli/code-cached-bundle.cjs').runCodeCachedBundle(bundled);
else if (fresh && bundled.endsWith('.cjs')) require(bundled);
else import(pathToFileURL(fresh ? bundled : compiled).href);
