// The policy engine as the hub will hold it: the bash parser loaded once, the policy files re-read when they
// change, and one call per permission request — engine.decide(request) — that answers allow, ask or deny and
// says what decided.
import { homedir } from 'node:os';
import { dataDir } from '../config/data-paths.js';
import { loadBashParser } from '../shell/tree-sitter-bash.js';
import { decide, type PolicyContext } from './decide.js';
import { resolvePath } from './path-rule.js';
import type { OnTimeout, PolicyLayer } from './policy-file.js';
import { lastValidPath, personPolicyPath, PolicyLoader } from './policy-loader.js';
import { projectRoot } from './project-root.js';
import { classifyTool } from './tool-kinds.js';
import { protectedPaths, type ProtectedPaths } from './protected-paths.js';
import type { PolicyDecision, PolicyError, PolicyRequest, PolicyWarning } from './types.js';

export interface PolicyEngineOptions {
  env?: NodeJS.ProcessEnv;
  home?: string;
  /** The person's policy file; default: GATEHOUSE_POLICY, else <data dir>/policy.yaml. */
  policyFile?: string;
  /**
   * Where the last valid version of the person's file is kept (its deny rules hold while the file does not parse);
   * default: <data dir>/policy.last-valid.yaml when the file is the person's own (not a candidate given by path).
   */
  lastValidFile?: string | null;
  /** Loads the bash parser (a test may make it fail). */
  loadParser?: () => Promise<unknown>;
}

export interface PolicyStatus {
  file: string;
  exists: boolean;
  rules: number;
  /** Every mistake, file:line:column: a bad entry (left out; every other rule holds) or why the file does not parse. */
  errors: PolicyError[];
  warnings: PolicyWarning[];
  onTimeout: OnTimeout;
  /** The file does not parse at all: only the deny rules of `lastValid` hold, everything else asks the person. */
  broken: boolean;
  /** When broken: the kept last valid version whose deny rules hold (null: none was kept, so everything asks). */
  lastValid: { file: string; savedAt: string } | null;
}

export interface PolicyEngine {
  readonly personFile: string;
  readonly protect: ProtectedPaths;
  /**
   * The decision for one request (the person's file and the request's project file, as they are now), with
   * `extra` layers after them: a task's own scope (taskPolicyLayer), a suggested rule (replay).
   */
  decide(request: PolicyRequest, extra?: PolicyLayer[]): PolicyDecision;
  /** What decide() reads for a project: for callers that decide many requests at once (replay). */
  context(project: string): PolicyContext;
  /** What happens when nobody answers: the person's on_timeout, narrowed to deny by a project's. */
  onTimeout(project?: string): OnTimeout;
  /** The person's file: found, rules, errors (shown by `gatehouse status`, /api/health, the portal). */
  status(): PolicyStatus;
  /** The layers that hold for a project, as loaded now. */
  layers(project: string): PolicyLayer[];
}

/**
 * Loads the bash parser (once per process) and returns an engine over the person's policy file. Never fails: if
 * the parser cannot load, every decision is `ask` with that error as a policy error.
 */
export async function createPolicyEngine(options: PolicyEngineOptions = {}): Promise<PolicyEngine> {
  let parserError: PolicyError | null = null;
  try {
    await (options.loadParser ?? loadBashParser)();
  } catch (err) {
    parserError = { file: 'tree-sitter-bash', line: 0, column: 0, message: `the bash parser did not load: ${(err as Error).message}` };
  }
  const env = options.env ?? process.env;
  const home = options.home ?? homedir();
  const personFile = options.policyFile ?? personPolicyPath(env);
  const lastValidFile = options.lastValidFile !== undefined ? options.lastValidFile : personFile === personPolicyPath(env) ? lastValidPath(env) : null;
  const loader = new PolicyLoader(personFile, { home, lastValidFile });
  const protect = protectedPaths({ env, home, dataDir: dataDir(env), policyFile: personFile });
  const projectOf = (project: string) => resolvePath(project, '/', home).real;
  const context = (project: string): PolicyContext => ({ layers: loader.layers(projectOf(project)), home, protect });
  return {
    personFile,
    protect,
    decide: (request, extra = []) => {
      if (parserError) return { decision: 'ask', decidedBy: { kind: 'policy-error', error: parserError }, kind: classifyTool(request.agent, request.tool, request.input).kind, risk: { grade: 'high', reasons: [parserError.message] } };
      const project = request.project || projectRoot(request.cwd);
      const base = context(project);
      return decide({ ...request, project }, extra.length === 0 ? base : { ...base, layers: [...base.layers, ...extra] });
    },
    context,
    layers: (project) => loader.layers(projectOf(project)),
    onTimeout(project) {
      const layers = project ? loader.layers(projectOf(project)) : [loader.person()];
      return layers.some((l) => l.onTimeout === 'deny') ? 'deny' : 'ask-cli';
    },
    status() {
      const layer = loader.person();
      const errors = parserError ? [parserError, ...layer.errors] : layer.errors;
      return {
        file: layer.file,
        exists: layer.exists,
        rules: layer.rules.length,
        errors,
        warnings: layer.warnings,
        onTimeout: layer.onTimeout ?? 'ask-cli',
        broken: parserError !== null || layer.broken === true,
        lastValid: layer.lastValid ?? null,
      };
    },
  };
}
