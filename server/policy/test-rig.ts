// For the policy's tests: a home, a data directory, a project and a person's policy file in a temp folder.
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPolicyEngine, type PolicyEngine } from './engine.js';
import type { PolicyRequest } from './types.js';

export interface PolicyRig {
  root: string;
  home: string;
  dataDir: string;
  project: string;
  policyFile: string;
  engine: PolicyEngine;
  /** Writes the person's policy file. */
  policy(text: string): Promise<void>;
  /** Writes the project's own .gatehouse/policy.yaml. */
  projectPolicy(text: string): Promise<void>;
  /** A request from `agent` in the project (cwd: the project unless given). */
  bash(command: string, extra?: Partial<PolicyRequest>): PolicyRequest;
  remove(): Promise<void>;
}

export async function policyRig(): Promise<PolicyRig> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'gatehouse-policy-')));
  const home = join(root, 'home');
  const dataDir = join(home, '.local', 'share', 'gatehouse');
  const project = join(home, 'src', 'app');
  await mkdir(dataDir, { recursive: true });
  await mkdir(join(project, 'src'), { recursive: true });
  const policyFile = join(dataDir, 'policy.yaml');
  const engine = await createPolicyEngine({ env: { GATEHOUSE_HOME: dataDir }, home, policyFile });
  return {
    root,
    home,
    dataDir,
    project,
    policyFile,
    engine,
    policy: (text) => writeFile(policyFile, text),
    async projectPolicy(text) {
      await mkdir(join(project, '.gatehouse'), { recursive: true });
      await writeFile(join(project, '.gatehouse', 'policy.yaml'), text);
    },
    bash: (command, extra = {}) => ({ agent: 'claude', tool: 'Bash', input: { command }, cwd: project, ...extra }),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
