import type { CliCommand } from '../command.js';
import { ArgumentError } from '../parse-arguments.js';
import { check } from './policy-check.js';
import { importCommand } from './policy-import.js';
import { log, replayCommand, suggestCommand } from './policy-record.js';
import { test } from './policy-test.js';

const TEST_ONLY = ['agent', 'tool', 'command', 'path', 'url', 'input', 'cwd', 'project'] as const;

export const policyCommand: CliCommand = {
  name: 'policy',
  summary: 'check the permission policy, test it on a request, import the agent CLIs\' own rules, and see, replay and mine the record of requests',
  help: `Usage: gatehouse policy check [file] [--project <dir>] [--json]
       gatehouse policy test --agent <agent> --tool <tool> (--command <cmd> | --path <path> | --url <url> | --input <json>)
                             [--cwd <dir>] [--project <dir>] [--json]
       gatehouse policy import [claude|codex|gemini|qwen …] [--project <dir>] [--yes] [--json]
       gatehouse policy log [--since 7d] [--json]
       gatehouse policy replay [file] [--since 30d] [--risk] [--json]
       gatehouse policy suggest [--since <age>] [--json]

check reads a policy file (default: the file GATEHOUSE_POLICY names, else <data dir>/policy.yaml; a file under a
.gatehouse/ folder is read as a project's own file) and prints its errors as file:line:column (exit 1) or a summary
(exit 0). For the person's own file it then lists every allow in the agent CLIs' own settings (all four) that is
wider than the policy — one the policy would deny, ask about or has no rule for — naming the file and the rule.

import reads the agent CLIs' own rules (default: all four; see README "Importing the CLIs' own rules") into the
person's policy file, each entry scoped to its CLI (and project) with a comment naming the file and line it came
from. It shows the diff and what it leaves out and why (it never widens: what it cannot say exactly, it leaves
out), and writes with --yes or after a yes at the terminal.

test says what the policy would decide for one permission request — allow, ask or deny — and what decided it: a
rule (text, file and line), a protected path, a policy error, or the default (ask the person). A shell command is
shown part by part, as the shell will run it.

log prints the record of permission requests (<data dir>/permissions.jsonl): when, agent, project, tool, what it
wanted, the answer, who decided (a rule, the person and where, a session grant, a timeout, a protected path, a
policy error) and the time it took.

replay decides every recorded request again under a policy (the current one, or a candidate file): counts of
allow / ask / deny, how many of the person's answers it would have saved, and every request it would allow that
the person refused or that no person saw. With --risk: how many of the recorded requests each \`risk:\` setting
(low allow|ask, medium allow|ask, high ask|deny) would have put to the person or denied.

test and log show each request's risk grade (low, medium, high) and its reasons.

suggest mines allow rules from the person's answers ("you allowed \`npm test\` in <project> 41 times"), each scoped
to its project and with its replay counts.

Options:
      --agent <agent>     claude | codex | gemini | qwen
      --tool <tool>       the tool name the CLI's hook sends (Bash, Edit, run_shell_command, apply_patch, mcp__s__t …)
      --command <cmd>     the command line, for shell tools
      --path <path>       the file, for edit and read tools
      --url <url>         the address, for fetch tools
      --input <json>      the tool's input as the hook sends it (instead of --command/--path/--url)
      --cwd <dir>         the agent's working folder (default: this one)
      --project <dir>     the project (default: the nearest folder at or above --cwd with .git or .gatehouse);
                          import and check: whose .claude/, .codex/, .gemini/, .qwen/ files are read (default: here)
  -y, --yes               import: write without asking
      --since <age>       log, replay, suggest: only requests this recent (a number and s, m, h or d: 45m, 7d;
                          default: the whole record)
      --risk              replay: count what each risk: setting would have asked
      --json              print JSON

Examples:
  gatehouse policy check
  gatehouse policy test --agent claude --tool Bash --command "npm test && rm -rf ~"
  gatehouse policy test --agent gemini --tool write_file --path src/app.ts --json
  gatehouse policy log --since 1d
  gatehouse policy replay ./candidate.yaml --since 30d
  gatehouse policy replay --risk --since 30d`,
  allowPositionals: true,
  options: {
    agent: { type: 'string' },
    tool: { type: 'string' },
    command: { type: 'string' },
    path: { type: 'string' },
    url: { type: 'string' },
    input: { type: 'string' },
    cwd: { type: 'string' },
    project: { type: 'string' },
    since: { type: 'string' },
    risk: { type: 'boolean' },
    json: { type: 'boolean' },
    yes: { type: 'boolean', short: 'y' },
  },
  async run(args, io) {
    const [action, ...rest] = args.positionals;
    try {
      if (action !== 'import' && args.values.yes !== undefined) throw new ArgumentError('--yes: only for gatehouse policy import');
      if (action === 'import') {
        const given = TEST_ONLY.find((name) => name !== 'project' && args.values[name] !== undefined);
        if (given) throw new ArgumentError(`--${given}: only for gatehouse policy test`);
        if (args.values.since !== undefined) throw new ArgumentError('--since: only for gatehouse policy log, replay and suggest');
        return await importCommand(rest, args, io);
      }
      if (action !== 'test') {
        const given = TEST_ONLY.find((name) => args.values[name] !== undefined && !(action === 'check' && name === 'project'));
        if (given) throw new ArgumentError(`--${given}: only for gatehouse policy test`);
      }
      if (action !== 'log' && action !== 'replay' && action !== 'suggest' && args.values.since !== undefined) throw new ArgumentError('--since: only for gatehouse policy log, replay and suggest');
      if (action !== 'replay' && args.values.risk !== undefined) throw new ArgumentError('--risk: only for gatehouse policy replay');
      if (action === 'log' || action === 'suggest') {
        if (rest.length > 0) throw new ArgumentError(`unexpected argument ${JSON.stringify(rest[0])} (${action} takes options only; see --help)`);
        return action === 'log' ? await log(args, io) : await suggestCommand(args, io);
      }
      if (action === 'replay') {
        if (rest.length > 1) throw new ArgumentError(`replay takes one file (got ${rest.length})`);
        return await replayCommand(rest[0], args, io);
      }
      if (action === 'check') {
        if (rest.length > 1) throw new ArgumentError(`check takes one file (got ${rest.length})`);
        return await check(rest[0], args.values.json === true, io, typeof args.values.project === 'string' ? args.values.project : undefined);
      }
      if (action === 'test') {
        if (rest.length > 0) throw new ArgumentError(`unexpected argument ${JSON.stringify(rest[0])} (test takes options only; see --help)`);
        return await test(args, io);
      }
      throw new ArgumentError(`give check, test, import, log, replay or suggest first (got ${JSON.stringify(action ?? '')})`);
    } catch (err) {
      if (!(err instanceof ArgumentError)) throw err;
      io.stderr.write(`gatehouse policy: ${err.message}\n`);
      return 2;
    }
  },
};
