// `gatehouse hook <agent> <event>`: run by an agent CLI on every permission request, which waits for it — so it
// loads only what it needs (its own entry, server/cli/entries/hook-entry.ts, bundled apart from the CLI) and
// posts straight to the hub named in hub.json.
import { appendFileSync } from 'node:fs';
import { envNumber } from '../../config/env-number.js';
import { hubForHook } from '../../agents/hook-hub.js';
import { DEFAULT_HOOK_WAIT_SECONDS } from '../../agents/hook-command-line.js';
import { hookAgent, hookAgents } from '../../agents/hook-agents.js';
import type { AgentHooks, CallDecision, HookDecision } from '../../agents/agent-hooks.js';
import type { CliCommand, CliIo } from '../command.js';

/** Hook input is a small JSON object; anything far larger is not what a CLI sends. */
const MAX_INPUT_BYTES = 4 * 1024 * 1024;

async function readStdin(io: CliIo): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of io.stdin) {
    size += (chunk as Buffer).length;
    if (size > MAX_INPUT_BYTES) throw new Error(`hook input is larger than ${MAX_INPUT_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function answer(io: CliIo, agent: AgentHooks, decision: HookDecision, message: string): number {
  const reply = agent.reply(decision, message);
  io.stdout.write(reply.stdout);
  return reply.exitCode;
}

/** When the hook's own steps happened (performance.now() of this process). */
interface HookMarks {
  /** The hook's code runs (Node started and loaded the entry). */
  running: number;
  /** The CLI's hook input was read to its end. */
  read: number;
  posted: number;
  answered: number;
  /** An installed hook that stepped aside for the task's own. */
  deferred?: true;
}

/**
 * For the bench (GATEHOUSE_HOOK_TIMES=<file>): one JSON line per hook run with epoch ms of the process start and
 * of each mark, so the time an agent CLI takes to run its hook is told apart from Node's start, the CLI's writing
 * of the hook input, the request and the hub.
 */
function noteTimes(event: string, marks: HookMarks): void {
  const file = process.env.GATEHOUSE_HOOK_TIMES;
  if (!file) return;
  const started = performance.timeOrigin;
  const epoch = (ms: number) => Math.round((started + ms) * 10) / 10;
  const at = Object.fromEntries(Object.entries(marks).map(([name, ms]) => [name, typeof ms === 'number' ? epoch(ms) : ms]));
  try {
    appendFileSync(file, `${JSON.stringify({ event, pid: process.pid, started: epoch(0), ...at })}\n`);
  } catch {
    // A bench aid only: never in the way of the answer.
  }
}

const taskHookPath = (taskId: string, agent: AgentHooks, event: string) => `/api/tasks/${encodeURIComponent(taskId)}/hooks/${agent.id}/${encodeURIComponent(event)}`;

export const hookCommand: CliCommand = {
  name: 'hook',
  summary: "answer an agent CLI's permission hook by asking the person through the hub",
  help: `Usage: gatehouse hook <agent> <event> [--wait <seconds>]

Run by the agent CLI itself, as its hook command (see \`gatehouse hooks install\`): its hook before every
tool call (PreToolUse) and its permission hook (PermissionRequest; Gemini CLI's BeforeTool is both). The
person's policy decides every call through the first, whatever the CLI's own settings or mode would do; where
the CLI still asks, the second takes the same decision (the person is asked once). Reads the hook's JSON
on stdin, asks the person through the running hub (portal, \`gatehouse tasks\`, \`gatehouse answer\`) and
prints the CLI's hook answer: Yes allows the tool call once (no allow rule is saved), No refuses it and the
agent is told. When the hub is not running, or nobody answers within the wait, it answers "ask" (nothing, or
Gemini CLI's {"decision":"ask"}), which leaves the decision to the CLI's own dialog, and the hook before every
call passes (no output: the CLI's own settings decide); it never allows or refuses on its own. Gemini CLI's BeforeTool hook cannot grant a call: after a Yes, Gemini's own policy decides.

The hooks a task started by \`gatehouse run\` wires in for itself (--task <id>: the hook before every call and
the permission hook) ask as the task's: the policy
and the task's own rules answer, else the person through the same permission gate (the portal, Telegram,
\`gatehouse answer\`), shown as the task's question too (\`gatehouse tasks\`, /api/tasks/:id/choose); the CLI's
turn-end event (Stop) tells the task its agent is idle; Claude Code's Notification is recorded in the task's
explain lines (its idle_prompt ends a turn too). A hook installed by hand that runs inside such a task of its
own CLI (GATEHOUSE_TASK_ID and GATEHOUSE_TASK_AGENT set) steps aside at once: it prints nothing, which the
CLIs read as no decision from that hook, so the task's hook alone decides.

Agents: ${hookAgents.map((a) => `${a.id} (${a.name}, events ${[a.callHook?.event, a.permissionEvent].filter(Boolean).join(' and ')})`).join(', ')}.

Options:
      --wait <seconds>  how long to wait for the person (default GATEHOUSE_HOOK_WAIT_SECONDS or ${DEFAULT_HOOK_WAIT_SECONDS})
      --task <id>       the orchestrated task this hook is wired into (set by \`gatehouse run\`)`,
  allowPositionals: true,
  options: { wait: { type: 'string' }, task: { type: 'string' } },
  async run(args, io) {
    const running = performance.now();
    const [agentId, event] = args.positionals;
    let agent: AgentHooks;
    let waitSeconds: number;
    try {
      if (!agentId || !event) throw new Error('give the agent and the hook event: gatehouse hook <agent> <event>');
      agent = hookAgent(agentId);
      const fromFlag = args.values.wait === undefined ? undefined : Number(args.values.wait);
      if (fromFlag !== undefined && !(fromFlag > 0)) throw new Error(`--wait: expected a number of seconds > 0, got ${JSON.stringify(args.values.wait)}`);
      waitSeconds = fromFlag ?? envNumber(process.env, 'GATEHOUSE_HOOK_WAIT_SECONDS', DEFAULT_HOOK_WAIT_SECONDS, 1);
    } catch (err) {
      // Exit 1 is a non-blocking hook error for the CLIs: their own dialog still asks the person.
      io.stderr.write(`gatehouse hook: ${(err as Error).message}\n`);
      return 1;
    }
    // The task's own hook (--task): the hub answers as that task's (its policy, else its person).
    const insideTask = process.env.GATEHOUSE_TASK_ID || null;
    const ownTask = typeof args.values.task === 'string' && args.values.task ? args.values.task : null;
    const taskId = ownTask ?? insideTask;
    if (!ownTask && insideTask && process.env.GATEHOUSE_TASK_AGENT === agent.id) {
      // An installed hook inside a task of its own CLI: the task's hook asks the same question, and governs. No
      // output is no decision in Claude Code (the first hook that decides wins), Qwen Code (deny over allow among
      // those that decide) and Gemini CLI (only hooks that printed something are merged); Codex's task config
      // leaves an installed hook out. So answering nothing leaves the call to the task's hook alone.
      // The input is read all the same: a CLI writing it to a hook that already left would see a broken pipe.
      await readStdin(io).catch(() => '');
      const read = performance.now();
      io.stderr.write(`gatehouse hook: inside gatehouse task ${insideTask}, whose own hook answers; this one stays out\n`);
      noteTimes(event, { running, read, posted: read, answered: read, deferred: true });
      return 0;
    }
    if (taskId && (event === agent.turnEndEvent || event === agent.noticeEvent || event === agent.startEvent)) {
      try {
        const input = JSON.parse((await readStdin(io)) || '{}');
        const read = performance.now();
        const hub = await hubForHook(process.env);
        const posted = performance.now();
        await hub.request('POST', taskHookPath(taskId, agent, event), { input }, { signal: AbortSignal.timeout(10_000) });
        noteTimes(event, { running, read, posted, answered: performance.now() });
      } catch (err) {
        io.stderr.write(`gatehouse hook: task ${taskId} was not told of its ${event} hook: ${(err as Error).message}\n`);
      }
      return 0;
    }
    const callHook = agent.callHook?.event === event ? agent.callHook : null;
    if (event !== agent.permissionEvent && !callHook) {
      const answered = [agent.permissionEvent, agent.callHook?.event].filter(Boolean).join(', ');
      io.stderr.write(`gatehouse hook: ${agent.name} event "${event}" is not answered by gatehouse (only ${answered}); leaving it to ${agent.name}\n`);
      return answer(io, agent, 'ask', '');
    }
    // The hook before every call passes (no output) where it cannot decide: the CLI's own settings and mode apply.
    const fallback = () => (callHook ? callHook.reply('pass', '') : agent.reply('ask', ''));
    const itself = callHook ? 'decides itself (its own settings and mode)' : 'asks itself';
    try {
      const input = JSON.parse(await readStdin(io));
      const read = performance.now();
      agent.parsePermission(input);
      // A hub this call had to start has no portal open yet: its policy decides, and what it would ask is left to the
      // CLI, where the person is (Qwen Code: already asked in its own dialog before its PreToolUse).
      let started = false;
      const hub = await hubForHook(process.env, { start: callHook !== null, onStarting: () => (started = true) });
      const posted = performance.now();
      const decided = await hub.request<{ decision: CallDecision; message: string }>(
        'POST',
        taskId ? taskHookPath(taskId, agent, event) : `/api/hooks/${agent.id}/${callHook ? 'call' : 'permission'}`,
        { input, wait_seconds: waitSeconds, ...(started ? { ask_person: false } : {}) },
        { signal: AbortSignal.timeout((waitSeconds + 15) * 1000) },
      );
      noteTimes(event, { running, read, posted, answered: performance.now() });
      if (decided.decision === 'ask' || decided.decision === 'pass') io.stderr.write(`gatehouse hook: ${decided.message}; ${agent.name} ${itself}\n`);
      const reply = callHook ? callHook.reply(decided.decision, decided.message) : agent.reply(decided.decision === 'pass' ? 'ask' : decided.decision, decided.message);
      io.stdout.write(reply.stdout);
      return reply.exitCode;
    } catch (err) {
      io.stderr.write(`gatehouse hook: ${(err as Error).message}; ${agent.name} ${itself}\n`);
      const reply = fallback();
      io.stdout.write(reply.stdout);
      return reply.exitCode;
    }
  },
};
