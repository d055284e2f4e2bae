// A shell command line as the shell will run it: every simple command (argv words after quote removal, its
// assignments and redirections), including the ones nested in $(…), backticks, <(…), bash -c '…', eval '…',
// `env X=1 cmd`, sudo/nohup/timeout/xargs … and find -exec, subshells, groups, pipelines, ;/&&/||/& and newlines.
// Built on the real bash grammar (tree-sitter-bash), never on regexes. Used by the permission policy (a rule must
// hold for every part) and meant for showing a command with marks (issue 22).
import type { Node } from 'web-tree-sitter';
import { parseBashTree } from './tree-sitter-bash.js';
import { unwrapCommand } from './wrappers.js';
import { DYNAMIC_NODES, wordOf, type ShellWord } from './shell-word.js';

export interface ShellRedirect {
  /** The operator as written: >, >>, >|, &>, &>>, <, <>, >&, <&, <<, <<-, <<<. */
  op: string;
  /** The file descriptor written before the operator, if any. */
  fd: number | null;
  /** The file it reads or writes; null for a here-document, a here-string and a descriptor copy (2>&1). */
  target: ShellWord | null;
  /** Writes to `target` (>, >>, >|, &>, &>>, <>, >& file). */
  writes: boolean;
}

export type NestedVia = 'substitution' | 'shell -c' | 'eval' | 'wrapper' | 'find -exec' | 'here-document';

export interface SimpleCommand {
  /** NAME=value words before the command name (a line of assignments only has no argv). */
  assignments: ShellWord[];
  /** The command name and its arguments. */
  argv: ShellWord[];
  /** Its own redirections, and those of a group or subshell around it. */
  redirects: ShellRedirect[];
  /** Source text of the command (for a nested script: within that script's text). */
  text: string;
  /** Index of the command this one is nested in (its $(…), its bash -c script, its wrapper), or null. */
  parent: number | null;
  /** How it is nested in its parent. */
  via: NestedVia | null;
  /** Reads its standard input from a pipe (`… | this`). */
  piped: boolean;
  /**
   * Runs code that cannot be read before it runs: a shell reading a pipe (`curl x | sh`), `bash -c "$X"`,
   * `eval $X`, a script nested deeper than gatehouse follows. Such a part is never allowed by a rule.
   */
  opaque: boolean;
}

export interface ParsedShell {
  source: string;
  /** Every simple command, outer before inner, in source order. */
  commands: SimpleCommand[];
  /** Every redirection in the line (each also sits on its commands). */
  redirects: ShellRedirect[];
  /** Syntax errors (the grammar could not read these spans): a line with any is never allowed by rules. */
  errors: Array<{ text: string; line: number; column: number }>;
  /** Names of the shell functions the line defines (a later command of that name runs the function's body). */
  functions: string[];
  /** Shapes around its commands that Claude Code asks about whatever prefix rule allows them: ( … ), { …; }, a trailing &. */
  shapes: Array<'subshell' | 'group' | 'background'>;
}

const MAX_DEPTH = 6;
const WRITE_OPS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);

/** Parses a command line. The bash parser must be loaded (loadBashParser()). */
export function parseShell(source: string): ParsedShell {
  const out: ParsedShell = { source, commands: [], redirects: [], errors: [], functions: [], shapes: [] };
  parseInto(source, out, null, null, 0);
  return out;
}

function parseInto(source: string, out: ParsedShell, parent: number | null, via: NestedVia | null, depth: number): number[] {
  const tree = parseBashTree(source);
  try {
    const walker = new Walker(source, out, depth);
    const added = walker.collect(tree.rootNode, { parent, via, piped: false });
    return added;
  } finally {
    tree.delete();
  }
}

interface Place {
  parent: number | null;
  via: NestedVia | null;
  piped: boolean;
}

class Walker {
  constructor(
    private readonly source: string,
    private readonly out: ParsedShell,
    private readonly depth: number,
  ) {}

