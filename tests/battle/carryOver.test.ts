// Resolving a rolled strike: errata 12.4 carry-over by character, the excess hits (12.4), and the options the
// engine's strike path accepts (findStrikeOption, legalCarryOverAllocations: what decideStrike and
// decideAssignCarryOver use).
import { describe, expect, it } from 'vitest';
import type { CarryOverAllocation } from '../../shared/engine/battle/carryOver';
import {
  excessHits,
  findStrikeOption,
  legalCarryOverAllocations,
} from '../../shared/engine/battle/carryOver';
import { attacker, battle, defender } from './build';

// errata 12.x Example 1 (Plains)
const pos = battle('Plains', [
  attacker('cyclops', 'Cyclops', 'D4'),
  defender('troll', 'Troll', 'D3'),
  defender('ogre', 'Ogre', 'D5'),
  defender('ranger', 'Ranger', 'E4'),
]);
const NINE_SIXES = [6, 6, 6, 6, 6, 6, 6, 6, 6];
const at6 = { target: 'ogre', strikeNumber: 6, dice: 9 };
const at4 = { target: 'ogre', strikeNumber: 4, dice: 9 };

/** Each allocation as "id:damage id:damage" in its order. */
function listed(allocations: readonly CarryOverAllocation[]): string[] {
  return allocations.map((a) => a.map((s) => `${s.target}:${s.damage}`).join(' '));
}

describe('12.3, 12.4: a rolled strike and its carry-over', () => {
  it('12.4: the target takes what slays it; the excess may go on to a character the option reaches', () => {
    // Nine hits at the Ogre (6 slay it): 3 carried, to the Troll or the Ranger, or nowhere.
    expect(excessHits(pos, at6, NINE_SIXES)).toBe(3);
    expect(listed(legalCarryOverAllocations(pos, 'cyclops', at6, NINE_SIXES))).toEqual([
      '',
      'ranger:3',
      'troll:3',
    ]);
  });

  it('errata 12.4: carry-over is never forced (no carry-over is listed first)', () => {
    expect(legalCarryOverAllocations(pos, 'cyclops', at6, NINE_SIXES)[0]).toEqual([]);
  });

  it('12.3: damage on a hurt target counts; hits that do not slay it carry nothing', () => {
    const hurt = battle('Plains', [attacker('ogre', 'Ogre', 'C3'), defender('troll', 'Troll', 'C4', 2)]);
    const option = { target: 'troll', strikeNumber: 4, dice: 6 };
    expect(excessHits(hurt, option, [1, 2, 3, 4, 5, 6])).toBe(0);
    expect(excessHits(hurt, option, [4, 4, 4, 4, 4, 4])).toBe(0);
    const nearly = battle('Plains', [attacker('ogre', 'Ogre', 'C3'), defender('troll', 'Troll', 'C4', 6)]);
    expect(excessHits(nearly, option, [4, 4, 4, 4, 4, 4])).toBe(4);
  });

  it('does not change the position it was given', () => {
    const before = JSON.stringify(pos);
    legalCarryOverAllocations(pos, 'cyclops', at6, NINE_SIXES);
    expect(JSON.stringify(pos)).toBe(before);
  });

  it('errata 11.7/12.4: a strike option that is not legal is not found (5s at the ogre)', () => {
    expect(findStrikeOption(pos, 'cyclops', { target: 'ogre', strikeNumber: 5, dice: 9 })).toBeNull();
    expect(findStrikeOption(pos, 'cyclops', at6)).toEqual({ ...at6, carryTo: ['ranger', 'troll'] });
  });

  it('12.0: rolls that are not the option’s are a bug of the caller, refused loudly', () => {
    expect(() => legalCarryOverAllocations(pos, 'cyclops', at6, [6, 6, 6])).toThrow('9 dice');
  });

  it('12.4: no carrying to a character the option does not reach (4s at the ogre: the troll only)', () => {
    expect(listed(legalCarryOverAllocations(pos, 'cyclops', at4, NINE_SIXES))).toEqual(['', 'troll:3']);
  });

  it('errata 12.4: no withholding part of the carried damage: a carry target takes all that is left', () => {
    const all = listed(legalCarryOverAllocations(pos, 'cyclops', at6, NINE_SIXES));
    expect(all).not.toContain('troll:2');
    expect(all).not.toContain('troll:1 ranger:2');
  });

  it('errata 12.4: no going on to another character before slaying the first', () => {
    // Example 4: 8 hits at the Centaur on D4, 5 to carry; D5 must be slain (3) before C5 gets the last 2.
    const ex4 = battle('Desert', [
      attacker('hydra', 'Hydra', 'C4'),
      defender('centaurC5', 'Centaur', 'C5'),
      defender('centaurD4', 'Centaur', 'D4'),
      defender('centaurD5', 'Centaur', 'D5'),
    ]);
    const option = { target: 'centaurD4', strikeNumber: 5, dice: 10 };
    const rolls = [1, 2, 5, 5, 5, 5, 6, 6, 6, 6];
    expect(excessHits(ex4, option, rolls)).toBe(5);
    const all = listed(legalCarryOverAllocations(ex4, 'hydra', option, rolls));
    expect(all).toContain('centaurD5:3 centaurC5:2');
    expect(all).toContain('centaurC5:3 centaurD5:2');
    expect(all).not.toContain('centaurD5:2 centaurC5:3');
  });

  it('12.4: with no excess hits the only allocation is none', () => {
    const rolls = [6, 6, 1, 1, 1, 1, 1, 1, 1];
    expect(legalCarryOverAllocations(pos, 'cyclops', at6, rolls)).toEqual([[]]);
  });
});
