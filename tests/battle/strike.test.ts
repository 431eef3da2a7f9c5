// Normal strikes: targets (12.0, 12.1, Cliff, errata 12.0), every Hazards Chart striking row (11.7, errata
// 11.7), errata 12.7 sixes, and the errata 11.7/12.x rules on weakened strikes and carry-over candidates.
import { describe, expect, it } from 'vitest';
import type { StrikeOption } from '../../shared/engine/battle/position';
import { hits } from '../../shared/engine/battle/position';
import { mustStrike, strikeOptions, strikeTargets } from '../../shared/engine/battle/strike';
import { attacker, battle, defender } from './build';

/** The most effective (first listed) option against one target. */
function best(options: readonly StrikeOption[], target: string): Pick<StrikeOption, 'strikeNumber' | 'dice'> {
  const o = options.find((x) => x.target === target);
  if (o === undefined) throw new Error(`no option against ${target}`);
  return { strikeNumber: o.strikeNumber, dice: o.dice };
}

describe('12.0–12.2 targets', () => {
  it('12.2: an Ogre striking a Lion on the Plains needs 5s and rolls 6 dice', () => {
    const pos = battle('Plains', [attacker('ogre', 'Ogre', 'C3'), defender('lion', 'Lion', 'C4')]);
    expect(strikeOptions(pos, 'ogre')).toEqual([{ target: 'lion', strikeNumber: 5, dice: 6, carryTo: [] }]);
  });

  it('12.0: only adjacent enemies are targets; a character with no adjacent enemy has no strike', () => {
    const pos = battle('Plains', [
      attacker('ogre', 'Ogre', 'C3'),
      attacker('friend', 'Troll', 'C4'),
      defender('far', 'Lion', 'C5'),
    ]);
    expect(strikeOptions(pos, 'ogre')).toEqual([]);
    expect(strikeOptions(pos, 'friend').map((o) => o.target)).toEqual(['far']);
  });

  it('errata 12.0: a slain character is no target and takes no carry-over; a slain striker still strikes (12.0)', () => {
    const pos = battle('Plains', [
      attacker('ogre', 'Ogre', 'C3', 6),
      defender('deadCentaur', 'Centaur', 'C4', 3),
      defender('lion', 'Lion', 'D4'),
    ]);
    expect(strikeTargets(pos, 'ogre').map((c) => c.id)).toEqual(['lion']);
    expect(strikeOptions(pos, 'ogre')).toEqual([{ target: 'lion', strikeNumber: 5, dice: 6, carryTo: [] }]);
  });

  it('10.6, 12.0: a character must strike while it has an adjacent living enemy, not once all are slain', () => {
    const alive = battle('Plains', [attacker('ogre', 'Ogre', 'C3'), defender('lion', 'Lion', 'C4')]);
    expect(mustStrike(alive, 'ogre')).toBe(true);
    const dead = battle('Plains', [attacker('ogre', 'Ogre', 'C3'), defender('lion', 'Lion', 'C4', 5)]);
    expect(mustStrike(dead, 'ogre')).toBe(false);
  });

  it('11.1: a character still off the board strikes nothing', () => {
    const pos = battle('Plains', [attacker('ogre', 'Ogre', null), defender('lion', 'Lion', 'A1')]);
    expect(strikeOptions(pos, 'ogre')).toEqual([]);
  });

  it('Hazards Chart Cliff: no strike across a cliff (Desert D3/D4), but across the dune beside it', () => {
    const pos = battle('Desert', [
      attacker('ogre', 'Ogre', 'D3'),
      defender('lionAcrossCliff', 'Lion', 'D4'),
      defender('lionBeside', 'Lion', 'E3'),
    ]);
    expect(strikeOptions(pos, 'ogre').map((o) => o.target)).toEqual(['lionBeside']);
    expect(strikeOptions(pos, 'lionAcrossCliff')).toEqual([]);
  });
});

