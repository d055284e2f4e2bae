// `gatehouse hub [--background]` without the rest of the CLI: what a client starts when no hub runs, so its
// start-up loads only the hub's modules (bin/gatehouse.js picks this entry; rolldown.config.mjs bundles it).
import { hubCommand } from '../commands/hub-command.js';
import { runEntry } from './run-entry.js';

await runEntry(hubCommand, { values: { background: process.argv.includes('--background') }, positionals: [] });
