// Claude Code's NotebookEdit: one cell of a Jupyter notebook replaced, inserted or deleted, shown as the diff of
// that cell's source (the notebook's JSON around it is not what the person approves).
import type { FileChange } from '../../shared/permission/view.js';
import { readDiskFile } from './disk-file.js';
import { diffFile, problemChange } from './file-diff.js';
import type { ResolvedTarget } from './file-target.js';

interface NotebookRequest {
  cell: string | null;
  source: string;
  mode: 'replace' | 'insert' | 'delete';
}

export function notebookChange(target: ResolvedTarget, request: NotebookRequest): FileChange {
  const disk = readDiskFile(target.absolute);
  const cellName = request.cell ?? (request.mode === 'insert' ? 'at the start' : 'the first cell');
  const labelled = (change: FileChange): FileChange => ({ ...change, cell: cellName });
  if (disk.kind === 'missing') return labelled(problemChange(target, 'edit', 'not-found', 'the notebook does not exist: the edit will fail'));
  if (disk.kind !== 'text') return labelled(problemChange(target, 'edit', 'unreadable', 'the notebook cannot be read'));
  let cells: Array<{ id?: string; source?: string | string[] }>;
  try {
    cells = JSON.parse(disk.text).cells;
    if (!Array.isArray(cells)) throw new Error('no cells');
  } catch {
    return labelled(problemChange(target, 'edit', 'unreadable', 'the notebook is not valid notebook JSON'));
  }
  if (request.mode === 'insert') return labelled(diffFile(target, 'edit', '', request.source));
  const index = request.cell === null ? 0 : cells.findIndex((c, i) => c.id === request.cell || `cell-${i}` === request.cell);
  const cell = cells[index];
  if (!cell) return labelled(problemChange(target, 'edit', 'not-found', `the notebook has no cell ${request.cell}: the edit will fail`));
  const before = Array.isArray(cell.source) ? cell.source.join('') : (cell.source ?? '');
  return labelled(diffFile(target, 'edit', before, request.mode === 'delete' ? '' : request.source));
}
