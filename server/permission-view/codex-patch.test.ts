import { describe, expect, it } from 'vitest';
import { applyUpdate, parseCodexPatch } from './codex-patch.js';

describe('parseCodexPatch', () => {
  it('reads add, delete, update with a move and several chunks', () => {
    const ops = parseCodexPatch(['*** Begin Patch', '*** Add File: n.txt', '+a', '+b', '*** Delete File: d.txt', '*** Update File: u.txt', '*** Move to: v.txt', '@@ def f():', '-x', '+y', '@@', ' k', '+z', '*** End of File', '*** End Patch'].join('\n'));
    expect(ops).toEqual([
      { kind: 'add', path: 'n.txt', content: 'a\nb\n' },
      { kind: 'delete', path: 'd.txt' },
      {
        kind: 'update',
        path: 'u.txt',
        moveTo: 'v.txt',
        chunks: [
          { context: 'def f():', oldLines: ['x'], newLines: ['y'], endOfFile: false },
          { context: null, oldLines: ['k'], newLines: ['k', 'z'], endOfFile: true },
        ],
      },
    ]);
  });

  it('says which line is not the format', () => {
    expect(() => parseCodexPatch('hello')).toThrow('the patch has no "*** Begin Patch" line');
    expect(() => parseCodexPatch('*** Begin Patch\n*** Add File: a\nno plus\n*** End Patch')).toThrow('patch line 3: a line of an added file must start with "+"');
    expect(() => parseCodexPatch('*** Begin Patch\n*** End Patch')).toThrow('the patch names no file');
  });
});

describe('applyUpdate', () => {
  it('seeks the @@ context line first, then the old lines after it; whitespace differences at the end are forgiven', () => {
    const text = 'def g():\n    x\ndef f():\n    x   \n';
    expect(applyUpdate(text, [{ context: 'def f():', oldLines: ['    x'], newLines: ['    y'], endOfFile: false }])).toEqual({ text: 'def g():\n    x\ndef f():\n    y\n' });
  });

  it('old lines that are not there: missing', () => {
    expect(applyUpdate('a\n', [{ context: null, oldLines: ['b'], newLines: ['c'], endOfFile: false }])).toEqual({ missing: 'b' });
  });
});
