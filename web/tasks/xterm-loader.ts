/** xterm.js, its fit addon and its CSS in one chunk, imported dynamically by TaskTerminal only. */
import '@xterm/xterm/css/xterm.css';
export { Terminal } from '@xterm/xterm';
export { FitAddon } from '@xterm/addon-fit';
