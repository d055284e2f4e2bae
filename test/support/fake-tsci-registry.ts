// A fake of every network endpoint `tsci import` / `tsci search` calls, on 127.0.0.1, driven by one fixture
// data set, so the fake tsci (test/fixtures/programs/fake-tsci/tsci.mjs) and the real tsci see the same parts.
// Layout under one origin (so tsci's baked-asset fetch wrapper passes our own URLs through untouched):
//   /registry/…   registryApiUrl: POST packages/search, GET datasheets/get, GET datasheets/list
//   /jlcsearch/…  TSCIRCUIT_JLCSEARCH_BASE_URL: GET api/search?limit=10&q=…
//   /baked/<host><path>  TSCIRCUIT_BAKED_ASSET_SERVER_BASE_URL: easyeda.com component search/fetch, model CDN
//   /npm/…        the @tsci npm scope (packuments and tarballs) for `tsci import --tscircuit`
// Anything else answers 404 "Not found", like tsci's own baked asset server. Every request is logged.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import {
  easyEdaUuidFor,
  jlcSearchRow,
  rawEasyFor,
  searchPackages,
  searchParts,
  tsciNpmName,
  type FakeJlcPart,
  type FakeRegistryPackage,
  type FakeTsciFixtureData,
} from '../fixtures/tsci-registry/parts.js';
import { tsciPackageTarball } from '../fixtures/tsci-registry/npm-tarball.js';
import { interactiveEnvironment } from '../../server/pty/interactive-environment.js';
import { TSCI_NON_INTERACTIVE_VARS } from '../../server/resolver/tsci-command.js';

export type { FakeJlcPart, FakeRegistryPackage, FakeTsciFixtureData } from '../fixtures/tsci-registry/parts.js';
export { defaultTsciFixtureData } from '../fixtures/tsci-registry/default-data.js';

export interface FakeTsciRequest {
  method: string;
  /** Path and query as received, e.g. `/jlcsearch/api/search?limit=10&q=100nF`. */
  url: string;
  body: string;
  status: number;
}

export interface FakeTsciRegistry {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Everything a tsci child needs to use only this server (merge into its environment). */
  env: Record<string, string>;
  /** Every request served, in order. */
  requests: FakeTsciRequest[];
  close(): Promise<void>;
}


interface Reply {
  status: number;
  type?: string;
  body: string | Buffer;
}

const json = (value: unknown, status = 200): Reply => ({ status, type: 'application/json', body: JSON.stringify(value) });
const notFound = (): Reply => ({ status: 404, type: 'text/plain', body: 'Not found' });

const NPM_SHIM_DIR = fileURLToPath(new URL('../fixtures/tsci-registry/npm-shim', import.meta.url));

function findOnPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir || dir === NPM_SHIM_DIR) continue;
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** A 3D model body small enough to keep the import fast (tsci reads its bounds). */
const TINY_OBJ = 'v -0.5 -0.25 0\nv 0.5 0.25 0.5\nv 0.5 -0.25 0\nf 1 2 3\n';

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk.toString();
  return body;
}

function partForEasyEdaQuery(parts: FakeJlcPart[], partNumber: string): FakeJlcPart | undefined {
  const wanted = partNumber.trim().toUpperCase();
  return parts.find((p) => `C${p.lcsc}` === wanted);
}

function route(data: FakeTsciFixtureData, method: string, url: URL, body: string, origin: string): Reply {
  const path = url.pathname;
  const packages = data.packages ?? [];

  if (method === 'POST' && path === '/registry/packages/search') {
    const query = String((JSON.parse(body || '{}') as { query?: unknown }).query ?? '');
    return json({ packages: searchPackages(packages, query).map(registryRow) });
  }
  if (method === 'GET' && path === '/registry/datasheets/get') {
    const chip = url.searchParams.get('chip_name') ?? '';
    const part = data.parts.find((p) => p.mfr.replace(/[^0-9a-zA-Z_-]/g, '').toLowerCase() === chip);
    if (!part) return notFound();
    return json({ datasheet: { chip_name: chip, pin_attributes: null, internally_connected_pins: null } });
  }
  if (method === 'GET' && path === '/registry/datasheets/list') return json({ datasheets: [] });
  if (method === 'GET' && path === '/jlcsearch/api/search') {
    const limit = Number(url.searchParams.get('limit') ?? '10') || 10;
    const found = searchParts(data.parts, url.searchParams.get('q') ?? '', limit);
    return json({ components: found.map(jlcSearchRow) });
  }
  if (method === 'GET' && /^\/(digikey|mouser)\/api\/search$/.test(path)) return json({ components: [] });

  if (method === 'POST' && path === '/baked/easyeda.com/api/components/search') {
    const partNumber = new URLSearchParams(body).get('wd') ?? '';
    const part = partForEasyEdaQuery(data.parts, partNumber);
    if (!part || part.importFailure === 'not-baked') return notFound();
    const lcsc = part.importFailure === 'not-in-easyeda' ? [] : [{ uuid: easyEdaUuidFor(part.lcsc), lcsc: { number: `C${part.lcsc}` } }];
    return json({ success: true, result: { lists: { lcsc } } });
  }
  const component = /^\/baked\/easyeda\.com\/api\/components\/([0-9a-f]{32})$/.exec(path);
  if (method === 'GET' && component) {
    const part = data.parts.find((p) => easyEdaUuidFor(p.lcsc) === component[1] && !p.importFailure);
    return part ? json({ success: true, result: rawEasyFor(part) }) : notFound();
  }
  const model = /^\/baked\/modelcdn\.tscircuit\.com\/easyeda_models\/assets\/C(\d+)\.obj$/.exec(path);
  if (method === 'GET' && model && data.parts.some((p) => p.lcsc === Number(model[1]))) {
    return { status: 200, type: 'text/plain', body: TINY_OBJ };
  }

  if (method === 'GET' && path.startsWith('/npm/')) return npmRoute(packages, decodeURIComponent(path.slice(5)), origin);
  return notFound();
}

