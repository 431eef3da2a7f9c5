// 54 GHOUL (CE Titan, rules 004): each clause, given the position, when the intent, then the events.
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
import { moveTargets, noOgreLeft, ogreMusters, withPowers } from './support';

const GHOUL = 54;
const enslave = (creature: CharacterName) =>
  ({ type: 'usePower', act: 'enslave', args: { creature } }) as const;
const offered = (run: Run) => legalIntents(run.state, D).filter((i) => i.type === 'usePower');

/** Marsh: the Ghoul (p2, or nobody) defends with two Ogres; the attacker's second (and with `both` third) Centaur
 *  is slain in round 1. Returns at her maneuver phase of round `round` (2 to 4). */
function slain(
  ghoul: boolean,
  round = 2,
  spec: Partial<EngagementSpec> = {},
  both = false,
  zombie = false,
): Run {
  const run = engagedRun({
    land: 8,
    attacker: ['Centaur', 'Centaur', 'Centaur'],
    defender: ['Ogre', 'Ogre'],
    ...spec,
  });
  if (ghoul) withPowers(run, zombie ? { [A]: 13, [D]: GHOUL } : { [D]: GHOUL });
  begin(run);
  toBattle(run);
  moveAll(run, D, { 'Bu01-1': 'F4', 'Bu01-2': 'E5' });
  // Any more defenders stand by them (none left off, 10.1).
  const more = ['F1', 'F2', 'F3', 'E4'] as const;
  place(
    run,
    Object.fromEntries(
      more.slice(0, (spec.defender?.length ?? 2) - 2).map((hex, i) => [`Bu01-${i + 3}`, { hex }]),
    ),
  );
  quietTurn(run, 'defender');
  moveAll(run, A, { 'Bk01-1': 'A1', 'Bk01-2': 'B1', 'Bk01-3': 'C1' });
  place(run, both ? { 'Bk01-2': { hits: 4 }, 'Bk01-3': { hits: 4 } } : { 'Bk01-2': { hits: 4 } });
  quietTurn(run, 'attacker');
  for (let r = 2; r < round; r++) {
    quietTurn(run, 'defender');
    quietTurn(run, 'attacker');
  }
  expect(run.state.battle).toMatchObject({ round, phasing: 'defender' });
  return run;
}

/** Enslaves the slain Centaur and enters it on D6. */
function enslaved(run: Run): void {
  act(run, D, enslave('Centaur'));
  act(run, D, { type: 'moveCharacter', character: 'Bu01-3', hex: 'D6' });
  act(run, D, { type: 'doneManeuvering' });
}

