// The project a request belongs to when the caller does not say: the nearest folder at or above the agent's
// working folder that holds .git or .gatehouse, else the working folder itself.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function projectRoot(cwd: string): string {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git')) || existsSync(join(dir, '.gatehouse'))) return dir;
    if (dirname(dir) === dir) return cwd;
  }
}
