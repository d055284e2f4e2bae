/**
 * A `gatehouse <args>` command line that works from wherever the person is, built from the hub's copy-paste
 * terminal command (absolute node and launcher paths, GATEHOUSE_HOME when needed): its `choose <id>` tail is
 * swapped for `args`. `gatehouse` need not be on PATH.
 */
export function commandLineLike(terminalCommand: string, args: string): string {
  const choose = terminalCommand.lastIndexOf(' choose ');
  const prefix = choose >= 0 ? terminalCommand.slice(0, choose) : 'gatehouse';
  return `${prefix} ${args}`;
}
