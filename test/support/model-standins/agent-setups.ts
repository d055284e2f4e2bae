// How each real agent CLI is started against its model stand-in, with a throw-away HOME: the environment,
// the seeded first-run config and the reason for each seed. Nothing here touches the real user's files.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { packageRoot } from '../../../server/package-info.js';
import type { WireFormat } from './wire-format.js';
import { anthropicMessages } from './anthropic-messages.js';
import { openaiResponses } from './openai-responses.js';
import { geminiGenerate } from './gemini-generate.js';
import { openaiChat } from './openai-chat.js';

export type AgentCli = 'claude' | 'codex' | 'gemini' | 'qwen';
export const AGENT_CLIS: AgentCli[] = ['claude', 'codex', 'gemini', 'qwen'];

// The package root in both layouts (sources, and dist/ where the bench runs from).
const repoRoot = packageRoot;
export const agentBinDir = join(repoRoot, 'e2e-agents/node_modules/.bin');

const PACKAGES: Record<AgentCli, string> = {
  claude: '@anthropic-ai/claude-code',
  codex: '@openai/codex',
  gemini: '@google/gemini-cli',
  qwen: '@qwen-code/qwen-code',
};
export const WIRE_FORMATS: Record<AgentCli, WireFormat> = {
  claude: anthropicMessages,
  codex: openaiResponses,
  gemini: geminiGenerate,
  qwen: openaiChat,
};

