// Carrying over excess hits (12.4, errata 12.4, 11.7 Dune) and applying a rolled strike to the position.
import type { Rejection } from '../types';
import type { BattleCharacterId, BattlePosition } from './position';
import { characterById, hitsToSlay, withDamage } from './position';
import type { StrikeOption } from './strike';
import { compareIds, hits, strikeOptions } from './strike';

/** The carried-over damage, in the order it was carried: each entry is one character after the target. */
export type CarryOverAllocation = readonly { readonly target: BattleCharacterId; readonly damage: number }[];

/** A strike's result: the damage each character took, and the position after it. */
export interface StrikeOutcome {
  readonly damage: readonly { readonly id: BattleCharacterId; readonly hits: number }[];
  readonly position: BattlePosition;
}

/** A strike `applyStrike` refuses, with a code from the engine's one closed list (rejections.ts). */
export interface StrikeRejection {
  readonly rejected: Rejection & { readonly code: 'illegalStrike' | 'illegalCarryOver' };
}

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

/** The excess hits of a strike: those beyond what slays its target (12.4). */
export function excessHits(
  pos: BattlePosition,
  option: Pick<StrikeOption, 'target' | 'strikeNumber'>,
  rolls: readonly number[],
): number {
  return Math.max(0, hits(rolls, option.strikeNumber) - hitsToSlay(characterById(pos, option.target)));
}

/**
 * Every legal allocation of a rolled strike's excess hits, the empty one (no carry-over, errata 12.4) first.
 * Errata 12.4: carry-over goes by character: a chosen character takes all the remaining excess or as much as
 * slays it; only after slaying it may the rest go on to another one; one may stop at any point. The characters
 * are those of the option's `carryTo` (errata 11.7: up and not up a Dune in any order). Allocations doing the
 * same damage are listed once. Throws when `option` is not a legal option or the rolls don't fit it (a bug).
 */
export function legalCarryOverAllocations(
  pos: BattlePosition,
  strikerId: BattleCharacterId,
  option: Pick<StrikeOption, 'target' | 'strikeNumber' | 'dice'>,
  rolls: readonly number[],
): CarryOverAllocation[] {
  const legal = findStrikeOption(pos, strikerId, option);
  if (legal === null) throw new Error(`not a legal strike option: ${JSON.stringify(option)}`);
  const diceProblem = checkRolls(legal, rolls);
  if (diceProblem !== null) throw new Error(diceProblem);
  const excess = excessHits(pos, legal, rolls);
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

/**
 * Resolves a rolled strike: the target takes the hits that slay it (or all of them), and the excess goes as
 * `allocation` says. Rejects an option that is not legal (errata 11.7/12.x), rolls that don't fit it, and an
 * allocation that is not one of `legalCarryOverAllocations` (in any of its orders).
 */
export function applyStrike(
  pos: BattlePosition,
  strikerId: BattleCharacterId,
  declared: Pick<StrikeOption, 'target' | 'strikeNumber' | 'dice'>,
  rolls: readonly number[],
  allocation: CarryOverAllocation,
): StrikeOutcome | StrikeRejection {
  const option = findStrikeOption(pos, strikerId, declared);
  if (option === null) {
    return reject(
      'illegalStrike',
      'That target, Strike-number and number of dice are not one of the strike options.',
      'errata 11.7, 12.4',
    );
  }
  const diceProblem = checkRolls(option, rolls);
  if (diceProblem !== null) return reject('illegalStrike', diceProblem, '12.0');
  if (!isLegalSequence(pos, option, excessHits(pos, option, rolls), allocation)) {
    return reject('illegalCarryOver', 'That carry-over of the excess hits is not allowed.', 'errata 12.4');
  }
  const target = characterById(pos, option.target);
  const damage = [
    { id: target.id, hits: Math.min(hits(rolls, option.strikeNumber), hitsToSlay(target)) },
    ...allocation.map((a) => ({ id: a.target, hits: a.damage })),
  ].filter((d) => d.hits > 0);
  return { damage, position: withDamage(pos, damage) };
}

/** Errata 12.4: each step goes to a new carry target and takes min(what is left, what slays it); only a slain
 *  carry target lets the rest go on. */
function isLegalSequence(
  pos: BattlePosition,
  option: StrikeOption,
  excess: number,
  allocation: CarryOverAllocation,
): boolean {
  let left = excess;
  const used = new Set<BattleCharacterId>();
  for (const step of allocation) {
    if (left === 0 || used.has(step.target) || !option.carryTo.includes(step.target)) return false;
    const damage = Math.min(left, hitsToSlay(characterById(pos, step.target)));
    if (step.damage !== damage) return false;
    used.add(step.target);
    left -= damage;
  }
  return true;
}

function reject(code: StrikeRejection['rejected']['code'], message: string, rule: string): StrikeRejection {
  return { rejected: { code, message, rule } };
}
