/** "+3 −1": an edit's counts as every interface shows them (its own module: the portal's list imports it alone). */
export function countsText(added: number, removed: number): string {
  return `+${added} −${removed}`;
}
