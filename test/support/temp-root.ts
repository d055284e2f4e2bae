// A temp folder per test for tests that write files (the settings guards' layers): `rootDir` is made before each
// test and removed after it, `root` a folder name inside it; `write` creates a file and the folders above it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';

export function tempRoot(prefix: string): { readonly rootDir: string; readonly root: string } {
  let rootDir = '';
  beforeEach(() => {
    rootDir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(() => rmSync(rootDir, { recursive: true, force: true }));
  return {
    get rootDir() {
      return rootDir;
    },
    get root() {
      return join(rootDir, 'main');
    },
  };
}

export function write(path: string, text: string): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}
