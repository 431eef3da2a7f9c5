// 31 VIPER (CE Titan, rules 004): each clause, given the position, when the intent, then the events.
import { describe, expect, it } from 'vitest';
import { legalIntents } from '../../../../shared/engine/legal';
import {
  A,
  begin,
  D,
  engagedRun,
  firstRound,
  moveAll,
  place,
  quietTurn,
  step,
  strike,
  toBattle,
  types,
} from '../../engagement/build';
import type { Run } from '../../support/game';
import { act, ofType, rejectionOf } from '../../support/game';
import { hitsOf, moveTargets, withPowers } from './support';

const VIPER = 31;

/** Marsh (land 8), round 1, the attacker's strikes: his Ogre in the Bog D5 in contact with the defender's Ogre
 *  on E5 (with `hits`), the Troll on F4; p1 (attacker) is the Viper unless `viper` says otherwise. */
function inBog(hits: number, viper: 'attacker' | 'none' = 'attacker'): Run {
  const run = engagedRun({ land: 8, attacker: ['Ogre', 'Centaur'], defender: ['Ogre', 'Troll'] });
  if (viper === 'attacker') withPowers(run, { [A]: VIPER });
  begin(run);
  toBattle(run);
  firstRound(run, { 'Bk01-1': { hex: 'D5' }, 'Bu01-1': { hits } });
  return run;
}

