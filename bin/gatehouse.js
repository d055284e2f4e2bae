#!/usr/bin/env node
// Thin launcher. `npm run build` (run by `npm ci` through `prepare`) compiles the CLI to dist/server/ and
// bundles it into dist/cli/gatehouse.mjs; the bundle starts much faster and is used when it is up to date.
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const compiled = new URL('../dist/server/cli/main.js', import.meta.url);
const bundled = new URL('../dist/cli/gatehouse.mjs', import.meta.url);
const mtime = (url) => (existsSync(fileURLToPath(url)) ? statSync(fileURLToPath(url)).mtimeMs : -1);

if (mtime(compiled) < 0) {
  process.stderr.write('gatehouse: not built yet — run `npm run build` in ' + fileURLToPath(new URL('..', import.meta.url)) + '\n');
  process.exit(1);
}
await import((mtime(bundled) >= mtime(compiled) ? bundled : compiled).href);
