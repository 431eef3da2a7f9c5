// 46 REPUBLICAN (CE Titan, rules 004): each clause, given the position, when the intent, then the events.
import { describe, expect, it } from 'vitest';
import type { CharacterName, LandNumber } from '../../../../shared/data/types';
import { legalIntents } from '../../../../shared/engine/legal';
import { A, begin, D, engagedRun, score, types } from '../../engagement/build';
import type { Run } from '../../support/game';
import { act, arrange, ofType, rejectionOf, setUpGame } from '../../support/game';
import { withPowers } from './support';

const REPUBLICAN = 46;

/** p1's muster step, his legion Bk01 having moved to `land`. */
function mustering(land: LandNumber, characters: readonly CharacterName[], republican = true): Run {
  const run = arrange(setUpGame(), [{ id: 'Bk01', land, characters }], { moved: ['Bk01'] });
  return republican ? withPowers(run, { [A]: REPUBLICAN }) : run;
}

function musters(run: Run, creature: CharacterName): CharacterName[][] {
  return legalIntents(run.state, A).flatMap((i) =>
    i.type === 'muster' && i.creature === creature ? [[...i.reveal]] : [],
  );
}

describe('46 REPUBLICAN', () => {
  it('CE 46 M1: one less of a set musters, revealing another character worth at least the recruit', () => {
    // Desert (land 7): three Lions muster a Griffon (20 points); two do with the Titan (24) shown beside them.
    expect(musters(mustering(7, ['Lion', 'Lion', 'Titan'], false), 'Griffon')).toEqual([]);
    const run = mustering(7, ['Lion', 'Lion', 'Titan']);
    expect(musters(run, 'Griffon')).toEqual([['Lion', 'Lion', 'Titan']]);
    const events = act(run, A, {
      type: 'muster',
      legion: 'Bk01',
      creature: 'Griffon',
      reveal: ['Lion', 'Lion', 'Titan'],
    });
    expect(ofType(events, 'legionMustered')[0]).toMatchObject({
      creature: 'Griffon',
      reveal: ['Lion', 'Lion', 'Titan'],
    });
    expect(run.state.legions.Bk01?.known).toEqual(
      expect.arrayContaining(['Lion', 'Lion', 'Titan', 'Griffon']),
    );
  });

  it('CE 46 M1: not with a companion worth less than the recruit, nor without the rest of the set', () => {
    // A Centaur (12 points) is not as big as a Griffon (20); one Lion is not one less of three.
    const run = mustering(7, ['Lion', 'Lion', 'Centaur']);
    expect(musters(run, 'Griffon')).toEqual([]);
    expect(
      rejectionOf(run, A, {
        type: 'muster',
        legion: 'Bk01',
        creature: 'Griffon',
        reveal: ['Lion', 'Lion', 'Centaur'],
      }).code,
    ).toBe('illegalMuster');
    expect(musters(mustering(7, ['Lion', 'Titan']), 'Griffon')).toEqual([]);
  });

  it('CE 46 M1: in a Tower two identical creatures and a bigger character muster a Guardian', () => {
    const run = mustering(100, ['Ogre', 'Ogre', 'Titan']);
    expect(musters(run, 'Guardian')).toEqual([['Ogre', 'Ogre', 'Titan']]);
    expect(musters(mustering(100, ['Ogre', 'Ogre', 'Titan'], false), 'Guardian')).toEqual([]);
  });

  it('CE 46 B1: before an engagement of his is scored, he keeps, truncates or rounds up its points', () => {
    const run = withPowers(engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Centaur'] }), {
      [D]: REPUBLICAN,
    });
    begin(run);
    // The defender concedes: the attacker would score 12 + 12 = 24.
    const events = act(run, D, { type: 'concede' });
    expect(types(events).slice(-2)).toEqual(['powerUsed', 'stepBegan']);
    expect(run.state.step).toMatchObject({ kind: 'powerDecision', actor: D, power: REPUBLICAN });
    expect(legalIntents(run.state, D)).toEqual([
      { type: 'usePower', act: 'round', args: { points: 24 } },
      { type: 'usePower', act: 'round', args: { points: 20 } },
      { type: 'usePower', act: 'round', args: { points: 30 } },
    ]);
    expect(rejectionOf(run, D, { type: 'usePower', act: 'round', args: { points: 25 } }).rule).toBe(
      'CE 46 B1',
    );
    const rounded = act(run, D, { type: 'usePower', act: 'round', args: { points: 20 } });
    expect(ofType(rounded, 'pointsScored')[0]).toMatchObject({ player: A, points: 20 });
    expect(score(run, A)).toBe(20);
  });

  it('CE 46 B1: a multiple of ten is scored as it is; an engagement without him is not his to round', () => {
    const tens = withPowers(engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Lion', 'Lion'] }), {
      [D]: REPUBLICAN,
    });
    begin(tens);
    expect(ofType(act(tens, D, { type: 'concede' }), 'pointsScored')[0]).toMatchObject({
      player: A,
      points: 30,
    });
    const other = withPowers(
      engagedRun({ players: 3, attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Centaur'] }),
      { p3: REPUBLICAN },
    );
    begin(other);
    expect(ofType(act(other, D, { type: 'concede' }), 'pointsScored')[0]).toMatchObject({
      player: A,
      points: 24,
    });
  });
});
