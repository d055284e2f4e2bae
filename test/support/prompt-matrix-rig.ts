// Drives one prompt-matrix case the way an agent would: resolve_component_start / status / select over a real MCP
// client (stdio) against a real hub, whose tsci command is the style launcher. Returns what was relayed, what the
// program received and every problem seen — the test decides what is fatal.
import { mkdirSync, mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestHub, type TestHub } from './test-hub.js';
import { startTestMcp, type TestMcp } from './mcp-client.js';
import type { MatrixCase } from '../prompt-matrix/matrix-cases.js';

export const STYLE_LAUNCHER = fileURLToPath(new URL('../fixtures/programs/prompt-matrix/tsci-style.sh', import.meta.url));
/** This test process's folder for case projects (test files run in parallel processes; each removes its own). */
export const MATRIX_TMP = fileURLToPath(new URL(`../../.tmp/prompt-matrix/run-${process.pid}/`, import.meta.url));

/** The hub's environment for the matrix: the launcher as tsci, a short step timeout so a stuck case ends. */
export function matrixHubEnv(): NodeJS.ProcessEnv {
  return { GATEHOUSE_TSCI: `bash ${STYLE_LAUNCHER}`, PROMPT_MATRIX_NODE: process.execPath, GATEHOUSE_RESOLVE_STEP_SECONDS: '20' };
}

/** For a test file: a real hub whose tsci is the style launcher, and a `gatehouse mcp` client on it. */
export function useMatrixHub(use: (fixture: { hub: TestHub; mcp: TestMcp }) => void): void {
  let fixture: { hub: TestHub; mcp: TestMcp } | undefined;
  beforeAll(async () => {
    const hub = await startTestHub({ env: matrixHubEnv() });
    fixture = { hub, mcp: await startTestMcp(hub.env) };
    use(fixture);
  });
  afterAll(async () => {
    await fixture?.mcp.close();
    await fixture?.hub.stop();
  });
}

export interface Selection {
  selection_id: string;
  prompt: string;
  options: string[];
  cursor_index: number;
  answer_with: string;
  /** A numbered list answered by typing: what is typed for each option. */
  labels?: string[];
  multi_select?: boolean;
  screen?: unknown;
}
export interface Status {
  task_id: string;
  state: string;
  selection?: Selection;
  error?: string;
  location?: string;
  reason?: string;
}

export interface CaseOutcome {
  style: string;
  /** Every selection the agent saw. */
  relayed: Selection[];
  /** Selections the screen replaced before the agent's answer reached them (refused as stale, read again). */
  replaced: string[];
  /** Each line of received.log: what the program received per run. */
  received: string[][];
  final: Status | null;
  /** Errors returned to the agent by select (refusals). */
  refusals: string[];
  problems: string[];
  /** A run received something other than the agent's pick: the one thing that must never happen. */
  wrongPick: boolean;
  /** The rendered screen when the case ended (for the report). */
  screen: string[];
}

/** A temp project dir under the repo's ignored .tmp/ with the case's options (and optional config) written in. */
export function makeProject(options: string[], config?: unknown): string {
  mkdirSync(MATRIX_TMP, { recursive: true });
  const dir = mkdtempSync(join(MATRIX_TMP, 'case-'));
  writeFileSync(join(dir, 'matrix-options.txt'), options.join('\n') + '\n');
  if (config !== undefined) writeFileSync(join(dir, 'matrix-config.json'), JSON.stringify(config));
  return dir;
}

export function readJsonLines(file: string): string[][] {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as string[]) : [];
}

/** Polls status until the task waits on a selection other than `answered`, or ends. */
export async function nextStop(mcp: TestMcp, taskId: string, answered: Selection | null, timeout = 45_000): Promise<Status> {
  let last: Status | undefined;
  const done = (s: Status) =>
    ['finished', 'failed'].includes(s.state) ||
    (s.state === 'selection_required' && (!answered || s.selection?.selection_id !== answered.selection_id || s.error !== undefined));
  try {
    await expect.poll(async () => done((last = await mcp.call<Status>('resolve_component_status', { task_id: taskId }))), { timeout, interval: 25 }).toBe(true);
  } catch {
    /* the caller reports `last` as it was */
  }
  return last!;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The number an agent reads for the pick: the selection's label, else "4) C0402…" in the text, else its place. */
function numberOf(sel: Selection, pick: string): string {
  const index = sel.options.findIndex((o) => o.includes(pick));
  if (index >= 0 && sel.labels?.[index]) return sel.labels[index];
  const label = new RegExp(`(\\d+)[).:\\]]?\\s+${escapeRegExp(pick.slice(0, 12))}`);
  // No label: read "4) C0402…" where the agent would, in the options, the prompt or the verbatim screen block.
  for (const o of [...sel.options, sel.prompt, ...(typeof sel.screen === 'string' ? sel.screen.split('\n') : [])]) {
    const m = label.exec(o);
    if (m) return m[1];
  }
  return index >= 0 ? String(index + 1) : '';
}

/** The arguments an agent sends for this selection, by the case's answering rule. */
export function agentArgs(c: MatrixCase, sel: Selection): Record<string, unknown> {
  const pick = c.receives[0];
  switch (c.answer.by) {
    case 'option':
      return { selected_option: pick };
    case 'options':
      return { selected_options: c.receives };
    case 'number':
      return sel.answer_with === 'text' ? { text: numberOf(sel, pick) } : { selected_option: pick };
    case 'yes':
      return sel.answer_with === 'text' ? { text: 'y' } : { selected_option: 'Yes' };
    case 'text':
      return { text: c.answer.text };
  }
}

/**
 * The relayed options are the expected ones in order, each being the option's text with at most a number label
 * ("4)", "4.", "[4]") beside it: markers, gutters, borders and key hints must have been set aside.
 */
export function sameOptions(relayed: string[], expected: string[]): boolean {
  return (
    relayed.length === expected.length &&
    expected.every((e, i) => relayed[i].includes(e) && /^\s*(\[?\d+[).:\]]?)?\s*$/.test(relayed[i].replace(e, '')))
  );
}

