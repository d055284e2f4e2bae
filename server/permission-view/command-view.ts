// A shell command as the shell will run it (issue 22): one part per line — each simple command of a compound line,
// the commands nested in $(…), bash -c '…' and the like indented under the one that runs them — the folder it
// runs in, and marks from the shell parser the permission policy uses (server/shell/parse-shell.ts).
import type { CommandMark, CommandPart, CommandView } from '../../shared/permission/view.js';
import { loadBashParser } from '../shell/tree-sitter-bash.js';
import { parseShell, type SimpleCommand } from '../shell/parse-shell.js';
import { homedir } from 'node:os';
import { commandMarks } from '../policy/risk/command-risk.js';
import { resolvePath } from '../policy/path-rule.js';

const JOINERS = ['&&', '||', '|&', '|', ';', '&'];

export async function commandView(command: string, cwd: string | null, project: string): Promise<CommandView> {
  await loadBashParser();
  const parsed = parseShell(command);
  const where = cwd ?? project;
  const place = { cwd: where, project: resolvePath(project, where, homedir()).real, home: homedir() };
  const parts: CommandPart[] = [];
  const partOf = new Map<number, number>();
  let searchFrom = 0;
  parsed.commands.forEach((c, index) => {
    const marks = commandMarks(c, place);
    // A wrapper's command (sudo rm …, env X=1 cmd) is on its wrapper's line: its marks join that line.
    if (c.via === 'wrapper' && c.parent !== null && partOf.has(c.parent)) {
      const line = parts[partOf.get(c.parent)!]!;
      partOf.set(index, partOf.get(c.parent)!);
      for (const m of marks) if (!line.marks.some((x) => x.text === m.text)) line.marks.push(m);
      return;
    }
    let joiner: string | null = null;
    if (c.parent === null) {
      const at = command.indexOf(c.text, searchFrom);
      if (at >= 0) {
        const gap = command.slice(searchFrom, at);
        joiner = parts.length === 0 ? null : (JOINERS.find((j) => gap.includes(j)) ?? (gap.includes('\n') ? ';' : null));
        searchFrom = at + c.text.length;
      }
    }
    partOf.set(index, parts.length);
    parts.push({ joiner, text: partText(c), marks, depth: depthOf(parsed.commands, c) });
  });
  const marks: CommandMark[] = [];
  for (const p of parts) for (const m of p.marks) if (!marks.some((x) => x.text === m.text)) marks.push(m);
  if (parsed.errors.length > 0) {
    const e = parsed.errors[0]!;
    marks.push({ kind: 'unparsed', text: `the shell cannot read part of it (line ${e.line}, column ${e.column})` });
  }
  if (parts.length === 0) parts.push({ joiner: null, text: command, marks: [], depth: 0 });
  return { kind: 'command', cwd, command, parts, marks };
}

/** The command's text with its redirections (the parser keeps them apart from the words). */
function partText(c: SimpleCommand): string {
  let text = c.text;
  for (const r of c.redirects) {
    if (!r.target) continue;
    const redirect = `${r.fd ?? ''}${r.op} ${r.target.raw}`;
    if (!text.includes(r.target.raw)) text += ` ${redirect}`;
  }
  return text;
}

function depthOf(commands: SimpleCommand[], c: SimpleCommand): number {
  let depth = 0;
  for (let at = c; at.parent !== null; at = commands[at.parent]!) if (at.via !== 'wrapper') depth++;
  return depth;
}
