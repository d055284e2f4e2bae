// Records the hook inputs the real CLIs send for their edit and write tools. Not part of npm test (the recordings
// are fixtures, re-made when a pinned version changes):
//   npx vitest run --config e2e-agents/vitest.record.config.mts test/agents/record-edit-inputs.ts [-t codex]
//
// each CLI edits a seeded file through its own tool, the gate's question is refused, and the request as the
// hub's permission log has it (tool name and tool_input) is written to test/fixtures/hook-inputs/ for the
// permission view's unit tests. The cwd in a recording is the run's temporary project, replaced by <project>.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, it } from 'vitest';
import { hookCommandLine, installedByHand, skipUnlessInstalled, startHookRun, type HookRun } from '../support/agent-hook-run.js';
import type { AgentCli, AgentLaunch } from '../support/model-standins/agent-setups.js';
import type { ScriptStep } from '../support/model-standins/script.js';

const SEEDED = 'line one\nline two\nline three\n';
// Claude Code 2.1.197 offers no MultiEdit tool (its name appears only in its prompts): nothing to record.
const NOTEBOOK = JSON.stringify({ cells: [{ id: 'c1', cell_type: 'code', metadata: {}, source: ['print(1)'], outputs: [], execution_count: null }], metadata: {}, nbformat: 4, nbformat_minor: 5 });
const READY: Record<string, string> = { codex: 'Ask Codex to do anything', claude: '? for shortcuts', gemini: 'Type your message', qwen: 'Type your message' };

const PATCH = ['*** Begin Patch', '*** Update File: seeded.txt', '@@', ' line one', '-line two', '+line 2', ' line three', '*** End Patch', ''].join('\n');

/** Codex asks before a patch its sandbox would not allow (--sandbox read-only); its hook in $CODEX_HOME/hooks.json. */
function codexWithHooks(launch: AgentLaunch): void {
  const hooks = { PermissionRequest: [{ matcher: '*', hooks: [{ type: 'command', command: hookCommandLine('codex', 'PermissionRequest'), timeout: 90 }] }] };
  writeFileSync(join(launch.env.CODEX_HOME!, 'hooks.json'), JSON.stringify({ hooks }, null, 2));
  launch.args.push('--dangerously-bypass-hook-trust', '--sandbox', 'read-only');
}

const CASES: Array<{ cli: AgentCli; name: string; steps: (file: string) => ScriptStep[]; configure?: (launch: AgentLaunch) => void }> = [
  // Codex 0.169 offers the stand-in's model no apply_patch tool: the model runs apply_patch through its shell tool;
  // Codex reads it as a patch and its hook says apply_patch, the patch in tool_input.command.
  { cli: 'codex', name: 'apply_patch', steps: () => [{ shell: `apply_patch <<'EOF'\n${PATCH}EOF` }], configure: codexWithHooks },
  { cli: 'claude', name: 'Edit', steps: (f) => [{ tool: 'Read', args: { file_path: f } }, { tool: 'Edit', args: { file_path: f, old_string: 'line two', new_string: 'line 2' } }] },
  { cli: 'claude', name: 'NotebookEdit', steps: (f) => [{ tool: 'Read', args: { file_path: f.replace('seeded.txt', 'seeded.ipynb') } }, { tool: 'NotebookEdit', args: { notebook_path: f.replace('seeded.txt', 'seeded.ipynb'), cell_id: 'c1', new_source: 'print(2)' } }] },
  { cli: 'claude', name: 'Write', steps: (f) => [{ tool: 'Write', args: { file_path: f.replace('seeded.txt', 'new.txt'), content: 'fresh\n' } }] },
  { cli: 'gemini', name: 'replace', steps: (f) => [{ tool: 'replace', args: { file_path: f, old_string: 'line two', new_string: 'line 2', instruction: 'rename line two' } }] },
  { cli: 'gemini', name: 'write_file', steps: (f) => [{ tool: 'write_file', args: { file_path: f.replace('seeded.txt', 'new.txt'), content: 'fresh\n' } }] },
  { cli: 'qwen', name: 'edit', steps: (f) => [{ tool: 'read_file', args: { file_path: f } }, { tool: 'edit', args: { file_path: f, old_string: 'line two', new_string: 'line 2' } }] },
  { cli: 'qwen', name: 'write_file', steps: (f) => [{ tool: 'write_file', args: { file_path: f.replace('seeded.txt', 'new.txt'), content: 'fresh\n' } }] },
];

let run: HookRun | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});

describe('record edit hook inputs', () => {
  for (const c of CASES) {
    it.skipIf(skipUnlessInstalled(c.cli))(`${c.cli} ${c.name}`, async () => {
      let file = '';
      const planned = () => c.steps(file);
      const script: ScriptStep[] = [0, 1].map((i) => () => (planned()[i] as Exclude<ScriptStep, Function>) ?? { text: 'All done.' });
      run = await startHookRun(c.cli, {
        hub: true,
        script,
        configure: (launch) => {
          file = join(launch.cwd, 'seeded.txt');
          writeFileSync(file, SEEDED);
          writeFileSync(file.replace('seeded.txt', 'seeded.ipynb'), NOTEBOOK);
          (c.configure ?? installedByHand(c.cli))(launch);
        },
      });
      await run.cli.waitFor(READY[c.cli]!);
      await run.cli.submit('please edit the file');
      const timer = setTimeout(() => console.log(run?.cli.screen().join('\n')), 60_000);
      const question = await run.pendingQuestion();
      clearTimeout(timer);
      await run.answer(question.id, 'no');
      let entry: any;
      while (!entry) {
        const logFile = join(run.hub!.home, 'permissions.jsonl');
        if (existsSync(logFile)) entry = readFileSync(logFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l)).find((e) => e.gate === question.id);
        await new Promise((r) => setTimeout(r, 50));
      }
      const cwd = run.launch.cwd;
      const text = JSON.stringify({ cli: c.cli, tool: entry.tool, tool_input: entry.input, cwd: entry.cwd, seeded: c.name === 'NotebookEdit' ? NOTEBOOK : SEEDED }, null, 2).replaceAll(cwd, '<project>');
      writeFileSync(join(import.meta.dirname, '../fixtures/hook-inputs', `${c.cli}-${c.name}.json`), `${text}\n`);
    }, 120_000);
  }
});
