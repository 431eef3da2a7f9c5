// 44 VALKYRIE (CE Titan, rules 004): each clause, given the position, when the intent, then the events.
import { describe, expect, it } from 'vitest';
import type { CharacterName } from '../../../../shared/data/types';
import { characterById } from '../../../../shared/engine/battle/position';
import { adjustStrike } from '../../../../shared/engine/ce/hooks';
import { powerActWords } from '../../../../shared/engine/ce/registry';
import { battlePosition } from '../../../../shared/engine/engagementState';
import { legalIntents } from '../../../../shared/engine/legal';
import type { EngagementSpec } from '../../engagement/build';
import {
  A,
  begin,
  D,
  engagedRun,
  legion,
  moveAll,
  ones,
  place,
  quietTurn,
  strike,
  titanSlaysOgre,
  toBattle,
} from '../../engagement/build';
import type { Run } from '../../support/game';
import { act, ofType, rejectionOf } from '../../support/game';
import { noOgreLeft, ogreMusters, withPowers } from './support';

const VALKYRIE = 44;
const NO_DEAD = { type: 'usePower', act: 'noDeadEnemy' } as const;
const take = (creature: CharacterName) =>
  ({ type: 'usePower', act: 'takeDeadEnemy', args: { creature } }) as const;

/** The Valkyrie (p1) attacks with her Titan and an Ogre; the defender flees or concedes at once. */
function ended(end: 'concede' | 'flee', spec: Partial<EngagementSpec> = {}): Run {
  const run = withPowers(
    engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Centaur'], ...spec }),
    { [A]: VALKYRIE },
  );
  begin(run);
  act(run, D, { type: end });
  if (run.state.step.kind === 'postBattleAddition') act(run, A, { type: 'pass' });
  return run;
}

/** Plains: the Valkyrie's (p1) Titan on E4 slays the defender's Ogre (E5) in round 1, the Troll (F4) fights on;
 *  returns at her counterstrikes of round 2, once the Troll has struck (ones). */
function killedOne(valkyrie: boolean, spec: Partial<EngagementSpec> = {}): Run {
  const run = engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Troll'], players: 3, ...spec });
  if (valkyrie) withPowers(run, { [A]: VALKYRIE });
  begin(run);
  toBattle(run);
  titanSlaysOgre(run);
  act(run, D, { type: 'doneManeuvering' });
  strike(run, D, 'Bu01-2', 'Bk01-1', 6, 8, ones(8));
  expect(run.state.step).toMatchObject({ kind: 'counterstrike', actor: A, side: 'attacker' });
  return run;
}

/** Marsh: the Valkyrie (p2) defends with two Ogres; the attacker's second Centaur is slain in round 1. Returns at
 *  her fourth maneuver phase. */
function toFourthTurn(): Run {
  const run = withPowers(
    engagedRun({ land: 8, attacker: ['Centaur', 'Centaur', 'Ogre'], defender: ['Ogre', 'Ogre'] }),
    { [D]: VALKYRIE },
  );
  begin(run);
  toBattle(run);
  moveAll(run, D, { 'Bu01-1': 'F4', 'Bu01-2': 'E5' });
  quietTurn(run, 'defender');
  moveAll(run, A, { 'Bk01-1': 'A1', 'Bk01-2': 'B1', 'Bk01-3': 'C1' });
  place(run, { 'Bk01-2': { hits: 4 } });
  quietTurn(run, 'attacker');
  for (let round = 2; round <= 3; round++) {
    quietTurn(run, 'defender');
    quietTurn(run, 'attacker');
  }
  expect(run.state.battle).toMatchObject({ round: 4, phasing: 'defender', reinforcement: 'available' });
  return run;
}

