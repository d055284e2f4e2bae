// Bundles the compiled CLI (dist/server/cli/main.js) into dist/cli/ so a process — above all the hub,
// which clients start on demand — loads a few files instead of hundreds of modules (cold start ≈ 3× faster).
// `gatehouse mcp` and `gatehouse hub` get entries of their own (server/cli/entries/): every agent runs an MCP
// process, and a client starts the hub, so neither loads the modules of the other commands.
// `gatehouse hub` is ONE self-contained CommonJS file (dist/cli/hub/gatehouse-hub.cjs: no chunk shared with another
// entry, so no module loads twice; its lazy imports stay lazy inside it), because Node 20 can cache the compiled code
// of a script (vm.Script cachedData, server/cli/entries/code-cached-bundle.ts, bundled for bin/gatehouse.js) but not of
// ES modules. It sits two folders below dist/ as the compiled files do, so their `new URL('../../web/',
// import.meta.url)` still finds dist/web.
// `gatehouse mcp` is a build of its own, so its chunks hold only its modules: what an idle MCP process loads (the
// handshake front, the hub client) stays apart from the SDK, zod and the tools, loaded on the first tool call. It is
// CommonJS (like bin/gatehouse.js): Node's ES module loader costs an idle process ~0.7–1.5 MiB RSS of its ~45.
// `gatehouse hook` is a build of its own too, in one CommonJS file (node starts it ~7 ms sooner than an ES module):
// an agent CLI starts it on every permission request and waits for it.
// node-pty is a native addon and stays external; so does selfsigned (with pkijs, ~1 MB), loaded only by a hub that
// makes its TLS certificate, once per data directory.
import { readFileSync, rmSync } from 'node:fs';

// Chunk names carry content hashes: start from an empty folder so old chunks do not pile up.
rmSync('dist/cli', { recursive: true, force: true });

/**
 * The MCP SDK's server/index.js imports its Ajv validator provider, whose `import Ajv from 'ajv'` runs Ajv and
 * ajv-formats (~20–30 ms CPU) when the SDK loads — on the first tool call's critical path — although gatehouse passes
 * its own validator (server/mcp/lazy-json-schema-validator.ts) and Ajv is only needed to check an elicitation answer.
 * This loads the two packages when the provider first builds an Ajv instance instead (still bundled: the build
 * turns the require() into a call of the bundled module). The build fails if the SDK's file no longer has the lines.
 */
function lazyAjvProvider() {
  const eager = "import Ajv from 'ajv';\nimport _addFormats from 'ajv-formats';\n";
  const lazy = "let Ajv, _addFormats;\nconst loadAjv = () => { Ajv ??= require('ajv'); _addFormats ??= require('ajv-formats'); };\n";
  return {
    name: 'gatehouse:lazy-ajv-provider',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith('@modelcontextprotocol/sdk/dist/esm/validation/ajv-provider.js')) return null;
      const at = 'function createDefaultAjvInstance() {\n';
      if (!code.includes(eager) || !code.includes(at)) this.error(`${id}: its Ajv imports changed; update lazyAjvProvider in rolldown.config.mjs`);
      // Lines keep their numbers, so the file's own positions stay right (an empty map says so).
      return { code: code.replace(eager, lazy).replace(at, `${at.trimEnd()} loadAjv();\n`), map: { mappings: '' } };
    },
  };
}

/** Escapes non-ASCII characters in the legal comments `charset: 'ascii'` leaves as they are; fails on any other. */
function asciiLegalComments() {
  const escape = (text) => text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return {
    name: 'gatehouse:ascii-legal-comments',
    renderChunk(code, chunk) {
      if (!/[^\x00-\x7f]/.test(code)) return null;
      const out = code.replace(/\/\*![\s\S]*?\*\//g, escape);
      if (/[^\x00-\x7f]/.test(out)) this.error(`${chunk.fileName}: a non-ASCII character outside a legal comment (see lean in rolldown.config.mjs)`);
      return { code: out, map: null };
    },
  };
}

/**
 * `gatehouse hook` answers an agent CLI's hooks and never launches one. The agents' registry (server/agents/registry.ts)
 * names each CLI's per-run wiring too (server/agents/<id>/launch.ts, with its settings guard and the TOML parser):
 * in the hook's bundle those modules are stubs, so the process an agent CLI starts and waits for on every permission
 * request loads only the hook contracts (~29 KB instead of ~90 KB). The build fails if a launch file exports no function.
 */
function withoutAgentLaunches() {
  return {
    name: 'gatehouse:without-agent-launches',
    load(id) {
      if (!/\/dist\/server\/agents\/[a-z0-9-]+\/launch\.js$/.test(id.replaceAll('\\', '/'))) return null;
      const names = [...readFileSync(id, 'utf8').matchAll(/^export (?:async )?function (\w+)/gm)].map((m) => m[1]);
      if (names.length === 0) this.error(`${id}: exports no function; update withoutAgentLaunches in rolldown.config.mjs`);
      return names.map((name) => `export const ${name} = undefined;\n`).join('');
    },
  };
}

const common = { platform: 'node', external: ['node-pty', 'selfsigned'] };
// ASCII only (non-ASCII escaped) and no JSDoc: a file with one non-ASCII character becomes a two-byte string in V8,
// so Node's start read and decoded the hub's 4 MB bundle as UTF-16 (≈8 MB; ~10–25 ms of a cold start) and V8 then
// scanned twice the bytes. The dependencies' JSDoc is half the bytes; legal and annotation comments stay.
// A legal comment is kept as written (a name with an umlaut): asciiLegalComments escapes it there.
const lean = { charset: 'ascii', comments: { legal: true, annotation: true, jsdoc: false }, plugins: [asciiLegalComments()] };
const output = { dir: 'dist/cli', format: 'esm', entryFileNames: '[name].mjs', sourcemap: true, ...lean };

export default [
  {
    ...common,
    input: { gatehouse: 'dist/server/cli/main.js' },
    output: { ...output, chunkFileNames: 'chunks/[name]-[hash].mjs' },
  },
  {
    ...common,
    input: { 'gatehouse-hub': 'dist/server/cli/entries/hub-entry.js' },
    // dynamicImportInCjs: false turns `import('node:…')` into require(): a vm.Script has no dynamic import.
    output: { ...lean, dir: 'dist/cli/hub', format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false, dynamicImportInCjs: false, sourcemap: true },
  },
  {
    ...common,
    input: { 'code-cached-bundle': 'dist/server/cli/entries/code-cached-bundle.js' },
    output: { ...output, format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
  },
  {
    ...common,
    input: { 'gatehouse-mcp': 'dist/server/cli/entries/mcp-entry.js' },
    plugins: [lazyAjvProvider()],
    // require() for `import('node:…')` too: an import() would start Node's ES module loader on a cold start's path.
    output: { ...output, format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'mcp-chunks/[name]-[hash].cjs', dynamicImportInCjs: false },
  },
  {
    ...common,
    input: { 'gatehouse-hook': 'dist/server/cli/entries/hook-entry.js' },
    plugins: [withoutAgentLaunches()],
    output: { ...output, format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
  },
];
