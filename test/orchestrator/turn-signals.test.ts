// What ends a turn gatehouse prompted, through a real orchestrator, PTY and the fake agent: the CLI's own state in
// its output (OSC 7501, as Codex writes it) when it has one; and when a turn-end hook was wired but never comes
// (a lost Stop hook), the screen's idle decides after the grace — never a task RUNNING forever — and the explain
// lines say which signal decided.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Orchestrator } from '../../server/orchestrator/orchestrator.js';
import { CHANNEL_IDLE_SETTLE_MS, TURN_END_GRACE_MS } from '../../server/orchestrator/task/turn-signals.js';
import { FAKE_AGENT, FAKE_AGENT_ADAPTERS, finished, tempDataDir } from '../support/orchestrator-fixture.js';

// The fake agent as an adapter whose runs get Claude Code's hooks wired (it ignores --settings: its Stop never comes).
const HOOKED_ADAPTER = `  fake-hooked:
    command: ${process.execPath}
    args: [${JSON.stringify(FAKE_AGENT)}, --auto-approve]
    hooks: claude
    detect:
      idle: ['^> ?$']
      busy: ['esc to interrupt']
`;

describe('turn ends under the orchestrator', () => {
  let data: ReturnType<typeof tempDataDir>;
  let orchestrator: Orchestrator;
  beforeEach(() => {
    data = tempDataDir();
    writeFileSync(join(data.dir, 'adapters.yaml'), FAKE_AGENT_ADAPTERS + HOOKED_ADAPTER);
    orchestrator = new Orchestrator({ dataDir: data.dir });
  });
  afterEach(async () => {
    await orchestrator.shutdown();
    data.cleanup();
  });

  it("come from the CLI's OSC 7501 state when it reports one and no turn-end hook is wired", async () => {
    const task = { name: 'agent', adapter: 'fake-agent', autoApprove: true, pendingInputs: ['first', 'second'], env: { FAKE_AGENT_OSC: '1' } };
    const session = orchestrator.start({ stages: [{ tasks: [task] }] });
    const result = await finished(orchestrator, session);
    const done = result.tasks[0];
    expect(done.status).toBe('DONE');
    const explain = done.explain ?? [];
    expect(explain.some((l) => l.includes('fake-agent OSC 7501 state=') && l.includes('reports its own state'))).toBe(true);
    // The last prompt's turn end made the task DONE; no turn waited for a screen fallback.
    expect(explain.at(-1)).toMatch(new RegExp(`DONE ← fake-agent OSC 7501 state=idle app=fake, still idle after ${CHANNEL_IDLE_SETTLE_MS / 1000} s$`));
    expect(explain.some((l) => l.includes('so the screen decides'))).toBe(false);
  });

  it('a lost turn-end hook: the screen read as idle decides after the grace, and says so', async () => {
    const session = orchestrator.start({ stages: [{ tasks: [{ name: 'agent', adapter: 'fake-hooked', pendingInputs: ['hello'] }] }] });
    const result = await finished(orchestrator, session);
    const done = result.tasks[0];
    expect(done.status).toBe('DONE');
    expect(done.command).toContain('--settings');
    expect(done.explain?.at(-1)).toMatch(new RegExp(`DONE ← screen read as idle; no Claude Code turn-end hook within ${TURN_END_GRACE_MS / 1000} s, so the screen decides$`));
  });
});
