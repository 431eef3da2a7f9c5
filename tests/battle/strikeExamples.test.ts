// The errata's strike and carry-over examples (errata "12.0, 12.2, 12.3, 12.4, 12.5", Examples 1–5), with the
// exact legal strike options and, for the rolls given there, the exact legal damage allocations.
import { describe, expect, it } from 'vitest';
import type { CarryOverAllocation } from '../../shared/engine/battle/carryOver';
import { legalCarryOverAllocations } from '../../shared/engine/battle/carryOver';
import { strikeOptions } from '../../shared/engine/battle/strike';
import { attacker, battle, defender } from './build';

/** Allocations as sets of "id:damage" (each allocation's own order kept), for order-free comparison. */
function asSet(allocations: readonly CarryOverAllocation[]): string[] {
  return allocations.map((a) => a.map((s) => `${s.target}:${s.damage}`).join(' ')).sort();
}

describe('errata 12.x Example 1 (Plains): a Cyclops at D4 against a Troll, an Ogre and a Ranger', () => {
  const pos = battle('Plains', [
    attacker('cyclops', 'Cyclops', 'D4'),
    defender('troll', 'Troll', 'D3'),
    defender('ogre', 'Ogre', 'D5'),
    defender('ranger', 'Ranger', 'E4'),
  ]);

  it('errata 11.7/12.4: exactly the five listed options (no 5s against the ogre or troll)', () => {
    expect(strikeOptions(pos, 'cyclops')).toEqual([
      { target: 'ogre', strikeNumber: 4, dice: 9, carryTo: ['troll'] },
      { target: 'ogre', strikeNumber: 6, dice: 9, carryTo: ['ranger', 'troll'] },
      { target: 'ranger', strikeNumber: 6, dice: 9, carryTo: ['ogre', 'troll'] },
      { target: 'troll', strikeNumber: 4, dice: 9, carryTo: ['ogre'] },
      { target: 'troll', strikeNumber: 6, dice: 9, carryTo: ['ogre', 'ranger'] },
    ]);
  });

  it('errata 12.4: nine 6s at the ogre needing 6s: kill it only, or 3 to the troll, or 3 to the ranger', () => {
    const option = { target: 'ogre', strikeNumber: 6, dice: 9, carryTo: ['ranger', 'troll'] };
    expect(asSet(legalCarryOverAllocations(pos, 'cyclops', option, [6, 6, 6, 6, 6, 6, 6, 6, 6]))).toEqual([
      '',
      'ranger:3',
      'troll:3',
    ]);
  });

  it('12.4: nine 6s at the ogre needing 4s: the excess may go only to the troll', () => {
    const option = { target: 'ogre', strikeNumber: 4, dice: 9, carryTo: ['troll'] };
    expect(asSet(legalCarryOverAllocations(pos, 'cyclops', option, [6, 6, 6, 6, 6, 6, 6, 6, 6]))).toEqual([
      '',
      'troll:3',
    ]);
  });
});

describe('errata 12.x Example 2 (Desert): an Ogre at F3 against a Lion at F4 and a Griffon up a dune at E4', () => {
  const pos = battle('Desert', [
    attacker('ogre', 'Ogre', 'F3'),
    defender('lion', 'Lion', 'F4'),
    defender('griffon', 'Griffon', 'E4'),
  ]);

  it('Dune, errata 11.7: 6 dice needing 5s at the lion, or 5 dice needing 6s at the griffon; nothing weaker', () => {
    expect(strikeOptions(pos, 'ogre')).toEqual([
      { target: 'griffon', strikeNumber: 6, dice: 5, carryTo: [] },
      { target: 'lion', strikeNumber: 5, dice: 6, carryTo: [] },
    ]);
  });

  it('errata 11.7: once the griffon is hurt, 5 dice at it can carry over down to the lion', () => {
    const hurt = battle('Desert', [
      attacker('ogre', 'Ogre', 'F3'),
      defender('lion', 'Lion', 'F4'),
      defender('griffon', 'Griffon', 'E4', 1),
    ]);
    expect(strikeOptions(hurt, 'ogre')).toEqual([
      { target: 'griffon', strikeNumber: 6, dice: 5, carryTo: ['lion'] },
      { target: 'lion', strikeNumber: 5, dice: 6, carryTo: [] },
    ]);
  });
});

