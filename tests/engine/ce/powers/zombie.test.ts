// 13 ZOMBIE (CE Titan, rules 004): each clause, given the position, when the intent, then the events.
import { describe, expect, it } from 'vitest';
import type { CharacterName } from '../../../../shared/data/types';
import { corpseSkill } from '../../../../shared/engine/ce/powers/zombie';
import { powerActWords } from '../../../../shared/engine/ce/registry';
import type { Proposal } from '../../../../shared/engine/intents';
import { legalIntents } from '../../../../shared/engine/legal';
import { towerTeleportLord } from '../../../../shared/engine/movement';
import { legionValue } from '../../../../shared/engine/turn';
import type { Legion } from '../../../../shared/engine/types';
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
  step,
  titanSlaysOgre,
  toBattle,
} from '../../engagement/build';
import type { Run } from '../../support/game';
import { act, ofType, rejectionOf } from '../../support/game';
import { hitsOf, noOgreLeft, ogreMusters, withPowers } from './support';

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
  it('CE 13 B3: the buttons say whom he raises and where, the land by its name (no bare number)', () => {
    expect(powerActWords({ type: 'usePower', act: 'raise', args: { character: 'Ogre' } })).toBe(
      'Raise the Ogre',
    );
    expect(powerActWords({ type: 'usePower', act: 'raiseInto', args: { land: 101 } })).toBe(
      'Form the raised legion in Plains 101',
    );
    expect(powerActWords({ type: 'usePower', act: 'noRaise' })).toBe('Raise no one');
  });

  it('CE 13 M1: he recruits from the dead: a creature the caretaker has none left of, from the dead pile', () => {
    // Marsh (land 8): an Ogre musters an Ogre.
    expect(ogreMusters(noOgreLeft(['Titan', 'Ogre'], null))).toEqual([]);
    const run = noOgreLeft(['Titan', 'Ogre'], ZOMBIE);
    expect(ogreMusters(run)).toHaveLength(1);
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

  it('CE 13 B1: the slain stay where they fell, to the end of the battle (BattleState.fallen)', () => {
    // Plains: the Zombie's (p1) Titan on E4 slays the defender's Ogre (E5) in round 1.
    const run = zombieAs(A, { attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Troll'], players: 3 });
    begin(run);
    toBattle(run);
    titanSlaysOgre(run);
    expect(run.state.battle?.characters.map((c) => c.id)).not.toContain('Bu01-1');
    expect(run.state.battle?.fallen).toEqual([{ type: 'Ogre', power: 6, side: 'defender', hex: 'E5' }]);
  });

  it('CE 13 B1: an enemy ending its move on a corpse is struck by each corpse there, 1 die at (points % 12) + 2', () => {
    const entering = (zombie: boolean): Run => {
      const run = engagedRun({ attacker: ['Ogre', 'Centaur'], defender: ['Ogre', 'Ogre'] });
      if (zombie) withPowers(run, { [D]: ZOMBIE });
      begin(run);
      toBattle(run);
      moveAll(run, D, { 'Bu01-1': 'F4', 'Bu01-2': 'E5' });
      quietTurn(run, 'defender');
      // Given: a Troll (16 points: skill 6) and an Ogre (12 points: skill 2) fell on A1, a Centaur on C1.
      const battle = run.state.battle;
      if (battle === null) throw new Error('no battle');
      const fallen = [
        { type: 'Troll', power: 8, side: 'defender', hex: 'A1' },
        { type: 'Ogre', power: 6, side: 'attacker', hex: 'A1' },
        { type: 'Centaur', power: 3, side: 'attacker', hex: 'C1' },
      ] as const;
      run.state = { ...run.state, battle: { ...battle, fallen } };
      // The attacker's Ogre enters onto A1, his Centaur onto B1 (no corpse there).
      moveAll(run, A, { 'Bk01-1': 'A1', 'Bk01-2': 'B1' });
      return run;
    };
    // Without the Zombie, corpses do nothing.
    const plain = entering(false);
    act(plain, A, { type: 'doneManeuvering' });
    expect(hitsOf(plain, 'Bk01-1')).toBe(0);
    const run = entering(true);
    // The Troll's corpse (skill 6) against the Ogre (skill 2): 1s hit; the Ogre's (skill 2): 4s; rolls 3 and 3.
    const events = act(run, A, { type: 'doneManeuvering' }, [3, 3]);
    const corpses = ofType(events, 'powerUsed').find((e) => e.act === 'corpses');
    expect(corpses?.data).toEqual({ ids: ['Bk01-1'], hits: [1], rolls: [3, 3] });
    expect(corpses?.words).toMatch(/Troll's corpse on A1 strikes Ogre Bk01-1 at skill 6 \(1\+\): 3, a hit/);
    expect(hitsOf(run, 'Bk01-1')).toBe(1);
    // The Centaur ending on B1 is not struck; the Zombie's own characters never are.
    expect(hitsOf(run, 'Bk01-2')).toBe(0);
    expect(corpseSkill({ type: 'Troll', power: 8, side: 'defender', hex: 'A1' })).toBe(6);
    expect(corpseSkill({ type: 'Colossus', power: 10, side: 'defender', hex: 'A1' })).toBe(6);
  });

  it('CE 13 B3: after scoring, before the Angels, he raises the dead of both sides (up to 7) into a new legion', () => {
    // The Zombie (p1) attacks with his Titan and an Ogre and loses the Ogre; the defender's Ogre and Centaur fall.
    const run = zombieAs(A, {
      attacker: ['Titan', 'Ogre'],
      defender: ['Ogre', 'Centaur'],
      scores: { [A]: 90 },
    });
    begin(run);
    const won: Proposal = { attackerLosses: ['Ogre'], defenderLosses: ['Ogre', 'Centaur'] };
    act(run, D, { type: 'propose', proposals: [won] });
    const events = act(run, A, { type: 'acceptProposal', proposal: won });
    // 24 points scored (an Angel due at 100), then his question, before the Angel.
    expect(ofType(events, 'pointsScored')[0]?.points).toBe(24);
    expect(step(run)).toMatchObject({ kind: 'powerDecision', actor: A, power: ZOMBIE });
    const choices = legalIntents(run.state, A);
    expect(choices).toEqual([
      { type: 'usePower', act: 'noRaise' },
      { type: 'usePower', act: 'raise', args: { character: 'Ogre' } },
      { type: 'usePower', act: 'raise', args: { character: 'Centaur' } },
    ]);
    act(run, A, { type: 'usePower', act: 'raise', args: { character: 'Ogre' } });
    act(run, A, { type: 'usePower', act: 'raise', args: { character: 'Ogre' } });
    act(run, A, { type: 'usePower', act: 'raise', args: { character: 'Centaur' } });
    // All three raised: only the land is left to choose. His Bk01 stands in land 1: a free land bordering it.
    const lands = legalIntents(run.state, A).flatMap((i) =>
      i.type === 'usePower' && i.act === 'raiseInto' ? [i.args?.land] : [],
    );
    expect(lands.length).toBeGreaterThan(0);
    expect(legalIntents(run.state, A).filter((i) => i.type === 'usePower' && i.act === 'raise')).toEqual([]);
    const marker = run.state.players.find((p) => p.id === A)?.markersAvailable[0];
    const land = lands[0] as number;
    const raised = act(run, A, { type: 'usePower', act: 'raiseInto', args: { land } });
    expect(ofType(raised, 'powerUsed')[0]?.words).toMatch(/raises Ogre, Ogre, Centaur into a new legion/);
    expect(run.state.legions[marker as string]).toEqual({
      id: marker,
      owner: A,
      land,
      characters: ['Ogre', 'Ogre', 'Centaur'],
      known: ['Ogre', 'Ogre', 'Centaur'],
    });
    // Then the Angel of the points (17.0) into the winning legion; the raised go to no dead pile.
    expect(step(run)).toMatchObject({ kind: 'acquireAngel', actor: A, legion: 'Bk01' });
    act(run, A, { type: 'acquireAngel', character: 'Angel' });
    expect(run.state.deadPile.Ogre ?? 0).toBe(0);
    expect(run.state.deadPile.Centaur ?? 0).toBe(0);
  });

  it('CE 13 B3 refusals: nothing not among the dead, no land before a character, no land not offered', () => {
    const run = zombieAs(A, { attacker: ['Titan', 'Ogre'], defender: ['Centaur'] });
    begin(run);
    act(run, D, { type: 'concede' });
    expect(step(run)).toMatchObject({ kind: 'powerDecision', power: ZOMBIE });
    const before = run.state;
    expect(
      rejectionOf(run, A, { type: 'usePower', act: 'raise', args: { character: 'Dragon' } }),
    ).toMatchObject({
      code: 'notAllowed',
      rule: 'CE 13 B3',
    });
    expect(rejectionOf(run, A, { type: 'usePower', act: 'raiseInto', args: { land: 2 } }).rule).toBe(
      'CE 13 B3',
    );
    act(run, A, { type: 'usePower', act: 'raise', args: { character: 'Centaur' } });
    expect(rejectionOf(run, A, { type: 'usePower', act: 'raise', args: { character: 'Centaur' } }).rule).toBe(
      'CE 13 B3',
    );
    expect(rejectionOf(run, A, { type: 'usePower', act: 'raiseInto', args: { land: 1 } }).rule).toBe(
      'CE 13 B3',
    );
    expect(before.legions).toEqual(run.state.legions);
    // Declining: nothing formed, the Centaur to the dead pile.
    act(run, A, { type: 'usePower', act: 'noRaise' });
    expect(Object.keys(run.state.legions)).toEqual(['Bk01']);
    expect(run.state.deadPile.Centaur).toBe(1);
  });

  it('CE 13 B3: an enemy Titan raised is an ordinary Lord at its last power, its player eliminated all the same', () => {
    const run = zombieAs(A, {
      attacker: ['Titan', 'Ogre'],
      defender: ['Titan', 'Centaur'],
      players: 3,
      scores: { [D]: 250 },
    });
    begin(run);
    const won: Proposal = { attackerLosses: [], defenderLosses: ['Titan', 'Centaur'] };
    act(run, D, { type: 'propose', proposals: [won] });
    const events = act(run, A, { type: 'acceptProposal', proposal: won });
    // The Titan at 250 points: power 8, 32 points, and the Centaur's 12.
    expect(ofType(events, 'pointsScored')[0]?.points).toBe(44);
    expect(legalIntents(run.state, A)).toContainEqual({
      type: 'usePower',
      act: 'raise',
      args: { character: 'Raised Titan (Blue)' },
    });
    act(run, A, { type: 'usePower', act: 'raise', args: { character: 'Raised Titan (Blue)' } });
    // The Zombie's Bk01 stands in the engagement's land: a land bordering it.
    const land = legalIntents(run.state, A).flatMap((i) =>
      i.type === 'usePower' && i.act === 'raiseInto' ? [i.args?.land as number] : [],
    )[0] as number;
    const marker = run.state.players.find((p) => p.id === A)?.markersAvailable[0] as string;
    act(run, A, { type: 'usePower', act: 'raiseInto', args: { land } });
    expect(run.state.legions[marker]?.characters).toEqual(['Raised Titan (Blue)']);
    expect(run.state.ce?.raised).toEqual({ 'Raised Titan (Blue)': 8 });
    // Its player is out (19.3), his Titan having fallen.
    expect(run.state.players.find((p) => p.id === D)?.eliminated).toBe(true);
    // A Lord of power 8: 32 points whatever its owner's score; it lets its legion Tower Teleport (8.1).
    expect(legionValue(run.state, run.state.legions[marker] as Legion)).toBe(32);
    expect(towerTeleportLord(['Ogre', 'Raised Titan (Blue)'])).toBe('Raised Titan (Blue)');
    expect(towerTeleportLord(['Titan', 'Raised Titan (Blue)'])).toBe('Raised Titan (Blue)');
  });

  it('CE 13 B3: a raised Titan is summoned like an Angel (15.0) and fights at its own power', () => {
    const run = withPowers(
      engagedRun({
        attacker: ['Ogre', 'Ogre'],
        defender: ['Centaur'],
        others: [{ id: 'Bk02', land: 5, characters: ['Raised Titan (Red)', 'Ogre'] }],
      }),
      { [A]: ZOMBIE },
    );
    run.state = {
      ...run.state,
      ce: run.state.ce === null ? null : { ...run.state.ce, raised: { 'Raised Titan (Red)': 11 } },
    };
    begin(run);
    act(run, D, { type: 'concede' });
    // 15.2: after winning, the attacker may summon from his other legion: the raised Titan.
    expect(step(run)).toMatchObject({ kind: 'postBattleAddition', actor: A });
    expect(legalIntents(run.state, A)).toContainEqual({
      type: 'summon',
      from: 'Bk02',
      character: 'Raised Titan (Red)',
    });
    act(run, A, { type: 'summon', from: 'Bk02', character: 'Raised Titan (Red)' });
    expect(run.state.legions.Bk01?.characters).toContain('Raised Titan (Red)');
    // In a battle it fights at its own power (11), not its owner's Titan's.
    const battle = withPowers(
      engagedRun({ attacker: ['Raised Titan (Red)', 'Ogre'], defender: ['Centaur'] }),
      { [A]: ZOMBIE },
    );
    battle.state = {
      ...battle.state,
      ce: battle.state.ce === null ? null : { ...battle.state.ce, raised: { 'Raised Titan (Red)': 11 } },
    };
    begin(battle);
    toBattle(battle);
    expect(battle.state.battle?.characters.find((c) => c.type === 'Raised Titan (Red)')?.power).toBe(11);
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
