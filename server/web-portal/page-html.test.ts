import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PortalBoot } from './boot-data.js';
import { bundlePageHtml } from './page-html.js';
import { loadWebBundle } from './web-assets.js';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A built bundle (as loadWebBundle reads it) whose entry stylesheet says `css`. */
async function bundleWithCss(css: string) {
  dir = await mkdtemp(join(tmpdir(), 'gatehouse-page-html-'));
  await mkdir(join(dir, '.vite'), { recursive: true });
  await mkdir(join(dir, 'assets'), { recursive: true });
  await writeFile(join(dir, '.vite', 'manifest.json'), JSON.stringify({ 'main.tsx': { file: 'assets/main-1.js', isEntry: true, css: ['assets/main-2.css'] } }));
  await writeFile(join(dir, 'assets', 'main-1.js'), 'M');
  await writeFile(join(dir, 'assets', 'main-2.css'), css);
  return loadWebBundle(dir)!;
}

const boot = (access: PortalBoot['access']) => ({ access, settings: { effective_language: 'en' } }) as unknown as PortalBoot;
const page = (bundle: Awaited<ReturnType<typeof bundleWithCss>>, access: PortalBoot['access'], appHtml: string) =>
  bundlePageHtml(bundle, boot(access), 'Pick', { url: '/choice/x?plain', label: 'plain' }, appHtml);

describe('bundlePageHtml: where the stylesheet comes from', () => {
  it("a gate link's page the hub rendered holds the stylesheet's bytes in a <style> and links none", async () => {
    const bundle = await bundleWithCss('.shell{display:flex}');
    const html = page(bundle, 'gate', '<form></form>');
    expect(html).toContain('<style>.shell{display:flex}</style>');
    expect(html).not.toContain('rel="stylesheet"');
  });

  it("links it on the person's own portal, and on a page the bundle draws", async () => {
    const bundle = await bundleWithCss('.shell{display:flex}');
    for (const html of [page(bundle, 'full', '<form></form>'), page(bundle, 'gate', '')]) {
      expect(html).toContain(`<link rel="stylesheet" href="/assets/${bundle.version}/main-2.css">`);
      expect(html).not.toContain('<style>');
    }
  });

  it('links a stylesheet that says </style (inline, it would end the element early)', async () => {
    const bundle = await bundleWithCss('.a::after{content:"</style><script>x()</script>"}');
    const html = page(bundle, 'gate', '<form></form>');
    expect(html).toContain(`<link rel="stylesheet" href="/assets/${bundle.version}/main-2.css">`);
    expect(html).not.toContain('<style>');
  });
});
