// 13 ZOMBIE (CE Titan, rules 004): each clause, given the position, when the intent, then the events.
import { describe, expect, it } from 'vitest';
import type { CharacterName } from '../../../../shared/data/types';
import type { Proposal } from '../../../../shared/engine/intents';
import { legalIntents } from '../../../../shared/engine/legal';
import type { EngagementSpec } from '../../engagement/build';
import {
  A,
  begin,
  D,
  engagedRun,
  lastQuietTurn,
  moveAll,
  quietTurn,
  score,
  toBattle,
} from '../../engagement/build';
import type { Run } from '../../support/game';
import { act, arrange, ofType, setUpGame } from '../../support/game';
import { withPowers } from './support';

const ZOMBIE = 13;

function zombieAs(player: string, spec: EngagementSpec): Run {
  return withPowers(engagedRun(spec), { [player]: ZOMBIE });
}

/** The defender proposes that both legions be wholly lost; the attacker accepts (errata 9.3: a mutual). */
function mutualAgreement(run: Run, attacker: readonly CharacterName[], defender: readonly CharacterName[]) {
  begin(run);
  const mutual: Proposal = { attackerLosses: [...attacker], defenderLosses: [...defender] };
  act(run, D, { type: 'propose', proposals: [mutual] });
  return act(run, A, { type: 'acceptProposal', proposal: mutual });
}

describe('13 ZOMBIE', () => {
  it('CE 13 M1: he recruits from the dead: a creature the caretaker has none left of, from the dead pile', () => {
    // Marsh (land 8): an Ogre musters an Ogre.
    const noOgreLeft = (zombie: boolean): Run => {
      const run = arrange(setUpGame(), [{ id: 'Bk01', land: 8, characters: ['Titan', 'Ogre'] }], {
        moved: ['Bk01'],
        caretaker: { Ogre: 0 },
      });
      run.state = { ...run.state, deadPile: { Ogre: 2 } };
      return zombie ? withPowers(run, { [A]: ZOMBIE }) : run;
    };
    const ogres = (run: Run) =>
      legalIntents(run.state, A).filter((i) => i.type === 'muster' && i.creature === 'Ogre');
    expect(ogres(noOgreLeft(false))).toEqual([]);
    const run = noOgreLeft(true);
    expect(ogres(run)).toHaveLength(1);
    act(run, A, { type: 'muster', legion: 'Bk01', creature: 'Ogre', reveal: ['Ogre'] });
    expect(run.state.legions.Bk01?.characters).toEqual(['Titan', 'Ogre', 'Ogre']);
    expect(run.state.deadPile.Ogre).toBe(1);
  });

  it('CE 13 B2: he wins a mutual elimination, scored on the enemy losses, his emptied legion eliminated', () => {
    const spec = { attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Centaur'], more: [] } as const;
    // Without the power, nobody wins and nobody scores (errata 9.5).
    const plain = engagedRun(spec);
    const standard = mutualAgreement(plain, spec.attacker, spec.defender);
    expect(ofType(standard, 'engagementResolved')[0]).toMatchObject({
      outcome: 'mutualElimination',
      winner: null,
    });
    expect(ofType(standard, 'pointsScored')).toEqual([]);
    // The Zombie attacking: his win, the defender's 2 Centaurs (24 points) scored.
    const run = zombieAs(A, spec);
    const events = mutualAgreement(run, spec.attacker, spec.defender);
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({
      outcome: 'mutualElimination',
      winner: 'Bk01',
    });
    expect(ofType(events, 'pointsScored')).toEqual([
      { type: 'pointsScored', player: A, points: 24, reason: 'engagement' },
    ]);
    expect(run.state.legions.Bk01).toBeUndefined();
    expect(run.state.legions.Bu01).toBeUndefined();
    // The Zombie defending: his win, the attacker's 2 Ogres (24 points).
    const defending = zombieAs(D, spec);
    const won = mutualAgreement(defending, spec.attacker, spec.defender);
    expect(ofType(won, 'engagementResolved')[0]).toMatchObject({ winner: 'Bu01' });
    expect(score(defending, D)).toBe(24);
  });

  it('CE 13 B2: he collects the points when he wins on time: the attacker losses', () => {
    const timeLoss = (zombie: boolean): Run => {
      const run = engagedRun({ attacker: ['Ogre', 'Centaur'], defender: ['Ogre', 'Ogre'], land: 1 });
      if (zombie) withPowers(run, { [D]: ZOMBIE });
      begin(run);
      toBattle(run);
      moveAll(run, D, { 'Bu01-1': 'F4', 'Bu01-2': 'E5' });
      quietTurn(run, 'defender');
      moveAll(run, A, { 'Bk01-1': 'A1', 'Bk01-2': 'B1' });
      quietTurn(run, 'attacker');
      for (let round = 2; round <= 7; round++) {
        quietTurn(run, 'defender');
        if (round < 7) quietTurn(run, 'attacker');
      }
      lastQuietTurn(run);
      return run;
    };
    const plain = timeLoss(false);
    act(plain, A, { type: 'pass' });
    expect(score(plain, D)).toBe(0);
    const run = timeLoss(true);
    const events = act(run, A, { type: 'pass' });
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({ outcome: 'timeLoss', winner: 'Bu01' });
    // Ogre 12 + Centaur 12.
    expect(ofType(events, 'pointsScored')).toEqual([
      { type: 'pointsScored', player: D, points: 24, reason: 'engagement' },
    ]);
  });

  it('CE 13 T1: his Titan slain, he is out even when he wins the battle (a mutual, B2)', () => {
    const spec = { attacker: ['Titan', 'Ogre'], defender: ['Centaur', 'Centaur'], players: 3 } as const;
    const run = zombieAs(A, spec);
    const events = mutualAgreement(run, spec.attacker, spec.defender);
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({ winner: 'Bk01' });
    expect(run.state.players.find((p) => p.id === A)?.eliminated).toBe(true);
    expect(run.state.players.find((p) => p.id === D)?.eliminated).toBe(false);
  });
});