  /** Adds the commands under `node`; returns the indices of those at this level (not nested in substitutions). */
  collect(node: Node, place: Place): number[] {
    if (node.isError || node.isMissing) this.error(node);
    switch (node.type) {
      case 'command':
        return this.command(node, place);
      case 'declaration_command':
      case 'unset_command':
      case 'test_command':
        return this.keywordCommand(node, place);
      case 'variable_assignment':
      case 'variable_assignments':
        return this.assignmentsOnly(node, place);
      case 'redirected_statement':
        return this.redirected(node, place);
      case 'function_definition': {
        const name = node.childForFieldName('name');
        if (name) this.out.functions.push(name.text);
        const added: number[] = [];
        for (const child of node.children) if (child && child !== name && child.id !== name?.id) added.push(...this.collect(child, place));
        return added;
      }
      case 'pipeline': {
        const added: number[] = [];
        node.namedChildren.forEach((child, i) => {
          if (child) added.push(...this.collect(child, { ...place, piped: place.piped || i > 0 }));
        });
        return added;
      }
      default: {
        if (DYNAMIC_NODES.has(node.type)) {
          this.nestedIn(node, place.parent);
          return [];
        }
        const shape = node.type === 'subshell' ? 'subshell' : node.type === 'compound_statement' ? 'group' : node.type === '&' ? 'background' : null;
        if (shape && !this.out.shapes.includes(shape)) this.out.shapes.push(shape);
        const added: number[] = [];
        for (const child of node.children) if (child) added.push(...this.collect(child, place));
        return added;
      }
    }
  }

  private error(node: Node): void {
    this.out.errors.push({ text: node.text.slice(0, 80), line: node.startPosition.row + 1, column: node.startPosition.column + 1 });
  }

