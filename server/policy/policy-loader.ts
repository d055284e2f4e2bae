// Where the policy files are, and a reader that keeps each file parsed until it changes: every decision looks
// at the files' stat (a few microseconds) and re-reads one only when its mtime, size or inode moved — a changed
// policy takes effect on the next request, with no restart and no watcher to keep alive.
import { readFileSync, statSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { dataDir } from '../config/data-paths.js';
import { lastValidDenies, saveLastValid } from './last-valid.js';
import { missingLayer, parsePolicyText, type PolicyLayer } from './policy-file.js';

/** The person's policy file: the file GATEHOUSE_POLICY names, else <data dir>/policy.yaml. */
export function personPolicyPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.GATEHOUSE_POLICY || join(dataDir(env), 'policy.yaml');
}

/** Where the last valid version of the person's file is kept: <data dir>/policy.last-valid.yaml (last-valid.ts). */
export function lastValidPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(dataDir(env), 'policy.last-valid.yaml');
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
  private readonly lastValidFile: string | null;

  /**
   * `lastValidFile`: where the last valid version of the person's file is kept (written when it parses; its deny
   * rules are used while it does not); null or absent: no copy is kept (a candidate file, a test).
   */
  constructor(
    readonly personFile: string,
    options: { home?: string; lastValidFile?: string | null } = {},
  ) {
    this.home = options.home ?? homedir();
    this.lastValidFile = options.lastValidFile ?? null;
  }

  /** The person's policy, re-read if it changed. */
  person(): PolicyLayer {
    return this.read(this.personFile, 'person', (layer, text) => this.keepOrFallBack(layer, text));
  }

  /** A project's own policy, re-read if it changed. */
  project(project: string): PolicyLayer {
    return this.read(projectPolicyPath(project), 'project');
  }

  /** Both layers that hold for a request in `project`. */
  layers(project: string): PolicyLayer[] {
    return [this.person(), this.project(project)];
  }

  /** A person's file that parses is kept as the last valid version; one that does not keeps that version's denies. */
  private keepOrFallBack(layer: PolicyLayer, text: string | null): PolicyLayer {
    if (!this.lastValidFile) return layer;
    if (!layer.broken) {
      if (text !== null) saveLastValid(this.lastValidFile, layer.file, text);
      return layer;
    }
    const kept = lastValidDenies(this.lastValidFile, layer.file, this.home);
    if (!kept) return { ...layer, lastValid: null };
    const note = `from the last valid version of ${layer.file} (saved ${kept.savedAt}), kept while that file does not parse`;
    return { ...layer, rules: kept.rules.map((r) => ({ ...r, note })), lastValid: { file: kept.file, savedAt: kept.savedAt } };
  }

  private read(file: string, source: 'person' | 'project', after: (layer: PolicyLayer, text: string | null) => PolicyLayer = (l) => l): PolicyLayer {
    let stats: Stats | undefined;
    try {
      stats = statSync(file, { throwIfNoEntry: false });
    } catch (err) {
      return this.remember(file, `error:${(err as NodeJS.ErrnoException).code}`, () => after(unreadable(file, source, err as Error), null));
    }
    if (!stats) return this.remember(file, 'missing', () => missingLayer(file, source));
    const key = `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
    return this.remember(file, key, () => {
      if (!stats.isFile()) return after(unreadable(file, source, new Error('not a file')), null);
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (err) {
        return after(unreadable(file, source, err as Error), null);
      }
      try {
        return after(parsePolicyText(text, file, { source, home: this.home }), text);
      } catch (err) {
        return after(unreadable(file, source, err as Error), null);
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
  return { ...missingLayer(file, source), exists: true, broken: true, errors: [{ file, line: 1, column: 1, message: `cannot read the policy file: ${err.message}` }] };
}
