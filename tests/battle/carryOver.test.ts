// Resolving a rolled strike: errata 12.4 carry-over by character, 12.3 damage, and the rejections.
import { describe, expect, it } from 'vitest';
import { applyStrike, legalCarryOverAllocations } from '../../shared/engine/battle/carryOver';
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

describe('12.3, 12.4 applying a strike', () => {
  it('12.4: the target takes what slays it and the chosen carry target the excess', () => {
    const result = applyStrike(pos, 'cyclops', at6, NINE_SIXES, [{ target: 'troll', damage: 3 }]);
    expect(result).toEqual({
      damage: [
        { id: 'ogre', hits: 6 },
        { id: 'troll', hits: 3 },
      ],
      position: battle('Plains', [
        attacker('cyclops', 'Cyclops', 'D4'),
        defender('troll', 'Troll', 'D3', 3),
        defender('ogre', 'Ogre', 'D5', 6),
        defender('ranger', 'Ranger', 'E4'),
      ]),
    });
  });

  it('errata 12.4: carry-over is never forced', () => {
    const result = applyStrike(pos, 'cyclops', at6, NINE_SIXES, []);
    expect(result).toMatchObject({ damage: [{ id: 'ogre', hits: 6 }] });
  });

  it('12.3: damage accumulates on a hurt target; misses do nothing', () => {
    const hurt = battle('Plains', [attacker('ogre', 'Ogre', 'C3'), defender('troll', 'Troll', 'C4', 2)]);
    const result = applyStrike(
      hurt,
      'ogre',
      { target: 'troll', strikeNumber: 4, dice: 6 },
      [1, 2, 3, 4, 5, 6],
      [],
    );
    expect(result).toMatchObject({ damage: [{ id: 'troll', hits: 3 }] });
    expect('position' in result && result.position.characters[1]?.hits).toBe(5);
  });

  it('does not change the position it was given', () => {
    const before = JSON.stringify(pos);
    applyStrike(pos, 'cyclops', at6, NINE_SIXES, [{ target: 'troll', damage: 3 }]);
    expect(JSON.stringify(pos)).toBe(before);
  });

  it('errata 11.7/12.4: a strike option that is not legal is rejected (5s at the ogre)', () => {
    const result = applyStrike(pos, 'cyclops', { target: 'ogre', strikeNumber: 5, dice: 9 }, NINE_SIXES, []);
    expect(result).toMatchObject({ rejected: { code: 'illegalStrike', rule: 'errata 11.7, 12.4' } });
  });

  it('12.0: rolling the wrong number of dice is rejected', () => {
    const result = applyStrike(pos, 'cyclops', at6, [6, 6, 6], []);
    expect(result).toMatchObject({ rejected: { code: 'illegalStrike', rule: '12.0' } });
  });

  it('12.4: carrying to a character the option does not reach is rejected (4s at the ogre, onto the ranger)', () => {
    const at4 = { target: 'ogre', strikeNumber: 4, dice: 9 };
    expect(applyStrike(pos, 'cyclops', at4, NINE_SIXES, [{ target: 'ranger', damage: 3 }])).toMatchObject({
      rejected: { code: 'illegalCarryOver' },
    });
  });

  it('errata 12.4: withholding part of the carried damage is rejected', () => {
    expect(applyStrike(pos, 'cyclops', at6, NINE_SIXES, [{ target: 'troll', damage: 2 }])).toMatchObject({
      rejected: { code: 'illegalCarryOver' },
    });
  });

  it('errata 12.4: going on to another character before slaying the first is rejected', () => {
    // Example 4: 8 hits at the Centaur on D4, 5 to carry; D5 must be slain (3) before C5 gets the last 2.
    const ex4 = battle('Desert', [
      attacker('hydra', 'Hydra', 'C4'),
      defender('centaurC5', 'Centaur', 'C5'),
      defender('centaurD4', 'Centaur', 'D4'),
      defender('centaurD5', 'Centaur', 'D5'),
    ]);
    const option = { target: 'centaurD4', strikeNumber: 5, dice: 10 };
    const rolls = [1, 2, 5, 5, 5, 5, 6, 6, 6, 6];
    const bad = [
      { target: 'centaurD5', damage: 2 },
      { target: 'centaurC5', damage: 3 },
    ];
    expect(applyStrike(ex4, 'hydra', option, rolls, bad)).toMatchObject({
      rejected: { code: 'illegalCarryOver' },
    });
    const good = [
      { target: 'centaurD5', damage: 3 },
      { target: 'centaurC5', damage: 2 },
    ];
    expect(applyStrike(ex4, 'hydra', option, rolls, good)).toMatchObject({
      damage: [
        { id: 'centaurD4', hits: 3 },
        { id: 'centaurD5', hits: 3 },
        { id: 'centaurC5', hits: 2 },
      ],
    });
  });

  it('12.4: with no excess hits the only allocation is none, and any carry is rejected', () => {
    const rolls = [6, 6, 1, 1, 1, 1, 1, 1, 1];
    expect(legalCarryOverAllocations(pos, 'cyclops', at6, rolls)).toEqual([[]]);
    expect(applyStrike(pos, 'cyclops', at6, rolls, [{ target: 'troll', damage: 1 }])).toMatchObject({
      rejected: { code: 'illegalCarryOver' },
    });
  });

  it('errata 12.4: every listed allocation is accepted by applyStrike', () => {
    const option = { target: 'ogre', strikeNumber: 6, dice: 9, carryTo: ['ranger', 'troll'] };
    for (const allocation of legalCarryOverAllocations(pos, 'cyclops', option, NINE_SIXES)) {
      expect(applyStrike(pos, 'cyclops', option, NINE_SIXES, allocation)).toHaveProperty('damage');
    }
  });
});
