import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { launchWithAgentHooks, taskDir } from './launch.js';

let root: string;
beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'gatehouse-hooks-launch-'))));
afterEach(() => rmSync(root, { recursive: true, force: true }));

function setup() {
  const dataDir = join(root, 'data');
  const home = join(root, 'home');
  const cwd = join(root, 'proj');
  for (const d of [dataDir, home, cwd]) mkdirSync(d, { recursive: true });
  return { dataDir, home, cwd, taskId: 'wf-1.agent' };
}

describe('hooks wired into an orchestrated agent run', () => {
  it('an adapter without hooks gets nothing', () => {
    const s = setup();
    expect(launchWithAgentHooks({ agentId: undefined, ...s, env: { HOME: s.home } })).toBeNull();
  });

  it("Claude Code: a settings file in the task's own folder, loaded with --settings; the person's files untouched", () => {
    const s = setup();
    const hooked = launchWithAgentHooks({ agentId: 'claude', ...s, env: { HOME: s.home } })!;
    const file = join(taskDir(s.dataDir, s.taskId), 'claude-settings.json');
    expect(hooked.args).toEqual(['--settings', file]);
    // The task's id and CLI tell a hook of the person's own (installed by hand) that the task's hook answers.
    expect(hooked.env).toEqual({ GATEHOUSE_TASK_ID: 'wf-1.agent', GATEHOUSE_TASK_AGENT: 'claude', GATEHOUSE_HOME: s.dataDir });
    const { hooks } = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(hooks)).toEqual(['PreToolUse', 'PermissionRequest', 'Stop', 'Notification']);
    // The hook before every call answers as the task's too: the policy decides calls Claude's own allow list would let through.
    expect(hooks.PreToolUse[0]).toMatchObject({ matcher: '*' });
    expect(hooks.PreToolUse[0].hooks[0].command).toMatch(/gatehouse-hook\.cjs" claude PreToolUse --wait \d+ --task "wf-1\.agent"$/);
    expect(hooks.PermissionRequest[0].hooks[0].command).toMatch(/gatehouse-hook\.cjs" claude PermissionRequest --wait \d+ --task "wf-1\.agent"$/);
    expect(hooks.Stop[0].hooks[0].command).toMatch(/gatehouse-hook\.cjs" claude Stop --task "wf-1\.agent"$/);
    expect(hooks.Notification[0].hooks[0].command).toMatch(/gatehouse-hook\.cjs" claude Notification --task "wf-1\.agent"$/);
    expect(existsSync(join(s.home, '.claude'))).toBe(false);
    hooked.cleanup();
    expect(existsSync(taskDir(s.dataDir, s.taskId))).toBe(false);
  });

  it("Codex: a task-owned CODEX_HOME seeded from the person's (config, auth, rules; not sessions), with only gatehouse's hooks trusted for the run", () => {
    const s = setup();
    const theirs = join(s.home, '.codex');
    mkdirSync(join(theirs, 'rules'), { recursive: true });
    mkdirSync(join(theirs, 'sessions'), { recursive: true });
    writeFileSync(join(theirs, 'config.toml'), 'model = "x"\n');
    writeFileSync(join(theirs, 'auth.json'), '{"k":1}');
    writeFileSync(join(theirs, 'rules', 'default.rules'), 'allow');
    const hooked = launchWithAgentHooks({ agentId: 'codex', ...s, env: { HOME: s.home } })!;
    const home = hooked.env.CODEX_HOME;
    expect(home).toBe(join(taskDir(s.dataDir, s.taskId), 'codex-home'));
    expect(readFileSync(join(home, 'config.toml'), 'utf8')).toBe('model = "x"\n');
    expect(readFileSync(join(home, 'auth.json'), 'utf8')).toBe('{"k":1}');
    expect(readFileSync(join(home, 'rules', 'default.rules'), 'utf8')).toBe('allow');
    expect(existsSync(join(home, 'sessions'))).toBe(false);
    expect(Object.keys(JSON.parse(readFileSync(join(home, 'hooks.json'), 'utf8')).hooks)).toEqual(['PreToolUse', 'PermissionRequest', 'Stop']);
    expect(hooked.args).toEqual(['--dangerously-bypass-hook-trust']);
    expect(hooked.screenAfterPrompt).toBeUndefined();
    expect(existsSync(join(theirs, 'hooks.json'))).toBe(false);
  });

  it("Codex with the person's own hooks: theirs kept (a hand-installed gatehouse hook dropped), and no trust bypass — Codex asks to review", () => {
    const s = setup();
    const theirs = join(s.home, '.codex');
    mkdirSync(theirs, { recursive: true });
    const audit = { matcher: '*', hooks: [{ type: 'command', command: 'audit-log' }] };
    const installed = { matcher: '*', hooks: [{ type: 'command', command: '"/usr/bin/node" "/opt/gatehouse/bin/gatehouse.js" hook codex PermissionRequest --wait 120' }] };
    writeFileSync(join(theirs, 'hooks.json'), JSON.stringify({ hooks: { PermissionRequest: [audit, installed] } }));
    const hooked = launchWithAgentHooks({ agentId: 'codex', ...s, env: { HOME: s.home } })!;
    const { hooks } = JSON.parse(readFileSync(join(hooked.env.CODEX_HOME, 'hooks.json'), 'utf8'));
    expect(hooks.PermissionRequest).toHaveLength(2);
    expect(hooks.PermissionRequest[0]).toEqual(audit);
    expect(hooks.PermissionRequest[1].hooks[0].command).toContain('gatehouse-hook.cjs" codex PermissionRequest --wait 3600');
    expect(hooked.args).toEqual([]);
    expect(hooked.note).toContain('your hooks.json is in play too');
    // Codex draws its composer before the review: the task's first input waits for the review to have shown.
    expect(hooked.screenAfterPrompt).toBe('Hooks need review');
  });

  it("Codex in a project with its own .codex/: no trust bypass", () => {
    const s = setup();
    mkdirSync(join(s.cwd, '.codex'));
    expect(launchWithAgentHooks({ agentId: 'codex', ...s, env: { HOME: s.home } })!.args).toEqual([]);
  });

  it("Gemini CLI: a task-owned GEMINI_CLI_HOME seeded from the person's .gemini (not their chats), their settings and hooks kept, gatehouse's added (timeouts in ms); the hook is the gate (yolo)", () => {
    const s = setup();
    const theirs = join(s.home, '.gemini');
    mkdirSync(join(theirs, 'tmp', 'chats'), { recursive: true });
    mkdirSync(join(theirs, 'commands'), { recursive: true });
    writeFileSync(join(theirs, 'commands', 'x.toml'), 'prompt = "x"');
    writeFileSync(join(theirs, 'trustedFolders.json'), '{"/p":"TRUST_FOLDER"}');
    const audit = { matcher: 'run_shell_command', hooks: [{ type: 'command', command: 'audit-log' }] };
    const installed = { matcher: '.*', hooks: [{ type: 'command', command: '"/usr/bin/node" "/opt/gatehouse/dist/cli/gatehouse-hook.cjs" gemini BeforeTool --wait 120' }] };
    writeFileSync(join(theirs, 'settings.json'), JSON.stringify({ ui: { theme: 'x' }, hooks: { BeforeTool: [audit, installed] } }));
    const hooked = launchWithAgentHooks({ agentId: 'gemini', ...s, env: { HOME: s.home } })!;
    const ours = join(taskDir(s.dataDir, s.taskId), 'gemini-home');
    expect(hooked.env.GEMINI_CLI_HOME).toBe(ours);
    expect(hooked.args).toEqual(['--approval-mode', 'yolo']);
    expect(readFileSync(join(ours, '.gemini/trustedFolders.json'), 'utf8')).toBe('{"/p":"TRUST_FOLDER"}');
    expect(readFileSync(join(ours, '.gemini/commands/x.toml'), 'utf8')).toBe('prompt = "x"');
    expect(existsSync(join(ours, '.gemini/tmp'))).toBe(false);
    const written = JSON.parse(readFileSync(join(ours, '.gemini/settings.json'), 'utf8'));
    expect(written.ui).toEqual({ theme: 'x' });
    // Their own hook kept, a hand-installed gatehouse hook left out (the task's own takes its place).
    expect(written.hooks.BeforeTool).toHaveLength(2);
    expect(written.hooks.BeforeTool[0]).toEqual(audit);
    const gate = written.hooks.BeforeTool[1];
    expect(gate.hooks[0]).toMatchObject({ timeout: 3630_000 });
    expect(gate.hooks[0].command).toMatch(/gatehouse-hook\.cjs" gemini BeforeTool --wait 3600 --task "wf-1\.agent"$/);
    // Every tool call is asked about (reads too: a deny of Read(./.env) holds) but Gemini's own question tool.
    const matcher = new RegExp(gate.matcher);
    expect(['read_file', 'glob', 'ask_user'].filter((t) => matcher.test(t))).toEqual(['read_file', 'glob']);
    expect(['run_shell_command', 'write_file', 'replace', 'mcp_gatehouse_provide_choice', 'read_file_x'].every((t) => matcher.test(t))).toBe(true);
    expect(written.hooks.AfterAgent[0].hooks[0]).toMatchObject({ timeout: 15_000 });
    // Its SessionStart hook is the proof its hooks run: nothing is typed into the yolo run before it came.
    expect(written.hooks.SessionStart[0].hooks[0].command).toMatch(/gatehouse-hook\.cjs" gemini SessionStart --task "wf-1\.agent"$/);
    expect(hooked.hooksProvenBy).toBe('SessionStart');
    expect(JSON.parse(readFileSync(join(theirs, 'settings.json'), 'utf8')).hooks.BeforeTool).toEqual([audit, installed]);
  });

  it("Gemini CLI whose settings refuse yolo: no yolo, no BeforeTool hook (Gemini's own dialog asks), AfterAgent kept; hooks off: the launch fails and leaves no task folder", () => {
    const s = setup();
    mkdirSync(join(s.cwd, '.gemini'));
    writeFileSync(join(s.cwd, '.gemini/settings.json'), JSON.stringify({ security: { disableYoloMode: true } }));
    const hooked = launchWithAgentHooks({ agentId: 'gemini', ...s, env: { HOME: s.home } })!;
    expect(hooked.args).toEqual([]);
    expect(hooked.hooksProvenBy).toBeUndefined();
    expect(hooked.note).toContain(`not run in yolo (Gemini CLI refuses it: security.disableYoloMode true in ${join(s.cwd, '.gemini/settings.json')})`);
    const written = JSON.parse(readFileSync(join(taskDir(s.dataDir, s.taskId), 'gemini-home/.gemini/settings.json'), 'utf8'));
    expect(Object.keys(written.hooks)).toEqual(['AfterAgent']);
    writeFileSync(join(s.cwd, '.gemini/settings.json'), JSON.stringify({ hooksConfig: { enabled: false } }));
    expect(() => launchWithAgentHooks({ agentId: 'gemini', ...s, env: { HOME: s.home } })).toThrow(`hooksConfig.enabled false in ${join(s.cwd, '.gemini/settings.json')}`);
    expect(existsSync(taskDir(s.dataDir, s.taskId))).toBe(false);
  });

  it('Qwen Code: its QWEN_CODE_SYSTEM_DEFAULTS_PATH names the task\'s file; a machine file that is not JSON fails the launch, naming it', () => {
    const s = setup();
    const hooked = launchWithAgentHooks({ agentId: 'qwen', ...s, env: { HOME: s.home, QWEN_CODE_SYSTEM_DEFAULTS_PATH: join(root, 'none.json') } })!;
    expect(hooked.args).toEqual([]);
    const { hooks } = JSON.parse(readFileSync(hooked.env.QWEN_CODE_SYSTEM_DEFAULTS_PATH, 'utf8'));
    expect(Object.keys(hooks)).toEqual(['PreToolUse', 'PermissionRequest', 'Stop']);
    expect(hooks.PermissionRequest[0].matcher).toBe('*');
    writeFileSync(join(root, 'bad.json'), '{ nope');
    expect(() => launchWithAgentHooks({ agentId: 'qwen', ...s, env: { HOME: s.home, QWEN_CODE_SYSTEM_DEFAULTS_PATH: join(root, 'bad.json') } })).toThrow(`${join(root, 'bad.json')}: not valid JSON`);
  });
});