function checkRelayed(c: MatrixCase, sel: Selection, round: number, problems: string[]): void {
  for (const p of c.prompt) if (!sel.prompt.includes(p)) problems.push(`round ${round}: prompt ${JSON.stringify(sel.prompt)} lacks ${JSON.stringify(p)}`);
  const expected = round > 1 && c.relayedAgain ? c.relayedAgain : c.relayed;
  const lists = [expected, ...(c.relayedMay ?? [])];
  if (!lists.some((list) => sameOptions(sel.options, list))) {
    problems.push(`round ${round}: options ${JSON.stringify(sel.options)} are not ${lists.map((l) => JSON.stringify(l)).join(' or ')}`);
  }
  const wants = c.answer.by === 'text' ? 'text' : c.answer.by === 'number' || c.answer.by === 'yes' ? null : 'option';
  if (wants && sel.answer_with !== wants) problems.push(`round ${round}: answer_with ${sel.answer_with}, expected ${wants}`);
}

export async function runCase(hub: TestHub, mcp: TestMcp, c: MatrixCase): Promise<CaseOutcome> {
  const project = makeProject(c.options, c.config);
  const out: CaseOutcome = { style: c.style, relayed: [], replaced: [], received: [], final: null, refusals: [], problems: [], wrongPick: false, screen: [] };
  const started = await mcp.call<{ task_id: string }>('resolve_component_start', { component_name: c.style, project_dir: project });
  try {
    let answered: Selection | null = null;
    const rounds = c.rounds ?? 1;
    let stop = await nextStop(mcp, started.task_id, null);
    for (let round = 1; stop.state === 'selection_required' && round <= rounds && out.refusals.length <= 3; ) {
      const sel = stop.selection!;
      out.relayed.push(sel);
      const seen: string[] = [];
      checkRelayed(c, sel, round, seen);
      const reply = await mcp.raw('resolve_component_select', { task_id: started.task_id, selection_id: sel.selection_id, ...agentArgs(c, sel) });
      if (reply.isError) {
        const text = reply.content.map((x) => x.text).join('\n');
        // A selection the screen replaced meanwhile (a loaded machine can relay a prompt whose menu is still being
        // drawn; the live selection then moves on) is read again, as an agent would: what the agent answers is what
        // is judged. Any other refusal ends the case.
        if (/stale_selection|no longer on screen/i.test(text) && out.replaced.length < 3) {
          out.replaced.push(sel.selection_id);
          stop = await nextStop(mcp, started.task_id, null);
          continue;
        }
        out.problems.push(...seen);
        out.refusals.push(text);
        break;
      }
      out.problems.push(...seen);
      answered = sel;
      round++;
      stop = await nextStop(mcp, started.task_id, answered);
    }
    out.final = stop;
    if (stop.state === 'selection_required' && out.refusals.length === 0) {
      const why = stop.error ? ` with the error ${JSON.stringify(stop.error)}` : ` (${stop.selection?.selection_id}: ${JSON.stringify(stop.selection?.prompt)})`;
      out.problems.push(`still waiting on a selection after ${rounds} answer(s)${why}`);
    }
    if (!['finished', 'selection_required'].includes(stop.state) && out.refusals.length === 0) out.problems.push(`ended ${stop.state}: ${stop.reason ?? ''}`);
    if (out.refusals.length) out.problems.push(`select refused: ${out.refusals.join(' | ')}`);
  } finally {
    const view = await hub.client.request<{ screen?: { lines: string[] } }>('GET', `/api/resolve/${started.task_id}`).catch(() => null);
    out.screen = view?.screen?.lines ?? [];
    await mcp.call('resolve_component_close', { task_id: started.task_id }).catch(() => undefined);
  }
  out.received = readJsonLines(join(project, 'received.log'));
  const want = [...c.receives].sort();
  for (const got of out.received) {
    if (JSON.stringify([...got].sort()) !== JSON.stringify(want)) {
      out.wrongPick = true;
      out.problems.push(`WRONG PICK: the program received ${JSON.stringify(got)}, the agent chose ${JSON.stringify(c.receives)}`);
    }
  }
  if (out.final?.state === 'finished' && out.received.length === 0) out.problems.push('finished, but the program recorded nothing');
  if (out.final?.state === 'finished' && !out.wrongPick && out.received.length > 0) {
    const file = join(project, 'imports', `${c.receives[0].split(' ')[0].replace(/[^\w-]/g, '_')}.tsx`);
    if (out.final.location !== file) out.problems.push(`finished with location ${out.final.location}, expected ${file}`);
  }
  return out;
}

/** A short, readable account of an outcome (for failures and the run's report). */
export function describeOutcome(o: CaseOutcome): string {
  const sel = o.relayed[0];
  return [
    `${o.style}: ${o.problems.length ? o.problems.join('; ') : 'ok'}`,
    sel ? `  relayed prompt=${JSON.stringify(sel.prompt)} answer_with=${sel.answer_with} cursor=${sel.cursor_index} options=${JSON.stringify(sel.options)}` : '  nothing relayed',
    `  final=${o.final?.state ?? '?'} received=${JSON.stringify(o.received)}${o.replaced.length ? ` replaced before answered: ${o.replaced.join(', ')}` : ''}`,
    '  screen:',
    ...o.screen.filter((l) => l.trim()).slice(-14).map((l) => `  | ${l}`),
  ].join('\n');
}
