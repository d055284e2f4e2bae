// Re-records test/fixtures/agent-screens/ from the real CLIs in e2e-agents/ (run .ci/install-agents.sh first):
//   npx vitest run --config e2e-agents/vitest.record.config.mts        (all four)
//   AGENTS=codex npx vitest run --config e2e-agents/vitest.record.config.mts
// Each moment's meaning (question, options, highlighted) is written here by hand from what the CLI shows and is
// checked against the rendered screen when recorded, so a new CLI version that words things differently fails
// loudly here instead of silently changing the fixtures.
import { writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
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

async function start(
  cli: AgentCli,
  seed: 'ready' | 'fresh' | 'new',
  turn0?: Held,
  cols = 100,
  configure?: (launch: AgentLaunch) => void,
): Promise<{ rec: ScreenRecorder; standin: ModelStandin; launch: AgentLaunch }> {
  const version = installedVersion(cli);
  if (!version) throw new Error(`${cli} is not installed: run bash .ci/install-agents.sh`);
  const standin = await startModelStandin(WIRE_FORMATS[cli], [{ shell: COMMAND }, { text: 'All done.' }], {
    beforeReply: async (turn) => {
      if (turn === 0 && turn0) await turn0.held;
    },
  });
  const launch = prepareAgent(cli, standin.url, { seed });
  configure?.(launch);
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
  it('a new user: the onboarding (text style, security notes)', async () => {
    const { rec } = await start('claude', 'new');
    await rec.waitFor('Choose the text style');
    await rec.settle();
    await rec.record('theme', {
      kind: 'first-run',
      question: 'Choose the text style that looks best with your terminal',
      questionFromAdapter: true,
      options: ['Auto (match terminal)', 'Dark mode ✔', 'Light mode', 'Dark mode (colorblind-friendly)', 'Light mode (colorblind-friendly)', 'Dark mode (ANSI colors only)', 'Light mode (ANSI colors only)'],
      highlighted: 1,
      note: 'The ✔ marks the current style. A preview of the style is drawn under the list.',
    });
    rec.write('\r');
    await rec.waitFor('Press Enter to continue');
    await rec.settle();
    await rec.record('security-notes', {
      kind: 'first-run',
      question: 'Press Enter to continue…',
      options: [],
      highlighted: null,
      note: 'The numbered lines are notes, not choices: Enter goes on (to the folder trust).',
    });
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
  it('a new user: sign-in, "Sign in another way", the API key', async () => {
    const { rec } = await start('codex', 'new');
    await rec.waitFor('Sign in another way');
    await rec.settle();
    await rec.record('sign-in', {
      kind: 'sign-in',
      question: 'Choose how you want to use Codex.',
      options: ['Sign in with ChatGPT', 'Sign in with Device Code', 'Sign in another way'],
      highlighted: 0,
      note: 'OPENAI_API_KEY is set and still this comes first. ChatGPT opens a browser; Device Code asks auth.openai.com for a code; offline only "Sign in another way" → API key gets on. A description line is under each option.',
    });
    await rec.down();
    await rec.down();
    await rec.settle();
    rec.write('\r');
    await rec.waitFor('Use an OpenAI API key');
    await rec.settle();
    await rec.record('sign-in-another-way', {
      kind: 'sign-in',
      question: 'Sign in another way',
      options: ['Use an OpenAI API key', 'Use Amazon Bedrock'],
      highlighted: 0,
      note: 'After "Sign in another way". A description line is under each option.',
    });
    // An Enter soon after this screen is drawn is dropped by Codex 0.169 (seen twice); 2 s later it is taken.
    await new Promise((r) => setTimeout(r, 2000));
    rec.write('\r');
    await rec.waitFor('Press enter to save');
    await rec.settle();
    await rec.record('api-key', {
      kind: 'sign-in',
      question: 'Paste or type your API key below.',
      questionFromAdapter: true,
      options: [],
      highlighted: null,
      note: 'The key from OPENAI_API_KEY is filled in (shown in full); Enter saves it, then the folder trust comes.',
    });
  });
  it('start-up: the warning Codex prints before its TUI when its home is under a temp dir', async () => {
    // As under `gatehouse run` in the tests (the task's CODEX_HOME is in a hub data dir under /tmp): Codex warns on
    // stderr, pauses, then its TUI clears the line. Recorded the moment the warning is whole.
    const standin = await startModelStandin(WIRE_FORMATS.codex, [{ text: 'All done.' }]);
    const launch = prepareAgent('codex', standin.url, { seed: 'ready', tmpRoot: '/tmp' });
    const rec = new ScreenRecorder(launch, installedVersion('codex')!, 100);
    cleanups.push(() => standin.close(), () => launch.dispose(), () => rec.kill());
    await rec.waitFor(/WARNING: proceeding, even though we could not create PATH aliases: .*\n?.*\)\)/);
    await rec.record('startup-warning', {
      kind: 'working',
      question: null,
      options: [],
      highlighted: null,
      note: 'Printed before the TUI starts (its home is under /tmp); the TUI clears it 0.3–0.8 s later. No question.',
    });
  });
  it('hooks need review (a hook in hooks.json Codex has not trusted yet)', async () => {
    const { rec } = await start('codex', 'ready', undefined, 100, (launch) =>
      writeFileSync(join(launch.env.CODEX_HOME, 'hooks.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } })),
    );
    await rec.waitFor(/› 1\. Review hooks/);
    await rec.settle();
    await rec.record('hooks-review', {
      kind: 'first-run',
      question: 'Hooks need review',
      questionFromAdapter: true,
      options: ['Review hooks', 'Trust all and continue', "Continue without trusting (hooks won't run)"],
      highlighted: 0,
      note: 'Drawn 0.5–3 s after the composer.',
    });
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
  it('a new user (no model set): the auth choice', async () => {
    const { rec } = await start('qwen', 'new');
    await rec.waitFor('Select Authentication Method');
    await rec.settle();
    await rec.record('auth', {
      kind: 'sign-in',
      question: 'Select Authentication Method',
      options: ['Alibaba ModelStudio', 'Third-party Providers', 'OAuth', 'Custom Provider'],
      highlighted: 0,
      note: 'OAuth opens a browser. A description line is under each option. No folder trust: Qwen Code 0.15 has it off unless enabled.',
    });
  });
  turnTests('qwen');
});
