import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { isAlive } from './process-alive.js';

describe('isAlive', () => {
  it('is true for a running process and its group, false once it has exited', async () => {
    const child = spawn(process.execPath, ['-e', 'process.stdin.resume()'], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
    await once(child, 'spawn');
    const pid = child.pid!;
    expect(isAlive(process.pid)).toBe(true);
    expect(isAlive(pid)).toBe(true);
    expect(isAlive(-pid)).toBe(true);
    child.stdin!.end();
    await once(child, 'exit');
    expect(isAlive(pid)).toBe(false);
    expect(isAlive(-pid)).toBe(false);
  });
});
