// `gatehouse hooks install|uninstall` through the built CLI, on a throw-away HOME: shown before written,
// merged into the person's own file, and taken out byte for byte. Then Claude Code run by hand with only the
// installed hook (no --settings) sends its permission request to the hub.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordTestedWith } from './tested-with.js';
import { cliLauncher } from '../../server/package-info.js';
import { askAndRefuse, skipUnlessInstalled, startHookRun, type HookRun } from '../support/agent-hook-run.js';

const run$ = promisify(execFile);
const tmpRoot = join(process.cwd(), '.tmp');
const dirs: string[] = [];
let run: HookRun | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempHome(): string {
  mkdirSync(tmpRoot, { recursive: true });
  const d = mkdtempSync(join(tmpRoot, 'hooks-install-'));
  dirs.push(d);
  return d;
}

async function gatehouse(home: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, GATEHOUSE_HOME: join(home, 'gatehouse-data') };
  delete env.CLAUDE_CONFIG_DIR;
  delete env.CODEX_HOME;
  delete env.GEMINI_CLI_HOME;
  delete env.QWEN_HOME;
  return run$(process.execPath, [cliLauncher, 'hooks', ...args], { env });
}

// The person's own file, written their way: 4-space indent, no final newline, a hook of their own.
const THEIRS = '{\n    "model": "opus",\n    "hooks": {\n        "PermissionRequest": [\n            { "matcher": "Bash", "hooks": [ { "type": "command", "command": "audit-log" } ] }\n        ]\n    }\n}';

