// The prompt-style matrix: one row per tsci stand-in in test/fixtures/programs/prompt-matrix/ (docs/cli-gates.md,
// "Prompt-style matrix", is the same table for people). Every case picks a NON-default option.

/** What the agent sends, as an agent reading the relayed selection would. */
export type AgentAnswer =
  /** selected_option = the pick; the selection must say answer_with "option". */
  | { by: 'option' }
  /** selected_options = the picks (multi-select). */
  | { by: 'options' }
  /** A numbered list: text = the pick's number when answer_with is "text", else selected_option = the pick. */
  | { by: 'number' }
  /** A yes/no confirm: text "y" when answer_with is "text", else selected_option "Yes". */
  | { by: 'yes' }
  /** text typed verbatim; the selection must say answer_with "text". */
  | { by: 'text'; text: string };

export interface MatrixCase {
  /** The program's file name (without extension) = the component name passed to `tsci import`. */
  style: string;
  library: string;
  /** Which class of the issue it exercises, for the report. */
  what: string;
  /** Written to matrix-options.txt in the project dir; the program draws these (in this order unless noted). */
  options: string[];
  /** Strings the relayed prompt must contain (the question as a person reads it). */
  prompt: string[];
  /** The options the selection must relay (each relayed option contains the string, in this order); [] = none. */
  relayed: string[];
  /** What the program must receive: the option(s) picked. */
  receives: string[];
  answer: AgentAnswer;
  /** How many selections the agent answers (a failed import re-presents one). */
  rounds?: number;
  /** Other option lists that are also right (a confirm relayed as Yes/No, candidates above a typing field). */
  relayedMay?: string[][];
  /** The options relayed in round 2 and later, when the re-run draws them differently. */
  relayedAgain?: string[];
  /** Written to matrix-config.json in the project dir: the program's variant (a layout, a window size). */
  config?: Record<string, unknown>;
}

export const PARTS = [
  'CL05B104KO5NNNC - 100nF 16V X7R 0402 Samsung',
  'GRM155R71C104KA88D - 100nF 16V X7R 0402 Murata',
  'CC0402KRX7R7BB104 - 100nF 16V X7R 0402 Yageo',
  'C0402C104K4RACTU - 100nF 16V X7R 0402 Kemet',
  'EMK105B7104KV-F - 100nF 16V X7R 0402 Taiyo Yuden',
];
const THIRTY = Array.from({ length: 30 }, (_, i) => `RC0402FR-07${i + 1}R0L - ${i + 1} ohm 1% 0402 Yageo`);
const QUESTION = 'Which part should be imported?';
const QUESTIONS = 'Which parts should be imported?';
const CONFIRM = `Import ${PARTS[1].split(' ')[0]}?`;

const menu = (style: string, library: string, what: string, pick = PARTS[2]): MatrixCase => ({
  style, library, what, options: PARTS, prompt: [QUESTION], relayed: PARTS, receives: [pick], answer: { by: 'option' },
});
const multi = (style: string, library: string, what: string): MatrixCase => ({
  style, library, what, options: PARTS, prompt: [QUESTIONS], relayed: PARTS, receives: [PARTS[1], PARTS[3]], answer: { by: 'options' },
});
const confirm = (style: string, library: string, what: string, prompt = CONFIRM): MatrixCase => ({
  style, library, what, options: PARTS, prompt: [prompt], relayed: [], relayedMay: [['Yes', 'No']], receives: [PARTS[1]], answer: { by: 'yes' },
});
const numbered = (style: string, library: string, what: string, prompt: string): MatrixCase => ({
  style, library, what, options: PARTS, prompt: [prompt], relayed: PARTS, receives: [PARTS[3]], answer: { by: 'number' },
});

