// Issue 22 with the real CLIs, each run by hand with gatehouse's hook installed, against its model stand-in and a
// real hub: the model edits a seeded file through the CLI's own edit tool; the gate reaches the hub with the diff,
// the portal (real Chromium, through Playwright) shows it with <del>/<ins> exactly the removed and added lines, the
// terminal UI (in a real PTY) the same counts; one click on No in the portal refuses it and the file is unchanged.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { afterEach, describe, expect, it } from 'vitest';
import { choiceUrl } from '../../server/hub/handoff.js';
import type { AgentCli, AgentLaunch } from '../support/model-standins/agent-setups.js';
import type { ScriptStep } from '../support/model-standins/script.js';
import { hookCommandLine, installedByHand, skipUnlessInstalled, startHookRun, type HookRun } from '../support/agent-hook-run.js';
import { TuiDriver } from '../support/tui-driver.js';
import { recordTestedWith } from './tested-with.js';

const SEEDED = Array.from({ length: 30 }, (_, i) => `price ${i + 1} = ${(i + 1) * 10}`).join('\n') + '\n';
const OLD = 'price 12 = 120';
const NEW = ['price 12 = 125', 'discount 12 = 5'];
const PATCH = ['*** Begin Patch', '*** Update File: prices.txt', '@@', ` price 11 = 110`, `-${OLD}`, ...NEW.map((l) => `+${l}`), ` price 13 = 130`, '*** End Patch', ''].join('\n');

/** Codex asks before a patch its sandbox would not allow (`--sandbox read-only`); its hook is in hooks.json. */
function codexWithHooks(launch: AgentLaunch): void {
  const hooks = { PermissionRequest: [{ matcher: '*', hooks: [{ type: 'command', command: hookCommandLine('codex', 'PermissionRequest'), timeout: 90 }] }] };
  writeFileSync(join(launch.env.CODEX_HOME!, 'hooks.json'), JSON.stringify({ hooks }, null, 2));
  launch.args.push('--dangerously-bypass-hook-trust', '--sandbox', 'read-only');
}

const CASES: Array<{ cli: AgentCli; ready: string; configure: (launch: AgentLaunch) => void; steps: (file: string) => Exclude<ScriptStep, Function>[] }> = [
  { cli: 'claude', ready: '? for shortcuts', configure: installedByHand('claude'), steps: (f) => [{ tool: 'Read', args: { file_path: f } }, { tool: 'Edit', args: { file_path: f, old_string: OLD, new_string: NEW.join('\n') } }] },
  { cli: 'gemini', ready: 'Type your message', configure: installedByHand('gemini'), steps: (f) => [{ tool: 'replace', args: { file_path: f, old_string: OLD, new_string: NEW.join('\n'), instruction: 'change price 12' } }] },
  { cli: 'qwen', ready: 'Type your message', configure: installedByHand('qwen'), steps: (f) => [{ tool: 'read_file', args: { file_path: f } }, { tool: 'edit', args: { file_path: f, old_string: OLD, new_string: NEW.join('\n') } }] },
  // Codex 0.169 offers the stand-in's model no apply_patch tool: the model runs `apply_patch` through its shell tool,
  // as Codex's instructions tell a model without it.
  { cli: 'codex', ready: 'Ask Codex to do anything', configure: codexWithHooks, steps: () => [{ shell: `apply_patch <<'EOF'\n${PATCH}EOF` }] },
];

/** The gate, or after 90 s an error with what the CLI showed and what the model stand-in was asked and answered. */
async function explainIfLate<T>(run: HookRun, waiting: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const turns = run.standin.requests.filter((r) => r.conversation).map((r) => JSON.stringify({ answered: r.answered, results: r.toolResults.map((t) => t.output.slice(0, 300)) }));
      reject(new Error(`no gate after 90 s; screen:\n${run.cli.screen().join('\n')}\nmodel turns:\n${turns.join('\n')}`));
    }, 90_000);
  });
  try {
    return await Promise.race([waiting, late]);
  } finally {
    clearTimeout(timer);
  }
}

let run: HookRun | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});

describe('an edit of a seeded file by the real CLIs reaches the portal, the terminal UI and the hub as a diff', () => {
  for (const c of CASES) {
    it.skipIf(skipUnlessInstalled(c.cli))(`${c.cli}`, async () => {
      recordTestedWith(c.cli, 'hooks');
      let file = '';
      const script: ScriptStep[] = [0, 1, 2].map((i) => () => c.steps(file)[i] ?? { text: 'All done.' });
      run = await startHookRun(c.cli, {
        hub: true,
        script,
        configure: (launch) => {
          file = join(launch.cwd, 'prices.txt');
          writeFileSync(file, SEEDED);
          c.configure(launch);
        },
      });
      await run.cli.waitFor(c.ready);
      await run.cli.submit('please change price 12');
      const question = await explainIfLate(run, run.pendingQuestion());
      expect(question.permission_view).toMatchObject({ kind: 'edit', added: 2, removed: 1, files: [{ path: 'prices.txt', change: 'edit', outside: false }] });

      const tui = new TuiDriver(['choose', question.id], run.hub!.env, { cols: 100, rows: 40 });
      try {
        await tui.waitFor('prices.txt (edit) +2 −1');
        expect(tui.line(`- ${OLD}`)).toMatch(/^\s+12\s+- price 12 = 120$/);
      } finally {
        await tui.kill();
      }

      const browser = await chromium.launch({ executablePath: process.env.GATEHOUSE_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
      try {
        const page = await browser.newPage();
        await page.goto(choiceUrl(run.hub!.baseUrl, run.hub!.token, question.id));
        await page.getByTestId('permission-view').waitFor();
        expect(await page.locator('[data-testid="permission-view"] del').allTextContents()).toEqual([OLD]);
        expect(await page.locator('[data-testid="permission-view"] ins').allTextContents()).toEqual(NEW);
        await page.getByTestId('answer-no').click();
        await run.standin.waitFor((r) => r.conversation && r.toolResults.some((t) => t.output.includes('The person said No through gatehouse')), 'the refusal came back to the model');
      } finally {
        await browser.close();
      }
      expect(readFileSync(file, 'utf8')).toBe(SEEDED);
    }, 180_000);
  }
});
