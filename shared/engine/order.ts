// The engine's orderings: ids compared as plain strings, and short lists sorted in place (issue 16).

/** Ids (and hex labels) compare as plain strings, so that outputs are stable. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The longest list sorted by insertion; a longer one (a Tower Teleport's moves) by the builtin sort. */
const SORTED_BY_INSERTION = 24;

/** `items` sorted in place by `compare` and returned, in the order the builtin (stable) sort gives. A short
 *  list (a player's legions, a legion's characters or moves: every position's listing sorts some) is sorted by
 *  insertion, which costs less than the builtin's copy and its calls out to the comparator (issue 16). */
export function sortShort<T>(items: T[], compare: (a: T, b: T) => number): T[] {
  if (items.length > SORTED_BY_INSERTION) return items.sort(compare);
  for (let i = 1; i < items.length; i++) {
    const item = items[i] as T;
    let j = i;
    for (; j > 0 && compare(items[j - 1] as T, item) > 0; j--) items[j] = items[j - 1] as T;
    items[j] = item;
  }
  return items;
}
