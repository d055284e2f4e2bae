import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestMcp, type TestMcp } from '../support/mcp-client.js';
import { runCli } from '../support/run-cli.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

// A bad CHOICE_LANG reaches the person who set it, wherever they look — not only the detached hub's log.
const PROBLEM = 'CHOICE_LANG="fr" is not supported (use en or zh); gatehouse uses English';

let hub: TestHub;
let mcp: TestMcp;
beforeAll(async () => {
  hub = await startTestHub();
  mcp = await startTestMcp({ ...hub.env, CHOICE_LANG: 'fr' });
});
afterAll(async () => {
  await mcp?.close();
  await hub?.stop();
});

describe('a bad CHOICE_LANG', () => {
  it("is in the MCP server's stderr and in the notices of the agent's start result", async () => {
    const start = await mcp.call<{ status: string; session_id: string; notices?: string[] }>('provide_choice', {
      prompt: 'Pick',
      options: [{ id: 'a', label: 'A' }],
      interface: 'web',
    });
    expect(start.status).toBe('pending');
    expect(start.notices).toContainEqual(expect.stringContaining(PROBLEM));
    expect(mcp.stderr()).toContain(PROBLEM);
    await hub.client.request('POST', `/api/sessions/${start.session_id}/cancel`, {});
  });

  it('is printed by every CLI command, and a good value prints nothing', async () => {
    const bad = runCli(['status'], { ...hub.env, CHOICE_LANG: 'fr' });
    await bad.code;
    expect(bad.stderr()).toContain(`gatehouse: ${PROBLEM}`);
    const good = runCli(['status'], { ...hub.env, CHOICE_LANG: 'zh' });
    await good.code;
    expect(good.stderr()).not.toContain('CHOICE_LANG');
  });
});
