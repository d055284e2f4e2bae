// `gatehouse hub [--background]` without the rest of the CLI: what a client starts when no hub runs, so its
// start-up loads only the hub's modules. rolldown.config.mjs bundles it into one CommonJS file that bin/gatehouse.js
// runs through a V8 code cache (code-cached-bundle.ts), written once the hub has warmed up.
import { hubCommand } from '../commands/hub-command.js';
import { runEntry } from './run-entry.js';

export { hubWarmedUp as readyForCodeCache } from '../../hub/run-hub.js';

// Not awaited: a CommonJS bundle has no top-level await (the hub keeps the process alive).
void runEntry(hubCommand, { values: { background: process.argv.includes('--background') }, positionals: [] });
