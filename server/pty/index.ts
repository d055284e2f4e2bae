/**
 * PTY mediation core: run an interactive program in a pseudo-terminal, see its rendered screen, know when
 * it waits for input, read any prompt as a generic menu and answer it with keys. The single public entry.
 */
export { PtyProgram } from './pty-program.js';
export type { PtySpawnOptions, PtyExit, WaitOptions, WaitResult, WaitSignal } from './pty-program.js';
export type { ScreenView, BlockLine } from './terminal-screen.js';
export { encodeKey } from './keys.js';
export type { Key, KeyName } from './keys.js';
export { parseMenu, mapSelection } from './parse-menu.js';
export type { ParsedMenu } from './parse-menu.js';
export { keysToSelect } from './select-keys.js';
export { readFullMenu } from './read-full-menu.js';
export type { ReadFullMenuOptions } from './read-full-menu.js';
export { typeAnswer } from './type-answer.js';
export { killProcessGroup, groupAlive } from './process-group.js';
export { isSpinnerVariant } from './spinner-variant.js';
