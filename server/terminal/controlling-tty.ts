import { closeSync, openSync } from 'node:fs';

/**
 * Whether this process has a controlling terminal a person sits at — true for an MCP server started by an
 * agent running in a terminal even though its stdio are pipes. Used by `auto` to prefer the terminal UI when no
 * browser can be opened (e.g. over SSH).
 */
export function hasControllingTerminal(): boolean {
  if (process.platform === 'win32') return Boolean(process.stdin.isTTY);
  try {
    closeSync(openSync('/dev/tty', 'r'));
    return true;
  } catch {
    return false;
  }
}
