// PTY mediation core and resolver: prompt drawn → selection ready, overhead vs driving by hand, soak.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pickOption, PtyProgram, readFullMenu, type Reading } from '../server/pty/index.js';
import { ResolveManager } from '../server/resolver/resolve-manager.js';
import { summarise, type BenchModule, type BenchRow } from './bench-row.js';
import { defaultTsciFixtureData, startFakeTsciRegistry, tsciChildEnv } from '../test/support/fake-tsci-registry.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = join(ROOT, 'test/fixtures/programs/pty');
const READ_CLI = ['bash', ['-c', 'echo "setup v1"; read -r -p "Project name? " n; echo "hi $n"']] as const;
const NODE_MENU = [process.execPath, [join(FIXTURES, 'prompts-select.mjs'), '5']] as const;

/** The program's exit, or a loud error naming the run when it is still running 15 s later (it did not take its answer). */
async function exitWithin(p: PtyProgram, what: string, limitMs = 15_000): Promise<void> {
  const late = new Promise<'late'>((r) => setTimeout(() => r('late'), limitMs).unref());
  if ((await Promise.race([p.exited, late])) !== 'late') return;
  const screen = p.screen({ scrollback: 0 }).lines.join('\n');
  await p.kill();
  throw new Error(`bench pty: ${what}; still running after ${limitMs / 1000} s with this screen:\n${screen}`);
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

type Spawn = { command: string; args: string[]; cwd: string; env?: Record<string, string> };

/**
 * A run's times: spawn → exit; menu drawn (its `marker` received) → exit, the part the mediation acts in; menu
 * drawn → Enter written (by hand the keys go at once: ~0) — what the mediation adds before the program has its pick.
 */
type MenuRun = { total: number; fromDrawn: number; toEnter: number };

/** Resolves with the time `marker` is received from the program (as soon as it is drawn). */
function drawnAt(p: PtyProgram, marker: string): Promise<number> {
  return new Promise((resolve) => {
    let seen = '';
    const off = p.onData((c) => {
      seen += c;
      if (seen.includes(marker)) {
        off();
        resolve(performance.now());
      }
    });
  });
}

/** By hand: as soon as `marker` (drawn with the menu) arrives, Down Down Enter in one write — what a fast person or a blind script does. */
async function menuByHand(spawn: Spawn, marker: string, limitMs = 15_000): Promise<MenuRun> {
  const t0 = performance.now();
  const p = PtyProgram.spawn(spawn);
  const drawn = await drawnAt(p, marker);
  p.write('\x1b[B\x1b[B\r');
  const entered = performance.now();
  await exitWithin(p, 'menu driven by hand (the keys were not taken)', limitMs);
  p.dispose();
  const end = performance.now();
  return { total: end - t0, fromDrawn: end - drawn, toEnter: entered - drawn };
}

/** Mediated: wait for input, read the whole menu (probe), verified pick of the third option, exit. */
async function menuMediated(spawn: Spawn, marker: string, limitMs = 15_000): Promise<MenuRun> {
  const t0 = performance.now();
  const p = PtyProgram.spawn(spawn);
  const drawn = drawnAt(p, marker);
  let entered = 0;
  p.onInput(() => (entered = performance.now())); // the last input of the pick is Enter
  await p.waitForInput({ timeoutMs: limitMs });
  const menu = await readFullMenu(p, p.read());
  const picked = await pickOption(p, p.read(), 2, menu.options);
  if (!picked.ok) throw new Error(`bench pty: the mediated pick was refused: ${picked.error}`);
  await exitWithin(p, 'menu mediated (the pick was not taken)', limitMs);
  p.dispose();
  const end = performance.now();
  return { total: end - t0, fromDrawn: end - (await drawn), toEnter: entered - (await drawn) };
}

/** How one wait for a Node menu ended: the signal, and the time from the frame's last byte received to "waiting". */
type MenuWait = { signal: string; lastByteToWaiting: number };

async function nodeMenuWait(): Promise<MenuWait> {
  const p = PtyProgram.spawn({ command: NODE_MENU[0], args: [...NODE_MENU[1]], cwd: ROOT });
  let lastByte = 0;
  p.onData(() => (lastByte = performance.now()));
  const result = await p.waitForInput({ timeoutMs: 10_000 });
  const waitingAt = performance.now();
  const signal = p.lastWaitSignal ?? 'none';
  const whole = p.read().options.length === 5;
  await p.kill();
  p.dispose();
  if (result !== 'waiting' || !whole) throw new Error(`bench pty: the Node menu was not found waiting with its 5 options (${result})`);
  return { signal, lastByteToWaiting: waitingAt - lastByte };
}

/**
 * Every core kept busy by plain CPU loops (a `stress`-like load, one more than the cores), for the length of `run`;
 * the loops end with it, and by themselves after 5 minutes in any case.
 */
async function underCpuLoad<T>(run: () => Promise<T>): Promise<T> {
  const { spawn } = await import('node:child_process');
  const { availableParallelism } = await import('node:os');
  const loops = Array.from({ length: availableParallelism() + 1 }, () =>
    spawn(process.execPath, ['-e', 'const end = Date.now() + 300000; while (Date.now() < end);'], { stdio: 'ignore', env: { ...process.env, NODE_EXTRA_CA_CERTS: '' } }),
  );
  await new Promise((r) => setTimeout(r, 300));
  try {
    return await run();
  } finally {
    for (const l of loops) l.kill('SIGKILL');
  }
}

async function nodeMenuWaits(spawns: number): Promise<MenuWait[]> {
  const out: MenuWait[] = [];
  for (let i = 0; i < spawns; i++) out.push(await nodeMenuWait());
  return out;
}

function menuWaitRows(label: string, waits: MenuWait[]): BenchRow[] {
  const fast = waits.filter((w) => w.signal === 'proc-poll');
  const settled = waits.filter((w) => w.signal === 'screen-settle');
  return [
    { name: `Node menu, ${label}: found waiting by /proc (event loop idle, whole frame received)`, runs: waits.length, median: (100 * fast.length) / waits.length, p99: NaN, unit: '%', goal: '≥ 95 %', note: `${settled.length} by screen settle` },
    summarise(`Node menu, ${label}: frame's last byte → waiting, /proc fast path`, fast.map((w) => w.lastByteToWaiting)),
    summarise(`Node menu, ${label}: frame's last byte → waiting, screen settle`, settled.map((w) => w.lastByteToWaiting), { note: 'fallback: a 50 ms quiet menu' }),
  ];
}

const REAL_TSCI = join(ROOT, 'e2e-tsci/node_modules/tscircuit/cli.mjs');

/**
 * The real tsci (when installed, offline against the fake registry): `tsci import 100nF` (10 parts) driven by hand
 * and mediated, paired; each run in a new project dir, and each must import the third part.
 */
async function realTsciPairs(pairs: number): Promise<{ hand: MenuRun[]; mediated: MenuRun[] } | null> {
  if (!existsSync(REAL_TSCI) || pairs <= 0) return null;
  // The fixture data reads its raw part next to its module, and tsc does not copy JSON into dist.
  const raw = 'test/fixtures/tsci-registry/C1525.raweasy.json';
  const built = fileURLToPath(new URL(`../${raw}`, import.meta.url));
  if (!existsSync(built)) copyFileSync(join(ROOT, raw), built);
  const registry = await startFakeTsciRegistry(defaultTsciFixtureData);
  const env = tsciChildEnv(registry);
  const hand: MenuRun[] = [];
  const mediated: MenuRun[] = [];
  const run = async (how: (s: Spawn) => Promise<MenuRun>, into: MenuRun[]) => {
    const cwd = mkdtempSync(join(tmpdir(), 'gatehouse-bench-tsci-'));
    try {
      into.push(await how({ command: process.execPath, args: [REAL_TSCI, 'import', '100nF'], cwd, env }));
      const imported = existsSync(join(cwd, 'imports')) ? readdirSync(join(cwd, 'imports')) : [];
      if (!imported.includes(`${TSCI_THIRD_PART}.tsx`)) throw new Error(`bench pty: the real tsci imported ${JSON.stringify(imported)}, not ${TSCI_THIRD_PART}`);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  };
  try {
    for (let i = 0; i < pairs; i++) {
      await run((s) => menuByHand(s, 'Return to submit', 60_000), hand);
      await run((s) => menuMediated(s, 'Return to submit', 60_000), mediated);
    }
  } finally {
    await registry.close();
  }
  return { hand, mediated };
}
/** The third of the real tsci's menu for 100nF (fixture data). */
const TSCI_THIRD_PART = 'CC0805KRX7R9BB104';

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

async function resolveSoak(cycles: number): Promise<{ leakedProcs: number; leakedFds: number; perCycle: number[]; failures: number; drawnToSelection: number[] }> {
  const manager = new ResolveManager({ ...process.env, GATEHOUSE_TSCI: `${process.execPath} ${join(FIXTURES, 'fake-import.mjs')}` });
  // As in the hub, tsci's screen is followed; the menu counts as drawn once its last option is on the screen.
  let drawnAt = 0;
  manager.onScreen((t) => {
    if (!drawnAt && t.view().screen?.lines.some((l) => l.includes('part 5'))) drawnAt = performance.now();
  });
  const drawnToSelection: number[] = [];
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
    drawnAt = 0;
    const task = manager.start({ component_name: `P${i}`, project_dir: dir });
    const selectionAt = new Promise<number>((resolve) => task.onChange((t) => t.state === 'selection_required' && resolve(performance.now())));
    const sel = await waitState(task.id, ['selection_required', 'failed', 'finished']);
    if (sel.state === 'selection_required' && drawnAt) drawnToSelection.push((await selectionAt) - drawnAt);
    if (sel.selection) manager.select(task.id, { selection_id: sel.selection.selection_id, selected_option: `P${i}-2 ` });
    const done = await waitState(task.id, ['finished', 'failed']);
    if (done.state !== 'finished' || !done.location?.endsWith(`P${i}_2.tsx`)) failures++;
    await manager.close(task.id);
    perCycle.push(performance.now() - t0);
    rmSync(dir, { recursive: true, force: true });
  }
  await new Promise((r) => setTimeout(r, 200));
  return { leakedProcs: childPids() - procs, leakedFds: openFds() - fds, perCycle, failures, drawnToSelection };
}

const ptyBench: BenchModule = {
  title: 'pty: prompt drawn → selection ready, overhead vs by hand, soak',
  async rows(): Promise<BenchRow[]> {
    const menuSpawns = Number(process.env.GATEHOUSE_BENCH_MENU_WAITS ?? 100);
    const idleWaits = await nodeMenuWaits(menuSpawns);
    const loadedWaits = await underCpuLoad(() => nodeMenuWaits(menuSpawns));
    const readSamples: number[] = [];
    for (let i = 0; i < 40; i++) readSamples.push(await promptToSelection(READ_CLI[0], READ_CLI[1], 'Project name?', (p) => p.pressKeys([{ text: 'x' }, 'enter'])));
    const menuSamples: number[] = [];
    for (let i = 0; i < 20; i++) menuSamples.push(await promptToSelection(NODE_MENU[0], NODE_MENU[1], 'item 5', (p, m) => pickOption(p, p.read(), 1, m.options)));
    const hand: MenuRun[] = [];
    const mediated: MenuRun[] = [];
    const standIn: Spawn = { command: NODE_MENU[0], args: [...NODE_MENU[1]], cwd: ROOT };
    for (let i = 0; i < 15; i++) {
      hand.push(await menuByHand(standIn, 'item 5'));
      mediated.push(await menuMediated(standIn, 'item 5'));
    }
    const paired = (m: MenuRun[], h: MenuRun[], part: keyof MenuRun) => m.map((r, i) => r[part] - h[i][part]);
    const tsci = await realTsciPairs(Number(process.env.GATEHOUSE_BENCH_TSCI_PAIRS ?? 5));
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
      ...menuWaitRows('idle machine', idleWaits),
      ...menuWaitRows('every core busy', loadedWaits),
      summarise('read()-blocking CLI: prompt drawn → selection ready (/proc read)', readSamples, { goal: 'p50 ≤ 10 ms' }),
      summarise('Node menu CLI (prompts select): prompt drawn → full menu ready', menuSamples, { goal: 'p50 ≤ 200 ms', note: 'settle + Up/Down probe' }),
      summarise('menu driven by hand (spawn → pick → exit)', hand.map((r) => r.total)),
      summarise('menu mediated (spawn → pick → exit)', mediated.map((r) => r.total)),
      summarise('overhead per menu (mediated − by hand, paired runs)', paired(mediated, hand, 'total'), { goal: '≤ 100 ms' }),
      summarise('overhead per menu, from the menu drawn (drawn → exit, paired)', paired(mediated, hand, 'fromDrawn'), { goal: '≤ 100 ms', note: 'start-up noise left out' }),
      summarise('menu drawn → Enter pressed, mediated (read, probe, 2 verified keys)', mediated.map((r) => r.toEnter), { note: 'by hand: keys at once' }),
      ...(tsci
        ? [
            summarise('real tsci import 100nF by hand: menu drawn → imported → exit', tsci.hand.map((r) => r.fromDrawn), { note: 'offline, fake registry' }),
            summarise('real tsci import 100nF mediated: menu drawn → imported → exit', tsci.mediated.map((r) => r.fromDrawn)),
            summarise('real tsci: menu drawn → Enter pressed, mediated', tsci.mediated.map((r) => r.toEnter), { goal: '≤ 150 ms', note: 'by hand: keys at once' }),
            summarise('real tsci: overhead per menu from the menu drawn (paired)', paired(tsci.mediated, tsci.hand, 'fromDrawn'), { goal: '≤ 150 ms', note: 'the import after the pick varies by s' }),
            summarise('real tsci: overhead per menu, spawn → exit (paired)', paired(tsci.mediated, tsci.hand, 'total'), { note: 'start-up of several s varies run to run' }),
          ]
        : []),
      summarise('1 MB printed then exit: spawn → exit, node-pty alone (floor)', raw, { note: 'includes starting node' }),
      summarise('1 MB printed then exit: spawn → exit reported, every byte parsed (PtyProgram)', toExit, { goal: '≤ 500 ms', note: 'includes starting node' }),
      summarise('1 MB printed then exit 1: resolve start → failed, reason = bounded tail', toFailed, { goal: '≤ 500 ms', note: 'includes starting node' }),
      summarise(`core soak: ${core.perCycle.length} spawn/answer/exit cycles, per cycle`, core.perCycle),
      { name: 'core soak: leaked child processes / fds', runs: core.perCycle.length, median: core.leakedProcs, p99: core.leakedFds, unit: 'procs/fds', goal: '0 / 0', note: 'median=procs, p99=fds' },
      summarise(`resolve soak: ${soak.perCycle.length} start→select→finished→close cycles`, soak.perCycle, { note: `${soak.failures} not finished as picked` }),
      summarise('resolver, Node menu (fake-import stand-in): prompt drawn → selection_required', soak.drawnToSelection, { goal: 'p50 ≤ 200 ms', note: 'in the resolve soak' }),
      { name: 'resolve soak: leaked child processes / fds', runs: soak.perCycle.length, median: soak.leakedProcs, p99: soak.leakedFds, unit: 'procs/fds', goal: '0 / 0', note: 'median=procs, p99=fds' },
    ];
  },
};

export default ptyBench;
