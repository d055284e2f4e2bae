import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadWebBundle, manifestOrder } from './web-assets.js';
import { bootJson } from './boot-data.js';
import { pageCatalog } from './page-catalog.js';
import { resources } from '../../shared/i18n/index.js';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function fakeDist(manifest: object, files: Record<string, string>) {
  dir = await mkdtemp(join(tmpdir(), 'gatehouse-web-'));
  await mkdir(join(dir, '.vite'), { recursive: true });
  await mkdir(join(dir, 'assets'), { recursive: true });
  await writeFile(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  for (const [name, body] of Object.entries(files)) await writeFile(join(dir, name), body);
}

describe('web bundle', () => {
  const manifest = {
    'lazy.tsx': { file: 'assets/lazy-1.js', isDynamicEntry: true },
    'main.tsx': { file: 'assets/main-2.js', isEntry: true, css: ['assets/style-3.css'] },
  };

  it('orders files entry first, then its CSS, then the rest; the version hashes them in that order', async () => {
    await fakeDist(manifest, { 'assets/lazy-1.js': 'L', 'assets/main-2.js': 'M', 'assets/style-3.css': 'C' });
    expect(manifestOrder(manifest)).toEqual(['assets/main-2.js', 'assets/style-3.css', 'assets/lazy-1.js']);
    const bundle = loadWebBundle(dir)!;
    expect(bundle.version).toBe(createHash('sha256').update('MCL').digest('hex').slice(0, 16));
    expect(bundle.entryScript).toBe('main-2.js');
    expect(bundle.stylesheets).toEqual(['style-3.css']);
    expect(bundle.files.get('style-3.css')?.contentType).toMatch(/text\/css/);
  });

  it('is null when the bundle is not built or incomplete (the page falls back to inline HTML)', async () => {
    expect(loadWebBundle('/nonexistent-dir')).toBeNull();
    await fakeDist(manifest, { 'assets/main-2.js': 'M' });
    expect(loadWebBundle(dir)).toBeNull();
  });
});

describe('page data', () => {
  it('boot JSON cannot close its <script> element', () => {
    const json = bootJson({ prompt_html: '</script><script>alert(1)</script>' } as never);
    expect(json).not.toContain('</script');
    expect(JSON.parse(json).prompt_html).toBe('</script><script>alert(1)</script>');
  });

  it('the catalog has every portal and common key in both languages, placeholders kept', async () => {
    const en = await pageCatalog('en');
    const zh = await pageCatalog('zh');
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(en).length).toBeGreaterThan(Object.keys(resources.en.portal).length);
    expect(zh['portal:choice.hintMulti']).toBe('请选择 {{min}} 到 {{max}} 项。');
    expect(en['common:status.timeout']).toBe('Timed out');
    for (const [key, text] of Object.entries(zh)) expect(text, key).not.toBe(key.split(':')[1]);
  });
});
