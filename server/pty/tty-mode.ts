import { execFile } from 'node:child_process';

/**
 * Whether the terminal is in canonical ("cooked") mode, read with `stty -F <tty> -a`. Interactive prompt
 * libraries put the terminal in raw mode while they wait for a key; a program that is only finishing its
 * work leaves it cooked. `null` when it cannot be told (no stty, not Linux).
 */
export function ttyCanonical(tty: string): Promise<boolean | null> {
  return new Promise((resolve) => {
    execFile('stty', ['-F', tty, '-a'], { timeout: 1000 }, (err, stdout) => {
      if (err) return resolve(null);
      const words = String(stdout).split(/[\s;]+/);
      if (words.includes('-icanon')) return resolve(false);
      if (words.includes('icanon')) return resolve(true);
      resolve(null);
    });
  });
}
