import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { packageRoot } from '../../package-info.js';
import { runCodeCachedBundle } from './code-cached-bundle.js';

// Each run of a bundle reports through this global what it saw (its module scope, its require, its file names).
type Seen = { filename: string; dirname: string; dep: string; marker: string; runs: number };
const seen = () => (globalThis as unknown as { __codeCacheSeen: Seen }).__codeCacheSeen;

const bundleSource = (marker: string) => `
const dep = require('./dep.cjs');
const g = globalThis;
g.__codeCacheSeen = { filename: __filename, dirname: __dirname, dep, marker: ${JSON.stringify(marker)}, runs: (g.__codeCacheSeen?.runs ?? 0) + 1 };
function work(n) { let s = 0; for (let i = 0; i < n; i++) s += i % 7; return s; }
let ready;
module.exports.readyForCodeCache = new Promise((resolve) => (ready = resolve));
setImmediate(() => ready(work(1000)));
`;

describe('runCodeCachedBundle', () => {
  let dir: string;
  let bundle: string;
  let cache: string;
  const keyOf = (file: string) => {
    const data = readFileSync(file);
    return data.subarray(0, data.indexOf('\n')).toString();
  };
  const bundleKey = () => `${statSync(bundle).size}:${Math.trunc(statSync(bundle).mtimeMs)}`;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'code-cache-'));
    bundle = join(dir, 'bundle.cjs');
    cache = `${bundle}.v8cache`;
    writeFileSync(join(dir, 'dep.cjs'), "module.exports = 'dep beside the bundle';");
    writeFileSync(bundle, bundleSource('one'));
    delete (globalThis as Record<string, unknown>).__codeCacheSeen;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('runs the bundle as a CommonJS module of its folder, then writes the cache keyed by the bundle', async () => {
    const outcome = runCodeCachedBundle(bundle);
    expect(seen()).toEqual({ filename: bundle, dirname: dir, dep: 'dep beside the bundle', marker: 'one', runs: 1 });
    expect(await outcome).toBe('written');
    expect(keyOf(cache)).toBe(bundleKey());
    expect(statSync(cache).size).toBeGreaterThan(200);
    expect(existsSync(`${cache}.${process.pid}.tmp`)).toBe(false);
  });

  it('uses a cache V8 accepts and leaves it as it is', async () => {
    expect(await runCodeCachedBundle(bundle)).toBe('written');
    const first = readFileSync(cache);
    expect(await runCodeCachedBundle(bundle)).toBe('used');
    expect(seen().runs).toBe(2);
    expect(readFileSync(cache).equals(first)).toBe(true);
  });

  it('does not use the cache of another build of the same length (V8 would): runs the new code and writes its cache', async () => {
    expect(await runCodeCachedBundle(bundle)).toBe('written');
    writeFileSync(bundle, bundleSource('two'));
    utimesSync(bundle, new Date(), new Date(statSync(bundle).mtimeMs + 5000));
    expect(await runCodeCachedBundle(bundle)).toBe('written');
    expect(seen().marker).toBe('two');
    expect(keyOf(cache)).toBe(bundleKey());
  });

  it('runs the bundle when the cache is junk that V8 rejects, and replaces it', async () => {
    writeFileSync(cache, `${bundleKey()}\n${'not V8 code at all '.repeat(20)}`);
    expect(await runCodeCachedBundle(bundle)).toBe('written');
    expect(seen().dep).toBe('dep beside the bundle');
    expect(readFileSync(cache).includes('not V8 code at all')).toBe(false);
  });

  it('runs the bundle when the cache cannot be written, and says so', async () => {
    mkdirSync(cache); // a folder where the cache file should go: the rename fails whoever runs this
    expect(await runCodeCachedBundle(bundle)).toBe('not written');
    expect(seen().runs).toBe(1);
    expect(existsSync(`${cache}.${process.pid}.tmp`)).toBe(false);
  });
});

describe('codeCacheChunks', () => {
  let dir: string;
  const chunk = (name: string) => join(dir, 'chunks', name);
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'code-cache-chunks-'));
    mkdirSync(join(dir, 'chunks'));
    writeFileSync(chunk('a.cjs'), "exports.fromB = require('./b.cjs').b; exports.file = __filename; exports.dir = __dirname; exports.self = this === module.exports;");
    writeFileSync(chunk('b.cjs'), 'module.exports = { b: 40 + 2 };');
    writeFileSync(join(dir, 'outside.cjs'), 'module.exports = 1;');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  // A child process (the built file): the handler goes into that process's module loader.
  const run = async (code: string) => {
    const entry = join(packageRoot, 'dist', 'server', 'cli', 'entries', 'code-cached-bundle.js');
    const script = `const { codeCacheChunks } = await import(${JSON.stringify(pathToFileURL(entry).href)}); const { createRequire } = await import('node:module'); const require = createRequire(${JSON.stringify(join(dir, 'x.cjs'))}); codeCacheChunks(${JSON.stringify(join(dir, 'chunks'))}); ${code}`;
    return execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  };

  it('runs a chunk as CommonJS of its folder, writes a cache per chunk as the process exits, then uses it', async () => {
    const out = JSON.parse(await run("process.stdout.write(JSON.stringify({ a: require('./chunks/a.cjs'), outside: require('./outside.cjs') }));"));
    expect(out).toEqual({ a: { fromB: 42, file: chunk('a.cjs'), dir: join(dir, 'chunks'), self: true }, outside: 1 });
    expect(existsSync(`${chunk('a.cjs')}.v8cache`)).toBe(true);
    expect(existsSync(`${chunk('b.cjs')}.v8cache`)).toBe(true);
    expect(existsSync(join(dir, 'outside.cjs.v8cache'))).toBe(false);
    const written = readFileSync(`${chunk('a.cjs')}.v8cache`);
    expect(JSON.parse(await run("process.stdout.write(JSON.stringify(require('./chunks/a.cjs')));")).fromB).toBe(42);
    expect(readFileSync(`${chunk('a.cjs')}.v8cache`).equals(written)).toBe(true); // used, not written again
  });
});

describe("the hub's own bundle (dist/cli/hub/gatehouse-hub.cjs, as `gatehouse hub` runs it)", () => {
  // A child process per start, each on a data directory of its own: what the cache's outcome was once the hub
  // has warmed up (its first page and its policy, whose bash parser sets V8 flags while it loads).
  const startOnce = () => {
    const home = mkdtempSync(join(tmpdir(), 'code-cache-hub-'));
    try {
      const runner = join(packageRoot, 'dist', 'cli', 'code-cached-bundle.cjs');
      const hubBundle = join(packageRoot, 'dist', 'cli', 'hub', 'gatehouse-hub.cjs');
      // Killed once it has said (a hub ends slowly, and its ending is not what is tested here).
      const script = `require(${JSON.stringify(runner)}).runCodeCachedBundle(${JSON.stringify(hubBundle)}).then((o) => process.stdout.write('OUTCOME ' + o + '\\n', () => process.kill(process.pid, 'SIGKILL')));`;
      const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { ...process.env, GATEHOUSE_HOME: home, GATEHOUSE_PORT: '0' }, timeout: 30_000 });
      return /OUTCOME (\S+)/.exec(run.stdout)?.[1] ?? `no outcome (${run.signal ?? run.status}): ${run.stderr}`;
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  };

  it('a start uses the cache the start before it wrote', () => {
    startOnce(); // writes the cache if it was missing or of another build
    expect(startOnce()).toBe('used');
  }, 60_000);
});
