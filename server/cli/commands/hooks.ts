import { homedir } from 'node:os';
import { createInterface } from 'node:readline/promises';
import { dataDir } from '../../config/data-paths.js';
import { hookCommandLine } from '../../agents/hook-command-line.js';
import { hookAgent, hookAgents } from '../../agents/hook-agents.js';
import { planInstall, planUninstall, type HookFilePlan } from '../../agents/hooks-install.js';
import { EXIT } from '../../terminal/exit-codes.js';
import type { CliCommand, CliIo } from '../command.js';

const DEFAULT_WAIT_SECONDS = 120;

async function confirm(io: CliIo, plan: HookFilePlan, yes: boolean): Promise<boolean> {
  if (yes) return true;
  if (!io.stdin.isTTY) {
    io.stderr.write('gatehouse hooks: nothing written; run again with --yes to write it\n');
    return false;
  }
  const rl = createInterface({ input: io.stdin, output: io.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(`Write ${plan.path}? [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

export const hooksCommand: CliCommand = {
  name: 'hooks',
  summary: "put gatehouse's permission hook into an agent CLI's own settings, or take it out",
  help: `Usage: gatehouse hooks install <agent> [--yes] [--wait <seconds>]
       gatehouse hooks uninstall <agent> [--yes]

install merges gatehouse's hooks into the CLI's own settings file so that the agent, run by hand in any
terminal, sends every tool call (its PreToolUse hook; Gemini CLI's BeforeTool) and its permission requests
to the hub: the person's policy decides each call whatever the CLI's own settings or mode would do, and what
it asks goes to the person (the portal, \`gatehouse tasks\`, \`gatehouse answer\`);
when the hub is down or nobody answers within the wait, the CLI's own dialog asks as before. The file as it
will be written is shown first. uninstall puts the file back exactly as it was before install (or, if you
changed it since, takes out only the gatehouse hook).

Agents and files: ${hookAgents.map((a) => `${a.id} (${a.name}): ${a.settings.path({}, '~')}`).join('; ')}.

Options:
  -y, --yes             write without asking
      --wait <seconds>  how long the hook waits for a person (default ${DEFAULT_WAIT_SECONDS})`,
  allowPositionals: true,
  options: { yes: { type: 'boolean', short: 'y' }, wait: { type: 'string' } },
  async run(args, io) {
    const [action, agentId] = args.positionals;
    let plan: HookFilePlan;
    let note: string | null = null;
    try {
      if (action !== 'install' && action !== 'uninstall') throw new Error(`give install or uninstall first (got ${JSON.stringify(action ?? '')})`);
      if (!agentId) throw new Error(`give the agent: gatehouse hooks ${action} <${hookAgents.map((a) => a.id).join('|')}>`);
      const agent = hookAgent(agentId);
      const wait = args.values.wait === undefined ? DEFAULT_WAIT_SECONDS : Number(args.values.wait);
      if (!(wait > 0)) throw new Error(`--wait: expected a number of seconds > 0, got ${JSON.stringify(args.values.wait)}`);
      const path = agent.settings.path(process.env, homedir());
      const dir = dataDir(process.env);
      if (action === 'install') {
        const command = (event: string) => hookCommandLine(agent.id, event, wait);
        // The CLI's own limit on the hook: past the wait, so the hook always answers first.
        plan = await planInstall(agent, { path, dataDir: dir, command, timeoutSeconds: wait + 30 });
        note = agent.settings.afterInstall;
      } else {
        plan = await planUninstall(agent, { path, dataDir: dir });
      }
    } catch (err) {
      io.stderr.write(`gatehouse hooks: ${(err as Error).message}\n`);
      return EXIT.usage;
    }
    io.stdout.write(`${plan.summary}\n`);
    if (plan.next === null) return EXIT.submitted;
    io.stdout.write(plan.next === '' ? '' : `\n--- ${plan.path} will hold:\n${plan.next}---\n`);
    if (!(await confirm(io, plan, args.values.yes === true))) return EXIT.usage;
    await plan.apply();
    io.stdout.write(`written: ${plan.path}\n`);
    if (note && action === 'install') io.stdout.write(`${note}\n`);
    return EXIT.submitted;
  },
};