describe('gatehouse hooks install / uninstall', () => {
  it('shows the file before writing and writes nothing without --yes when nobody can be asked', async () => {
    const home = tempHome();
    mkdirSync(join(home, '.claude'));
    writeFileSync(join(home, '.claude/settings.json'), THEIRS);
    const err = await gatehouse(home, 'install', 'claude').catch((e) => e);
    expect(err.code).toBe(2);
    expect(err.stdout).toContain(`--- ${join(home, '.claude/settings.json')} will hold:`);
    expect(err.stdout).toContain('gatehouse-hook.cjs\\" claude PermissionRequest --wait 120');
    expect(err.stderr).toContain('nothing written; run again with --yes');
    expect(readFileSync(join(home, '.claude/settings.json'), 'utf8')).toBe(THEIRS);
  });

  it('merges into the existing file, and uninstall restores it byte for byte', async () => {
    const home = tempHome();
    const file = join(home, '.claude/settings.json');
    mkdirSync(join(home, '.claude'));
    writeFileSync(file, THEIRS);
    await gatehouse(home, 'install', 'claude', '--yes');
    const merged = JSON.parse(readFileSync(file, 'utf8'));
    expect(merged.model).toBe('opus');
    expect(merged.hooks.PermissionRequest).toHaveLength(2);
    expect(merged.hooks.PermissionRequest[0].hooks[0].command).toBe('audit-log');
    expect(merged.hooks.PermissionRequest[1].hooks[0]).toMatchObject({ type: 'command', timeout: 150 });
    // The hook before every tool call, beside it: the policy decides calls Claude Code's own settings let through.
    expect(merged.hooks.PreToolUse).toEqual([{ matcher: '*', hooks: [expect.objectContaining({ type: 'command', timeout: 150 })] }]);
    expect(merged.hooks.PreToolUse[0].hooks[0].command).toMatch(/ claude PreToolUse --wait 120$/);
    expect((await gatehouse(home, 'install', 'claude', '--yes')).stdout).toContain('already has the gatehouse hook');
    const { stdout } = await gatehouse(home, 'uninstall', 'claude', '--yes');
    expect(stdout).toContain('restore');
    expect(readFileSync(file, 'utf8')).toBe(THEIRS);
  });

  it('removes a file it created, and takes out only its hook from a file changed since', async () => {
    const home = tempHome();
    const file = join(home, '.codex/hooks.json');
    await gatehouse(home, 'install', 'codex', '--yes');
    expect(existsSync(file)).toBe(true);
    await gatehouse(home, 'uninstall', 'codex', '--yes');
    expect(existsSync(file)).toBe(false);

    const { stdout } = await gatehouse(home, 'install', 'codex', '--yes');
    expect(stdout).toContain('Hooks need review');
    const edited = JSON.parse(readFileSync(file, 'utf8'));
    edited.hooks.Stop = [{ matcher: '*', hooks: [{ type: 'command', command: 'notify-me' }] }];
    writeFileSync(file, JSON.stringify(edited));
    await gatehouse(home, 'uninstall', 'codex', '--yes');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ hooks: { Stop: edited.hooks.Stop } });
  });

  it('Gemini CLI and Qwen Code: merged into their settings.json with their own matcher and millisecond timeouts; uninstall restores the file byte for byte', async () => {
    const home = tempHome();
    const files = { gemini: join(home, '.gemini/settings.json'), qwen: join(home, '.qwen/settings.json') };
    const theirs = '{\n    "security": { "auth": { "selectedType": "gemini-api-key" } },\n    "hooks": { "AfterTool": [ { "hooks": [ { "type": "command", "command": "audit-log" } ] } ] }\n}';
    for (const file of Object.values(files)) {
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, theirs);
    }
    await gatehouse(home, 'install', 'gemini', '--yes');
    await gatehouse(home, 'install', 'qwen', '--yes');
    const gemini = JSON.parse(readFileSync(files.gemini, 'utf8'));
    expect(gemini.security).toEqual({ auth: { selectedType: 'gemini-api-key' } });
    expect(gemini.hooks.AfterTool[0].hooks[0].command).toBe('audit-log');
    expect(gemini.hooks.BeforeTool).toHaveLength(1);
    expect(gemini.hooks.BeforeTool[0].hooks[0]).toMatchObject({ type: 'command', timeout: 150_000 });
    expect(gemini.hooks.BeforeTool[0].hooks[0].command).toMatch(/ gemini BeforeTool --wait 120$/);
    // Every tool call is seen (reads too: a deny of Read(./.env) holds); Gemini's own question tool is not a call to judge.
    expect(new RegExp(gemini.hooks.BeforeTool[0].matcher).test('read_file')).toBe(true);
    expect(new RegExp(gemini.hooks.BeforeTool[0].matcher).test('ask_user')).toBe(false);
    const qwen = JSON.parse(readFileSync(files.qwen, 'utf8'));
    expect(qwen.hooks.PermissionRequest[0]).toMatchObject({ matcher: '*', hooks: [{ type: 'command', timeout: 150_000 }] });
    expect(qwen.hooks.PreToolUse[0]).toMatchObject({ matcher: '*', hooks: [{ type: 'command', timeout: 150_000 }] });
    expect(qwen.hooks.PreToolUse[0].hooks[0].command).toMatch(/ qwen PreToolUse --wait 120$/);
    await gatehouse(home, 'uninstall', 'gemini', '--yes');
    await gatehouse(home, 'uninstall', 'qwen', '--yes');
    expect(readFileSync(files.gemini, 'utf8')).toBe(theirs);
    expect(readFileSync(files.qwen, 'utf8')).toBe(theirs);
  });

  it('refuses a settings file that is not JSON, naming it, and leaves it alone', async () => {
    const home = tempHome();
    mkdirSync(join(home, '.claude'));
    writeFileSync(join(home, '.claude/settings.json'), '{ broken');
    const err = await gatehouse(home, 'install', 'claude', '--yes').catch((e) => e);
    expect(err.code).toBe(2);
    expect(err.stderr).toContain(`${join(home, '.claude/settings.json')}: not valid JSON`);
    expect(readFileSync(join(home, '.claude/settings.json'), 'utf8')).toBe('{ broken');
  });
});

describe.skipIf(skipUnlessInstalled('claude'))('Claude Code run by hand after gatehouse hooks install', () => {
  beforeEach(() => recordTestedWith('claude', 'hooks'));
  it("asks the person through the hub; their No is what the model gets", async () => {
    run = await startHookRun('claude', {
      hub: true,
      configure: (launch) => {
        // Install exactly as a person would, into the run's HOME (the CLI's own settings file).
        const env: NodeJS.ProcessEnv = { ...process.env, HOME: launch.home, GATEHOUSE_HOME: launch.env.GATEHOUSE_HOME };
        delete env.CLAUDE_CONFIG_DIR;
        execFileSync(process.execPath, [cliLauncher, 'hooks', 'install', 'claude', '--yes'], { env });
      },
    });
    await run.cli.waitFor('? for shortcuts');
    await askAndRefuse(run);
  });
});
