import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root (where package.json and bin/ are), found from this file in both src and dist layouts. */
export const packageRoot: string = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate) && JSON.parse(readFileSync(candidate, 'utf8')).name === 'gatehouse') return dir;
    dir = dirname(dir);
  }
  throw new Error('gatehouse: cannot find its package.json');
})();

export const packageVersion: string = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')).version;

/** The CLI launcher (`bin/gatehouse.js`), used to start the hub and to build copy-paste commands. */
export const cliLauncher = join(packageRoot, 'bin', 'gatehouse.js');
