import { defineConfig } from 'vite';

/**
 * The portal's service worker (web/sw/service-worker.ts) as one classic script with nothing to import: the hub serves
 * it at /sw.js with its config in front (server/web-portal/service-worker-route.ts). Built after the portal (whose
 * build empties dist/web); not in the bundle's manifest, so not part of the bundle's version or its first load.
 */
export default defineConfig({
  build: {
    outDir: 'dist/web/sw',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    lib: { entry: 'web/sw/service-worker.ts', formats: ['iife'], name: 'gatehouseWorker', fileName: () => 'service-worker.js' },
  },
});
