// The dialogs recorded from the real agent CLIs, read the way a task under `gatehouse run` reads its screen: the
// recording replayed into the product's headless terminal, read by the one reader, classified and offered to the
// handlers of the CLI's built-in adapter (issue 16).
// - A fresh config: the first-run dialogs — onboarding, folder trust, "use this API key?", the sign-in choices of
//   Codex, Gemini and Qwen — reach the person as the dialog's own question with every choice (one that opens a
//   browser sign-in marked) and the CLI's highlight, and no built-in answer handler answers them, even with autoApprove (a
//   wrong pick there starts a sign-in that cannot finish offline, or exits).
// - A permission dialog the hook did not pre-empt: with autoApprove the policy picks the CLI's allow-once choice
//   from what the reader read (not "always allow", not "No").
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adapterFromConfig } from '../../server/orchestrator/adapters/adapter.js';
import { adapterConfigSchema } from '../../server/agents/adapter-schema.js';
import { BUILTIN_ADAPTERS } from '../../server/orchestrator/adapters/builtin-adapters.js';
import { adapterRelays, withoutNumber } from '../support/adapter-on-screens.js';
import { screensDir } from '../support/screen-recorder.js';

const FIRST_RUN_KINDS = ['trust', 'first-run', 'sign-in'];

const recordings = readdirSync(screensDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(join(screensDir, d.name)).filter((f) => f.endsWith('.json')).map((f) => ({ cli: d.name, name: f.replace(/\.json$/, '') })));
const firstRunScreens = recordings.filter(({ cli, name }) => FIRST_RUN_KINDS.includes(JSON.parse(readFileSync(join(screensDir, cli, `${name}.json`), 'utf8')).kind));
/** Each CLI's permission dialog as first drawn (highlight on its first choice), at 100 and 60 columns. */
const permissionScreens = recordings.filter(({ name }) => name === 'permission' || name === 'permission-60cols');

/** What a person picks to let one call run, once, in each CLI's permission dialog. */
const ALLOW_ONCE: Record<string, string> = { claude: 'Yes', codex: 'Yes, proceed (y)', gemini: 'Allow once', qwen: 'Yes, allow once' };

function builtinAdapter(cli: string) {
  return adapterFromConfig(cli, adapterConfigSchema.parse(BUILTIN_ADAPTERS[cli]));
}

describe('first-run dialogs of the real agent CLIs under gatehouse run', () => {
  it('are recorded for Claude Code (onboarding, trust, API key), Codex (sign-in, API key, trust, hooks review), Gemini CLI (trust, sign-in) and Qwen Code (sign-in)', () => {
    expect(firstRunScreens.map(({ cli, name }) => `${cli}/${name}`).sort()).toEqual([
      'claude/api-key',
      'claude/security-notes',
      'claude/theme',
      'claude/trust',
      'codex/api-key',
      'codex/hooks-review',
      'codex/sign-in',
      'codex/sign-in-another-way',
      'codex/trust',
      'gemini/auth',
      'gemini/trust',
      'qwen/auth',
    ]);
  });

  for (const { cli, name } of firstRunScreens) {
    it(`${cli}/${name}: a question for the person with the dialog's own words, which no built-in answer handler answers`, async () => {
      const { meaning, wait, kind, policy } = await adapterRelays(builtinAdapter(cli), name);
      // Not taken for the CLI at its prompt (a pending input typed into the dialog) or at work (nobody asked).
      expect(kind, wait.screen).not.toMatch(/^(idle|busy)$/);
      expect(wait.prompt).toContain(meaning.question);
      // Every choice as the CLI shows it (numbered where it numbers them; one that leaves the terminal marked).
      expect(wait.options.map((o) => withoutNumber(o.text))).toEqual(meaning.options.map((o) => expect.stringMatching(new RegExp(`^${escape(o)}( \\(.+\\))?$`))));
      expect(wait.cursor).toBe(meaning.highlighted ?? 0);
      // A notice without choices ("Press Enter to continue…") is only ever pressed on with Enter.
      if (meaning.options.length) expect(policy, `the ${cli} policy would answer "${meaning.question}" by itself`).toBeNull();
      else expect(policy === null || (policy.type === 'keys' && policy.keys === '\r'), JSON.stringify(policy)).toBe(true);
    });
  }
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('permission dialogs of the real agent CLIs under gatehouse run, with autoApprove', () => {
  it('are recorded for all four CLIs', () => {
    expect([...new Set(permissionScreens.map((r) => r.cli))].sort()).toEqual(Object.keys(ALLOW_ONCE).sort());
  });

  for (const { cli, name } of permissionScreens) {
    it(`${cli}/${name}: the policy picks "${ALLOW_ONCE[cli]}" among the choices the reader read`, async () => {
      const { meaning, wait, kind, policy } = await adapterRelays(builtinAdapter(cli), name);
      expect(kind, wait.screen).not.toMatch(/^(idle|busy)$/);
      expect(wait.prompt).toContain(meaning.question);
      // Every choice, in order (at 60 columns a wrapped choice is read as its first row: Codex's "don't ask again
      // for commands that start with", Claude Code's "No" with the rest of a wrapped line left over on its row).
      expect(wait.options).toHaveLength(meaning.options.length);
      wait.options.forEach((o, i) => expect(o.text.startsWith(`${i + 1}. ${meaning.options[i].slice(0, 20)}`), o.text).toBe(true));
      expect(policy).toMatchObject({ type: 'choose', index: meaning.options.indexOf(ALLOW_ONCE[cli]) });
    });
  }
});