describe('44 VALKYRIE', () => {
  it('CE 44 M1: she recruits from the dead: a creature the caretaker has none left of, from the dead pile', () => {
    const legion: CharacterName[] = ['Titan', 'Ogre', 'Ogre'];
    expect(ogreMusters(noOgreLeft(legion, null))).toEqual([]);
    const run = noOgreLeft(legion, VALKYRIE);
    expect(ogreMusters(run)).toEqual([
      { type: 'muster', legion: 'Bk01', creature: 'Ogre', reveal: ['Ogre'] },
    ]);
    act(run, A, { type: 'muster', legion: 'Bk01', creature: 'Ogre', reveal: ['Ogre'] });
    expect(run.state.deadPile.Ogre).toBe(1);
  });

  it('CE 44 B1: a flight from her scores 3/4 of the fled legion, not half', () => {
    // Ogre 12 + Centaur 12 = 24: half is 12, three quarters 18.
    const events = ofType(
      (() => {
        const run = withPowers(engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Centaur'] }), {
          [A]: VALKYRIE,
        });
        begin(run);
        return act(run, D, { type: 'flee' });
      })(),
      'pointsScored',
    );
    expect(events).toEqual([{ type: 'pointsScored', player: A, points: 18, reason: 'fled' }]);
  });

  it('CE 44 B1: in a battle she does not win she scores 3/4 of the enemies she slew, which earn no Angel', () => {
    const run = killedOne(true, { scores: { [A]: 95 } });
    // She concedes before any counterstrike (unconditional, 2.5.6.4.x.5): the Ogre she slew is worth 12.
    const events = act(run, A, { type: 'concede' });
    expect(ofType(events, 'pointsScored')).toEqual([
      { type: 'pointsScored', player: A, points: 9, reason: 'engagement' },
      { type: 'pointsScored', player: D, points: expect.any(Number), reason: 'engagement' },
    ]);
    expect(run.state.players.find((p) => p.id === A)?.score).toBe(104);
    expect(ofType(events, 'angelAcquired').filter((e) => e.player === A)).toEqual([]);
    expect(run.state.step).not.toMatchObject({ kind: 'acquireAngel', actor: A });
    // Without the power: nothing for the loser.
    const plain = killedOne(false, { scores: { [A]: 95 } });
    expect(ofType(act(plain, A, { type: 'concede' }), 'pointsScored').map((e) => e.player)).toEqual([D]);
  });

  it('CE 44 B1: an engagement settled without battle slays nobody: no points for her', () => {
    const run = withPowers(engagedRun({ attacker: ['Ogre'], defender: ['Titan', 'Troll'], players: 3 }), {
      [A]: VALKYRIE,
    });
    begin(run);
    act(run, D, { type: 'noMoreProposals' });
    const events = act(run, A, { type: 'concede' });
    expect(ofType(events, 'pointsScored').map((e) => e.player)).toEqual([D]);
  });

  it('CE 44 B2: her characters strike with one die more per enemy slain in an earlier half-turn', () => {
    const dice = (valkyrie: boolean) =>
      legalIntents(killedOne(valkyrie).state, A).flatMap((i) =>
        i.type === 'strike' && i.striker === 'Bk01-1' ? [i.dice] : [],
      );
    expect(dice(false)).toEqual([6]);
    expect(dice(true)).toEqual([7]);
  });

  it('CE 44 B2: the slain count once removed at the end of their strike phase; a rangestrike adds half', () => {
    const run = killedOne(true);
    const battle = run.state.battle;
    if (battle === null) throw new Error('no battle');
    expect(battle.slain).toEqual({ attacker: 0, defender: 1 });
    const pos = battlePosition(battle);
    const titan = characterById(pos, 'Bk01-1');
    const troll = characterById(pos, 'Bu01-2');
    const parts = { skill: 4, targetSkill: 2, dice: 6 };
    // Nothing slain yet (or only slain this half-turn, still on the board): no bonus.
    expect(
      adjustStrike(
        { pos: { ...pos, slain: undefined }, striker: titan, target: troll, rangestrike: false },
        parts,
      ),
    ).toEqual(parts);
    const three = { ...pos, slain: { attacker: 0, defender: 3 } };
    expect(adjustStrike({ pos: three, striker: titan, target: troll, rangestrike: false }, parts).dice).toBe(
      9,
    );
    // 13.1: a rangestrike rolls half the Power-factor: (6 + 3) / 2 = 4, one more than 3.
    expect(
      adjustStrike({ pos: three, striker: titan, target: troll, rangestrike: true }, { ...parts, dice: 3 })
        .dice,
    ).toBe(4);
    // The enemy's strikes are unchanged.
    expect(adjustStrike({ pos: three, striker: troll, target: titan, rangestrike: false }, parts)).toEqual(
      parts,
    );
  });

  it('CE 44 B3: on her fourth turn as the defender, a dead enemy as reinforcement, at -1 skill', () => {
    const run = toFourthTurn();
    expect(run.state.engagement?.attackerLosses).toEqual(['Centaur']);
    const offered = legalIntents(run.state, D).filter((i) => i.type === 'usePower');
    expect(offered).toEqual([take('Centaur')]);
    expect(powerActWords(take('Centaur'))).toBe('Take the dead Centaur');
    const centaurs = run.state.caretaker.Centaur;
    const events = act(run, D, take('Centaur'));
    expect(ofType(events, 'reinforcementMustered')).toEqual([
      {
        type: 'reinforcementMustered',
        legion: 'Bu01',
        creature: 'Centaur',
        reveal: [],
        id: 'Bu01-3',
        lost: 'attacker',
      },
    ]);
    expect(ofType(events, 'powerUsed')[0]?.words).toMatch(/dead Centaur .* -1 skill/);
    // One reinforcement only (14.0).
    expect(legalIntents(run.state, D).filter((i) => i.type === 'usePower' || i.type === 'reinforce')).toEqual(
      [],
    );
    act(run, D, { type: 'moveCharacter', character: 'Bu01-3', hex: 'D6' });
    act(run, D, { type: 'doneManeuvering' });
    expect(legion(run, 'Bu01')?.characters).toEqual(['Ogre', 'Ogre', 'Centaur']);
    expect(run.state.engagement?.attackerLosses).toEqual([]);
    expect(run.state.engagement?.raised).toEqual({ attacker: ['Centaur'], defender: [] });
    expect(run.state.caretaker.Centaur).toBe(centaurs);
    expect(run.state.turn?.mustered).toContain('Bu01');
    const battle = run.state.battle;
    if (battle === null) throw new Error('no battle');
    const pos = battlePosition(battle);
    const raised = characterById(pos, 'Bu01-3');
    expect(raised.skillModifier).toBe(-1);
    // It fights at skill 3 (and with B2's one die for the Centaur slain), striking and struck; an Ogre at 2.
    const enemy = characterById(pos, 'Bk01-1');
    const parts = { skill: 4, targetSkill: 4, dice: 4 };
    expect(adjustStrike({ pos, striker: raised, target: enemy, rangestrike: false }, parts)).toEqual({
      skill: 3,
      targetSkill: 4,
      dice: 5,
    });
    expect(adjustStrike({ pos, striker: enemy, target: raised, rangestrike: false }, parts)).toEqual({
      ...parts,
      targetSkill: 3,
    });
    const ogre = characterById(pos, 'Bu01-1');
    expect(adjustStrike({ pos, striker: ogre, target: enemy, rangestrike: false }, parts).skill).toBe(4);
  });

  it('CE 44 B3: the raised enemy still counts in the points; it does not go to the dead pile', () => {
    const run = toFourthTurn();
    act(run, D, take('Centaur'));
    act(run, D, { type: 'moveCharacter', character: 'Bu01-3', hex: 'D6' });
    // Nothing in contact: the strike phase ends by itself.
    act(run, D, { type: 'doneManeuvering' });
    expect(run.state.step).toMatchObject({ kind: 'maneuver', side: 'attacker' });
    // The attacker concedes: all his characters are lost: Centaur 12 + Ogre 12, and the raised Centaur 12.
    act(run, A, { type: 'concede' });
    // An attempt during his maneuver (errata 9.4): the Valkyrie accepts it; she passes her post-battle step.
    act(run, D, { type: 'acceptConcession' });
    if (run.state.step.kind === 'postBattleAddition') act(run, D, { type: 'pass' });
    const events = run.events;
    expect(ofType(events, 'pointsScored')).toEqual([
      { type: 'pointsScored', player: D, points: 36, reason: 'engagement' },
    ]);
    if (run.state.step.kind === 'powerDecision') act(run, D, NO_DEAD);
    expect(run.state.engagement).toBeNull();
    expect(legion(run, 'Bu01')?.characters).toEqual(['Ogre', 'Ogre', 'Centaur']);
    expect(run.state.deadPile.Centaur).toBe(1);
  });

  it('CE 44 B3: after her legion wins and scores (even if the defender fled), a dead enemy as its recruit', () => {
    const run = ended('flee');
    expect(run.state.step).toMatchObject({
      kind: 'powerDecision',
      actor: A,
      power: VALKYRIE,
      scored: { player: A, points: 18, reason: 'fled' },
    });
    expect(legalIntents(run.state, A)).toEqual([NO_DEAD, take('Centaur'), take('Ogre')]);
    const events = act(run, A, take('Ogre'));
    expect(ofType(events, 'characterJoined')).toEqual([
      {
        type: 'characterJoined',
        player: A,
        power: VALKYRIE,
        legion: 'Bk01',
        character: 'Ogre',
        lost: 'defender',
      },
    ]);
    expect(legion(run, 'Bk01')?.characters).toEqual(['Titan', 'Ogre', 'Ogre']);
    // 18.0: it was the legion's recruit this turn; the rest of the losses go to the dead pile.
    expect(run.state.turn?.mustered).toContain('Bk01');
    expect(run.state.engagement).toBeNull();
    expect(run.state.deadPile).toMatchObject({ Centaur: 1 });
    expect(run.state.deadPile.Ogre ?? 0).toBe(0);
  });

  it('CE 44 B3: refusals change nothing: a Titan, a character not lost, a legion that mustered', () => {
    const run = ended('concede', { defender: ['Titan', 'Centaur'], players: 3 });
    expect(legalIntents(run.state, A)).toEqual([NO_DEAD, take('Centaur')]);
    const before = run.state;
    for (const creature of ['Titan', 'Ogre'] as const) {
      const rejection = rejectionOf(run, A, take(creature));
      expect(rejection.rule).toBe('CE 44 B3');
      expect(run.state).toBe(before);
    }
    act(run, A, NO_DEAD);
    expect(run.state.step.kind).not.toBe('powerDecision');
    // Outside her decisions the act is refused too.
    expect(rejectionOf(run, A, take('Centaur')).rule).toBe('CE 44 B3');
    // No question when the legion has already mustered this turn.
    const mustered = withPowers(engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Centaur'] }), {
      [A]: VALKYRIE,
    });
    const turn = mustered.state.turn;
    if (turn === null) throw new Error('no turn');
    mustered.state = { ...mustered.state, turn: { ...turn, mustered: ['Bk01'] } };
    begin(mustered);
    act(mustered, D, { type: 'flee' });
    expect(mustered.state.step.kind).not.toBe('powerDecision');
  });
});
