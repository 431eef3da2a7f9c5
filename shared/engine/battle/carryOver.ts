// Carrying over excess hits (12.4, errata 12.4, 11.7 Dune): the strike option declared, the excess of a roll, and
// every legal allocation of it (decideStrike and decideAssignCarryOver check against these; the fold applies them).

import { compareIds } from '../order';
import type { BattleCharacterId, BattlePosition, PassedHits, StrikeOption } from './position';
import { attackHits, characterById, hitsToSlay, passedTotal } from './position';
import { strikeOptions } from './strike';

/** The carried-over damage, in the order it was carried: each entry is one character after the target. */
export type CarryOverAllocation = readonly { readonly target: BattleCharacterId; readonly damage: number }[];

/** The legal strike option matching the declared target, Strike-number and dice, or null. */
export function findStrikeOption(
  pos: BattlePosition,
  strikerId: BattleCharacterId,
  declared: Pick<StrikeOption, 'target' | 'strikeNumber' | 'dice'>,
): StrikeOption | null {
  return (
    strikeOptions(pos, strikerId).find(
      (o) =>
        o.target === declared.target && o.strikeNumber === declared.strikeNumber && o.dice === declared.dice,
    ) ?? null
  );
}

/** The excess hits of a strike: those beyond what slays its target (12.4), less those passed from it (CE 29 B2). */
export function excessHits(
  pos: BattlePosition,
  option: Pick<StrikeOption, 'target' | 'strikeNumber' | 'discounted'>,
  rolls: readonly number[],
  passed: readonly PassedHits[] = [],
): number {
  const kept = attackHits(rolls, option) - passedTotal(passed);
  return Math.max(0, kept - hitsToSlay(characterById(pos, option.target)));
}

/** CE 29 B2: the position with the hits passed from an attack's target marked on the characters they went to. */
function withPassed(pos: BattlePosition, passed: readonly PassedHits[]): BattlePosition {
  if (passed.length === 0) return pos;
  return {
    ...pos,
    characters: pos.characters.map((c) => {
      const h = passed.filter((p) => p.target === c.id).reduce((sum, p) => sum + p.hits, 0);
      return h === 0 ? c : { ...c, hits: c.hits + Math.min(h, hitsToSlay(c)) };
    }),
  };
}

/**
 * Every legal allocation of a rolled strike's excess hits, the empty one (no carry-over, errata 12.4) first.
 * Errata 12.4: carry-over goes by character: a chosen character takes all the remaining excess or as much as
 * slays it; only after slaying it may the rest go on to another one; one may stop at any point. The characters
 * are those of the option's `carryTo` (errata 11.7: up and not up a Dune in any order). Allocations doing the
 * same damage are listed once. CE 29 B2: hits `passed` from the target first (they are not its excess, and a
 * character they went to can take only what is left to slay it). Throws when `option` is not a legal option or the
 * rolls don't fit it (a bug).
 */
export function legalCarryOverAllocations(
  before: BattlePosition,
  strikerId: BattleCharacterId,
  option: Pick<StrikeOption, 'target' | 'strikeNumber' | 'dice'>,
  rolls: readonly number[],
  passed: readonly PassedHits[] = [],
): CarryOverAllocation[] {
  const legal = findStrikeOption(before, strikerId, option);
  if (legal === null) throw new Error(`not a legal strike option: ${JSON.stringify(option)}`);
  const diceProblem = checkRolls(legal, rolls);
  if (diceProblem !== null) throw new Error(diceProblem);
  const pos = withPassed(before, passed);
  const excess = excessHits(pos, legal, rolls, passed);
  const result: CarryOverAllocation[] = [];
  const seen = new Set<string>();
  const record = (allocation: CarryOverAllocation): void => {
    const key = keyOf(allocation);
    if (seen.has(key)) return;
    seen.add(key);
    result.push(allocation);
  };
  const extend = (sofar: CarryOverAllocation, left: number): void => {
    record(sofar);
    if (left === 0) return;
    for (const id of legal.carryTo) {
      if (sofar.some((a) => a.target === id)) continue;
      const need = hitsToSlay(characterById(pos, id));
      const damage = Math.min(left, need);
      extend([...sofar, { target: id, damage }], damage === need ? left - damage : 0);
    }
  };
  extend([], excess);
  return result;
}

function keyOf(allocation: CarryOverAllocation): string {
  return allocation
    .map((a) => `${a.target}:${a.damage}`)
    .sort(compareIds)
    .join(',');
}

/** Why these rolls cannot be this option's roll, or null when they can. */
function checkRolls(option: StrikeOption, rolls: readonly number[]): string | null {
  if (rolls.length !== option.dice) return `This strike rolls ${option.dice} dice, not ${rolls.length}.`;
  if (rolls.some((r) => !Number.isInteger(r) || r < 1 || r > 6)) return 'Each die shows 1 to 6.';
  return null;
}