describe('Hazards Chart 11.7: effects on striking', () => {
  it('Bramble, errata 11.7: a native defending in Bramble raises its skill by 1 against a non-native (Brush)', () => {
    const pos = battle('Brush', [attacker('ogre', 'Ogre', 'C3'), defender('cyclops', 'Cyclops', 'C4')]);
    expect(best(strikeOptions(pos, 'ogre'), 'cyclops')).toEqual({ strikeNumber: 5, dice: 6 }); // 2 vs 2+1
    // the native striking out of its Bramble suffers nothing
    expect(best(strikeOptions(pos, 'cyclops'), 'ogre')).toEqual({ strikeNumber: 4, dice: 9 });
  });

  it('Bramble: a native striker gets no penalty against a native in Bramble (Gargoyle at the Cyclops)', () => {
    const pos = battle('Brush', [
      attacker('gargoyle', 'Gargoyle', 'C3'),
      defender('cyclops', 'Cyclops', 'C4'),
    ]);
    expect(best(strikeOptions(pos, 'gargoyle'), 'cyclops')).toEqual({ strikeNumber: 3, dice: 4 });
  });

  it('Bramble: a non-native striking out of Bramble loses a skill (Centaur in C4 at an Ogre in C3)', () => {
    const pos = battle('Brush', [attacker('centaur', 'Centaur', 'C4'), defender('ogre', 'Ogre', 'C3')]);
    expect(best(strikeOptions(pos, 'centaur'), 'ogre')).toEqual({ strikeNumber: 3, dice: 3 }); // 3 vs 2
  });

  it('Bramble: both at once (Centaur in D2 at a Cyclops in D1: skill 3 against 2+1)', () => {
    const pos = battle('Brush', [attacker('centaur', 'Centaur', 'D2'), defender('cyclops', 'Cyclops', 'D1')]);
    expect(best(strikeOptions(pos, 'centaur'), 'cyclops')).toEqual({ strikeNumber: 4, dice: 3 });
  });

  it('Bramble in the Jungle too: a Behemoth in Bramble C3 against a Warbear at B2', () => {
    const pos = battle('Jungle', [
      attacker('warbear', 'Warbear', 'B2'),
      defender('behemoth', 'Behemoth', 'C3'),
    ]);
    expect(best(strikeOptions(pos, 'warbear'), 'behemoth')).toEqual({ strikeNumber: 5, dice: 6 }); // 3 vs 3+1
  });

  it('Volcano: a Dragon striking from the Volcano adds 2 dice, +1 more down the slope; never across its cliff', () => {
    const pos = battle('Mountains', [
      attacker('dragon', 'Dragon', 'D4'),
      defender('ogre', 'Ogre', 'E3'),
      defender('belowCliff', 'Troll', 'C3'),
    ]);
    expect(strikeOptions(pos, 'dragon').map((o) => o.target)).toEqual(['ogre']);
    expect(best(strikeOptions(pos, 'dragon'), 'ogre')).toEqual({ strikeNumber: 3, dice: 12 });
  });

  it('Slope: a native adds a die striking down; striking up costs a native nothing (Hills B3/B2)', () => {
    const down = battle('Hills', [attacker('ogre', 'Ogre', 'B3'), defender('centaur', 'Centaur', 'B2')]);
    expect(best(strikeOptions(down, 'ogre'), 'centaur')).toEqual({ strikeNumber: 6, dice: 7 });
    const up = battle('Hills', [attacker('ogre', 'Ogre', 'B2'), defender('centaur', 'Centaur', 'B3')]);
    expect(best(strikeOptions(up, 'ogre'), 'centaur')).toEqual({ strikeNumber: 6, dice: 6 });
  });

  it('Slope: a non-native loses a skill striking up and gains nothing striking down (Hills B2/B3)', () => {
    const up = battle('Hills', [attacker('centaur', 'Centaur', 'B2'), defender('ogre', 'Ogre', 'B3')]);
    expect(best(strikeOptions(up, 'centaur'), 'ogre')).toEqual({ strikeNumber: 3, dice: 3 }); // 3 vs 2
    const down = battle('Hills', [attacker('centaur', 'Centaur', 'B3'), defender('ogre', 'Ogre', 'B2')]);
    expect(best(strikeOptions(down, 'centaur'), 'ogre')).toEqual({ strikeNumber: 2, dice: 3 });
  });

  it('Slope in the Mountains: an Ogre at C1 striking down at D1 rolls 7 dice', () => {
    const pos = battle('Mountains', [attacker('ogre', 'Ogre', 'C1'), defender('troll', 'Troll', 'D1')]);
    expect(best(strikeOptions(pos, 'ogre'), 'troll')).toEqual({ strikeNumber: 4, dice: 7 });
  });

  it('Wall: anyone gains a skill striking down and loses one striking up (Tower C3/B2)', () => {
    const down = battle('Tower', [attacker('centaur', 'Centaur', 'C3'), defender('ogre', 'Ogre', 'B2')]);
    expect(best(strikeOptions(down, 'centaur'), 'ogre')).toEqual({ strikeNumber: 1, dice: 3 }); // 5 vs 2
    const up = battle('Tower', [attacker('ogre', 'Ogre', 'B2'), defender('centaur', 'Centaur', 'C3')]);
    expect(best(strikeOptions(up, 'ogre'), 'centaur')).toEqual({ strikeNumber: 6, dice: 6 }); // 1 vs 4
  });

  it('Dune: a native adds 2 dice striking down and loses nothing striking up (Desert D5/C4)', () => {
    const down = battle('Desert', [attacker('lion', 'Lion', 'D5'), defender('centaur', 'Centaur', 'C4')]);
    expect(best(strikeOptions(down, 'lion'), 'centaur')).toEqual({ strikeNumber: 5, dice: 7 });
    const up = battle('Desert', [attacker('lion', 'Lion', 'C4'), defender('centaur', 'Centaur', 'D5')]);
    expect(best(strikeOptions(up, 'lion'), 'centaur')).toEqual({ strikeNumber: 5, dice: 5 });
  });

  it('Dune: a non-native loses a die striking up and gains nothing striking down (Desert C4/D5)', () => {
    const up = battle('Desert', [attacker('centaur', 'Centaur', 'C4'), defender('lion', 'Lion', 'D5')]);
    expect(best(strikeOptions(up, 'centaur'), 'lion')).toEqual({ strikeNumber: 3, dice: 2 });
    const down = battle('Desert', [attacker('centaur', 'Centaur', 'D5'), defender('lion', 'Lion', 'C4')]);
    expect(best(strikeOptions(down, 'centaur'), 'lion')).toEqual({ strikeNumber: 3, dice: 3 });
  });

  it('Sand, Drift, Bog, Tree and Plains hexes do not change a strike (Desert, Tundra, Marsh)', () => {
    const sand = battle('Desert', [attacker('ogre', 'Ogre', 'A1'), defender('centaur', 'Centaur', 'B1')]);
    expect(best(strikeOptions(sand, 'ogre'), 'centaur')).toEqual({ strikeNumber: 6, dice: 6 });
    const drift = battle('Tundra', [attacker('ogre', 'Ogre', 'C2'), defender('troll', 'Troll', 'D2')]);
    expect(best(strikeOptions(drift, 'ogre'), 'troll')).toEqual({ strikeNumber: 4, dice: 6 });
    const bog = battle('Marsh', [attacker('ogre', 'Ogre', 'C2'), defender('troll', 'Troll', 'C3')]);
    expect(best(strikeOptions(bog, 'ogre'), 'troll')).toEqual({ strikeNumber: 4, dice: 6 });
  });
});

