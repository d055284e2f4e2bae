// An edit or write of any of the four CLIs as a diff against the file on disk (issue 22): what each file would
// become, a new file / an overwrite / a deletion marked, and plainly why no diff can be shown when there is none.
import type { EditView, FileChange } from '../../shared/permission/view.js';
import { applyUpdate, parseCodexPatch, type PatchOp } from './codex-patch.js';
import { readDiskFile, looksBinary, type DiskFile } from './disk-file.js';
import { diffFile, problemChange } from './file-diff.js';
import { readEditRequest, type EditRequest } from './edit-inputs.js';
import { fileTarget, type ResolvedTarget } from './file-target.js';
import { applyReplaces } from './replace-edit.js';
import { notebookChange } from './notebook-edit.js';

export const NOT_FOUND_TEXT = 'the old text is not in the file (it may have changed meanwhile): the edit will fail';

export function editView(agent: string, tool: string, input: unknown, cwd: string, project: string): EditView {
  let request: EditRequest;
  try {
    request = readEditRequest(agent, tool, input);
  } catch (err) {
    return summed([problemChange({ path: '(unknown file)', outside: false }, 'edit', 'bad-input', (err as Error).message)]);
  }
  const at = (path: string) => fileTarget(path, cwd, project);
  switch (request.kind) {
    case 'replace':
      return summed([replaceChange(at(request.path), request.edits)]);
    case 'write':
      return summed([writeChange(at(request.path), request.content)]);
    case 'notebook':
      return summed([notebookChange(at(request.path), request)]);
    case 'patch': {
      let ops: PatchOp[];
      try {
        ops = parseCodexPatch(request.text);
      } catch (err) {
        return summed([problemChange({ path: '(patch)', outside: false }, 'edit', 'bad-input', `the patch cannot be read: ${(err as Error).message}`)]);
      }
      return summed(ops.map((op) => patchChange(op, at)));
    }
  }
}

function summed(files: FileChange[]): EditView {
  return { kind: 'edit', files, added: files.reduce((n, f) => n + f.added, 0), removed: files.reduce((n, f) => n + f.removed, 0) };
}

/** The file's text, or the change that says why there is none (binary, unreadable, too large). */
function textOf(target: ResolvedTarget, disk: DiskFile, change: FileChange['change']): string | null | FileChange {
  switch (disk.kind) {
    case 'missing':
      return null;
    case 'text':
      return disk.text;
    case 'binary':
      return problemChange(target, change, 'binary', 'a binary file: no diff shown');
    case 'too-large':
      return problemChange(target, change, 'too-large', `the file is too large to show (${Math.round(disk.bytes / 1024)} KB)`);
    case 'unreadable':
      return problemChange(target, change, 'unreadable', `the file cannot be read (${disk.reason})`);
  }
}

function replaceChange(target: ResolvedTarget, edits: Parameters<typeof applyReplaces>[1]): FileChange {
  const disk = readDiskFile(target.absolute);
  const before = textOf(target, disk, 'edit');
  if (before !== null && typeof before === 'object') return before;
  const outcome = applyReplaces(before, edits);
  if ('missing' in outcome) return problemChange(target, 'edit', 'not-found', before === null ? 'the file does not exist: the edit will fail' : NOT_FOUND_TEXT);
  if ('bad' in outcome) return problemChange(target, 'edit', 'not-found', outcome.bad);
  return diffFile(target, before === null ? 'new' : 'edit', before, outcome.text);
}

function writeChange(target: ResolvedTarget, content: string): FileChange {
  const disk = readDiskFile(target.absolute);
  const change = disk.kind === 'missing' ? 'new' : 'overwrite';
  if (looksBinary(content)) return problemChange(target, change, 'binary', 'binary content: no diff shown');
  const before = textOf(target, disk, change);
  if (before !== null && typeof before === 'object') return before;
  return diffFile(target, change, before, content);
}

function patchChange(op: PatchOp, at: (path: string) => ResolvedTarget): FileChange {
  const target = at(op.path);
  if (op.kind === 'add') return writeChange(target, op.content);
  const disk = readDiskFile(target.absolute);
  if (op.kind === 'delete') {
    if (disk.kind === 'missing') return problemChange(target, 'delete', 'not-found', 'the file does not exist: the deletion will fail');
    const before = textOf(target, disk, 'delete');
    if (before !== null && typeof before === 'object') return before;
    return diffFile(target, 'delete', before, null);
  }
  const moved = op.moveTo ? at(op.moveTo).path : undefined;
  const before = textOf(target, disk, 'edit');
  if (before !== null && typeof before === 'object') return { ...before, ...(moved ? { moved_to: moved } : {}) };
  if (before === null) return problemChange(target, 'edit', 'not-found', 'the file does not exist: the patch will fail');
  const applied = applyUpdate(before, op.chunks);
  if ('missing' in applied) return { ...problemChange(target, 'edit', 'not-found', NOT_FOUND_TEXT), ...(moved ? { moved_to: moved } : {}) };
  return { ...diffFile(target, 'edit', before, applied.text), ...(moved ? { moved_to: moved } : {}) };
}
