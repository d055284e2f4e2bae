// PTY mediation core and resolver: prompt drawn → selection ready, overhead vs driving by hand, soak.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mapSelection, pickOption, PtyProgram, readFullMenu, type Reading } from '../server/pty/index.js';
import { ResolveManager } from '../server/resolver/resolve-manager.js';
import { summarise, type BenchModule, type BenchRow } from './bench-row.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = join(ROOT, 'test/fixtures/programs/pty');
const READ_CLI = ['bash', ['-c', 'echo "setup v1"; read -r -p "Project name? " n; echo "hi $n"']] as const;
const NODE_MENU = [process.execPath, [join(FIXTURES, 'prompts-select.mjs'), '5']] as const;

/** The program's exit, or a loud error naming the run when it is still running 15 s later (it did not take its answer). */
async function exitWithin(p: PtyProgram, what: string): Promise<void> {
  const late = new Promise<'late'>((r) => setTimeout(() => r('late'), 15_000).unref());
  if ((await Promise.race([p.exited, late])) !== 'late') return;
  const screen = p.screen({ scrollback: 0 }).lines.join('\n');
  await p.kill();
  throw new Error(`bench pty: ${what}; still running after 15 s with this screen:\n${screen}`);
}

/** Time from the chunk that drew `marker` to the parsed (full) menu being ready. */
async function promptToSelection(command: string, args: readonly string[], marker: string, answer: (p: PtyProgram, menu: Reading) => unknown): Promise<number> {
  const p = PtyProgram.spawn({ command, args: [...args], cwd: ROOT });
  let drawnAt = 0;
  let seen = '';
  p.onData((chunk) => {
    seen += chunk;
    if (!drawnAt && seen.includes(marker)) drawnAt = performance.now();
  });
  await p.waitForInput({ timeoutMs: 10_000 });
  const menu = await readFullMenu(p, p.read());
  const ready = performance.now();
  await answer(p, menu);
  await exitWithin(p, 'prompt → selection (the answer was not taken)');
  p.dispose();
  return ready - drawnAt;
}

async function menuByHand(): Promise<number> {
  const t0 = performance.now();
  const p = PtyProgram.spawn({ command: NODE_MENU[0], args: [...NODE_MENU[1]], cwd: ROOT });
  await new Promise<void>((resolve) => {
    let seen = '';
    const off = p.onData((c) => {
      seen += c;
      if (seen.includes('item 5')) {
        off();
        resolve();
      }
    });
  });
  p.write('\x1b[B\x1b[B\r');
  await exitWithin(p, 'menu driven by hand (the keys were not taken)');
  p.dispose();
  return performance.now() - t0;
}

async function menuMediated(): Promise<number> {
  const t0 = performance.now();
  const p = PtyProgram.spawn({ command: NODE_MENU[0], args: [...NODE_MENU[1]], cwd: ROOT });
  await p.waitForInput({ timeoutMs: 10_000 });
  const menu = await readFullMenu(p, p.read());
  await pickOption(p, p.read(), mapSelection(menu.options, 'PART-3'), menu.options);
  await exitWithin(p, 'menu mediated (the pick was not taken)');
  p.dispose();
  return performance.now() - t0;
}

const MEGABYTE = join(FIXTURES, 'megabyte-output.mjs');

/** Spawn of a program that prints 1 MB and exits → its exit reported with every byte parsed. */
async function megabyteToExit(): Promise<number> {
  const t0 = performance.now();
  const p = PtyProgram.spawn({ command: process.execPath, args: [MEGABYTE, '0'], cwd: ROOT });
  const exit = await p.exited;
  const ms = performance.now() - t0;
  p.dispose();
  if (!exit.output.trimEnd().endsWith('the last line: done')) throw new Error('the last line was lost at exit');
  return ms;
}

/** A resolve task whose tsci prints 1 MB and exits 1: start → `failed` with its tail as the reason. */
async function megabyteToFailed(manager: ResolveManager): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-megabyte-'));
  const t0 = performance.now();
  const task = manager.start({ component_name: 'BIG', project_dir: dir });
  await new Promise<void>((resolve) => task.onChange((t) => t.terminal && resolve()));
  const ms = performance.now() - t0;
  const reason = task.view().reason ?? '';
  await manager.close(task.id);
  rmSync(dir, { recursive: true, force: true });
  if (!reason.endsWith('the last line: done')) throw new Error('the reason lost the last line');
  return ms;
}

/** Spawning the same program and reading its output with nothing else (node-pty alone): the floor. */
async function megabyteRaw(): Promise<number> {
  const t0 = performance.now();
  const pty = (await import('node-pty')).default;
  const child = pty.spawn(process.execPath, [MEGABYTE, '0'], { cols: 120, rows: 30, cwd: ROOT });
  child.onData(() => undefined);
  await new Promise((r) => child.onExit(r));
  return performance.now() - t0;
}

const childPids = () => {
  try {
    return readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).length;
  } catch {
    return -1;
  }
};
const openFds = () => readdirSync('/proc/self/fd').length;