export const MATRIX_CASES: MatrixCase[] = [
  menu('prompts-select', 'prompts 2.4.2', 'arrow menu, ❯ pointer (what tsci draws)'),
  multi('prompts-multiselect', 'prompts 2.4.2', 'multi-select, Space toggles, Instructions footer'),
  menu('prompts-autocomplete', 'prompts 2.4.2', 'list that filters as you type'),
  confirm('prompts-confirm', 'prompts 2.4.2', 'one-line (y/N) confirm, default No'),
  menu('inquirer-select', '@inquirer/prompts', 'arrow menu, key-hint footer'),
  multi('inquirer-checkbox', '@inquirer/prompts', 'multi-select, Space toggles, key-hint footer'),
  numbered('inquirer-rawlist', '@inquirer/prompts', 'numbered list, typed number', QUESTION),
  confirm('inquirer-confirm', '@inquirer/prompts', 'one-line (y/N) confirm, default No'),
  menu('inquirer-search', '@inquirer/prompts', 'typing field above a list that filters as you type'),
  { ...menu('inquirer-select-30-noloop', '@inquirer/prompts', '30 options, 10-row window, no wrap', THIRTY[22]), options: THIRTY, relayed: THIRTY },
  menu('enquirer-select', 'enquirer', 'arrow menu, ❯ pointer, underline'),
  multi('enquirer-multiselect', 'enquirer', 'multi-select, Space toggles'),
  menu('clack-select', '@clack/prompts', 'list behind a │ gutter, ●/○ markers'),
  multi('clack-multiselect', '@clack/prompts', 'multi-select behind a │ gutter'),
  confirm('clack-confirm', '@clack/prompts', '● Yes / ○ No on one line behind a gutter'),
  menu('inquirer8-list', 'inquirer 8 (legacy)', 'arrow menu, hint on the question line'),
  multi('inquirer8-checkbox', 'inquirer 8 (legacy)', 'multi-select, Space toggles'),
  numbered('inquirer8-rawlist', 'inquirer 8 (legacy)', 'numbered list with an "Answer:" field', QUESTION),
  menu('ink-select', 'ink 5 + ink-select-input', 'Ink app in raw mode (keys in one write)'),
  confirm('bash-read-confirm', 'bash', '`read -p` question on the cursor line', 'Use it? [y/N]'),
  numbered('bash-select', 'bash', '`select` menu with the `#?` prompt', '#?'),
  {
    style: 'python-input', library: 'Python stdlib', what: '`input()` question on the cursor line', options: PARTS,
    prompt: ['Part number to import:'], relayed: [], relayedMay: [PARTS], receives: [PARTS[2]], answer: { by: 'text', text: PARTS[2].split(' ')[0] },
  },
  {
    style: 'python-getpass', library: 'Python stdlib', what: '`getpass()` hidden line (echo off): typed unseen, knowingly', options: PARTS,
    prompt: ['Part number to import (not shown):'], relayed: [], relayedMay: [PARTS], receives: [PARTS[3]], answer: { by: 'text', text: PARTS[3].split(' ')[0] },
  },
  {
    style: 'inquirer-password', library: '@inquirer/prompts', what: 'masked password field (raw, one * per character)', options: PARTS,
    prompt: ['Part number to import (masked):'], relayed: [], relayedMay: [PARTS], receives: [PARTS[4]], answer: { by: 'text', text: PARTS[4].split(' ')[0] },
  },
  numbered('python-numbered', 'Python stdlib', 'numbered `1) …` list with an `Answer:` field', 'Answer:'),
  menu('python-curses', 'Python curses', 'alternate screen, pointer only in reverse video'),
  menu('whiptail-menu', 'whiptail (newt)', 'full-screen box: title, border, <Ok>/<Cancel>'),
  multi('whiptail-checklist', 'whiptail (newt)', 'checklist box, [ ]/[*] toggled with Space'),
  menu('dialog-menu', 'dialog', 'full-screen box: backtitle, title, inner border, buttons'),
  menu('box-gutter-list', 'hand-rolled (raw ANSI)', 'list in a box behind a │ gutter, inverse pointer'),
  menu('spinner-raw-then-select', 'ora + prompts', 'spinner in raw mode before the menu'),
  { ...menu('rerun-reordered', 'prompts 2.4.2', 'failed import, re-run draws the options in another order'), rounds: 2, relayedAgain: [...PARTS.slice(2), ...PARTS.slice(0, 2)] },
];

/** Twelve parts: a list longer than the windows the scrolling layouts show. */
const TWELVE = Array.from({ length: 12 }, (_, i) => `RC0603FR-07${i + 1}K0L - ${i + 1}k 1% 0603 Yageo`);
/** fzf's default layout draws the list upward from the query line at the bottom: the first option lowest. */
const UPWARD = [...PARTS].reverse();

