import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, sep } from 'node:path';
import { Script } from 'node:vm';

/**
 * What a bundle run by runCodeCachedBundle may export: a promise that settles once the process has run the code
 * worth caching (for the hub: it listens and has warmed its first page). The cache is written then, so it holds
 * the functions compiled on the start path, not only the top level. Without it the cache is written at once.
 */
export interface CodeCachedBundleExports {
  readyForCodeCache?: Promise<unknown>;
}

/** What became of the cache: used as it was, written anew, or not writable (the bundle ran all the same). */
export type CodeCacheOutcome = 'used' | 'written' | 'not written';

/**
 * Runs a self-contained CommonJS bundle through a V8 code cache (Node 20 has no module.enableCompileCache).
 * `<bundle>.v8cache` holds the bytecode V8 compiled for it last time, keyed by the bundle's size and mtime (V8
 * itself checks only the source length): a start then deserialises code instead of parsing and compiling ~4 MB
 * (measured: hub start CPU 250 → 150 ms). A cache that is missing, stale or rejected (another Node or V8 flags)
 * is written anew, atomically, when the bundle says it is ready; a folder that cannot be written only costs speed.
 */
export async function runCodeCachedBundle(bundle: string): Promise<CodeCacheOutcome> {
  const cacheFile = `${bundle}.v8cache`;
  const stat = statSync(bundle);
  const key = Buffer.from(`${stat.size}:${Math.trunc(stat.mtimeMs)}\n`);
  const cached = readCache(cacheFile, key);
  // The wrapper Node puts around a CommonJS file (on the first line, so the bundle's line numbers stay right).
  const source = `(function (exports, require, module, __filename, __dirname) { ${readFileSync(bundle, 'utf8')}\n})`;
  const script = new Script(source, { filename: bundle, cachedData: cached });
  const mod = { exports: {} as CodeCachedBundleExports };
  const run = script.runInThisContext() as (exports: object, require: NodeRequire, module: object, filename: string, dirname: string) => void;
  run.call(mod.exports, mod.exports, createRequire(bundle), mod, bundle, dirname(bundle));
  if (cached && !script.cachedDataRejected) return 'used';
  await mod.exports.readyForCodeCache?.catch(() => undefined);
  return writeCache(cacheFile, key, script.createCachedData()) ? 'written' : 'not written';
}

/** The module loader's handlers by file extension (Node's own, not in its types). */
type ExtensionHandler = (module: NodeModule & { exports: unknown }, filename: string) => void;
const extensions = (Module as unknown as { _extensions: Record<string, ExtensionHandler> })._extensions;

/**
 * Runs every CommonJS chunk that require() loads from `dir` through a V8 code cache beside it, as
 * runCodeCachedBundle does for one bundle: for `gatehouse mcp`, whose first tool call loads ~1 MB of chunks (the
 * MCP SDK, zod, the tools, pino) and spent most of that call compiling them. A chunk run without a usable cache gets
 * one written `writeAfterMs` later, or as the process exits if sooner, so it holds the functions the first call
 * compiled, not only the top level. Other files load as Node loads them.
 */
export function codeCacheChunks(dir: string, writeAfterMs = 1500): void {
  const prefix = dir.endsWith(sep) ? dir : dir + sep;
  const original = extensions['.cjs'] ?? extensions['.js'];
  const toWrite: Array<{ cacheFile: string; key: Buffer; script: Script }> = [];
  extensions['.cjs'] = (module, filename) => {
    if (!filename.startsWith(prefix)) return original(module, filename);
    const cacheFile = `${filename}.v8cache`;
    const stat = statSync(filename);
    const key = Buffer.from(`${stat.size}:${Math.trunc(stat.mtimeMs)}\n`);
    const cached = readCache(cacheFile, key);
    const script = new Script(`(function (exports, require, module, __filename, __dirname) { ${readFileSync(filename, 'utf8')}\n})`, { filename, cachedData: cached });
    const run = script.runInThisContext() as (exports: unknown, require: NodeRequire, module: object, filename: string, dirname: string) => void;
    if (!cached || script.cachedDataRejected) {
      if (!toWrite.length) {
        const write = () => toWrite.splice(0).forEach((c) => writeCache(c.cacheFile, c.key, c.script.createCachedData()));
        setTimeout(write, writeAfterMs).unref();
        process.once('exit', write);
      }
      toWrite.push({ cacheFile, key, script });
    }
    run.call(module.exports, module.exports, createRequire(filename), module, filename, dirname(filename));
  };
}

function readCache(cacheFile: string, key: Buffer): Buffer | undefined {
  let data: Buffer;
  try {
    data = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  return data.subarray(0, key.length).equals(key) ? data.subarray(key.length) : undefined;
}

/** Written to a temporary file and renamed, so a process starting meanwhile reads the old cache or the new one. */
function writeCache(cacheFile: string, key: Buffer, code: Buffer): boolean {
  const temp = `${cacheFile}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, Buffer.concat([key, code]), { mode: 0o644 });
    renameSync(temp, cacheFile);
    return true;
  } catch {
    rmSync(temp, { force: true, recursive: true });
    return false;
  }
}
