// The command line an agent CLI runs as gatehouse's hook: this gatehouse's own node and launcher, so the hook
// works whatever PATH the agent runs with.
import { cliLauncher } from '../package-info.js';

export function hookCommandLine(agentId: string, event: string, waitSeconds?: number): string {
  const wait = waitSeconds === undefined ? '' : ` --wait ${waitSeconds}`;
  return `${JSON.stringify(process.execPath)} ${JSON.stringify(cliLauncher)} hook ${agentId} ${event}${wait}`;
}
