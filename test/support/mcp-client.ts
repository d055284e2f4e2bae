import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll } from 'vitest';
import { cliLauncher } from '../../server/package-info.js';
import { startTestHub, type TestHub } from './test-hub.js';

export interface TestMcp {
  client: Client;
  stderr: () => string;
  /** Calls a tool and returns its structured content (or throws with the text of an error result). */
  call<T = Record<string, unknown>>(name: string, args: Record<string, unknown>, onprogress?: (p: { progress: number; message?: string }) => void): Promise<T>;
  /** Calls a tool and returns the raw result, errors included. */
  raw(name: string, args: Record<string, unknown>): Promise<{ isError?: boolean; content: Array<{ type: string; text?: string }>; structuredContent?: unknown }>;
  close(): Promise<void>;
}

/** How a test client presents itself: its clientInfo and the working folder `gatehouse mcp` runs in. */
export interface TestMcpIdentity {
  name?: string;
  version?: string;
  cwd?: string;
}

/** Spawns `gatehouse mcp` (built dist) and connects the SDK's Client to it over stdio. */
export async function startTestMcp(env: NodeJS.ProcessEnv, capabilities: ClientCapabilities = {}, identity: TestMcpIdentity = {}): Promise<TestMcp> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [cliLauncher, 'mcp'], env: env as Record<string, string>, stderr: 'pipe', ...(identity.cwd ? { cwd: identity.cwd } : {}) });
  let stderr = '';
  transport.stderr?.on('data', (d) => (stderr += String(d)));
  const client = new Client({ name: identity.name ?? 'gatehouse-test', version: identity.version ?? '0.0.0' }, { capabilities });
  await client.connect(transport);
  const raw: TestMcp['raw'] = async (name, args) => (await client.callTool({ name, arguments: args })) as never;
  return {
    client,
    stderr: () => stderr,
    raw,
    async call(name, args, onprogress) {
      const result = (await client.callTool({ name, arguments: args }, undefined, onprogress ? { onprogress, timeout: 120_000 } : { timeout: 120_000 })) as { isError?: boolean; content: Array<{ text?: string }>; structuredContent?: unknown };
      if (result.isError) throw new Error(result.content.map((c) => c.text).join('\n'));
      return result.structuredContent as never;
    },
    close: () => client.close(),
  };
}

/**
 * For a test file: a real hub and a `gatehouse mcp` client on it, started before the tests and stopped after.
 * `use` receives them (e.g. `useHubWithMcp((f) => ({ hub, mcp } = f))`).
 */
export function useHubWithMcp(use: (fixture: { hub: TestHub; mcp: TestMcp }) => void): void {
  let fixture: { hub: TestHub; mcp: TestMcp } | undefined;
  beforeAll(async () => {
    const hub = await startTestHub();
    fixture = { hub, mcp: await startTestMcp(hub.env) };
    use(fixture);
  });
  afterAll(async () => {
    await fixture?.mcp.close();
    await fixture?.hub.stop();
  });
}
