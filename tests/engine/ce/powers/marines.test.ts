// 17 MARINES (CE Titan, rules 004): each clause, given the position, when the intent, then the events.
import { describe, expect, it } from 'vitest';
import { legalIntents } from '../../../../shared/engine/legal';
import { A, begin, D, engagedRun, firstRound, moveAll, quietTurn, toBattle } from '../../engagement/build';
import type { Run } from '../../support/game';
import { act, ofType, rejectionOf } from '../../support/game';
import { moveTargets, withPowers } from './support';

const MARINES = 17;

/** Marsh (land 8), round 1, the attacker's maneuver: the defender's Ogres on F4 and E5; `attacker` off the board. */
function marsh(attacker: readonly ('Centaur' | 'Ogre' | 'Titan')[], marines: boolean): Run {
  const run = engagedRun({ land: 8, attacker, defender: ['Ogre', 'Ogre'] });
  if (marines) withPowers(run, { [A]: MARINES });
  begin(run);
  toBattle(run);
  moveAll(run, D, { 'Bu01-1': 'F4', 'Bu01-2': 'E5' });
  quietTurn(run, 'defender');
  return run;
}

/** Plains, round 1, the attacker's strikes: his Giant on C3 (range 3 of the Ogre on E5), his Ogre on E4 in contact. */
function inContact(marines: boolean): Run {
  const run = engagedRun({ attacker: ['Giant', 'Ogre'], defender: ['Ogre', 'Troll'] });
  if (marines) withPowers(run, { [A]: MARINES });
  begin(run);
  toBattle(run);
  firstRound(run, { 'Bk01-1': { hex: 'C3' }, 'Bk01-2': { hex: 'E4' } });
  return run;
}

describe('17 MARINES', () => {
  it('CE 17 B1: a Marine fights at +1 strength: a strike rolls one die more, a rangestrike half of power + 1', () => {
    const standard = legalIntents(inContact(false).state, A);
    expect(standard).toContainEqual({
      type: 'strike',
      striker: 'Bk01-2',
      target: 'Bu01-2',
      strikeNumber: 4,
      dice: 6,
    });
    expect(standard).toContainEqual({
      type: 'rangestrike',
      striker: 'Bk01-1',
      target: 'Bu01-1',
      strikeNumber: 3,
      dice: 3,
    });
    const run = inContact(true);
    const legal = legalIntents(run.state, A);
    // The Ogre (power 6): 7 dice; the Giant (power 7) rangestrikes with (7 + 1) / 2 = 4 dice.
    expect(legal).toContainEqual({
      type: 'strike',
      striker: 'Bk01-2',
      target: 'Bu01-2',
      strikeNumber: 4,
      dice: 7,
    });
    expect(legal).toContainEqual({
      type: 'rangestrike',
      striker: 'Bk01-1',
      target: 'Bu01-1',
      strikeNumber: 3,
      dice: 4,
    });
    expect(
      rejectionOf(run, A, { type: 'strike', striker: 'Bk01-2', target: 'Bu01-2', strikeNumber: 4, dice: 6 })
        .code,
    ).toBe('illegalStrike');
    const events = act(
      run,
      A,
      { type: 'strike', striker: 'Bk01-2', target: 'Bu01-2', strikeNumber: 4, dice: 7 },
      [4, 4, 1, 1, 1, 1, 1],
    );
    expect(ofType(events, 'strikeRolled')[0]).toMatchObject({ hits: 2 });
    // "Fights at" changes no point counting, nor the hits it can take: the Ogre's Power-factor stays 6.
    expect(run.state.battle?.characters.find((c) => c.id === 'Bk01-2')?.power).toBe(6);
  });

  it('CE 17 B1: all-nativity: a Marine Centaur may end its move in a Bog, which is forbidden to it otherwise', () => {
    expect(moveTargets(marsh(['Centaur', 'Ogre'], false), A, 'Bk01-1')).not.toContain('C2');
    const run = marsh(['Centaur', 'Ogre'], true);
    expect(moveTargets(run, A, 'Bk01-1')).toEqual(expect.arrayContaining(['A3', 'C2', 'C3', 'E1', 'E3']));
    const events = act(run, A, { type: 'moveCharacter', character: 'Bk01-1', hex: 'C2' });
    expect(ofType(events, 'characterMoved')[0]).toMatchObject({ to: 'C2' });
  });

  it('CE 17 B2: a Marine inside its native terrain convoys a friend worth no more over its hex at no movement cost', () => {
    const run = marsh(['Centaur', 'Ogre'], true);
    expect(moveTargets(run, A, 'Bk01-1')).not.toContain('C5');
    // The Ogre (12 points) stands in the Bog C2: the Centaur (12 points) passes over it free, 4 hexes on.
    act(run, A, { type: 'moveCharacter', character: 'Bk01-2', hex: 'C2' });
    const targets = moveTargets(run, A, 'Bk01-1');
    expect(targets).toEqual(expect.arrayContaining(['C5', 'D5', 'E4', 'F3']));
    expect(targets).not.toContain('C2');
    expect(rejectionOf(run, A, { type: 'moveCharacter', character: 'Bk01-1', hex: 'C2' }).code).toBe(
      'illegalManeuver',
    );
    act(run, A, { type: 'moveCharacter', character: 'Bk01-1', hex: 'C5' });
  });

  it('CE 17 B2: no convoy over a friend outside its native terrain, nor for a character worth more than it', () => {
    const plain = marsh(['Centaur', 'Ogre'], true);
    act(plain, A, { type: 'moveCharacter', character: 'Bk01-2', hex: 'B2' }); // Plains
    expect(moveTargets(plain, A, 'Bk01-1')).not.toContain('C5');
    const titan = marsh(['Titan', 'Ogre'], true);
    act(titan, A, { type: 'moveCharacter', character: 'Bk01-2', hex: 'C2' });
    // The Titan (6 × 4 = 24 points) is worth more than the Ogre (12).
    expect(moveTargets(titan, A, 'Bk01-1')).not.toContain('C5');
  });
});
