import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot, packageVersion } from '../package-info.js';

/**
 * What the SDK server answers to the MCP handshake, recorded by the build (write-handshake-snapshot.ts): the
 * `initialize` result for every protocol version the SDK supports and for any other, and the `tools/list` result.
 * With it `gatehouse mcp` answers a client's handshake without loading the SDK, zod and the tools (mcp-front.ts).
 */
export interface HandshakeSnapshot {
  /** The gatehouse version that recorded it. */
  version: string;
  /** requested protocol version → initialize result */
  initialize: Record<string, Record<string, unknown>>;
  /** The initialize result for a version not in `initialize`. */
  otherVersion: Record<string, unknown>;
  /** The tools/list result. */
  toolsList: Record<string, unknown>;
}

export const handshakeSnapshotPath = join(packageRoot, 'dist', 'mcp-handshake.json');

/**
 * The build's snapshot, or null when there is none, it was recorded by another version, or it is older than the code
 * that would use it (`codeFile`: compiled again since, the tools may have changed) — then the SDK answers itself.
 */
export function readHandshakeSnapshot(codeFile: string | URL, path = handshakeSnapshotPath): HandshakeSnapshot | null {
  try {
    const code = typeof codeFile === 'string' ? codeFile : fileURLToPath(codeFile);
    if (statSync(path).mtimeMs < statSync(code).mtimeMs) return null;
    const snapshot = JSON.parse(readFileSync(path, 'utf8')) as HandshakeSnapshot;
    return snapshot.version === packageVersion && snapshot.initialize && snapshot.otherVersion && snapshot.toolsList ? snapshot : null;
  } catch {
    return null;
  }
}
