// The person's `routing:` as the channels read it: only that key of policy.yaml, kept until the file changes (its
// stat is looked at on each read). Lighter than the policy engine (no rule is compiled, the bash parser is not
// loaded), so a channel can route every gate, questions included, without making the engine.
import { readFileSync, statSync } from 'node:fs';
import { isMap, isScalar, parseDocument, type Node as YamlNode, type Pair } from 'yaml';
import { DEFAULT_ROUTING, parseRouting, type Routing } from './routing.js';

export class RoutingFile {
  private key = '';
  private routing: Routing = DEFAULT_ROUTING;

  constructor(
    readonly file: string,
    private readonly warn: (fields: Record<string, unknown>, message: string) => void = () => undefined,
  ) {}

  /** The routing in force: the file's, with defaults where it says nothing; the defaults when it has none or it does not parse. */
  get(): Routing {
    let key = 'missing';
    try {
      const stats = statSync(this.file, { throwIfNoEntry: false });
      if (stats) key = `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
    } catch {
      key = 'unreadable';
    }
    if (key === this.key) return this.routing;
    this.key = key;
    this.routing = key === 'missing' || key === 'unreadable' ? DEFAULT_ROUTING : this.read();
    return this.routing;
  }

  private read(): Routing {
    try {
      const doc = parseDocument(readFileSync(this.file, 'utf8'), { prettyErrors: false });
      if (doc.errors.length > 0 || !isMap(doc.contents)) return DEFAULT_ROUTING;
      const pair = (doc.contents.items as Array<Pair<YamlNode, YamlNode | null>>).find((p) => isScalar(p.key) && p.key.value === 'routing');
      if (!pair) return DEFAULT_ROUTING;
      const problems: string[] = [];
      const routing = parseRouting(pair.value, (_node, message) => problems.push(message));
      if (problems.length > 0) this.warn({ file: this.file, problems }, 'policy routing: parts that do not parse keep their defaults (see `gatehouse policy check`)');
      return routing;
    } catch (err) {
      this.warn({ file: this.file, err }, 'policy routing: the file could not be read; default routing');
      return DEFAULT_ROUTING;
    }
  }
}
