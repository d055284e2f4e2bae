// Codex's apply_patch format read into file operations, and an update applied to the file's text as Codex applies
// it (codex-rs/apply-patch: each chunk's old lines sought from where the previous chunk ended, exactly, then
// ignoring trailing and then all surrounding whitespace; an "@@ context" line sought first). Only to show the
// change: Codex itself applies the patch.

export type PatchOp =
  | { kind: 'add'; path: string; content: string }
  | { kind: 'delete'; path: string }
  | { kind: 'update'; path: string; moveTo: string | null; chunks: PatchChunk[] };

export interface PatchChunk {
  /** The text after "@@ " (a line to find first), or null. */
  context: string | null;
  oldLines: string[];
  newLines: string[];
  endOfFile: boolean;
}

/** Reads the patch; throws an Error saying which line is not apply_patch's format. */
export function parseCodexPatch(text: string): PatchOp[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const ops: PatchOp[] = [];
  let i = lines.findIndex((l) => l.trim() === '*** Begin Patch');
  if (i < 0) throw new Error('the patch has no "*** Begin Patch" line');
  i++;
  let current: PatchOp | null = null;
  let chunk: PatchChunk | null = null;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const header = /^\*\*\* (Add File|Delete File|Update File|Move to): (.+)$/.exec(line.trimEnd());
    if (line.trim() === '*** End Patch') break;
    if (header) {
      const [, what, path] = header;
      if (what === 'Move to') {
        if (current?.kind !== 'update') throw new Error(`patch line ${i + 1}: "*** Move to" must follow "*** Update File"`);
        current.moveTo = path!.trim();
        continue;
      }
      current = what === 'Add File' ? { kind: 'add', path: path!.trim(), content: '' } : what === 'Delete File' ? { kind: 'delete', path: path!.trim() } : { kind: 'update', path: path!.trim(), moveTo: null, chunks: [] };
      chunk = null;
      ops.push(current);
      continue;
    }
    if (!current) {
      if (line.trim() === '') continue;
      throw new Error(`patch line ${i + 1}: expected "*** Add File", "*** Update File" or "*** Delete File", got ${JSON.stringify(line.slice(0, 80))}`);
    }
    if (current.kind === 'add') {
      if (!line.startsWith('+')) {
        if (line === '' && i === lines.length - 1) continue;
        throw new Error(`patch line ${i + 1}: a line of an added file must start with "+"`);
      }
      current.content += `${line.slice(1)}\n`;
      continue;
    }
    if (current.kind === 'delete') continue;
    if (line.startsWith('@@')) {
      chunk = { context: line.slice(2).trim() || null, oldLines: [], newLines: [], endOfFile: false };
      current.chunks.push(chunk);
      continue;
    }
    if (line.trim() === '*** End of File') {
      if (chunk) chunk.endOfFile = true;
      continue;
    }
    if (!chunk) {
      chunk = { context: null, oldLines: [], newLines: [], endOfFile: false };
      current.chunks.push(chunk);
    }
    const op = line[0];
    const body = line.slice(1);
    if (op === '+') chunk.newLines.push(body);
    else if (op === '-') chunk.oldLines.push(body);
    else if (op === ' ' || line === '') {
      chunk.oldLines.push(body);
      chunk.newLines.push(body);
    } else throw new Error(`patch line ${i + 1}: a changed line must start with " ", "-" or "+"`);
  }
  if (ops.length === 0) throw new Error('the patch names no file');
  return ops;
}

/** The file's text after the update, or the chunk whose old lines are not in it (the patch will fail). */
export function applyUpdate(text: string, chunks: PatchChunk[]): { text: string } | { missing: string } {
  const lines = text.split('\n');
  const trailingNewline = lines[lines.length - 1] === '';
  if (trailingNewline) lines.pop();
  let cursor = 0;
  const replacements: Array<{ at: number; remove: number; insert: string[] }> = [];
  for (const chunk of chunks) {
    if (chunk.context !== null) {
      const at = seek(lines, [chunk.context], cursor);
      if (at < 0) return { missing: chunk.context };
      cursor = at + 1;
    }
    if (chunk.oldLines.length === 0) {
      replacements.push({ at: lines.length, remove: 0, insert: chunk.newLines });
      continue;
    }
    let old = chunk.oldLines;
    let added = chunk.newLines;
    let at = seek(lines, old, cursor, chunk.endOfFile);
    // A chunk ending in an empty line may mean the file's end.
    if (at < 0 && old[old.length - 1] === '') {
      old = old.slice(0, -1);
      added = added[added.length - 1] === '' ? added.slice(0, -1) : added;
      at = seek(lines, old, cursor, chunk.endOfFile);
    }
    if (at < 0) return { missing: old.join('\n') };
    replacements.push({ at, remove: old.length, insert: added });
    cursor = at + old.length;
  }
  for (const r of replacements.sort((a, b) => b.at - a.at)) lines.splice(r.at, r.remove, ...r.insert);
  return { text: lines.join('\n') + (trailingNewline || lines.length ? '\n' : '') };
}

function seek(lines: string[], pattern: string[], from: number, atEnd = false): number {
  const tries: Array<(s: string) => string> = [(s) => s, (s) => s.trimEnd(), (s) => s.trim()];
  for (const norm of tries) {
    const start = atEnd ? Math.max(from, lines.length - pattern.length) : from;
    for (let i = start; i + pattern.length <= lines.length; i++) {
      if (pattern.every((p, k) => norm(lines[i + k]!) === norm(p))) return i;
    }
  }
  return -1;
}
