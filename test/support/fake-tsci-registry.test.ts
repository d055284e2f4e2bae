import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTsciFixtureData, startFakeTsciRegistry, tsciChildEnv, type FakeTsciRegistry } from './fake-tsci-registry.js';

let registry: FakeTsciRegistry;
beforeAll(async () => {
  registry = await startFakeTsciRegistry(defaultTsciFixtureData);
});
afterAll(async () => {
  await registry.close();
});

const easyEdaSearch = (partNumber: string) =>
  fetch(`${registry.env.TSCIRCUIT_BAKED_ASSET_SERVER_BASE_URL}/easyeda.com/api/components/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
    body: `type=3&doctype%5B%5D=2&returnListStyle=classifyarr&wd=${partNumber}&version=6.4.7`,
  });

describe('fake tsci registry', () => {
  it('listens on 127.0.0.1 and points every tsci setting at itself', () => {
    expect(registry.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const config = JSON.parse(readFileSync(join(registry.env.TSCIRCUIT_CONFIG_DIR, 'config.json'), 'utf8'));
    expect(config.registryApiUrl).toBe(`${registry.url}/registry`);
    expect(registry.env.TSCIRCUIT_JLCSEARCH_BASE_URL).toBe(`${registry.url}/jlcsearch`);
    expect(registry.env.TSCIRCUIT_BAKED_ASSET_SERVER_BASE_URL).toBe(`${registry.url}/baked`);
  });

  it('answers the JLC search with numeric stock, at most `limit` rows', async () => {
    const res = await fetch(`${registry.env.TSCIRCUIT_JLCSEARCH_BASE_URL}/api/search?limit=10&q=100nF`);
    const { components } = await res.json();
    expect(components).toHaveLength(10);
    expect(components[0]).toEqual({
      lcsc: 1525,
      mfr: 'CL05B104KO5NNNC',
      package: '0402',
      description: '100nF 16V X7R 0402',
      stock: 4941800,
      price: 0.0129,
    });
    const none = await (await fetch(`${registry.env.TSCIRCUIT_JLCSEARCH_BASE_URL}/api/search?limit=10&q=NOSUCHPART`)).json();
    expect(none).toEqual({ components: [] });
  });

  it('answers the registry package search', async () => {
    const res = await fetch(`${registry.url}/registry/packages/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'bq79616' }),
    });
    const { packages } = await res.json();
    expect(packages.map((p: { name: string }) => p.name)).toEqual([
      'seveibar/bq79616-breakout',
      'tscircuit/bq79616',
      'someone/bq79616-broken',
    ]);
  });

  it('answers the EasyEDA search and component fetch through the baked asset server', async () => {
    const search = await (await easyEdaSearch('C1525')).json();
    expect(search).toEqual({
      success: true,
      result: { lists: { lcsc: [{ uuid: 'ca94110f4544769d36adda4b0515e409', lcsc: { number: 'C1525' } }] } },
    });
    const uuid = search.result.lists.lcsc[0].uuid;
    const detail = await (
      await fetch(`${registry.env.TSCIRCUIT_BAKED_ASSET_SERVER_BASE_URL}/easyeda.com/api/components/${uuid}?version=6.4.7&uuid=${uuid}`)
    ).json();
    expect(detail.success).toBe(true);
    const real = JSON.parse(readFileSync(new URL('../fixtures/tsci-registry/C1525.raweasy.json', import.meta.url), 'utf8'));
    expect(detail.result.dataStr).toEqual(real.dataStr);
  });

  it('renames the raweasy record for other parts', async () => {
    const search = await (await easyEdaSearch('C49678')).json();
    const uuid = search.result.lists.lcsc[0].uuid;
    const { result } = await (await fetch(`${registry.url}/baked/easyeda.com/api/components/${uuid}`)).json();
    expect(result.lcsc.number).toBe('C49678');
    expect(result.dataStr.head.c_para['Manufacturer Part']).toBe('CC0805KRX7R9BB104');
    expect(result.dataStr.head.c_para['Supplier Part']).toBe('C49678');
  });

  it('fails imports as the fixture data says', async () => {
    expect(await (await easyEdaSearch('C2862814')).json()).toEqual({ success: true, result: { lists: { lcsc: [] } } });
    expect((await easyEdaSearch('C3235518')).status).toBe(404);
    expect((await easyEdaSearch('C999999')).status).toBe(404);
  });

  it('serves datasheets under the registry URL and 404s what it does not know', async () => {
    const sheet = await fetch(`${registry.url}/registry/datasheets/get?chip_name=cl05b104ko5nnnc`);
    expect((await sheet.json()).datasheet.chip_name).toBe('cl05b104ko5nnnc');
    expect((await fetch(`${registry.url}/registry/datasheets/get?chip_name=nosuch`)).status).toBe(404);
    expect((await fetch(`${registry.url}/baked/example.com/anything`)).status).toBe(404);
  });

  it('serves @tsci packages as an npm registry (packument and tarball)', async () => {
    const packument = await (await fetch(`${registry.env.FAKE_TSCI_NPM_REGISTRY}@tsci%2fseveibar.bq79616-breakout`)).json();
    expect(packument['dist-tags'].latest).toBe('0.0.4');
    const tarball = await fetch(packument.versions['0.0.4'].dist.tarball);
    const tar = gunzipSync(Buffer.from(await tarball.arrayBuffer()));
    expect(tar.subarray(0, 20).toString('ascii')).toBe('package/package.json');
    expect((await fetch(`${registry.env.FAKE_TSCI_NPM_REGISTRY}@tsci%2fsomeone.bq79616-broken`)).status).toBe(404);
  });

  it('logs every request it served', async () => {
    const before = registry.requests.length;
    await fetch(`${registry.url}/nowhere?x=1`);
    expect(registry.requests.slice(before)).toEqual([{ method: 'GET', url: '/nowhere?x=1', body: '', status: 404 }]);
  });

  it('builds a child env without the non-interactive switches', () => {
    const env = tsciChildEnv(registry, { PATH: '/bin', CI: 'true', NODE_ENV: 'test', TSCI_TEST_MODE: 'true', TSCIRCUIT_NON_INTERACTIVE: '1' });
    expect(env.CI).toBeUndefined();
    expect(env.NODE_ENV).toBeUndefined();
    expect(env.TSCI_TEST_MODE).toBeUndefined();
    expect(env.TSCIRCUIT_NON_INTERACTIVE).toBeUndefined();
    expect(env.TSCIRCUIT_JLCSEARCH_BASE_URL).toBe(registry.env.TSCIRCUIT_JLCSEARCH_BASE_URL);
  });
});
