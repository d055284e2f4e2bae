import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { deferredLogger } from './deferred-logger.js';

describe('deferredLogger', () => {
  it('creates the real logger on the first line only, once, and writes every line in order', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(...String(chunk).trim().split('\n')), done()) });
    let created = 0;
    const log = deferredLogger(async () => (created++, pino({ base: null, timestamp: false }, sink)));
    expect(created).toBe(0);
    log.info({ n: 1 }, 'first');
    log.warn('second');
    log.info({ n: 3 }, 'third');
    await Promise.resolve();
    expect(created).toBe(0); // not in the line's own turn: what the caller sends next goes out first
    await new Promise<void>((resolve) => (function check() { if (lines.length >= 3) resolve(); else setImmediate(check); })());
    log.error('fourth, straight to the real logger');
    expect(created).toBe(1);
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { level: 30, n: 1, msg: 'first' },
      { level: 40, msg: 'second' },
      { level: 30, n: 3, msg: 'third' },
      { level: 50, msg: 'fourth, straight to the real logger' },
    ]);
  });
});
