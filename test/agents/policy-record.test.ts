// The record of every permission request and the tools that read it (issue 21, parts 4 and 5): a history built
// through REAL requests — the real hook process (`gatehouse hook`, as `hooks install` writes it) against a real
// hub with a policy, the person answering through the API — then `gatehouse policy log | replay | suggest`, the
// real built CLI, checked for the right counts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionRecord, ReplayReport, Suggestion } from '../../server/policy/index.js';
import { nextPendingGateId, runHookProcess } from '../support/hook-process.js';
import { runCli } from '../support/run-cli.js';
import { makeTempHome, startTestHub, type TestHub } from '../support/test-hub.js';

let hub: TestHub;
let project: string;
let policyFile: string;

const runHook = (input: object, agent = 'claude'): Promise<string> => runHookProcess(hub.env, agent, 'PermissionRequest', input).then((exit) => exit.stdout);
const bash = (command: string, session = 'sess-1') => ({ session_id: session, hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command, description: 'd' }, cwd: project, permission_mode: 'default' });
const behavior = (stdout: string) => (JSON.parse(stdout).hookSpecificOutput.decision as { behavior: string }).behavior;

const pendingGate = (seen: Set<string>): Promise<string> => nextPendingGateId(hub, seen);

/** One request the person answers with `option` through the API; returns the CLI's answer. */
async function personAnswers(input: object, option: string, seen: Set<string>, agent = 'claude'): Promise<string> {
  const run = runHook(input, agent);
  const gate = await pendingGate(seen);
  await hub.client.request('POST', `/api/sessions/${gate}/submit`, { selected_ids: [option], interface: 'api' });
  return behavior(await run);
}

async function cli(args: string[]) {
  const run = runCli(['policy', ...args], hub.env, { cwd: project });
  const code = await run.code;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}
async function cliJson<T>(args: string[]): Promise<T> {
  const out = await cli([...args, '--json']);
  expect(out.stderr).toBe('');
  expect(out.code).toBe(0);
  return JSON.parse(out.stdout) as T;
}

beforeAll(async () => {
  hub = await startTestHub();
  policyFile = join(hub.home, 'policy.yaml');
  project = await makeTempHome('gatehouse-record-project-');
  mkdirSync(join(project, '.git'));
  writeFileSync(policyFile, 'allow:\n  - Bash(npm test)\ndeny:\n  - Bash(rm -rf:*)\n');
  // The history: a rule allows, a rule denies, the person allows `npm run lint` three times (Claude Code and
  // Codex), refuses `curl example.com`, grants `make build` for a session, which then lets it through once more.
  const seen = new Set<string>();
  expect(behavior(await runHook(bash('npm test')))).toBe('allow');
  expect(behavior(await runHook(bash('rm -rf build')))).toBe('deny');
  expect(await personAnswers(bash('npm run lint', 'sess-2'), 'yes', seen)).toBe('allow');
  expect(await personAnswers(bash('npm run lint', 'sess-3'), 'yes', seen, 'codex')).toBe('allow');
  expect(await personAnswers(bash('npm run lint', 'sess-4'), 'yes', seen)).toBe('allow');
  expect(await personAnswers(bash('curl example.com'), 'no', seen)).toBe('deny');
  expect(await personAnswers(bash('make build', 'sess-A'), 'session', seen)).toBe('allow');
  expect(behavior(await runHook(bash('make build', 'sess-A')))).toBe('allow');
}, 60_000);
afterAll(async () => {
  await hub.stop();
});

