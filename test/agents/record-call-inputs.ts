// Records the hook input each real CLI sends to its hook before every tool call (issue 31: Claude Code, Codex and
// Qwen Code PreToolUse, Gemini CLI BeforeTool). Not part of npm test (the recordings are fixtures, re-made when a
// pinned version changes):
//   npx vitest run --config e2e-agents/vitest.record.config.mts test/agents/record-call-inputs.ts [-t codex]
//
// Each CLI runs `touch pwned` with gatehouse's hooks installed as a person installs them, the installed hook line
// wrapped so that the CLI's stdin is also written to a file; the policy denies the call. The first input is written
// to test/fixtures/hook-inputs/<cli>-<event>.json with the run's own values (folders, ids) replaced by placeholders.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hookAgent } from '../../server/agents/hook-agents.js';
import { installedByHand, PROMPT, skipUnlessInstalled, startHookRun, toolResultSeen, type HookRun } from '../support/agent-hook-run.js';
import type { AgentCli, AgentLaunch } from '../support/model-standins/agent-setups.js';

const READY: Record<AgentCli, string> = { codex: 'Ask Codex to do anything', claude: '? for shortcuts', gemini: 'Type your message', qwen: 'Type your message' } as Record<AgentCli, string>;
// Qwen Code raises PreToolUse after its permission hook, which would refuse the call first: in yolo it is not raised.
const EXTRA_ARGS: Partial<Record<AgentCli, string[]>> = { codex: ['--dangerously-bypass-hook-trust', '--sandbox', 'workspace-write'], qwen: ['--approval-mode', 'yolo'] };

/** The installed hook line for `event` in the CLI's own settings file, wrapped to keep a copy of its stdin. */
function teeInstalledHook(launch: AgentLaunch, cli: AgentCli, event: string, copy: string): void {
  const file = cli === 'codex' ? join(launch.home, '.codex/hooks.json') : join(launch.home, `.${cli}/settings.json`);
  const settings = JSON.parse(readFileSync(file, 'utf8'));
  for (const group of settings.hooks[event]) for (const hook of group.hooks) hook.command = `tee ${JSON.stringify(copy)} | ${hook.command}`;
  writeFileSync(file, JSON.stringify(settings, null, 2));
}

function placeholders(text: string, launch: AgentLaunch): string {
  return text.replaceAll(launch.cwd, '<project>').replaceAll(launch.home, '<home>');
}

let run: HookRun | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});

describe('record the hook input before every tool call', () => {
  for (const cli of ['claude', 'codex', 'gemini', 'qwen'] as AgentCli[]) {
    it.skipIf(skipUnlessInstalled(cli))(cli, async () => {
      const agent = hookAgent(cli);
      const event = agent.callHook?.event ?? agent.permissionEvent;
      let copy = '';
      run = await startHookRun(cli, {
        hub: true,
        script: [{ shell: 'touch pwned' }, { text: 'All done.' }],
        configure: (launch) => {
          installedByHand(cli)(launch);
          copy = join(launch.home, 'hook-input.json');
          teeInstalledHook(launch, cli, event, copy);
          launch.args.push(...(EXTRA_ARGS[cli] ?? []));
        },
      });
      writeFileSync(join(run.hub!.home, 'policy.yaml'), 'deny:\n  - Bash(touch pwned:*)\n');
      await run.cli.waitFor(READY[cli]);
      await run.cli.settle(1000);
      await run.cli.submit(PROMPT);
      expect((await toolResultSeen(run)).output).toContain('gatehouse');
      const input = JSON.parse(placeholders(readFileSync(copy, 'utf8'), run.launch));
      for (const volatile of ['session_id', 'tool_use_id', 'transcript_path', 'turn_id', 'timestamp', 'prompt_id']) if (typeof input[volatile] === 'string') input[volatile] = `<${volatile}>`;
      writeFileSync(join(process.cwd(), 'test/fixtures/hook-inputs/every-call', `${cli}-${event}.json`), `${JSON.stringify(input, null, 2)}\n`);
    });
  }
});
