// Each CLI's edit and write input → the diff the gate shows, from hook inputs recorded from the real CLIs
// (test/fixtures/hook-inputs/, written by test/agents/record-edit-inputs.ts), against a seeded file.
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempRoot } from '../../test/support/temp-root.js';
import type { EditView } from '../../shared/permission/view.js';
import { editView, NOT_FOUND_TEXT } from './edit-view.js';
import { MAX_SHOWN_LINES } from './file-diff.js';

const tmp = tempRoot('gatehouse-view-');
const FIXTURES = join(import.meta.dirname, '../../test/fixtures/hook-inputs');

function project(files: Record<string, string | Buffer> = {}): string {
  const dir = join(tmp.rootDir, 'proj');
  mkdirSync(join(dir, '.git'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const view = (dir: string, agent: string, tool: string, input: unknown): EditView => editView(agent, tool, input, dir, dir);
const lines = (v: EditView, op: string) => v.files.flatMap((f) => f.hunks.flatMap((h) => h.lines.filter((l) => l.op === op).map((l) => l.text)));

describe('recorded hook inputs of the real CLIs → a diff against the seeded file', () => {
  for (const name of readdirSync(FIXTURES).filter((f) => f.endsWith('.json'))) {
    it(name, () => {
      const recorded = JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));
      const seededName = recorded.tool === 'NotebookEdit' ? 'seeded.ipynb' : 'seeded.txt';
      const dir = project({ [seededName]: recorded.seeded });
      const input = JSON.parse(JSON.stringify(recorded.tool_input).replaceAll('<project>', dir));
      const v = view(dir, recorded.cli, recorded.tool, input);
      expect(v.files).toHaveLength(1);
      const file = v.files[0]!;
      expect(file.problem).toBeUndefined();
      if (file.path === 'new.txt') {
        expect(file).toMatchObject({ change: 'new', added: 1, removed: 0, outside: false });
        expect(lines(v, '+')).toEqual(['fresh']);
      } else {
        expect(file.path).toBe(seededName);
        expect(file.change).toBe('edit');
        expect(file.added).toBe(file.removed);
        expect(lines(v, '-').length).toBe(file.removed);
        if (seededName === 'seeded.txt') expect(lines(v, '-').every((l) => recorded.seeded.split('\n').includes(l))).toBe(true);
        else expect([lines(v, '-'), lines(v, '+'), file.cell]).toEqual([['print(1)'], ['print(2)'], 'c1']);
      }
    });
  }
});

describe('editView', () => {
  it('Claude Code Edit: one hunk with line numbers and context', () => {
    const dir = project({ 'a.txt': 'one\ntwo\nthree\nfour\nfive\nsix\nseven\n' });
    const v = view(dir, 'claude', 'Edit', { file_path: join(dir, 'a.txt'), old_string: 'four', new_string: 'FOUR\nFOUR-B' });
    expect(v).toMatchObject({ added: 2, removed: 1 });
    const hunk = v.files[0]!.hunks[0]!;
    expect(hunk.lines).toEqual([
      { op: ' ', text: 'one', old: 1, new: 1 },
      { op: ' ', text: 'two', old: 2, new: 2 },
      { op: ' ', text: 'three', old: 3, new: 3 },
      { op: '-', text: 'four', old: 4 },
      { op: '+', text: 'FOUR', new: 4 },
      { op: '+', text: 'FOUR-B', new: 5 },
      { op: ' ', text: 'five', old: 5, new: 6 },
      { op: ' ', text: 'six', old: 6, new: 7 },
      { op: ' ', text: 'seven', old: 7, new: 8 },
    ]);
  });

  it('MultiEdit applies its edits in order; replace_all replaces every occurrence', () => {
    const dir = project({ 'a.txt': 'x\ny\nx\n' });
    const multi = view(dir, 'claude', 'MultiEdit', { file_path: 'a.txt', edits: [{ old_string: 'y', new_string: 'Y' }, { old_string: 'x', new_string: 'X', replace_all: true }] });
    expect(lines(multi, '+')).toEqual(['X', 'Y', 'X']);
    const qwen = view(dir, 'qwen', 'edit', { file_path: join(dir, 'a.txt'), old_string: 'x', new_string: 'z' });
    expect(lines(qwen, '+')).toEqual(['z']);
  });

  it('a write: new file, or an overwrite of the file that is there', () => {
    const dir = project({ 'old.txt': 'a\nb\n' });
    expect(view(dir, 'gemini', 'write_file', { file_path: join(dir, 'n.txt'), content: 'hi\n' }).files[0]).toMatchObject({ change: 'new', added: 1, removed: 0 });
    const over = view(dir, 'claude', 'Write', { file_path: join(dir, 'old.txt'), content: 'a\nc\n' }).files[0]!;
    expect(over).toMatchObject({ change: 'overwrite', added: 1, removed: 1 });
  });

  it('old text not found: said plainly, the edit will fail', () => {
    const dir = project({ 'a.txt': 'changed meanwhile\n' });
    const file = view(dir, 'claude', 'Edit', { file_path: join(dir, 'a.txt'), old_string: 'original', new_string: 'new' }).files[0]!;
    expect(file).toMatchObject({ problem: 'not-found', problem_text: NOT_FOUND_TEXT, hunks: [] });
  });

  it('a binary file, a file that cannot be read, a file outside the project', () => {
    const dir = project({ 'img.png': Buffer.from([0x89, 0x50, 0, 1, 2]), 'locked.txt': 'secret\n' });
    expect(view(dir, 'claude', 'Write', { file_path: join(dir, 'img.png'), content: 'x' }).files[0]).toMatchObject({ change: 'overwrite', problem: 'binary' });
    chmodSync(join(dir, 'locked.txt'), 0);
    const locked = view(dir, 'qwen', 'edit', { file_path: join(dir, 'locked.txt'), old_string: 'secret', new_string: 's' }).files[0]!;
    if (process.getuid?.() !== 0) expect(locked).toMatchObject({ problem: 'unreadable', problem_text: 'the file cannot be read (permission denied)' });
    const outside = view(dir, 'claude', 'Write', { file_path: join(tmp.rootDir, 'elsewhere.txt'), content: 'x\n' }).files[0]!;
    expect(outside).toMatchObject({ outside: true, path: join(tmp.rootDir, 'elsewhere.txt'), change: 'new' });
  });

  it('a huge change keeps its full counts and at most MAX_SHOWN_LINES lines, marked truncated', () => {
    const before = Array.from({ length: 6000 }, (_, i) => `line ${i}`).join('\n') + '\n';
    const after = Array.from({ length: 6000 }, (_, i) => `LINE ${i}`).join('\n') + '\n';
    const dir = project({ 'big.txt': before });
    const file = view(dir, 'claude', 'Write', { file_path: join(dir, 'big.txt'), content: after }).files[0]!;
    expect(file).toMatchObject({ added: 6000, removed: 6000, truncated: true });
    expect(file.hunks.reduce((n, h) => n + h.lines.length, 0)).toBe(MAX_SHOWN_LINES);
  });

  it('bad input names the field', () => {
    const dir = project();
    const file = view(dir, 'claude', 'Edit', { file_path: join(dir, 'a.txt'), new_string: 'x' }).files[0]!;
    expect(file).toMatchObject({ problem: 'bad-input', problem_text: 'tool_input.old_string must be a string (got nothing)' });
  });

  it('NotebookEdit: the diff of the cell it replaces', () => {
    const nb = { cells: [{ id: 'c1', cell_type: 'code', source: ['print(1)\n', 'print(2)'] }], nbformat: 4 };
    const dir = project({ 'n.ipynb': JSON.stringify(nb) });
    const file = view(dir, 'claude', 'NotebookEdit', { notebook_path: join(dir, 'n.ipynb'), cell_id: 'c1', new_source: 'print(1)\nprint(3)' }).files[0]!;
    expect(file).toMatchObject({ cell: 'c1', added: 1, removed: 1 });
  });
});

describe('Codex apply_patch', () => {
  it('update, add, delete and move in one patch, each against the file on disk', () => {
    const dir = project({ 'a.txt': 'one\ntwo\nthree\n', 'gone.txt': 'bye\n', 'm.txt': 'keep\n' });
    const patch = ['*** Begin Patch', '*** Update File: a.txt', '@@', ' one', '-two', '+TWO', ' three', '*** Add File: b.txt', '+new line', '*** Delete File: gone.txt', '*** Update File: m.txt', '*** Move to: moved.txt', '@@', '-keep', '+kept', '*** End Patch'].join('\n');
    const v = view(dir, 'codex', 'apply_patch', { command: patch });
    expect(v.files.map((f) => [f.path, f.change, f.added, f.removed, f.moved_to])).toEqual([
      ['a.txt', 'edit', 1, 1, undefined],
      ['b.txt', 'new', 1, 0, undefined],
      ['gone.txt', 'delete', 0, 1, undefined],
      ['m.txt', 'edit', 1, 1, 'moved.txt'],
    ]);
    expect(v).toMatchObject({ added: 3, removed: 3 });
    expect(v.files[0]!.hunks[0]!.lines.find((l) => l.op === '-')).toEqual({ op: '-', text: 'two', old: 2 });
  });

  it('a chunk whose old lines are not in the file: the patch will fail', () => {
    const dir = project({ 'a.txt': 'one\n' });
    const v = view(dir, 'codex', 'apply_patch', { command: '*** Begin Patch\n*** Update File: a.txt\n@@\n-two\n+TWO\n*** End Patch' });
    expect(v.files[0]).toMatchObject({ problem: 'not-found', problem_text: NOT_FOUND_TEXT });
  });

  it('not a patch: the field is named', () => {
    const dir = project();
    expect(view(dir, 'codex', 'apply_patch', { command: 'ls' }).files[0]!.problem_text).toBe('tool_input.command (or patch, input) must hold the patch ("*** Begin Patch" …)');
  });
});

describe('a file with CRLF line endings', () => {
  it("shows its lines without the \\r (the line ending is not the text)", () => {
    const dir = project({ 'win.txt': 'one\r\ntwo\r\nthree\r\n' });
    const v = view(dir, 'claude', 'Edit', { file_path: join(dir, 'win.txt'), old_string: 'two', new_string: 'TWO' });
    expect(lines(v, '-')).toEqual(['two']);
    expect(lines(v, '+')).toEqual(['TWO']);
    expect(lines(v, ' ')).toEqual(['one', 'three']);
  });
});