function registryRow(pkg: FakeRegistryPackage) {
  return {
    name: pkg.name,
    description: pkg.description ?? '',
    version: pkg.version ?? '0.0.1',
    star_count: pkg.star_count ?? 0,
  };
}

function npmRoute(packages: FakeRegistryPackage[], rest: string, origin: string): Reply {
  const tarball = /^(@tsci\/[^/]+)\/-\/[^/]+-(\d+\.\d+\.\d+)\.tgz$/.exec(rest);
  const name = tarball ? tarball[1] : rest;
  const pkg = packages.find((p) => tsciNpmName(p.name) === name && !p.installFailure);
  if (!pkg) return json({ error: 'Not found' }, 404);
  const version = pkg.version ?? '0.0.1';
  if (tarball) return { status: 200, type: 'application/octet-stream', body: tsciPackageTarball(name, version) };
  const file = `${name.split('/')[1]}-${version}.tgz`;
  return json({
    name,
    'dist-tags': { latest: version },
    versions: {
      [version]: {
        name,
        version,
        main: 'index.tsx',
        dist: { tarball: `${origin}/npm/${name}/-/${file}` },
      },
    },
  });
}

function send(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, { 'content-type': reply.type ?? 'text/plain', 'access-control-allow-origin': '*' });
  res.end(reply.body);
}

/** Starts the fake registry on 127.0.0.1 (port 0) with this fixture data. */
export async function startFakeTsciRegistry(data: FakeTsciFixtureData): Promise<FakeTsciRegistry> {
  const requests: FakeTsciRequest[] = [];
  let origin = '';
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', origin);
      let reply: Reply;
      try {
        reply = route(data, req.method ?? 'GET', url, body, origin);
      } catch (error) {
        reply = { status: 500, body: error instanceof Error ? error.message : String(error) };
      }
      requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', body, status: reply.status });
      send(res, reply);
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configDir = mkdtempSync(join(tmpdir(), 'fake-tsci-config-'));
  writeFileSync(join(configDir, 'config.json'), JSON.stringify({ registryApiUrl: `${origin}/registry` }, null, 2));
  const env: Record<string, string> = {
    TSCIRCUIT_CONFIG_DIR: configDir,
    TSCIRCUIT_JLCSEARCH_BASE_URL: `${origin}/jlcsearch`,
    TSCIRCUIT_BAKED_ASSET_SERVER_BASE_URL: `${origin}/baked`,
    TSCIRCUIT_DATASHEET_API_BASE_URL: `${origin}/registry`,
    TSCIRCUIT_DIGIKEY_BASE_URL: `${origin}/digikey`,
    TSCIRCUIT_MOUSER_BASE_URL: `${origin}/mouser`,
    // `tsci search` also asks KiCad and TI at fixed internet addresses: search only what we serve.
    TSCIRCUIT_DEFAULT_SEARCH_SOURCES: 'tscircuit,jlcpcb',
    TSCI_TELEMETRY_DISABLED: '1',
    // `tsci import --tscircuit` runs `npm install @tsci/…` via /bin/sh: a stand-in npm first on PATH adds
    // `--@tsci:registry=<this server>` (see test/fixtures/tsci-registry/npm-shim/npm).
    PATH: `${NPM_SHIM_DIR}${delimiter}${process.env.PATH ?? ''}`,
    FAKE_TSCI_REAL_NPM: findOnPath('npm') ?? 'npm',
    FAKE_TSCI_NPM_REGISTRY: `${origin}/npm/`,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    npm_config_fetch_retries: '0',
  };

  return {
    url: origin,
    env,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(configDir, { recursive: true, force: true });
    },
  };
}

/** The environment for a tsci child: the caller's, minus the non-interactive switches, plus the registry's. */
export function tsciChildEnv(registry: FakeTsciRegistry, base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return { ...interactiveEnvironment(base, TSCI_NON_INTERACTIVE_VARS), ...registry.env };
}
