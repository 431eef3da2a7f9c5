// The characters under a marker as a multiset (a legion may hold several of one creature): counting, inclusion,
// removal, the sorted form equal contents share, what is known after a reveal, and the distinct sub-multisets.
import type { CharacterName } from '../data/types';

export function countOf(characters: readonly CharacterName[], name: CharacterName): number {
  let n = 0;
  for (const c of characters) if (c === name) n++;
  return n;
}

export function isSubMultiset(part: readonly CharacterName[], whole: readonly CharacterName[]): boolean {
  return [...new Set(part)].every((name) => countOf(part, name) <= countOf(whole, name));
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
  const names = [...new Set(characters)].sort();
  const result: CharacterName[][] = [];
  const walk = (i: number, chosen: CharacterName[]): void => {
    if (i === names.length) {
      if (chosen.length >= min && chosen.length <= max) result.push(chosen);
      return;
    }
    const name = names[i] as CharacterName;
    for (let k = 0; k <= countOf(characters, name) && chosen.length + k <= max; k++) {
      walk(i + 1, [...chosen, ...Array<CharacterName>(k).fill(name)]);
    }
  };
  if (max >= min) walk(0, []);
  return result;
}