// First, on the history as built above (a later test adds a request of its own).
describe('GET /api/permissions (history of permission requests)', () => {
  type Reply = { items: PermissionRecord[]; total: number; by_decided_by: Record<string, number>; agents: string[] };
  const get = (query: string) => hub.client.request<Reply>('GET', `/api/permissions${query}`);

  it('every request newest first, filtered by who decided: 2 rules, 5 people, 1 session grant', async () => {
    const all = await get('');
    expect(all.total).toBe(8);
    expect(all.items[0]).toMatchObject({ detail: 'make build', decided_by: { kind: 'session-grant' }, gate: null });
    expect(all.by_decided_by).toEqual({ rule: 2, person: 5, 'session-grant': 1 });
    expect(all.agents).toEqual(['claude', 'codex']);
    const rules = await get('?decided_by=rule');
    expect(rules.items.map((r) => [r.detail, r.decision, r.decided_by.text])).toEqual([
      ['rm -rf build', 'deny', `rule Bash(rm -rf:*) (deny) in ${policyFile} line 4`],
      ['npm test', 'allow', `rule Bash(npm test) (allow) in ${policyFile} line 2`],
    ]);
    const people = await get('?decided_by=person&decision=deny');
    expect(people.items.map((r) => r.detail)).toEqual(['curl example.com']);
    expect(people.items[0].gate).toMatch(/\S/);
    expect((await get('?q=lint&agent=codex')).total).toBe(1);
    expect((await get('?page=2&page_size=5')).items).toHaveLength(3);
  });

  it('a bad filter is an error naming the field', async () => {
    const bad = await hub.client.request('GET', '/api/permissions?decided_by=robot&since=7w&page=0').catch((e: { status: number; problems: Array<{ field: string }> }) => e);
    expect((bad as { status: number }).status).toBe(400);
    expect((bad as { problems: Array<{ field: string }> }).problems.map((p) => p.field).sort()).toEqual(['decided_by', 'page']);
    const since = await hub.client.request('GET', '/api/permissions?since=7w').catch((e: { status: number; problems: Array<{ field: string; message: string }> }) => e);
    expect((since as { problems: Array<{ field: string; message: string }> }).problems).toEqual([{ field: 'since', message: 'expected a number and a unit — s, m, h or d (e.g. 7d, 12h) — got "7w"' }]);
  });
});

