import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

/**
 * The choice page's server render (web/ssr/render-choice-page.tsx): the portal's own components, built for Node
 * as one self-contained CommonJS file (preact and preact-render-to-string inside) that the hub loads on demand
 * (server/web-portal/choice-ssr.ts). Runs after the portal build (vite.config.ts empties dist/web); nothing here is
 * in the manifest, so the hub never serves it. CSS imports are dropped: the page links the bundle's stylesheet.
 */
export default defineConfig({
  root: 'web',
  plugins: [preact()],
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'ssr/render-choice-page.tsx',
    outDir: '../dist/web/ssr',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
  },
});
