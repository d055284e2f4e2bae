import { describe, expect, it } from 'vitest';
import type { ResolveTaskView } from '../../server/resolver/resolve-types.js';
import { isOver, newerView, stateTone, visibleRows, waitingOn } from './resolve-state.js';

const view = (over: Partial<ResolveTaskView>): ResolveTaskView => ({
  task_id: 'rc-1',
  component_name: '100nF',
  project_dir: '/p',
  state: 'checking_global',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:01.000Z',
  ended_at: null,
  screen: null,
  ...over,
});

describe('resolve page state', () => {
  it('waits on the agent only during a selection of a live task', () => {
    expect(waitingOn(view({ state: 'selection_required' }), false)).toBe('agent');
    expect(waitingOn(view({ state: 'trying_import' }), false)).toBe('nobody');
    expect(waitingOn(view({ state: 'checking_local' }), false)).toBe('nobody');
    expect(waitingOn(view({ state: 'finished', ended_at: '2026-01-01T00:00:02.000Z' }), false)).toBe('none');
    // Closed by the agent while a selection waited: the hub stamps ended_at, the state stays.
    expect(waitingOn(view({ state: 'selection_required', ended_at: '2026-01-01T00:00:02.000Z' }), false)).toBe('none');
    expect(waitingOn(view({ state: 'selection_required' }), true)).toBe('none');
  });

  it('is over when finished, failed, ended or closed', () => {
    expect(isOver(view({ state: 'failed' }), false)).toBe(true);
    expect(isOver(view({ state: 'finished' }), false)).toBe(true);
    expect(isOver(view({ state: 'trying_import' }), false)).toBe(false);
    expect(isOver(view({ state: 'trying_import' }), true)).toBe(true);
  });

  it('gives each state a tone', () => {
    expect(['checking_local', 'checking_global', 'trying_import'].map(stateTone)).toEqual(['busy', 'busy', 'busy']);
    expect([stateTone('selection_required'), stateTone('finished'), stateTone('failed'), stateTone('idle')]).toEqual(['waiting', 'ok', 'bad', 'idle']);
  });

  it('keeps the later view when a fetch answers after a broadcast', () => {
    const older = view({ state: 'selection_required', updated_at: '2026-01-01T00:00:01.000Z' });
    const newer = view({ state: 'trying_import', updated_at: '2026-01-01T00:00:02.000Z' });
    expect(newerView(newer, older)).toBe(newer);
    expect(newerView(older, newer)).toBe(newer);
    expect(newerView(null, older)).toBe(older);
    const same = view({ updated_at: older.updated_at });
    expect(newerView(older, same)).toBe(same);
  });

  it('drops trailing blank rows of the screen but keeps the cursor row', () => {
    expect(visibleRows(['a', '', 'b', '', ''], 0)).toEqual(['a', '', 'b']);
    expect(visibleRows(['a', '', '', ''], 2)).toEqual(['a', '', '']);
    expect(visibleRows(['', ''], 0)).toEqual(['']);
  });
});
