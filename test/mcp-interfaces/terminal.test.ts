import { afterAll, describe, expect, it } from 'vitest';
import type { TestHub } from '../support/test-hub.js';
import { useHubWithMcp, type TestMcp } from '../support/mcp-client.js';
import { TuiDriver } from '../support/tui-driver.js';

let hub: TestHub;
let mcp: TestMcp;
let tui: TuiDriver | undefined;
useHubWithMcp((f) => ({ hub, mcp } = f));
afterAll(async () => {
  await tui?.kill();
});

describe('provide_choice with interface "terminal"', () => {
  it('hands out a terminal_command that works pasted into a shell in another directory; the poll gets the answer', async () => {
    const start = await mcp.call<any>('provide_choice', {
      prompt: 'Which log level for production?',
      title: 'Log level',
      options: [{ id: 'info', label: 'info' }, { id: 'warn', label: 'warn' }],
      interface: 'terminal',
    });
    expect(start.instructions).toContain(`Ask the user to run this in a terminal: ${start.terminal_command}`);
    const { GATEHOUSE_HOME: _home, ...withoutHome } = hub.env; // the command itself carries the data dir
    tui = new TuiDriver([], withoutHome, undefined, { command: start.terminal_command, cwd: '/tmp' });
    await tui.waitFor('2. warn');
    tui.press({ text: 'j' }, 'enter');
    const result = await mcp.call<any>('provide_choice', { session_id: start.session_id, wait_seconds: 20 });
    expect(result).toMatchObject({ status: 'submitted', selected: [{ id: 'warn', label: 'warn' }], interface: 'terminal' });
    expect(await tui.exited).toBe(0);
  });
});