  /** Commands inside substitutions within `node` (a word, a string, a here-document), nested in `parent`. */
  private nestedIn(node: Node, parent: number | null): void {
    if (node.isError || node.isMissing) this.error(node);
    if (node.type === 'command_substitution' && node.text.startsWith('`')) {
      // Inside backticks the shell first turns \` \\ \$ into ` \ $ and then reads the text: `echo \`rm x\``
      // runs rm. The grammar reads the text as written, so it is read again here, as the shell will.
      // An unclosed backtick: the shell refuses the line (or runs what follows); nothing a rule can allow.
      if (node.text.length < 2 || !node.text.endsWith('`')) this.error(node);
      const inner = node.text.slice(1, node.text.endsWith('`') ? -1 : undefined).replace(/\\([`\\$])/g, '$1');
      if (this.depth + 1 > MAX_DEPTH) {
        if (parent !== null) this.out.commands[parent]!.opaque = true;
        return;
      }
      parseInto(inner, this.out, parent, 'substitution', this.depth + 1);
      return;
    }
    if (node.type === 'command_substitution' || node.type === 'process_substitution') {
      for (const child of node.namedChildren) if (child) this.collect(child, { parent, via: 'substitution', piped: false });
      return;
    }
    for (const child of node.children) if (child) this.nestedIn(child, parent);
  }

  private push(command: Omit<SimpleCommand, 'redirects'>, wordNodes: Node[]): number {
    const index = this.out.commands.length;
    this.out.commands.push({ ...command, redirects: [] });
    for (const w of wordNodes) this.nestedIn(w, index);
    this.expand(index);
    return index;
  }

  private command(node: Node, place: Place): number[] {
    const assignments: ShellWord[] = [];
    const argv: ShellWord[] = [];
    const wordNodes: Node[] = [];
    const redirects: Node[] = [];
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === 'variable_assignment') {
        assignments.push(wordOf(child));
        wordNodes.push(child);
      } else if (child.type === 'command_name') {
        const name = child.namedChildren[0] ?? child;
        argv.push(wordOf(name));
        wordNodes.push(name);
      } else if (child.type.endsWith('_redirect')) {
        redirects.push(child);
      } else if (child.type === 'comment') {
        continue;
      } else {
        if (child.isError) this.error(child);
        argv.push(wordOf(child));
        wordNodes.push(child);
      }
    }
    const index = this.push({ assignments, argv, text: node.text, parent: place.parent, via: place.via, piped: place.piped, opaque: false }, wordNodes);
    for (const r of redirects) this.redirect(r, [index]);
    return [index];
  }

  /** export/local/declare/readonly/unset and [[ … ]]: a command whose words are read as written. */
  private keywordCommand(node: Node, place: Place): number[] {
    const argv: ShellWord[] = [];
    for (const child of node.children) {
      if (!child || child.type === 'comment') continue;
      argv.push(child.isNamed ? wordOf(child) : { text: child.text, raw: child.text, dynamic: false, tilde: false, glob: false });
    }
    return [this.push({ assignments: [], argv, text: node.text, parent: place.parent, via: place.via, piped: place.piped, opaque: false }, node.namedChildren.filter((c): c is Node => c !== null))];
  }

  /** `X=1` alone (or `X=1 Y=2`): it changes what later commands run (PATH=…), so it is a part of its own. */
  private assignmentsOnly(node: Node, place: Place): number[] {
    const nodes = node.type === 'variable_assignment' ? [node] : node.namedChildren.filter((c): c is Node => c !== null);
    return [this.push({ assignments: nodes.map(wordOf), argv: [], text: node.text, parent: place.parent, via: place.via, piped: place.piped, opaque: false }, nodes)];
  }

  private redirected(node: Node, place: Place): number[] {
    const body = node.childForFieldName('body');
    const added = body ? this.collect(body, place) : [];
    for (const child of node.namedChildren) {
      if (child && child !== body && child.id !== body?.id && child.type.endsWith('_redirect')) this.redirect(child, added);
    }
    return added;
  }

  private redirect(node: Node, commands: number[]): void {
    let op = '';
    let fd: number | null = null;
    let target: ShellWord | null = null;
    // <<'EOF' (any quote or backslash in the word): the body is taken as written, nothing in it runs.
    let quotedDelimiter = false;
    for (const child of node.children) {
      if (!child) continue;
      if (child.type === 'file_descriptor') fd = Number(child.text);
      else if (!child.isNamed) op ||= child.text;
      else if (child.type === 'heredoc_body' || child.type === 'heredoc_start' || child.type === 'heredoc_end') {
        if (child.type === 'heredoc_start') quotedDelimiter = /['"\\]/.test(child.text);
        if (child.type === 'heredoc_body' && !quotedDelimiter) for (const c of commands.length ? commands : [null]) this.hereDocument(child, c);
      } else if (node.type === 'herestring_redirect') {
        for (const c of commands.length ? commands : [null]) this.nestedIn(child, c);
      } else if (!target) {
        target = wordOf(child);
        for (const c of commands.length ? commands : [null]) this.nestedIn(child, c);
      }
    }
    if (node.type !== 'file_redirect') target = null;
    // >&2, 2>&1, <&0, >&-: a copy of a descriptor, not a file.
    if ((op === '>&' || op === '<&') && target && /^(\d+|-)$/.test(target.text)) target = null;
    const redirect: ShellRedirect = { op, fd, target, writes: target !== null && (WRITE_OPS.has(op) || op === '>&') };
    this.out.redirects.push(redirect);
    for (const c of commands) this.out.commands[c]!.redirects.push(redirect);
  }

  /**
   * A here-document's body with an unquoted delimiter: its $(…) as the grammar read them, and its backticks, which
   * the grammar does not read there, found by walking the text as the shell does (\ escapes one character).
   */
  private hereDocument(body: Node, parent: number | null): void {
    this.nestedIn(body, parent);
    const text = body.text;
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '\\') {
        i++;
        continue;
      }
      if (text[i] !== '`') continue;
      let inner = '';
      let j = i + 1;
      for (; j < text.length && text[j] !== '`'; j++) {
        if (text[j] === '\\' && j + 1 < text.length) inner += text[j++];
        inner += text[j];
      }
      if (j >= text.length || this.depth + 1 > MAX_DEPTH) {
        // An unclosed backtick: the shell refuses it, or runs what follows; either way nothing a rule can allow.
        if (parent !== null) this.out.commands[parent]!.opaque = true;
        return;
      }
      parseInto(inner.replace(/\\([`\\$])/g, '$1'), this.out, parent, 'here-document', this.depth + 1);
      i = j;
    }
  }

  /** The commands a command runs in its turn: bash -c '…', eval '…', env/sudo/… cmd, find -exec cmd ;. */
  private expand(index: number): void {
    const command = this.out.commands[index]!;
    const inner = unwrapCommand(command.argv, command.piped);
    if (!inner) return;
    if (inner.kind === 'opaque') {
      command.opaque = true;
      return;
    }
    if (inner.kind === 'script') {
      if (this.depth + 1 > MAX_DEPTH) {
        command.opaque = true;
        return;
      }
      parseInto(inner.script, this.out, index, inner.via, this.depth + 1);
      return;
    }
    const text = inner.argv.map((w) => w.raw).join(' ');
    const child = this.out.commands.length;
    this.out.commands.push({ assignments: inner.assignments, argv: inner.argv, redirects: [], text, parent: index, via: inner.via, piped: command.piped, opaque: false });
    this.expand(child);
  }
}
