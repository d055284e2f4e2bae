// One shell word as the shell will see it after quote removal: its value, and whether it holds an expansion, a
// leading ~ or a glob. Read from a tree-sitter-bash word node; used by parseShell for argv, assignments and
// redirection targets.
import type { Node } from 'web-tree-sitter';

/** One shell word after quote removal. */
export interface ShellWord {
  /** The word's value with quotes removed; an expansion keeps its source text (e.g. `$HOME`, `$(id)`). */
  text: string;
  /** The word's source text. */
  raw: string;
  /** Holds an expansion whose value is only known when it runs: $VAR, ${…}, $(…), `…`, <(…), $((…)), {a,b}, $'…', ~user. */
  dynamic: boolean;
  /** Starts with an unquoted `~` (the shell puts the home folder there). */
  tilde: boolean;
  /** Holds an unquoted glob character (* ? [): the shell may turn it into several file names. */
  glob: boolean;
}

/** Node types whose value is only known when the command runs. */
export const DYNAMIC_NODES = new Set([
  'simple_expansion', 'expansion', 'command_substitution', 'process_substitution', 'arithmetic_expansion',
  'brace_expression', 'ansi_c_string', 'translated_string',
]);

/** A word node's value after quote removal. */
export function wordOf(node: Node): ShellWord {
  const word: ShellWord = { text: '', raw: node.text, dynamic: false, tilde: false, glob: false };
  word.text = valueOf(node, word, true);
  return word;
}

function valueOf(node: Node, word: ShellWord, first: boolean): string {
  if (DYNAMIC_NODES.has(node.type)) {
    word.dynamic = true;
    return node.text;
  }
  switch (node.type) {
    case 'word':
    case 'number':
    case 'variable_name':
    case 'command_name': {
      if (node.type === 'command_name' && node.namedChildren[0]) return valueOf(node.namedChildren[0], word, first);
      const text = node.text;
      if (first && (text === '~' || text.startsWith('~/'))) word.tilde = true;
      // ~user, ~+, ~- : another user's home, $PWD, $OLDPWD — known only when it runs.
      else if (first && text.startsWith('~')) word.dynamic = true;
      if (/(^|[^\\])[*?[]/.test(text)) word.glob = true;
      return text.replace(/\\\n/g, '').replace(/\\(.)/gs, '$1');
    }
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'string': {
      let text = '';
      for (const child of node.namedChildren) {
        if (!child) continue;
        if (child.type === 'string_content') text += child.text.replace(/\\\n/g, '').replace(/\\([$`"\\])/g, '$1');
        else text += valueOf(child, word, false);
      }
      return text;
    }
    case 'concatenation':
    case 'variable_assignment': {
      let text = '';
      let i = 0;
      for (const child of node.children) {
        if (!child) continue;
        // In NAME=~/x the shell expands the ~ after the =.
        const afterEquals = node.type === 'variable_assignment' && i > 0 && node.children[i - 1]?.type === '=';
        text += child.isNamed ? valueOf(child, word, (first && i === 0) || afterEquals) : child.text;
        i++;
      }
      return text;
    }
    default:
      // Anything else (an ERROR node, a construct gatehouse does not read as a word) is not a known value.
      word.dynamic = true;
      return node.text;
  }
}