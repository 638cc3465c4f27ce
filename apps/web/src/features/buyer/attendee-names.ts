/** Names per ticket, in order; a blank name in the middle would shift the later ones onto other tickets. */
export function attendeeNamesOf(names: readonly string[]): { names?: string[]; gap: number | null } {
  const trimmed = names.map((name) => name.trim());
  let last = trimmed.length - 1;
  while (last >= 0 && trimmed[last] === '') last -= 1;
  const kept = trimmed.slice(0, last + 1);
  const gap = kept.indexOf('');
  return { names: kept.length > 0 ? kept : undefined, gap: gap === -1 ? null : gap };
}

/** The positions (0-based) of a line's tickets that have no name yet, when every name is required. */
export function missingNames(names: readonly string[], quantity: number): number[] {
  return Array.from({ length: quantity }, (_, index) => index).filter((index) => !names[index]?.trim());
}
