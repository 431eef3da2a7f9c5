// The characters under a marker as a multiset (a legion may hold several of one creature): counting, inclusion,
// removal, the sorted form equal contents share, what is known after a reveal, and the distinct sub-multisets.
import type { CharacterName } from '../data/types';
import { compareIds, sortShort } from './order';

export function countOf(characters: readonly CharacterName[], name: CharacterName): number {
  let n = 0;
  for (const c of characters) if (c === name) n++;
  return n;
}

export function isSubMultiset(part: readonly CharacterName[], whole: readonly CharacterName[]): boolean {
  if (part.length > whole.length) return false;
  // Each distinct name once (at its first place in `part`), without building a set: the listings of
  // splits ask this for every candidate (issue 16).
  for (let i = 0; i < part.length; i++) {
    const name = part[i]!;
    if (part.indexOf(name) < i) continue;
    if (countOf(part, name) > countOf(whole, name)) return false;
  }
  return true;
}

/** `whole` less one occurrence of each character of `part` (which must be in it). */
export function withoutCharacters(
  whole: readonly CharacterName[],
  part: readonly CharacterName[],
): CharacterName[] {
  const rest = [...whole];
  for (const c of part) {
    const i = rest.indexOf(c);
    if (i < 0) throw new Error(`${c} is not among ${whole.join(', ')}`);
    rest.splice(i, 1);
  }
  return rest;
}

export function sortCharacters(characters: readonly CharacterName[]): CharacterName[] {
  return [...characters].sort();
}

export function sameCharacters(a: readonly CharacterName[], b: readonly CharacterName[]): boolean {
  return a.length === b.length && isSubMultiset(a, b);
}

/** What is known after `revealed` is shown: each character as many times as either list has it. */
export function mergeKnown(
  known: readonly CharacterName[],
  revealed: readonly CharacterName[],
): CharacterName[] {
  const merged = [...known];
  for (const name of new Set(revealed)) {
    for (let k = countOf(known, name); k < countOf(revealed, name); k++) merged.push(name);
  }
  return merged;
}

/** The distinct sub-multisets of `characters` with a size in [min, max], each sorted. */
export function subMultisets(
  characters: readonly CharacterName[],
  min: number,
  max: number,
): CharacterName[][] {
  const names = distinctSorted(characters);
  const walk: SubMultisetWalk = {
    names,
    counts: names.map((name) => countOf(characters, name)),
    min,
    max,
    chosen: [],
    result: [],
  };
  if (max >= min) walkSubMultisets(walk, 0);
  return walk.result;
}

/** Each name of `characters` once, in the default sort's order (the splits' listing asks for every legion). */
function distinctSorted(characters: readonly CharacterName[]): CharacterName[] {
  const names: CharacterName[] = [];
  for (const name of characters) if (!names.includes(name)) names.push(name);
  return sortShort(names, compareIds);
}

/** One walk over the sub-multisets: one array grown and shrunk along the walk, a copy kept of each one taken
 *  (issue 16: the splits' listing walks every sub-multiset of every legion). Its steps are a module function,
 *  not a closure: esbuild's keepNames (the server's bundle) names each named closure as it is made. */
interface SubMultisetWalk {
  readonly names: readonly CharacterName[];
  readonly counts: readonly number[];
  readonly min: number;
  readonly max: number;
  readonly chosen: CharacterName[];
  readonly result: CharacterName[][];
}

function walkSubMultisets(walk: SubMultisetWalk, i: number): void {
  const { names, counts, min, max, chosen } = walk;
  if (i === names.length) {
    if (chosen.length >= min && chosen.length <= max) walk.result.push(chosen.slice());
    return;
  }
  const name = names[i] as CharacterName;
  const before = chosen.length;
  for (let k = 0; k <= counts[i]! && before + k <= max; k++) {
    if (k > 0) chosen.push(name);
    walkSubMultisets(walk, i + 1);
  }
  chosen.length = before;
}
