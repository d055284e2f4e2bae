import { closeSync, fchmodSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import pino from 'pino';
import { redactSecrets } from './redact-secrets.js';

export type Logger = pino.Logger;

/**
 * Logs go to the log file in the data directory and to stderr — never stdout (stdout carries MCP in `mcp` mode).
 * `stderr: false` for a detached hub, whose stderr goes nowhere. The log file is private (0600, also when it
 * existed with a looser mode) and no line carries the hub's credential (see redact-secrets.ts).
 */
export function createLogger(opts: { file: string; name: string; stderr?: boolean; level?: string }): Logger {
  mkdirSync(dirname(opts.file), { recursive: true, mode: 0o700 });
  const fd = openSync(opts.file, 'a', 0o600);
  try {
    fchmodSync(fd, 0o600);
  } finally {
    closeSync(fd);
  }
  const streams: pino.StreamEntry[] = [{ stream: redacting(pino.destination({ dest: opts.file, append: true, sync: false })) }];
  if (opts.stderr !== false) streams.push({ stream: redacting(pino.destination(2)) });
  return pino({ name: opts.name, level: opts.level ?? process.env.GATEHOUSE_LOG_LEVEL ?? 'info', base: { pid: process.pid } }, pino.multistream(streams));
}

/** The destination, with credentials taken out of every line before it is written. */
function redacting<T extends pino.DestinationStream>(dest: T): T {
  const write = dest.write.bind(dest);
  dest.write = (line: string) => write(redactSecrets(line));
  return dest;
}