describe('errata 12.7: sixes always hit', () => {
  it('12.0: each die at or above the Strike-number hits', () => {
    expect(hits([1, 2, 3, 4, 5, 6], 4)).toBe(3);
    expect(hits([1, 2, 3, 4, 5, 6], 1)).toBe(6);
  });
  it('errata 12.7: a six hits even when the chart would ask for more than 6', () => {
    expect(hits([5, 6, 6], 7)).toBe(2);
    expect(hits([1, 5, 5], 6)).toBe(0);
  });
});

describe('errata 11.7, 12.0, 12.2, 12.4, 12.5: weakened strikes and carry-over candidates', () => {
  it('errata 12.2/12.4/12.5: a skill-3 striking down a wall at skill 4 may carry up a wall to skill 2 at 4s', () => {
    const pos = battle('Tower', [
      attacker('warbear', 'Warbear', 'C3'),
      defender('centaur', 'Centaur', 'B2'),
      defender('ogre', 'Ogre', 'D4'),
    ]);
    expect(strikeOptions(pos, 'warbear')).toEqual([
      { target: 'centaur', strikeNumber: 4, dice: 6, carryTo: ['ogre'] },
      // 6 dice cannot do an excess hit on an undamaged 6-power Ogre: no carry-over possible
      { target: 'ogre', strikeNumber: 4, dice: 6, carryTo: [] },
    ]);
  });

  it('errata 11.7: no weakened strike when even all sixes cannot do an excess hit (Ogre at a Troll)', () => {
    const pos = battle('Plains', [
      attacker('ogre', 'Ogre', 'C3'),
      defender('troll', 'Troll', 'C4'),
      defender('centaur', 'Centaur', 'D4'),
    ]);
    expect(strikeOptions(pos, 'ogre')).toEqual([
      { target: 'centaur', strikeNumber: 6, dice: 6, carryTo: ['troll'] },
      { target: 'troll', strikeNumber: 4, dice: 6, carryTo: [] },
    ]);
  });

  it('errata 11.7: forsaking the slope die AND raising the Strike-number together, when both are needed', () => {
    // Mountains: an Ogre at C4 strikes down a slope at a hurt Troll on C3 (7 dice, 4s); a Centaur stands on
    // the flat D5 (6 dice, 6s). Only 6 dice needing 6s opens carry-over to the Centaur.
    const pos = battle('Mountains', [
      attacker('ogre', 'Ogre', 'C4'),
      defender('troll', 'Troll', 'C3', 3),
      defender('centaur', 'Centaur', 'D5'),
    ]);
    expect(strikeOptions(pos, 'ogre')).toEqual([
      { target: 'centaur', strikeNumber: 6, dice: 6, carryTo: ['troll'] },
      { target: 'troll', strikeNumber: 4, dice: 7, carryTo: [] },
      { target: 'troll', strikeNumber: 6, dice: 6, carryTo: ['centaur'] },
    ]);
  });

  it('errata 11.7: a penalty that opens nothing new is not allowed (all targets alike: only the best strikes)', () => {
    const pos = battle('Plains', [
      attacker('cyclops', 'Cyclops', 'D4'),
      defender('troll', 'Troll', 'D3'),
      defender('ogre', 'Ogre', 'D5'),
    ]);
    expect(strikeOptions(pos, 'cyclops')).toEqual([
      { target: 'ogre', strikeNumber: 4, dice: 9, carryTo: ['troll'] },
      { target: 'troll', strikeNumber: 4, dice: 9, carryTo: ['ogre'] },
    ]);
  });
});
