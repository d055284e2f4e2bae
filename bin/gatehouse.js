#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm run build` (run automatically by `npm ci`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/server/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('gatehouse: not built yet — run `npm run build` in ' + fileURLToPath(new URL('..', import.meta.url)) + '\n');
  process.exit(1);
}
await import(entry.href);
