// Recruiting powers (CE 10 ENT M1, 46 REPUBLICAN M1) add sets a legion may reveal to muster (18.4): merged into
// the standard options, each kept only if no other set of its creature is part of it (the minimal sets).
import type { CharacterName } from '../../data/types';
import { isSubMultiset } from '../contents';
import type { RecruitOption } from '../muster';
import { sortReveals } from '../muster';

/** A set a power lets a legion reveal to muster `creature`. */
export interface ExtraReveal {
  readonly creature: CharacterName;
  readonly reveal: CharacterName[];
}

/** The options with the extra sets, each kept only if no other set of its creature is part of it (18.4). */
export function withReveals(
  options: readonly RecruitOption[],
  extra: readonly ExtraReveal[],
): RecruitOption[] {
  const result = options.map((o) => ({ creature: o.creature, reveal: [...o.reveal] }));
  for (const e of extra) {
    let option = result.find((o) => o.creature === e.creature);
    if (option === undefined) {
      option = { creature: e.creature, reveal: [] };
      result.push(option);
    }
    option.reveal.push(e.reveal);
  }
  return result.map((o) => ({
    creature: o.creature,
    reveal: sortReveals(
      o.reveal.filter(
        (set, i) =>
          !o.reveal.some(
            (other, j) => j !== i && isSubMultiset(other, set) && (other.length < set.length || j < i), // a strict part, or an equal set listed earlier
          ),
      ),
    ),
  }));
}