/** Issue 24's layouts in the hub-driven matrix (one case per program; its variants are in LAYOUT_VARIANTS). */
MATRIX_CASES.push(
  menu('clack-select-hints', '@clack/prompts', 'a hint shown on the focused row only (the row grows under the pointer)'),
  menu('clack-spinner-select', '@clack/prompts', 'spinner() stopped, a select drawn in its place'),
  menu('log-above-select', '@inquirer/prompts', 'a spinner\'s last frame and a log line just above the question'),
  { ...menu('fzf-finder', 'fzf', 'finder: --header question, --prompt query line, 5/5 counter, default layout (upward)'), relayed: UPWARD },
  { ...menu('ink-two-line-list', 'ink 5', 'items on two lines (title, dim description), a │ bar in the margin marks the focus'), config: { gap: true } },
  { ...menu('ptk-radiolist', 'prompt_toolkit (Debian)', 'RadioList in a 6-row window, ^/v scrollbar at the rows\' end', TWELVE[8]), options: TWELVE, relayed: TWELVE },
);

/** One layout of issue 24 in a variant, run at 80 and 120 columns, its first, a middle and its last option picked. */
export interface LayoutVariant {
  style: string;
  library: string;
  what: string;
  options: string[];
  /** The options as relayed, in the order drawn (default: `options`). */
  relayed?: string[];
  prompt: string;
  config?: Record<string, unknown>;
  /** Still open: the relayed prompt is not `prompt` (what is seen instead); options and the pick are still checked. */
  knownPromptMisread?: string;
  /** What must be relayed as each option's description (issue 24, layout 5: the description kept as its description). */
  descriptions?: Array<string | null>;
}

/** The dim line ink-two-line-list.mjs draws under each part. */
const inkDescription = (o: string) => `${o.split(' - ')[1] ?? ''} · ${o.split(' - ')[0].length} characters`;

const layout = (style: string, library: string, what: string, more: Partial<LayoutVariant> = {}): LayoutVariant => ({
  style, library, what, options: PARTS, prompt: QUESTION, ...more,
});

export const LAYOUT_VARIANTS: LayoutVariant[] = [
  layout('clack-select-hints', '@clack/prompts', 'focus-only hints, short list'),
  layout('clack-select-hints', '@clack/prompts', 'focus-only hints, 12 options in a 7-row window with ... rows', { options: TWELVE, config: { maxItems: 7 } }),
  layout('inquirer-select-descriptions', '@inquirer/prompts', 'the focused choice\'s description drawn under the list'),
  layout('inquirer-select-descriptions', '@inquirer/prompts', 'descriptions, 12 options in a 5-row window, no loop', { options: TWELVE, config: { pageSize: 5 } }),
  layout('clack-spinner-select', '@clack/prompts', 'spinner, then a select in its place'),
  layout('log-above-select', '@inquirer/prompts', 'log lines above the question'),
  layout('log-above-select', 'enquirer', 'log lines above the question', { config: { library: 'enquirer' } }),
  layout('log-above-select', '@clack/prompts', 'a log line that asks, above a message that does not', { config: { library: 'clack' }, prompt: 'Select the part to import' }),
  layout('fzf-finder', 'fzf', 'default layout (list upward from the query line)', { relayed: UPWARD }),
  layout('fzf-finder', 'fzf', '--reverse layout (list under the query line)', { config: { reverse: true } }),
  layout('fzf-finder', 'fzf', 'default layout, 30 options (taller than its window)', { options: THIRTY, relayed: [...THIRTY].reverse() }),
  layout('fzf-finder', 'fzf', '--reverse layout, 30 options (taller than its window)', { options: THIRTY, config: { reverse: true } }),
  layout('fzf-finder', 'fzf', 'full screen (no --height), --reverse', { config: { reverse: true, fullScreen: true } }),
  layout('fzf-finder', 'fzf', 'two matches, default layout', { options: PARTS.slice(0, 2), relayed: PARTS.slice(0, 2).reverse() }),
  layout('fzf-finder', 'fzf', 'two matches, --reverse', { options: PARTS.slice(0, 2), config: { reverse: true } }),
  layout('ink-two-line-list', 'ink 5', 'two-line items, margin bar, no gap', { descriptions: PARTS.map(inkDescription) }),
  layout('ink-two-line-list', 'ink 5', 'two-line items, margin bar, blank line between', { config: { gap: true }, descriptions: PARTS.map(inkDescription) }),
  layout('ink-two-line-list', 'ink 5', 'two-line items, 12 in a window of 4 with ↑/↓ more', { options: TWELVE, config: { window: 4 }, descriptions: TWELVE.map(inkDescription) }),
  layout('ptk-radiolist', 'prompt_toolkit (Debian)', '^/v scrollbar, short list (no scrolling)'),
  layout('ptk-radiolist', 'prompt_toolkit (Debian)', '^/v scrollbar, 12 options in 6 rows', { options: TWELVE }),
];
