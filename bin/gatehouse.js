#!/usr/bin/env node
// Thin launcher. `npm run build` (run by `npm ci` through `prepare`) compiles the CLI to dist/server/ and
// bundles it into dist/cli/; the bundle starts much faster and is used when it is up to date. A bare
// `gatehouse mcp`, `gatehouse hub [--background]` and `gatehouse hook` (an agent CLI waits for it on every
// permission request) load an entry of their own that holds only their modules.
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const [command, ...rest] = process.argv.slice(2);
const entry =
  command === 'mcp' && rest.length === 0 ? ['cli/entries/mcp-entry.js', 'gatehouse-mcp.mjs'] :
  command === 'hub' && rest.every((arg) => arg === '--background') ? ['cli/entries/hub-entry.js', 'gatehouse-hub.mjs'] :
  command === 'hook' && !rest.some((arg) => ['--help', '-h', '--version'].includes(arg)) ? ['cli/entries/hook-entry.js', 'gatehouse-hook.cjs'] :
  ['cli/main.js', 'gatehouse.mjs'];
const compiled = new URL(`../dist/server/${entry[0]}`, import.meta.url);
const bundled = new URL(`../dist/cli/${entry[1]}`, import.meta.url);
const mtime = (url) => (existsSync(fileURLToPath(url)) ? statSync(fileURLToPath(url)).mtimeMs : -1);

if (mtime(compiled) < 0) {
  process.stderr.write('gatehouse: not built yet — run `npm run build` in ' + fileURLToPath(new URL('..', import.meta.url)) + '\n');
  process.exit(1);
}
await import((mtime(bundled) >= mtime(compiled) ? bundled : compiled).href);