describe('54 GHOUL', () => {
  it('CE 54 M1: she recruits from the dead pile: a creature the caretaker has none left of', () => {
    const legion: CharacterName[] = ['Titan', 'Ogre', 'Ogre'];
    expect(ogreMusters(noOgreLeft(legion, null))).toEqual([]);
    const run = noOgreLeft(legion, GHOUL);
    expect(ogreMusters(run)).toEqual([
      { type: 'muster', legion: 'Bk01', creature: 'Ogre', reveal: ['Ogre'] },
    ]);
    act(run, A, { type: 'muster', legion: 'Bk01', creature: 'Ogre', reveal: ['Ogre'] });
    expect(run.state.deadPile.Ogre).toBe(1);
  });

  it('CE 54 M2: a slain enemy enslaved in her maneuver phase enters as a reinforcement does, at -1 skill', () => {
    expect(offered(slain(false))).toEqual([]);
    const run = slain(true);
    expect(run.state.engagement?.attackerLosses).toEqual(['Centaur']);
    expect(offered(run)).toEqual([enslave('Centaur')]);
    expect(powerActWords(enslave('Centaur'))).toBe('Enslave the slain Centaur');
    const events = act(run, D, enslave('Centaur'));
    expect(ofType(events, 'characterJoined')).toEqual([
      {
        type: 'characterJoined',
        player: D,
        power: GHOUL,
        legion: 'Bu01',
        character: 'Centaur',
        id: 'Bu01-3',
        lost: 'attacker',
      },
    ]);
    expect(ofType(events, 'powerUsed')[0]?.words).toMatch(/enslaves a slain Centaur .* -1 skill/);
    // Taken once: the only slain Centaur is on its way.
    expect(offered(run)).toEqual([]);
    act(run, D, { type: 'moveCharacter', character: 'Bu01-3', hex: 'D6' });
    act(run, D, { type: 'doneManeuvering' });
    expect(legion(run, 'Bu01')?.characters).toEqual(['Ogre', 'Ogre', 'Centaur']);
    expect(run.state.engagement?.attackerLosses).toEqual([]);
    expect(run.state.engagement?.raised).toEqual({ attacker: ['Centaur'], defender: [] });
    // Neither the legion's muster nor its reinforcement.
    expect(run.state.turn?.mustered ?? []).not.toContain('Bu01');
    expect(run.state.battle?.reinforcement).toBe('notYet');
    const battle = run.state.battle;
    if (battle === null) throw new Error('no battle');
    const pos = battlePosition(battle);
    const spirit = characterById(pos, 'Bu01-3');
    expect(spirit).toMatchObject({ hits: 0, skillModifier: -1 });
    // It fights at skill 3, striking and struck; her Ogre at its own skill.
    const enemy = characterById(pos, 'Bk01-1');
    const parts = { skill: 4, targetSkill: 4, dice: 4 };
    expect(adjustStrike({ pos, striker: spirit, target: enemy, rangestrike: false }, parts)).toEqual({
      ...parts,
      skill: 3,
    });
    expect(adjustStrike({ pos, striker: enemy, target: spirit, rangestrike: false }, parts)).toEqual({
      ...parts,
      targetSkill: 3,
    });
    const ogre = characterById(pos, 'Bu01-1');
    expect(adjustStrike({ pos, striker: ogre, target: enemy, rangestrike: false }, parts)).toEqual(parts);
  });

  it('CE 54 M2: as the attacker, the enslaved enters from her entrance like a summoned Angel', () => {
    // Plains: her Titan on E4 slays the defender's Ogre (E5) in round 1; the Troll (F4) fights on.
    const run = withPowers(
      engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Troll'], players: 3 }),
      {
        [A]: GHOUL,
      },
    );
    begin(run);
    toBattle(run);
    titanSlaysOgre(run);
    expect(run.state.engagement?.defenderLosses).toEqual(['Ogre']);
    // The defender's round 2: nothing of hers to enslave in his phase.
    expect(legalIntents(run.state, A).filter((i) => i.type === 'usePower')).toEqual([]);
    act(run, D, { type: 'doneManeuvering' });
    strike(run, D, 'Bu01-2', 'Bk01-1', 6, 8, ones(8));
    strike(run, A, 'Bk01-1', 'Bu01-2', 2, 6, ones(6));
    expect(run.state.step).toMatchObject({ kind: 'maneuver', side: 'attacker', actor: A });
    const events = act(run, A, enslave('Ogre'));
    expect(ofType(events, 'characterJoined')[0]).toMatchObject({
      legion: 'Bk01',
      character: 'Ogre',
      lost: 'defender',
    });
    const id = ofType(events, 'characterJoined')[0]?.id ?? '';
    const hex = moveTargets(run, A, id)[0];
    if (hex === undefined) throw new Error('it may not enter');
    act(run, A, { type: 'moveCharacter', character: id, hex });
    expect(run.state.battle?.characters.find((c) => c.id === id)).toMatchObject({
      side: 'attacker',
      skillModifier: -1,
    });
    act(run, A, { type: 'doneManeuvering' });
    expect(legion(run, 'Bk01')?.characters).toEqual(['Titan', 'Ogre', 'Ogre']);
    expect(run.state.engagement?.defenderLosses).toEqual([]);
  });

  it('CE 54 M2: against 13 ZOMBIE (the lower number) the dead stay on the board as corpses: none rises', () => {
    const run = slain(true, 2, {}, false, true);
    expect(run.state.engagement?.attackerLosses).toEqual(['Centaur']);
    expect(offered(run)).toEqual([]);
    const before = run.state;
    expect(rejectionOf(run, D, enslave('Centaur')).rule).toBe('CE 54 M2');
    expect(run.state).toBe(before);
  });

  it('CE 54 M2: one not entered goes back to the losses and may be enslaved in a later phase', () => {
    const run = slain(true);
    act(run, D, enslave('Centaur'));
    act(run, D, { type: 'doneManeuvering' });
    expect(run.state.engagement?.attackerLosses).toEqual(['Centaur']);
    expect(legion(run, 'Bu01')?.characters).toEqual(['Ogre', 'Ogre']);
    expect(run.state.battle?.characters.map((c) => c.id)).not.toContain('Bu01-3');
    quietTurn(run, 'attacker');
    expect(offered(run)).toEqual([enslave('Centaur')]);
  });

  it('CE 54 M2: she may add more than one piece per turn: several enslaved, and her reinforcement too', () => {
    const run = slain(true, 4, {}, true);
    expect(run.state.engagement?.attackerLosses).toEqual(['Centaur', 'Centaur']);
    act(run, D, enslave('Centaur'));
    expect(offered(run)).toEqual([enslave('Centaur')]);
    act(run, D, enslave('Centaur'));
    expect(offered(run)).toEqual([]);
    // 14.0: her reinforcement as well, though two characters are still to enter.
    const reinforce = legalIntents(run.state, D).filter((i) => i.type === 'reinforce');
    expect(reinforce.length).toBeGreaterThan(0);
    act(run, D, reinforce[0] as (typeof reinforce)[number]);
    expect(run.state.battle?.mustEnter).toHaveLength(3);
    // Without the power: one addition per phase (errata 14.1).
    const plain = slain(false, 4, {}, true);
    const first = legalIntents(plain.state, D).filter((i) => i.type === 'reinforce')[0];
    if (first === undefined) throw new Error('no reinforcement');
    act(plain, D, first);
    expect(legalIntents(plain.state, D).filter((i) => i.type === 'reinforce')).toEqual([]);
    expect(rejectionOf(plain, D, first).rule).toBe('14.1');
  });

  it('CE 54 M2: restricted by the stack limit, those still to enter included', () => {
    const run = slain(true, 2, { defender: ['Ogre', 'Ogre', 'Ogre', 'Ogre', 'Ogre', 'Ogre'] }, true);
    expect(legion(run, 'Bu01')?.characters).toHaveLength(6);
    act(run, D, enslave('Centaur'));
    expect(offered(run)).toEqual([]);
    expect(rejectionOf(run, D, enslave('Centaur')).rule).toBe('CE 54 M2');
  });

  it('CE 54 M2: the enslaved score her half their points, but count whole for the Angels; she keeps them', () => {
    // She is at 66: the attacker's Centaur and Ogre... all three Centaurs lost (36), the enslaved one at half: 30.
    const run = slain(true, 2, { scores: { [D]: 66 } });
    enslaved(run);
    expect(run.state.step).toMatchObject({ kind: 'maneuver', side: 'attacker' });
    act(run, A, { type: 'concede' });
    act(run, D, { type: 'acceptConcession' });
    if (run.state.step.kind === 'postBattleAddition') act(run, D, { type: 'pass' });
    expect(ofType(run.events, 'pointsScored')).toEqual([
      { type: 'pointsScored', player: D, points: 30, reason: 'engagement' },
    ]);
    expect(run.state.players.find((p) => p.id === D)?.score).toBe(96);
    // 66 + 36 crosses 100: an Angel all the same (17.0).
    expect(run.state.step).toMatchObject({ kind: 'acquireAngel', actor: D });
    act(run, D, { type: 'acquireAngel', character: 'Angel' });
    expect(run.state.engagement).toBeNull();
    // Kept, back to normal: an ordinary character of her legion; it never reached the dead pile.
    expect(legion(run, 'Bu01')?.characters).toEqual(['Ogre', 'Ogre', 'Centaur', 'Angel']);
    expect(run.state.deadPile.Centaur).toBe(2);
  });

  it('CE 54 M2: refusals change nothing: a Titan, an enemy not slain, outside her maneuver phase', () => {
    const run = slain(true, 2, { attacker: ['Titan', 'Centaur', 'Centaur'], players: 3 });
    expect(offered(run)).toEqual([enslave('Centaur')]);
    const before = run.state;
    for (const creature of ['Titan', 'Ogre'] as const) {
      const rejection = rejectionOf(run, D, enslave(creature));
      expect(rejection.rule).toBe('CE 54 M2');
      expect(run.state).toBe(before);
    }
    act(run, D, { type: 'doneManeuvering' });
    expect(run.state.step).toMatchObject({ kind: 'maneuver', side: 'attacker' });
    const now = run.state;
    // Not her turn: the frame refuses first.
    expect(legalIntents(run.state, D)).toEqual([]);
    expect(rejectionOf(run, D, enslave('Centaur')).rule).toBeDefined();
    expect(run.state).toBe(now);
  });
});
