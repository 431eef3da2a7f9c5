// 25 KNIGHTS (CE Titan, rules 004): each clause, through decide with scripted dice.
import { describe, expect, it } from 'vitest';
import { legalIntents } from '../../../../shared/engine/legal';
import { A, begin, D, engagedRun, firstRound, moveAll, quietTurn, toBattle } from '../../engagement/build';
import { act, ofType, rejectionOf } from '../../support/game';
import { moveTargets, withPowers } from './support';

const KNIGHTS = 25;

describe('25 KNIGHTS', () => {
  it('CE 25 B1: once the enemy stands on the battleland a Knight moves one hex more (a Centaur enters 5 deep)', () => {
    const run = withPowers(engagedRun({ attacker: ['Centaur', 'Ogre'], defender: ['Ogre', 'Ogre'] }), {
      [A]: KNIGHTS,
    });
    begin(run);
    toBattle(run);
    moveAll(run, D, { 'Bu01-1': 'F4', 'Bu01-2': 'E5' });
    quietTurn(run, 'defender');
    // Bottom entry: C5 is four hexes beyond the nearest entry hex: skill 4 + 1.
    expect(moveTargets(run, A, 'Bk01-1')).toContain('C5');
    const events = act(run, A, { type: 'moveCharacter', character: 'Bk01-1', hex: 'C5' });
    expect(ofType(events, 'characterMoved')[0]).toMatchObject({ id: 'Bk01-1', from: null, to: 'C5' });
  });

  it('CE 25 B1: the same move without the power is refused (11.2)', () => {
    const run = engagedRun({ attacker: ['Centaur', 'Ogre'], defender: ['Ogre', 'Ogre'] });
    begin(run);
    toBattle(run);
    moveAll(run, D, { 'Bu01-1': 'F4', 'Bu01-2': 'E5' });
    quietTurn(run, 'defender');
    expect(rejectionOf(run, A, { type: 'moveCharacter', character: 'Bk01-1', hex: 'C5' }).code).toBe(
      'illegalManeuver',
    );
  });

  it('CE 25 B1: moving first (the defender, before the attacker has entered) the Knights move normally', () => {
    const knights = withPowers(engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Ogre'] }), {
      [D]: KNIGHTS,
    });
    begin(knights);
    toBattle(knights);
    const plain = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Ogre'] });
    begin(plain);
    toBattle(plain);
    expect(moveTargets(knights, D, 'Bu01-1')).toEqual(moveTargets(plain, D, 'Bu01-1'));
    expect(moveTargets(knights, D, 'Bu01-1')).not.toContain('C2');
  });

  it('CE 25 B2: a skill 2 Knight strikes with 4 dice more, a skill 4 with 2 more; the standard dice are refused', () => {
    const run = withPowers(engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Troll'] }), {
      [A]: KNIGHTS,
    });
    begin(run);
    toBattle(run);
    firstRound(run, { 'Bk01-1': { hex: 'E4' }, 'Bk01-2': { hex: 'F3' } });
    const strikes = legalIntents(run.state, A).filter((i) => i.type === 'strike');
    // The Titan (power 6, skill 4): 6 + 2 dice; the Ogre (power 6, skill 2): 6 + 4 dice.
    expect(strikes.filter((s) => s.striker === 'Bk01-1').every((s) => s.dice === 8)).toBe(true);
    expect(strikes.filter((s) => s.striker === 'Bk01-2').every((s) => s.dice === 10)).toBe(true);
    expect(
      rejectionOf(run, A, { type: 'strike', striker: 'Bk01-2', target: 'Bu01-2', strikeNumber: 4, dice: 6 })
        .code,
    ).toBe('illegalStrike');
  });
});