async function coreSoak(cycles: number): Promise<{ leakedProcs: number; leakedFds: number; perCycle: number[] }> {
  const fds = openFds();
  const procs = childPids();
  const perCycle: number[] = [];
  for (let i = 0; i < cycles; i++) {
    const t0 = performance.now();
    const p = PtyProgram.spawn({ command: READ_CLI[0], args: [...READ_CLI[1]], cwd: ROOT });
    await p.waitForInput({ timeoutMs: 10_000 });
    p.pressKeys([{ text: 'x' }, 'enter']);
    await p.exited;
    await p.kill();
    p.dispose();
    perCycle.push(performance.now() - t0);
  }
  await new Promise((r) => setTimeout(r, 200));
  return { leakedProcs: childPids() - procs, leakedFds: openFds() - fds, perCycle };
}

async function resolveSoak(cycles: number): Promise<{ leakedProcs: number; leakedFds: number; perCycle: number[]; failures: number }> {
  const manager = new ResolveManager({ ...process.env, GATEHOUSE_TSCI: `${process.execPath} ${join(FIXTURES, 'fake-import.mjs')}` });
  const fds = openFds();
  const procs = childPids();
  const perCycle: number[] = [];
  let failures = 0;
  const waitState = async (id: string, states: string[]) => {
    const deadline = Date.now() + 15_000;
    while (!states.includes(manager.get(id).state) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    return manager.get(id).view();
  };
  for (let i = 0; i < cycles; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-soak-'));
    const t0 = performance.now();
    const task = manager.start({ component_name: `P${i}`, project_dir: dir });
    const sel = await waitState(task.id, ['selection_required', 'failed', 'finished']);
    if (sel.selection) manager.select(task.id, { selection_id: sel.selection.selection_id, selected_option: `P${i}-2 ` });
    const done = await waitState(task.id, ['finished', 'failed']);
    if (done.state !== 'finished' || !done.location?.endsWith(`P${i}_2.tsx`)) failures++;
    await manager.close(task.id);
    perCycle.push(performance.now() - t0);
    rmSync(dir, { recursive: true, force: true });
  }
  await new Promise((r) => setTimeout(r, 200));
  return { leakedProcs: childPids() - procs, leakedFds: openFds() - fds, perCycle, failures };
}

const ptyBench: BenchModule = {
  title: 'pty: prompt drawn → selection ready, overhead vs by hand, soak',
  async rows(): Promise<BenchRow[]> {
    const readSamples: number[] = [];
    for (let i = 0; i < 40; i++) readSamples.push(await promptToSelection(READ_CLI[0], READ_CLI[1], 'Project name?', (p) => p.pressKeys([{ text: 'x' }, 'enter'])));
    const menuSamples: number[] = [];
    for (let i = 0; i < 20; i++) menuSamples.push(await promptToSelection(NODE_MENU[0], NODE_MENU[1], 'item 5', (p, m) => pickOption(p, p.read(), 1, m.options)));
    const hand: number[] = [];
    const mediated: number[] = [];
    for (let i = 0; i < 15; i++) {
      hand.push(await menuByHand());
      mediated.push(await menuMediated());
    }
    const overhead = mediated.map((m, i) => m - hand[i]);
    const raw: number[] = [];
    const toExit: number[] = [];
    const toFailed: number[] = [];
    const big = new ResolveManager({ ...process.env, GATEHOUSE_TSCI: `${process.execPath} ${MEGABYTE} 1` });
    big.onScreen(() => undefined); // as in the hub: tsci's screen is followed
    for (let i = 0; i < 10; i++) {
      raw.push(await megabyteRaw());
      toExit.push(await megabyteToExit());
      toFailed.push(await megabyteToFailed(big));
    }
    const core = await coreSoak(Number(process.env.GATEHOUSE_BENCH_CORE_SOAK ?? 1000));
    const soak = await resolveSoak(Number(process.env.GATEHOUSE_BENCH_RESOLVE_SOAK ?? 150));
    return [
      summarise('read()-blocking CLI: prompt drawn → selection ready (/proc read)', readSamples, { goal: 'p50 ≤ 10 ms' }),
      summarise('Node menu CLI (prompts select): prompt drawn → full menu ready', menuSamples, { goal: 'p50 ≤ 200 ms', note: 'settle + Up/Down probe' }),
      summarise('menu driven by hand (spawn → pick → exit)', hand),
      summarise('menu mediated (spawn → pick → exit)', mediated),
      summarise('overhead per menu (mediated − by hand, paired runs)', overhead, { goal: '≤ 100 ms' }),
      summarise('1 MB printed then exit: spawn → exit, node-pty alone (floor)', raw, { note: 'includes starting node' }),
      summarise('1 MB printed then exit: spawn → exit reported, every byte parsed (PtyProgram)', toExit, { goal: '≤ 500 ms', note: 'includes starting node' }),
      summarise('1 MB printed then exit 1: resolve start → failed, reason = bounded tail', toFailed, { goal: '≤ 500 ms', note: 'includes starting node' }),
      summarise(`core soak: ${core.perCycle.length} spawn/answer/exit cycles, per cycle`, core.perCycle),
      { name: 'core soak: leaked child processes / fds', runs: core.perCycle.length, median: core.leakedProcs, p99: core.leakedFds, unit: 'procs/fds', goal: '0 / 0', note: 'median=procs, p99=fds' },
      summarise(`resolve soak: ${soak.perCycle.length} start→select→finished→close cycles`, soak.perCycle, { note: `${soak.failures} not finished as picked` }),
      { name: 'resolve soak: leaked child processes / fds', runs: soak.perCycle.length, median: soak.leakedProcs, p99: soak.leakedFds, unit: 'procs/fds', goal: '0 / 0', note: 'median=procs, p99=fds' },
    ];
  },
};

export default ptyBench;