/** The installed version of a CLI (from e2e-agents/node_modules), or null when .ci/install-agents.sh has not run. */
export function installedVersion(cli: AgentCli): string | null {
  try {
    return JSON.parse(readFileSync(join(repoRoot, 'e2e-agents/node_modules', PACKAGES[cli], 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

export interface AgentLaunch {
  cli: AgentCli;
  command: string;
  args: string[];
  /** The project folder the CLI runs in (its own git repository, so CLIs key their trust to it). */
  cwd: string;
  /** The complete environment: only what is listed here, never the caller's HOME or keys. */
  env: Record<string, string>;
  /** The throw-away HOME (and CODEX_HOME etc. inside it). */
  home: string;
  /** Removes the temp folder. */
  dispose(): void;
}

export interface LaunchOptions {
  /**
   * 'ready': first-run config seeded, the CLI opens at its prompt. 'fresh': only what points the CLI at its
   * stand-in (Claude's onboarding, Codex's provider), so its trust and key questions come up. 'new': a new
   * user's machine — none of the CLI's own config (Claude: only its key approved, see below): the
   * onboarding and sign-in screens come up too.
   */
  seed: 'ready' | 'fresh' | 'new';
  /** Extra arguments after the CLI's own. */
  args?: string[];
  /** Parent of the temp folder (default: the repo's ignored .tmp/). */
  tmpRoot?: string;
}

const API_KEY = 'sk-standin-0123456789abcdefghij';

/** A temp HOME + project folder and the command line that starts `cli` against the stand-in at `standinUrl`. */
export function prepareAgent(cli: AgentCli, standinUrl: string, opts: LaunchOptions): AgentLaunch {
  const tmpRoot = opts.tmpRoot ?? join(repoRoot, '.tmp');
  mkdirSync(tmpRoot, { recursive: true });
  const root = realpathSync(mkdtempSync(join(tmpRoot, `agent-${cli}-`)));
  const home = join(root, 'home');
  const cwd = join(root, 'proj');
  mkdirSync(home, { recursive: true });
  mkdirSync(cwd, { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_STATE_HOME: join(home, '.local/state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    TERM: 'xterm-256color',
    // Gemini CLI warns about missing 24-bit colour on every start otherwise; xterm.js renders it.
    COLORTERM: 'truecolor',
    LANG: 'C.UTF-8',
  };
  const seeded = opts.seed === 'ready';
  const bare = opts.seed === 'new';
  const write = (path: string, text: string) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  let args: string[] = [];
  switch (cli) {
    case 'claude':
      Object.assign(env, {
        ANTHROPIC_BASE_URL: standinUrl,
        ANTHROPIC_API_KEY: API_KEY,
        // No telemetry, error reporting or update checks: offline, and nothing but the stand-in is called.
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        DISABLE_AUTOUPDATER: '1',
      });
      // Without hasCompletedOnboarding Claude Code opens with a connectivity check of api.anthropic.com
      // ("Unable to connect to Anthropic services") and stops. That much is seeded even for 'fresh', so
      // the first-run dialogs a person can answer offline (folder trust, "use this API key?") come up.
      // 'ready' also answers those two: the key approved (its last 20 characters) and the folder trusted.
      // 'new' seeds only the key's approval: with an unapproved key Claude Code's onboarding signs in with
      // OAuth, whose first step is that connectivity check; with it, the onboarding (theme, security notes)
      // and the folder trust come up offline.
      if (bare) {
        write(join(home, '.claude.json'), JSON.stringify({ customApiKeyResponses: { approved: [API_KEY.slice(-20)], rejected: [] } }, null, 2));
        break;
      }
      write(
        join(home, '.claude.json'),
        JSON.stringify(
          {
            hasCompletedOnboarding: true,
            lastOnboardingVersion: installedVersion('claude'),
            ...(seeded && {
              customApiKeyResponses: { approved: [API_KEY.slice(-20)], rejected: [] },
              projects: { [cwd]: { hasTrustDialogAccepted: true, allowedTools: [] } },
            }),
          },
          null,
          2,
        ),
      );
      break;
    case 'codex':
      env.CODEX_HOME = join(home, '.codex');
      env.STANDIN_API_KEY = API_KEY;
      // A custom model_provider with an env_key needs no sign-in (the built-in OpenAI provider shows a
      // sign-in screen even with OPENAI_API_KEY set). 'ready' also marks the project trusted, which
      // otherwise asks "Trust this folder?" on first start. 'new' writes no config: the built-in OpenAI
      // provider's sign-in screen comes up (OPENAI_API_KEY set, as a person with a key has it).
      if (bare) {
        // An empty CODEX_HOME (Codex makes ~/.codex itself, but refuses a CODEX_HOME that does not exist).
        Object.assign(env, { OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: `${standinUrl}/v1` });
        mkdirSync(env.CODEX_HOME, { recursive: true });
        break;
      }
      write(
        join(env.CODEX_HOME, 'config.toml'),
        [
          'model = "standin-model"',
          'model_provider = "standin"',
          '',
          '[model_providers.standin]',
          'name = "Stand-in"',
          `base_url = "${standinUrl}/v1"`,
          'wire_api = "responses"',
          'env_key = "STANDIN_API_KEY"',
          ...(seeded ? ['', `[projects."${cwd}"]`, 'trust_level = "trusted"'] : []),
          '',
        ].join('\n'),
      );
      break;
    case 'gemini':
      Object.assign(env, { GOOGLE_GEMINI_BASE_URL: standinUrl, GEMINI_API_KEY: API_KEY });
      // Gemini CLI asks which auth to use until security.auth.selectedType is set, and whether to trust
      // the folder until it is in trustedFolders.json; 'ready' seeds both.
      if (seeded) {
        write(join(home, '.gemini/settings.json'), JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } } }, null, 2));
        write(join(home, '.gemini/trustedFolders.json'), JSON.stringify({ [cwd]: 'TRUST_FOLDER' }, null, 2));
      }
      break;
    case 'qwen':
      // Qwen Code takes the OpenAI-compatible provider from OPENAI_* and asks nothing on first start with
      // them; 'fresh' leaves the model out, which brings up its auth dialog.
      Object.assign(env, { OPENAI_BASE_URL: `${standinUrl}/v1`, OPENAI_API_KEY: API_KEY });
      if (seeded) env.OPENAI_MODEL = 'standin-model';
      // Seeded for 'fresh' too: with npm's variables in its environment (a task of a hub started under npx),
      // Qwen Code installs its newest release globally with npm on start (seen: 0.24.4 into the system's
      // node_modules) — the tests are offline and run the pinned version.
      write(join(home, '.qwen/settings.json'), JSON.stringify({ general: { enableAutoUpdate: false } }, null, 2));
      break;
  }
  args = [...args, ...(opts.args ?? [])];
  return {
    cli,
    command: join(agentBinDir, cli),
    args,
    cwd,
    env,
    home,
    dispose: () => {
      killProcessesUnder(root);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Processes running a program from inside `root` (their executable or first argument there). */
export function processesUnder(root: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const exe = readlinkSync(`/proc/${entry}/exe`);
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (exe.startsWith(`${root}/`) || cmdline.startsWith(`${root}/`)) found.push(Number(entry));
    } catch {
      // gone already, or not ours to read
    }
  }
  return found;
}

/**
 * Ends the processes a CLI left running from inside its temp folder: Codex 0.169 starts a background
 * app-server daemon from $CODEX_HOME/packages/ in a session of its own, which outlives the CLI.
 */
export function killProcessesUnder(root: string): number[] {
  const killed: number[] = [];
  for (const pid of processesUnder(root)) {
    try {
      process.kill(pid, 'SIGKILL');
      killed.push(pid);
    } catch {
      // gone already
    }
  }
  return killed;
}
