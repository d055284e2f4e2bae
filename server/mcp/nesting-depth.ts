/** Deepest nesting of arrays/objects a tool argument may have; deeper values are refused by name. */
export const MAX_ARGUMENT_DEPTH = 64;

/** True when `value` nests arrays/objects deeper than `limit` (walked without recursion, so any depth is safe). */
export function nestedDeeperThan(value: unknown, limit = MAX_ARGUMENT_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/** `prompt: nested more than 64 levels deep …` for the first argument that is, else null. */
export function tooDeepArgument(args: Record<string, unknown>): string | null {
  for (const [field, value] of Object.entries(args)) {
    if (nestedDeeperThan(value)) return `${field}: nested more than ${MAX_ARGUMENT_DEPTH} levels deep; send plain values (a string for prompt, a list of {id, label} for options)`;
  }
  return null;
}
