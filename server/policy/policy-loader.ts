// Where the policy files are, and a reader that keeps each file parsed until it changes: every decision looks
// at the files' stat (a few microseconds) and re-reads one only when its mtime, size or inode moved — a changed
// policy takes effect on the next request, with no restart and no watcher to keep alive.
import { readFileSync, statSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { dataDir } from '../config/data-paths.js';
import { missingLayer, parsePolicyText, type PolicyLayer } from './policy-file.js';

/** The person's policy file: the file GATEHOUSE_POLICY names, else <data dir>/policy.yaml. */
export function personPolicyPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.GATEHOUSE_POLICY || join(dataDir(env), 'policy.yaml');
}

/** A project's own policy file (it can only narrow). */
export function projectPolicyPath(project: string): string {
  return join(project, '.gatehouse', 'policy.yaml');
}

interface Cached {
  key: string;
  layer: PolicyLayer;
}

export class PolicyLoader {
  private readonly cache = new Map<string, Cached>();
  private readonly home: string;

  constructor(
    readonly personFile: string,
    options: { home?: string } = {},
  ) {
    this.home = options.home ?? homedir();
  }

  /** The person's policy, re-read if it changed. */
  person(): PolicyLayer {
    return this.read(this.personFile, 'person');
  }

  /** A project's own policy, re-read if it changed. */
  project(project: string): PolicyLayer {
    return this.read(projectPolicyPath(project), 'project');
  }

  /** Both layers that hold for a request in `project`. */
  layers(project: string): PolicyLayer[] {
    return [this.person(), this.project(project)];
  }

  private read(file: string, source: 'person' | 'project'): PolicyLayer {
    let stats: Stats | undefined;
    try {
      stats = statSync(file, { throwIfNoEntry: false });
    } catch (err) {
      return this.remember(file, `error:${(err as NodeJS.ErrnoException).code}`, () => unreadable(file, source, err as Error));
    }
    if (!stats) return this.remember(file, 'missing', () => missingLayer(file, source));
    const key = `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
    return this.remember(file, key, () => {
      if (!stats.isFile()) return unreadable(file, source, new Error('not a file'));
      try {
        return parsePolicyText(readFileSync(file, 'utf8'), file, { source, home: this.home });
      } catch (err) {
        return unreadable(file, source, err as Error);
      }
    });
  }

  private remember(file: string, key: string, load: () => PolicyLayer): PolicyLayer {
    const cached = this.cache.get(file);
    if (cached?.key === key) return cached.layer;
    const layer = load();
    this.cache.set(file, { key, layer });
    return layer;
  }
}

function unreadable(file: string, source: 'person' | 'project', err: Error): PolicyLayer {
  return { ...missingLayer(file, source), exists: true, errors: [{ file, line: 1, column: 1, message: `cannot read the policy file: ${err.message}` }] };
}
