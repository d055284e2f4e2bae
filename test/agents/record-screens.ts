// Re-records test/fixtures/agent-screens/ from the real CLIs in e2e-agents/ (run .ci/install-agents.sh first):
//   npx vitest run --config e2e-agents/vitest.record.config.mts        (all four)
//   AGENTS=codex npx vitest run --config e2e-agents/vitest.record.config.mts
// Each moment's meaning (question, options, highlighted) is written here by hand from what the CLI shows and is
// checked against the rendered screen when recorded, so a new CLI version that words things differently fails
// loudly here instead of silently changing the fixtures.
import { basename, dirname } from 'node:path';
import { afterEach, describe, it } from 'vitest';
import { installedVersion, prepareAgent, WIRE_FORMATS, type AgentCli, type AgentLaunch } from '../support/model-standins/agent-setups.js';
import { startModelStandin, type ModelStandin } from '../support/model-standins/standin-server.js';
import { ScreenRecorder } from '../support/screen-recorder.js';

const PROMPT = 'please make the file';
const COMMAND = 'echo hello-from-standin > made.txt';

interface Held {
  release(): void;
  held: Promise<void>;
}
function hold(): Held {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  return { release, held };
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start(cli: AgentCli, seed: 'ready' | 'fresh', turn0?: Held, cols = 100): Promise<{ rec: ScreenRecorder; standin: ModelStandin; launch: AgentLaunch }> {
  const version = installedVersion(cli);
  if (!version) throw new Error(`${cli} is not installed: run bash .ci/install-agents.sh`);
  const standin = await startModelStandin(WIRE_FORMATS[cli], [{ shell: COMMAND }, { text: 'All done.' }], {
    beforeReply: async (turn) => {
      if (turn === 0 && turn0) await turn0.held;
    },
  });
  const launch = prepareAgent(cli, standin.url, { seed });
  const rec = new ScreenRecorder(launch, version, cols);
  cleanups.push(() => standin.close(), () => launch.dispose(), () => rec.kill());
  return { rec, standin, launch };
}

/** The prompt, the model held "working", then the shell-command permission dialog walked from top to bottom. */
async function recordTurn(
  cli: AgentCli,
  idleText: string,
  workingText: string | RegExp,
  permission: { question: string; options: string[]; note?: string },
  cols = 100,
) {
  const turn0 = hold();
  const { rec } = await start(cli, 'ready', turn0, cols);
  const suffix = cols === 100 ? '' : `-${cols}cols`;
  await rec.waitFor(idleText);
  await rec.settle();
  await rec.record(`idle${suffix}`, { kind: 'idle', question: null, options: [], highlighted: null, note: 'Waiting for the first prompt.' });
  await rec.submit(PROMPT);
  await rec.waitFor(workingText);
  await rec.record(`working${suffix}`, { kind: 'working', question: null, options: [], highlighted: null, note: 'The model is thinking (the stand-in holds its reply).' });
  turn0.release();
  await rec.waitFor(permission.question);
  await rec.settle();
  await rec.record(`permission${suffix}`, { kind: 'permission', ...permission, highlighted: 0, note: `${permission.note ?? ''}Shell command: ${COMMAND}`.trim() });
  for (let i = 1; i < permission.options.length; i++) {
    await rec.down();
    await rec.settle();
    await rec.record(`permission${suffix}-down-${i}`, { kind: 'permission', ...permission, highlighted: i, note: `After ${i} × Down. ${permission.note ?? ''}Shell command: ${COMMAND}` });
  }
}

/** Per CLI: its idle prompt's text, its working line's text, and its shell-command permission dialog. */
const TURNS: Record<AgentCli, [string, string, { question: string; options: string[]; note?: string }]> = {
  claude: [
    '? for shortcuts',
    'esc to interrupt',
    { question: 'Do you want to proceed?', options: ['Yes', 'Yes, and always allow access to proj/ from this project', 'No'] },
  ],
  codex: [
    'Ask Codex to do anything',
    'esc to interrupt',
    {
      question: 'Would you like to run the following command?',
      options: ['Yes, proceed (y)', `Yes, and don't ask again for commands that start with \`${COMMAND}\` (p)`, 'No, and tell Codex what to do differently (esc)'],
      note: 'The model asked for escalation (sandbox_permissions: require_escalated). ',
    },
  ],
  gemini: [
    'Type your message',
    'esc to cancel',
    {
      question: 'Allow execution of [Shell]?',
      options: ['Allow once', 'Allow for this session', 'No, suggest changes (esc)'],
      note: 'The input box stays on screen while Gemini works. ',
    },
  ],
  qwen: [
    'Type your message or @path/to/file',
    'esc to cancel',
    {
      question: "Allow execution of: 'echo'?",
      options: ['Yes, allow once', "Always allow run 'echo *' commands in this project", "Always allow run 'echo *' commands for this user", 'No, suggest changes (esc)'],
    },
  ],
};

/** What differs at 60 columns: options cut short by the CLI, as a person sees them. */
const NARROW: Partial<Record<AgentCli, { options: string[]; note: string }>> = {
  claude: {
    options: ['Yes', 'Yes, and always allow access to proj/ from this', 'No'],
    note: 'Option 2 is cut after "this"; its wrapped rest ("project") is left over after "3. No" on screen ("3. Nooject"), as Claude Code 2.1.197 redraws it. ',
  },
  qwen: {
    options: ['Yes, allow once', "Always allow run 'echo *' commands in this p…", "Always allow run 'echo *' commands for this …", 'No, suggest changes (esc)'],
    note: 'Options 2 and 3 are cut short with an ellipsis. ',
  },
};

/** The turn at 100 columns, and again at 60 where long options wrap. */
function turnTests(cli: AgentCli) {
  for (const cols of [100, 60]) {
    const [idle, working, permission] = TURNS[cli];
    const shown = cols === 100 ? permission : { ...permission, ...NARROW[cli] };
    it(`idle, working, and the shell-command permission dialog at ${cols} columns`, () => recordTurn(cli, idle, working, shown, cols));
  }
}

const only = (process.env.AGENTS ?? 'claude,codex,gemini,qwen').split(',');
const forCli = (cli: AgentCli) => (only.includes(cli) ? describe : describe.skip);

forCli('claude')('record Claude Code screens', () => {
  it('first run: folder trust, then the API key question', async () => {
    const { rec } = await start('claude', 'fresh');
    await rec.waitFor('Yes, I trust this folder');
    await rec.settle();
    await rec.record('trust', {
      kind: 'trust',
      question: 'Quick safety check: Is this a project you created or one you trust?',
      options: ['Yes, I trust this folder', 'No, exit'],
      highlighted: 0,
    });
    rec.write('\r');
    await rec.waitFor('Do you want to use this API key?');
    await rec.settle();
    await rec.record('api-key', { kind: 'first-run', question: 'Do you want to use this API key?', options: ['Yes', 'No (recommended)'], highlighted: 1 });
  });
  turnTests('claude');
});

forCli('codex')('record Codex screens', () => {
  it('first run: folder trust', async () => {
    const { rec } = await start('codex', 'fresh');
    await rec.waitFor('Trust and continue');
    await rec.settle();
    await rec.record('trust', { kind: 'trust', question: 'Trust this folder?', options: ['Trust and continue', 'Back to Agent Command Center'], highlighted: 0 });
  });
  turnTests('codex');
});

forCli('gemini')('record Gemini CLI screens', () => {
  it('first run: folder trust, then the auth choice', async () => {
    const { rec, launch } = await start('gemini', 'fresh');
    await rec.waitFor('Do you trust the files in this folder?');
    await rec.settle();
    const parent = basename(dirname(launch.cwd));
    await rec.record('trust', {
      kind: 'trust',
      question: 'Do you trust the files in this folder?',
      options: ['Trust folder (proj)', `Trust parent folder (${parent})`, "Don't trust"],
      highlighted: 0,
    });
    rec.write('\r');
    await rec.waitFor('How would you like to authenticate for this project?');
    await rec.settle();
    await rec.record('auth', {
      kind: 'sign-in',
      question: 'How would you like to authenticate for this project?',
      options: ['Sign in with Google', 'Use Gemini API Key', 'Vertex AI'],
      highlighted: 1,
      note: 'GEMINI_API_KEY is set, so the API key option is preselected. The answered trust dialog is still on screen above it, with its own ● marker (Gemini restarts itself after trust): the live dialog is the lowest one.',
    });
  });
  turnTests('gemini');
});

forCli('qwen')('record Qwen Code screens', () => {
  turnTests('qwen');
});