describe('the record of every permission request', () => {
  it('`policy log --json` has every request: agent, session, project, tool, what, decision, who decided, time', async () => {
    const { records } = await cliJson<{ records: PermissionRecord[] }>(['log']);
    expect(records.map((r) => [r.agent, r.detail, r.decision, r.decided_by.kind, r.decided_by.option ?? r.decided_by.list ?? null])).toEqual([
      ['claude', 'npm test', 'allow', 'rule', 'allow'],
      ['claude', 'rm -rf build', 'deny', 'rule', 'deny'],
      ['claude', 'npm run lint', 'allow', 'person', 'yes'],
      ['codex', 'npm run lint', 'allow', 'person', 'yes'],
      ['claude', 'npm run lint', 'allow', 'person', 'yes'],
      ['claude', 'curl example.com', 'deny', 'person', 'no'],
      ['claude', 'make build', 'allow', 'person', 'session'],
      ['claude', 'make build', 'allow', 'session-grant', null],
    ]);
    const [rule, , person] = records;
    expect(rule).toMatchObject({ tool: 'Bash', agent_session: 'sess-1', cwd: project, gate: null, input: { command: 'npm test' } });
    expect(rule!.decided_by.text).toBe(`rule Bash(npm test) (allow) in ${policyFile} line 2`);
    expect(person!.gate).toEqual(expect.any(String));
    expect(person!.decided_by).toMatchObject({ kind: 'person', via: 'web', option: 'yes' });
    for (const r of records) {
      expect(r.ms).toBeGreaterThanOrEqual(0);
      expect(Date.parse(r.time)).toBeGreaterThan(Date.now() - 120_000);
      expect(r.project).toBe(records[0]!.project);
    }
    const text = await cli(['log', '--since', '1h']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`decided by rule Bash(npm test) (allow) in ${policyFile} line 2`);
    expect(text.stdout).toContain('decided by session grant (Claude Code session sess-A)');
  });

  it('--since with a bad value is an error naming the flag; a recent --since leaves older records out', async () => {
    const bad = await cli(['log', '--since', '7 days']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--since: expected a number and a unit');
    const none = await cliJson<{ records: PermissionRecord[] }>(['log', '--since', '0s']);
    expect(none.records).toEqual([]);
  });
});

describe('gatehouse policy replay', () => {
  it('the current policy: allow 1, ask 6, deny 1; saves none of the 5 answers; lists the rule-allowed request no person saw', async () => {
    const report = await cliJson<ReplayReport & { policy: string }>(['replay', '--since', '1h']);
    expect(report.policy).toBe(policyFile);
    expect(report).toMatchObject({ requests: 8, decisions: { allow: 1, ask: 6, deny: 1 }, person_answers: 5, saved: 0, against_person: 0 });
    expect(report.allowed_unvetted.map((i) => [i.detail, i.why])).toEqual([['npm test', 'unseen']]);
  });

  it('a candidate file: counts, the answers it saves, and every allow the person refused or never saw', async () => {
    const candidate = join(project, 'candidate.yaml');
    writeFileSync(candidate, 'allow:\n  - Bash(npm test)\n  - Bash(npm run lint)\n  - Bash(curl:*)\ndeny:\n  - Bash(rm -rf:*)\n');
    const report = await cliJson<ReplayReport>(['replay', candidate]);
    expect(report).toMatchObject({ requests: 8, decisions: { allow: 5, ask: 2, deny: 1 }, person_answers: 5, saved: 4, against_person: 1 });
    expect(report.allowed_unvetted.map((i) => [i.detail, i.why, i.was])).toEqual([
      ['npm test', 'unseen', 'allow'],
      ['curl example.com', 'refused', 'deny'],
    ]);
    expect(report.allowed_unvetted[1]!.allowed_by).toBe(`rule Bash(curl:*) (allow, ${candidate}:4)`);
    const text = await cli(['replay', candidate]);
    expect(text.stdout).toContain('would:    allow 5, ask 2, deny 1');
    expect(text.stdout).toContain("saved:    4 of the person's 5 answers (1 the other way from the person)");
    const missing = await cli(['replay', join(project, 'nope.yaml')]);
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.stderr).toContain('no such file');
  });
});

describe('gatehouse policy suggest', () => {
  it('mines the allows: `npm run lint` 3 times, then `make build` once, each with its replay counts', async () => {
    const { suggestions } = await cliJson<{ suggestions: Suggestion[] }>(['suggest']);
    const projectDir = suggestions[0]!.project;
    expect(suggestions.map((s) => [s.rule, s.allowed, s.refused, s.agents])).toEqual([
      ['Bash(npm run lint)', 3, 0, ['claude', 'codex']],
      ['Bash(make build)', 1, 0, ['claude']],
    ]);
    expect(suggestions[0]!.text).toBe(`you allowed \`npm run lint\` in ${projectDir} 3 times`);
    expect(suggestions[0]!.replay).toMatchObject({ requests: 8, decisions: { allow: 4, ask: 3, deny: 1 }, person_answers: 5, saved: 3, against_person: 0, allowed_unvetted: 1 });
    expect(suggestions[1]!.replay).toMatchObject({ decisions: { allow: 3, ask: 4, deny: 1 }, saved: 1, allowed_unvetted: 2 });
    // The suggested entry, pasted into the policy, makes the next such request need no one.
    writeFileSync(policyFile, `allow:\n  - Bash(npm test)\n${suggestions[0]!.yaml.replace(/^/gm, '  ')}\ndeny:\n  - Bash(rm -rf:*)\n`);
    expect(behavior(await runHook(bash('npm run lint', 'sess-9')))).toBe('allow');
    const text = await cli(['suggest']);
    expect(text.stdout).toContain('you allowed `make build`');
    expect(text.stdout).not.toContain('npm run lint');
  });
});
