// One settings file as the guards read it (codex/, gemini/, qwen/settings-guard.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readLayer } from './settings-layers.js';

let rootDir: string;
let root: string;
beforeEach(() => {
  rootDir = mkdtempSync(join(tmpdir(), 'gatehouse-hook-guard-'));
  root = join(rootDir, 'main');
});
afterEach(() => rmSync(rootDir, { recursive: true, force: true }));

function write(path: string, text: string): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

it('readLayer: absent, an object, and not an object', () => {
  expect(readLayer(join(root, 'none.json'))).toEqual({ file: join(root, 'none.json'), settings: null });
  expect(readLayer(write(join(root, 'a.json'), '{"a":1}')).settings).toEqual({ a: 1 });
  expect(readLayer(write(join(root, 'b.json'), '[1]')).unreadable).toBe('not a JSON object');
});
