import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

interface ViteManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  css?: string[];
}

/** One built file, served at /assets/<version>/<name>. */
export interface BuiltAsset {
  name: string;
  body: Buffer;
  /** The same bytes gzip-compressed on first use, then kept (sent when the browser accepts gzip). */
  readonly gzipped: Buffer;
  /** The same bytes brotli-compressed on first use, then kept (preferred when the browser accepts br). */
  readonly brotli: Buffer;
  contentType: string;
}

/** The built portal bundle as the hub serves it. */
export interface WebBundle {
  /** sha256 (first 16 hex digits) of every built file, in manifest order: the versioned route's segment. */
  version: string;
  /** Entry script and stylesheet names (what the HTML references). */
  entryScript: string;
  stylesheets: string[];
  files: Map<string, BuiltAsset>;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.map': 'application/json; charset=utf-8' };

/** dist/web next to dist/server (GATEHOUSE_WEB_DIST overrides, e.g. to test the inline fallback). */
export function webDistDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.GATEHOUSE_WEB_DIST || fileURLToPath(new URL('../../web/', import.meta.url));
}

/**
 * The files in Vite's manifest, in manifest order (entry first, its CSS, then the chunks loaded on demand),
 * and the bundle version: a hash over exactly those bytes in that order. Null when the bundle is not built.
 */
export function loadWebBundle(dir: string): WebBundle | null {
  const manifestPath = join(dir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  let manifest: Record<string, ViteManifestEntry>;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    return null;
  }
  const entries = Object.values(manifest);
  const entry = entries.find((e) => e.isEntry);
  if (!entry) return null;
  const ordered = manifestOrder(manifest);
  const hash = createHash('sha256');
  const files = new Map<string, BuiltAsset>();
  for (const file of ordered) {
    const path = join(dir, file);
    if (!existsSync(path)) return null;
    const body = readFileSync(path);
    hash.update(body);
    const name = file.slice(file.lastIndexOf('/') + 1);
    files.set(name, builtAsset(name, body));
  }
  const base = (f: string) => f.slice(f.lastIndexOf('/') + 1);
  const css = [...(entry.css ?? []), ...entries.filter((e) => e.file.endsWith('.css')).map((e) => e.file)];
  return { version: hash.digest('hex').slice(0, 16), entryScript: base(entry.file), stylesheets: [...new Set(css.map(base))], files };
}

/** Compressing every file at hub start cost ~20 ms of a cold start; each file is compressed when first asked for. */
function builtAsset(name: string, body: Buffer): BuiltAsset {
  let gzipped: Buffer | null = null;
  let brotli: Buffer | null = null;
  return {
    name,
    body,
    get gzipped() {
      gzipped ??= gzipSync(body, { level: 9 });
      return gzipped;
    },
    get brotli() {
      brotli ??= brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: body.length > 128 * 1024 ? 9 : 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
      return brotli;
    },
    contentType: TYPES[name.slice(name.lastIndexOf('.'))] ?? 'application/octet-stream',
  };
}

/** Manifest order: the entry's script, its stylesheets, then every other file as the manifest lists it. */
export function manifestOrder(manifest: Record<string, ViteManifestEntry>): string[] {
  const entries = Object.values(manifest);
  const entry = entries.find((e) => e.isEntry);
  const order: string[] = [];
  const add = (f: string) => !order.includes(f) && order.push(f);
  if (entry) {
    add(entry.file);
    for (const c of entry.css ?? []) add(c);
  }
  for (const e of entries) {
    add(e.file);
    for (const c of e.css ?? []) add(c);
  }
  return order;
}
