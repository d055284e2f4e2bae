import { createRequire } from 'node:module';

/**
 * node-pty (a native addon) and @xterm/headless are loaded the first time a program is run, not when the hub
 * starts: most hub starts never run one, and the two cost ~60 ms of a cold start.
 */
const require = createRequire(import.meta.url);

let ptyModule: typeof import('node-pty') | null = null;
let xtermModule: typeof import('@xterm/headless') | null = null;

export function nodePty(): typeof import('node-pty') {
  ptyModule ??= require('node-pty') as typeof import('node-pty');
  return ptyModule;
}

export function headlessXterm(): typeof import('@xterm/headless') {
  xtermModule ??= require('@xterm/headless') as typeof import('@xterm/headless');
  return xtermModule;
}
