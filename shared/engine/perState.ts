// A state is never changed once made (evolve makes a new one), so what a pure function finds in it may be
// kept beside it: the views, the `legal` messages, `pending` and the checks of one position ask for the same
// lists many times (issue 16). The cache holds nothing a state's collection would not free (but the one state
// asked about last, until another is).
import type { GameState } from './types';

/** `find`, answered once per state and key: every caller shares the answer, read-only by its type. It is not
 *  frozen: V8 walks a frozen array (for...of, and every loop that has met one) several times slower, and the
 *  listings' answers are walked at every position (issue 16). */
export function perState<K, R>(
  find: (state: GameState, key: K) => R,
): (state: GameState, key: K) => Readonly<R> {
  const kept = new WeakMap<GameState, Map<K, Readonly<R>>>();
  // The state asked about last, and its answers: one position's questions come together, and a WeakMap
  // look-up costs more than a comparison.
  let lastState: GameState | null = null;
  let lastByKey: Map<K, Readonly<R>> | null = null;
  return (state, key) => {
    let byKey = state === lastState ? lastByKey : kept.get(state);
    if (byKey === undefined || byKey === null) {
      byKey = new Map();
      kept.set(state, byKey);
    }
    lastState = state;
    lastByKey = byKey;
    const known = byKey.get(key);
    if (known !== undefined || byKey.has(key)) return known as Readonly<R>;
    const found = find(state, key) as Readonly<R>;
    byKey.set(key, found);
    return found;
  };
}
