import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_IDLE_SETTLE_MS, TURN_END_GRACE_MS, TurnSignals } from './turn-signals.js';

const working = { state: 'working', fields: { app: 'codex' } };
const idle = { state: 'idle', fields: { app: 'codex' } };

describe('what ends a prompted turn', () => {
  let ended: string[];
  let notes: string[];
  const signals = (turnEndHook: boolean) => new TurnSignals({ ended: (s) => ended.push(s), note: (l) => notes.push(l) }, turnEndHook, 'Codex');
  beforeEach(() => {
    ended = [];
    notes = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it("without a hook, the CLI's idle ends the turn once it held, after it said working for this prompt", () => {
    const turns = signals(false);
    turns.channelSaid(idle); // the start-up state, before any prompt
    turns.promptSent();
    turns.channelSaid(idle); // the previous turn's idle
    vi.advanceTimersByTime(CHANNEL_IDLE_SETTLE_MS * 2);
    expect(ended).toEqual([]);
    // working → idle → working while the first turn waits for start-up: no turn end.
    turns.channelSaid(working);
    turns.channelSaid(idle);
    vi.advanceTimersByTime(CHANNEL_IDLE_SETTLE_MS / 2);
    turns.channelSaid(working);
    vi.advanceTimersByTime(CHANNEL_IDLE_SETTLE_MS * 2);
    expect(ended).toEqual([]);
    turns.channelSaid(idle);
    turns.screenMoved(); // it draws its answer after saying idle
    vi.advanceTimersByTime(CHANNEL_IDLE_SETTLE_MS);
    expect(ended).toEqual([`Codex OSC 7501 state=idle app=codex, still idle after ${CHANNEL_IDLE_SETTLE_MS / 1000} s`]);
    expect(notes[0]).toBe('Codex OSC 7501 state=idle app=codex: the CLI reports its own state');
  });

  it('with a turn-end hook the hook decides; while the CLI says working a screen idle is not acted on', () => {
    const turns = signals(true);
    turns.channelSaid(idle);
    turns.promptSent();
    turns.channelSaid(working);
    expect(turns.screenIdle()).toBe(false);
    turns.channelSaid(idle);
    vi.advanceTimersByTime(CHANNEL_IDLE_SETTLE_MS * 3);
    expect(ended).toEqual([]);
    expect(turns.hookSaid('Codex Stop hook')).toBe(true);
  });

  it('a turn-end hook that never comes: the screen decides after the grace, unless the screen moved meanwhile', () => {
    const turns = signals(true);
    turns.promptSent();
    expect(turns.screenIdle()).toBe(false);
    vi.advanceTimersByTime(TURN_END_GRACE_MS - 1);
    turns.screenMoved();
    vi.advanceTimersByTime(TURN_END_GRACE_MS);
    expect(ended).toEqual([]);
    expect(turns.screenIdle()).toBe(false);
    vi.advanceTimersByTime(TURN_END_GRACE_MS);
    expect(ended).toEqual([`screen read as idle; no Codex turn-end hook within ${TURN_END_GRACE_MS / 1000} s, so the screen decides`]);
    // The hook, coming late, is no second turn end; a screen idle acts at once now.
    expect(turns.hookSaid('Codex Stop hook')).toBe(false);
    expect(notes.at(-1)).toBe('Codex Stop hook (late: the turn was over already)');
    expect(turns.screenIdle()).toBe(true);
  });

  it("a late turn-end hook coming after the next prompt was typed is the old turn's, not the new one's end", () => {
    const turns = signals(true);
    turns.promptSent();
    turns.screenIdle();
    vi.advanceTimersByTime(TURN_END_GRACE_MS);
    expect(ended).toHaveLength(1);
    turns.promptSent();
    expect(turns.hookSaid('Codex Stop hook')).toBe(false);
    // The new turn's own hook ends it.
    expect(turns.hookSaid('Codex Stop hook')).toBe(true);
  });

  it('without a turn-end hook or a state channel the screen acts at once, and a hook acts when it comes', () => {
    const turns = signals(false);
    turns.promptSent();
    expect(turns.screenIdle()).toBe(true);
    expect(turns.hookSaid('Claude Code Stop hook')).toBe(true);
  });
});
