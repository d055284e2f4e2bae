import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Logs go to the log file in the data directory and to stderr — never stdout (stdout carries MCP in `mcp` mode).
 * `stderr: false` for a detached hub, whose stderr goes nowhere.
 */
export function createLogger(opts: { file: string; name: string; stderr?: boolean; level?: string }): Logger {
  mkdirSync(dirname(opts.file), { recursive: true });
  const streams: pino.StreamEntry[] = [{ stream: pino.destination({ dest: opts.file, append: true, sync: false, mkdir: true }) }];
  if (opts.stderr !== false) streams.push({ stream: pino.destination(2) });
  return pino({ name: opts.name, level: opts.level ?? process.env.GATEHOUSE_LOG_LEVEL ?? 'info', base: { pid: process.pid } }, pino.multistream(streams));
}
