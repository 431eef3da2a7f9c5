// A state is never changed once made (evolve makes a new one), so what a pure function finds in it may be
// kept with it: the views, the `legal` messages, `pending` and the checks of one position ask for the same
// lists many times (issue 16). The answers ride on the state itself, under a symbol nothing else sees (not
// enumerable: no spread, JSON, structured clone, listing of keys or equality of tests meets it), and go when
// the state goes. A look-up is then a property load, where a WeakMap costs a hash look-up per question and a
// collector's pass per state; a frozen state (tests freeze some) keeps its answers in a WeakMap instead.
import type { GameState } from './types';

/** What the `perState` functions found about one state: the i-th function's answers, by key, in slot i. */
type Answers = (Map<unknown, unknown> | undefined)[];

const ANSWERS = Symbol('perState answers');
const ofFrozen = new WeakMap<GameState, Answers>();
/** The functions made so far: each takes the next slot. */
let slots = 0;

function answersAbout(state: GameState): Answers {
  const kept = (state as { readonly [ANSWERS]?: Answers })[ANSWERS] ?? ofFrozen.get(state);
  if (kept !== undefined) return kept;
  const answers: Answers = [];
  if (Object.isExtensible(state)) Object.defineProperty(state, ANSWERS, { value: answers });
  else ofFrozen.set(state, answers);
  return answers;
}

/** `find`, answered once per state and key: every caller shares the answer, read-only by its type. It is not
 *  frozen: V8 walks a frozen array (for...of, and every loop that has met one) several times slower, and the
 *  listings' answers are walked at every position (issue 16). */
export function perState<K, R>(
  find: (state: GameState, key: K) => R,
): (state: GameState, key: K) => Readonly<R> {
  const slot = slots++;
  return (state, key) => {
    const answers = answersAbout(state);
    let byKey = answers[slot] as Map<K, Readonly<R>> | undefined;
    if (byKey === undefined) {
      byKey = new Map();
      answers[slot] = byKey;
    }
    const known = byKey.get(key);
    if (known !== undefined || byKey.has(key)) return known as Readonly<R>;
    const found = find(state, key) as Readonly<R>;
    byKey.set(key, found);
    return found;
  };
}
