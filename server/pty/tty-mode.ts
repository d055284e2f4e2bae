import { execFile } from 'node:child_process';

/** The line discipline's modes that tell how typed text is taken: a whole line at Enter (`canonical`), shown by the terminal (`echo`). */
export interface TtyModes {
  canonical: boolean | null;
  echo: boolean | null;
}

/**
 * The terminal's modes, read with `stty -F <tty> -a`. Interactive prompt libraries put the terminal in raw mode
 * while they wait for a key (and draw what is typed themselves); a program that is only finishing its work
 * leaves it cooked; a password prompt reads a cooked line with echo off. `null` when it cannot be told (no
 * stty, not Linux).
 */
export function ttyModes(tty: string): Promise<TtyModes> {
  return new Promise((resolve) => {
    execFile('stty', ['-F', tty, '-a'], { timeout: 1000 }, (err, stdout) => {
      if (err) return resolve({ canonical: null, echo: null });
      const words = String(stdout).split(/[\s;]+/);
      const flag = (name: string) => (words.includes(`-${name}`) ? false : words.includes(name) ? true : null);
      resolve({ canonical: flag('icanon'), echo: flag('echo') });
    });
  });
}
