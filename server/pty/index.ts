/**
 * PTY mediation core: run an interactive program in a pseudo-terminal, see its rendered screen, know when
 * it waits for input, read what a person sees (one reader), and act on it with verified keys (one key
 * vocabulary, one key per write, the screen checked in between). The single public entry.
 */
export { PtyProgram } from './pty-program.js';
export type { PtySpawnOptions, PtyExit, WaitOptions, WaitResult, WaitSignal } from './pty-program.js';
export type { ScreenView, BlockLine } from './terminal-screen.js';
export { encodeKey, decodeKey, describeKey, keyNamed, KEY_NAMES, ACCEPTED_KEY_NAMES, KEY_SEQUENCES } from './keys.js';
export type { Key, KeyName } from './keys.js';
export { readScreen, mapSelection } from './reading.js';
export type { Reading } from './reading.js';
export { pickOption, markOptions, pressAndRead, pressInTurn } from './acting.js';
export type { ActOptions, ActResult } from './acting.js';
export { readFullMenu } from './read-full-menu.js';
export type { ReadFullMenuOptions } from './read-full-menu.js';
export { typeAnswer } from './type-answer.js';
export type { TypeResult } from './type-answer.js';
export { screenUntil } from './screen-waits.js';
export { killProcessGroup, killMarkedProcesses, groupAlive } from './process-group.js';
export { isSpinnerVariant } from './spinner-variant.js';