describe('errata 12.x Example 3 (Desert): a Hydra at D5 atop a dune over a Colossus, with two Centaurs', () => {
  const pos = battle('Desert', [
    attacker('hydra', 'Hydra', 'D5'),
    defender('centaurC5', 'Centaur', 'C5'),
    defender('centaurD6', 'Centaur', 'D6'),
    defender('colossus', 'Colossus', 'C4'),
  ]);

  it('errata 11.7: 12 dice at the colossus (no carry-over, the bonus may not be refused), 10 at either centaur', () => {
    expect(strikeOptions(pos, 'hydra')).toEqual([
      { target: 'centaurC5', strikeNumber: 5, dice: 10, carryTo: ['centaurD6', 'colossus'] },
      { target: 'centaurD6', strikeNumber: 5, dice: 10, carryTo: ['centaurC5', 'colossus'] },
      { target: 'colossus', strikeNumber: 5, dice: 12, carryTo: [] },
    ]);
  });

  it('errata 11.7: with the colossus damaged, refusing the dune bonus (10 dice) becomes legal', () => {
    const hurt = battle('Desert', [
      attacker('hydra', 'Hydra', 'D5'),
      defender('centaurC5', 'Centaur', 'C5'),
      defender('centaurD6', 'Centaur', 'D6'),
      defender('colossus', 'Colossus', 'C4', 1),
    ]);
    expect(strikeOptions(hurt, 'hydra').filter((o) => o.target === 'colossus')).toEqual([
      { target: 'colossus', strikeNumber: 5, dice: 10, carryTo: ['centaurC5', 'centaurD6'] },
      { target: 'colossus', strikeNumber: 5, dice: 12, carryTo: [] },
    ]);
  });

  it('errata 12.4: 8 hits at a centaur: the four listed allocations, never both others without slaying one', () => {
    const option = { target: 'centaurC5', strikeNumber: 5, dice: 10, carryTo: ['centaurD6', 'colossus'] };
    const rolls = [1, 2, 5, 5, 5, 5, 6, 6, 6, 6];
    expect(asSet(legalCarryOverAllocations(pos, 'hydra', option, rolls))).toEqual([
      '',
      'centaurD6:3',
      'centaurD6:3 colossus:2',
      'colossus:5',
    ]);
  });
});

describe('errata 12.x Example 4 (Desert): a Hydra at C4 with Centaurs at C5, and up dunes at D4 and D5', () => {
  const pos = battle('Desert', [
    attacker('hydra', 'Hydra', 'C4'),
    defender('centaurC5', 'Centaur', 'C5'),
    defender('centaurD4', 'Centaur', 'D4'),
    defender('centaurD5', 'Centaur', 'D5'),
  ]);

  it('errata 11.7: always 10 dice needing 5s; no carry-over up a dune from the strike that is not up one', () => {
    expect(strikeOptions(pos, 'hydra')).toEqual([
      { target: 'centaurC5', strikeNumber: 5, dice: 10, carryTo: [] },
      { target: 'centaurD4', strikeNumber: 5, dice: 10, carryTo: ['centaurC5', 'centaurD5'] },
      { target: 'centaurD5', strikeNumber: 5, dice: 10, carryTo: ['centaurC5', 'centaurD4'] },
    ]);
  });

  it('errata 11.7, 12.4: 8 hits at D4: the five listed allocations, up and not up a dune in either order', () => {
    const option = { target: 'centaurD4', strikeNumber: 5, dice: 10, carryTo: ['centaurC5', 'centaurD5'] };
    const rolls = [1, 2, 5, 5, 5, 5, 6, 6, 6, 6];
    expect(asSet(legalCarryOverAllocations(pos, 'hydra', option, rolls))).toEqual([
      '',
      'centaurC5:3',
      'centaurC5:3 centaurD5:2',
      'centaurD5:3',
      'centaurD5:3 centaurC5:2',
    ]);
  });
});

describe('errata 12.x Example 5 (Tower): a Hydra at C3, a Centaur below the wall at B2, an Ogre above at D4', () => {
  const pos = battle('Tower', [
    attacker('hydra', 'Hydra', 'C3'),
    defender('centaur', 'Centaur', 'B2'),
    defender('ogre', 'Ogre', 'D4'),
  ]);

  it('errata 12.2/12.4/12.5: 4s at either, each carrying to the other (same Strike-number, same dice)', () => {
    expect(strikeOptions(pos, 'hydra')).toEqual([
      { target: 'centaur', strikeNumber: 4, dice: 10, carryTo: ['ogre'] },
      { target: 'ogre', strikeNumber: 4, dice: 10, carryTo: ['centaur'] },
    ]);
  });
});