describe('31 VIPER', () => {
  it('CE 31 B1: a Viper in a native hazard gains 2 dice striking out of it', () => {
    expect(legalIntents(inBog(0, 'none').state, A)).toContainEqual({
      type: 'strike',
      striker: 'Bk01-1',
      target: 'Bu01-1',
      strikeNumber: 4,
      dice: 6,
    });
    const run = inBog(0);
    expect(legalIntents(run.state, A)).toContainEqual({
      type: 'strike',
      striker: 'Bk01-1',
      target: 'Bu01-1',
      strikeNumber: 4,
      dice: 8,
    });
    const events = strike(run, A, 'Bk01-1', 'Bu01-1', 4, 8, [4, 1, 1, 1, 1, 1, 1, 1]);
    expect(ofType(events, 'strikeRolled')[0]).toMatchObject({ hits: 1 });
  });

  it('CE 31 B1: every enemy striking into a Viper in a native hazard loses a die', () => {
    const run = inBog(0);
    // His one strike made, the attacker's strike step ends by itself.
    strike(run, A, 'Bk01-1', 'Bu01-1', 4, 8, [1, 1, 1, 1, 1, 1, 1, 1]);
    expect(legalIntents(run.state, D)).toContainEqual({
      type: 'strike',
      striker: 'Bu01-1',
      target: 'Bk01-1',
      strikeNumber: 4,
      dice: 5,
    });
  });

  it('CE 31 B1: Vipers walk through Trees (and Bogs) but may not end there', () => {
    const woods = (viper: boolean): Run => {
      const run = engagedRun({ land: 2, attacker: ['Ogre', 'Centaur'], defender: ['Ogre', 'Troll'] });
      if (viper) withPowers(run, { [A]: VIPER });
      begin(run);
      toBattle(run);
      moveAll(run, D, { 'Bu01-1': 'F4', 'Bu01-2': 'D6' });
      quietTurn(run, 'defender');
      return run;
    };
    expect(moveTargets(woods(false), A, 'Bk01-1')).not.toContain('E1');
    const run = woods(true);
    // The Ogre (skill 2) enters on the Tree D1 and walks on to E1; it may not stop on the Tree.
    expect(moveTargets(run, A, 'Bk01-1')).toContain('E1');
    expect(moveTargets(run, A, 'Bk01-1')).not.toContain('D1');
    expect(rejectionOf(run, A, { type: 'moveCharacter', character: 'Bk01-1', hex: 'D1' }).code).toBe(
      'illegalManeuver',
    );
    act(run, A, { type: 'moveCharacter', character: 'Bk01-1', hex: 'E1' });
  });

  it('CE 31 B2: an enemy with more than half its power in hits fights at -1 skill, struck and striking', () => {
    // The defender's Ogre has 4 hits of 6: the Viper's Ogre (outside any hazard) needs 3s instead of 4s.
    const run = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Ogre', 'Troll'] });
    withPowers(run, { [A]: VIPER });
    begin(run);
    toBattle(run);
    firstRound(run, { 'Bk01-1': { hex: 'E4' }, 'Bu01-1': { hits: 4 } });
    expect(legalIntents(run.state, A)).toContainEqual({
      type: 'strike',
      striker: 'Bk01-1',
      target: 'Bu01-1',
      strikeNumber: 3,
      dice: 6,
    });
    strike(run, A, 'Bk01-1', 'Bu01-1', 3, 6, [1, 1, 1, 1, 1, 1]);
    // Striking back at skill 1: 5s instead of 4s.
    expect(legalIntents(run.state, D)).toContainEqual({
      type: 'strike',
      striker: 'Bu01-1',
      target: 'Bk01-1',
      strikeNumber: 5,
      dice: 6,
    });
  });

  it('CE 31 B2: an enemy with ONE hit left cannot strike, so it need not', () => {
    const run = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Ogre', 'Troll'] });
    withPowers(run, { [A]: VIPER });
    begin(run);
    toBattle(run);
    firstRound(run, { 'Bk01-1': { hex: 'E4' }, 'Bu01-1': { hits: 5 } });
    strike(run, A, 'Bk01-1', 'Bu01-1', 3, 6, [1, 1, 1, 1, 1, 1]);
    expect(legalIntents(run.state, D).filter((i) => i.type === 'strike' && i.striker === 'Bu01-1')).toEqual(
      [],
    );
    expect(
      rejectionOf(run, D, { type: 'strike', striker: 'Bu01-1', target: 'Bk01-1', strikeNumber: 5, dice: 6 })
        .code,
    ).toBe('illegalStrike');
    // Only the Troll (on F4) must strike; then the counterstrikes end by themselves.
    strike(run, D, 'Bu01-2', 'Bk01-1', 4, 8, [1, 1, 1, 1, 1, 1, 1, 1]);
    expect(step(run)).toMatchObject({ kind: 'maneuver', side: 'defender' });
  });

  it('CE 31 B2: an enemy with more than half its power in hits moves at -1 skill', () => {
    const far = (viper: boolean): Run => {
      const run = engagedRun({ attacker: ['Ogre', 'Centaur'], defender: ['Ogre', 'Ogre'] });
      if (viper) withPowers(run, { [A]: VIPER });
      begin(run);
      toBattle(run);
      moveAll(run, D, { 'Bu01-1': 'F4', 'Bu01-2': 'E5' });
      quietTurn(run, 'defender');
      moveAll(run, A, { 'Bk01-1': 'A1', 'Bk01-2': 'B1' });
      quietTurn(run, 'attacker');
      place(run, { 'Bu01-1': { hits: 4 } });
      return run;
    };
    // The wounded Ogre on F4 walks 2 hexes normally, 1 when poisoned.
    expect(moveTargets(far(false), D, 'Bu01-1')).toContain('F2');
    const run = far(true);
    expect(moveTargets(run, D, 'Bu01-1')).not.toContain('F2');
    expect(moveTargets(run, D, 'Bu01-1')).toContain('F3');
  });

  it('CE 31 B3: before the Viper counterstrikes, a die per hit on each enemy; each 6 is one more hit', () => {
    const run = engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Troll'] });
    withPowers(run, { [D]: VIPER });
    begin(run);
    toBattle(run);
    firstRound(run, { 'Bk01-1': { hex: 'E4', hits: 2 }, 'Bk01-2': { hits: 1 } });
    // The Titan's one strike made, his strike step ends by itself and the counterstrikes begin, rolled with the
    // same dice: the Titan has 2 hits, the Ogre (off in A1) 1: three dice, one six.
    const events = strike(run, A, 'Bk01-1', 'Bu01-1', 2, 6, [1, 1, 1, 1, 1, 1, 6, 3, 2]);
    expect(types(events)).toEqual([
      'strikeRolled',
      'stepBegan',
      'strikePhaseBegan',
      'powerUsed',
      'stepBegan',
    ]);
    expect(ofType(events, 'powerUsed')[0]).toMatchObject({
      player: D,
      power: VIPER,
      act: 'venom',
      data: { ids: ['Bk01-1'], hits: [1], rolls: [6, 3, 2] },
    });
    expect(hitsOf(run, 'Bk01-1')).toBe(3);
    expect(hitsOf(run, 'Bk01-2')).toBe(1);
  });
});
