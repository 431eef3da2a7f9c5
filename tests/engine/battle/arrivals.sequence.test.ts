// Summoning Angels (15.x, errata 15.x/18.1) and reinforcements (14.x, errata 14.x) during and after a battle.
import { describe, expect, it } from 'vitest';
import { defaultIntent } from '../../../shared/engine/defaultIntent';
import { legalIntents } from '../../../shared/engine/legal';
import type { EngagementSpec } from '../engagement/build';
import {
  A,
  begin,
  D,
  engagedRun,
  lastQuietTurn,
  legion,
  moveAll,
  ones,
  place,
  quietTurn,
  step,
  strike,
  titanSlaysOgre,
  toBattle,
} from '../engagement/build';
import type { Run } from '../support/game';
import { act, ofType, rejectionOf } from '../support/game';

/**
 * Plains: the attacker's Titan (E4) slays the defender's Ogre (E5) in round 1; the Troll (F4) fights on. Returns
 * at the attacker's round 2 maneuver phase, his first after a defending character that entered was slain.
 */
function toSummonPhase(extra: Partial<EngagementSpec> = {}): Run {
  const run = engagedRun({
    attacker: ['Titan', 'Ogre'],
    defender: ['Ogre', 'Troll'],
    others: [
      { id: 'Bk02', land: 6, characters: ['Angel', 'Centaur'] },
      { id: 'Bk03', land: 15, characters: ['Archangel', 'Ogre'] },
      { id: 'Bu02', land: 15, characters: ['Gargoyle', 'Gargoyle'] },
    ],
    more: [{ land: 15, attacker: 'Bk03', defender: 'Bu02', entry: 'bottom' }],
    ...extra,
  });
  begin(run, 1);
  toBattle(run);
  titanSlaysOgre(run);
  // Round 2: the defender's turn; the Troll and the Titan are locked in contact.
  act(run, D, { type: 'doneManeuvering' });
  strike(run, D, 'Bu01-2', 'Bk01-1', 6, 8, ones(8));
  strike(run, A, 'Bk01-1', 'Bu01-2', 2, 6, ones(6));
  expect(step(run)).toEqual({ kind: 'maneuver', actor: A, side: 'attacker' });
  return run;
}

describe('summoning (15.x, errata 15.0/15.1/18.1)', () => {
  it('15.0, 15.3: in the first attacker phase after a defender that entered is slain, from an unengaged legion', () => {
    const run = toSummonPhase();
    expect(run.state.battle?.summon).toBe('available');
    expect(legalIntents(run.state, A).filter((i) => i.type === 'summon')).toEqual([
      { type: 'summon', from: 'Bk02', character: 'Angel' },
    ]);
    expect(rejectionOf(run, A, { type: 'summon', from: 'Bk03', character: 'Archangel' }).code).toBe(
      'illegalSummon',
    );
    const events = act(run, A, { type: 'summon', from: 'Bk02', character: 'Angel' });
    expect(ofType(events, 'angelSummoned')[0]).toEqual({
      type: 'angelSummoned',
      from: 'Bk02',
      into: 'Bk01',
      character: 'Angel',
      id: 'Bk01-3',
    });
    // Only one summons: no second one while it waits to enter.
    expect(legalIntents(run.state, A).some((i) => i.type === 'summon')).toBe(false);
    // 15.1: it enters from the attacker's side.
    expect(legalIntents(run.state, A)).toContainEqual({
      type: 'moveCharacter',
      character: 'Bk01-3',
      hex: 'B1',
    });
    act(run, A, { type: 'moveCharacter', character: 'Bk01-3', hex: 'B1' });
    act(run, A, { type: 'doneManeuvering' });
    expect(legion(run, 'Bk01')?.characters).toEqual(['Titan', 'Ogre', 'Angel']);
    expect(legion(run, 'Bk02')?.characters).toEqual(['Centaur']);
    expect(run.state.turn?.summoned).toBe(true);
    expect(run.state.battle?.summon).toBe('taken');
  });

  it('errata 15.1: a summoned Angel that does not enter returns to its legion; the option is then lost (15.3)', () => {
    const run = toSummonPhase();
    act(run, A, { type: 'summon', from: 'Bk02', character: 'Angel' });
    const events = act(run, A, { type: 'doneManeuvering' });
    expect(ofType(events, 'maneuverEnded')[0]).toMatchObject({ leftOff: [], returned: ['Bk01-3'] });
    expect(legion(run, 'Bk02')?.characters).toEqual(['Angel', 'Centaur']);
    expect(legion(run, 'Bk01')?.characters).toEqual(['Titan', 'Ogre']);
    expect(run.state.turn?.summoned).toBe(false);
    expect(run.state.battle?.summon).toBe('lost');
    expect(run.state.battle?.characters.some((c) => c.id === 'Bk01-3')).toBe(false);
  });

  it('errata 11.0: resetting the maneuver undoes a summons', () => {
    const run = toSummonPhase();
    act(run, A, { type: 'summon', from: 'Bk02', character: 'Angel' });
    act(run, A, { type: 'moveCharacter', character: 'Bk01-3', hex: 'B1' });
    act(run, A, { type: 'resetManeuver' });
    expect(run.state.battle?.mustEnter).toEqual([]);
    expect(legalIntents(run.state, A)).toContainEqual({ type: 'summon', from: 'Bk02', character: 'Angel' });
  });

  it('errata 15.0: only one summons per engagement phase', () => {
    const run = toSummonPhase();
    const turn = run.state.turn;
    if (turn === null) throw new Error('no turn');
    run.state = { ...run.state, turn: { ...turn, summoned: true } };
    expect(legalIntents(run.state, A).some((i) => i.type === 'summon')).toBe(false);
    expect(rejectionOf(run, A, { type: 'summon', from: 'Bk02', character: 'Angel' }).rule).toBe(
      'errata 15.0',
    );
  });

  it('errata 18.1: a legion whose last character is summoned away is disbanded', () => {
    const run = toSummonPhase({
      others: [{ id: 'Bk02', land: 6, characters: ['Angel'] }],
      more: [],
    });
    act(run, A, { type: 'summon', from: 'Bk02', character: 'Angel' });
    act(run, A, { type: 'moveCharacter', character: 'Bk01-3', hex: 'B1' });
    const events = act(run, A, { type: 'doneManeuvering' });
    expect(ofType(events, 'legionEliminated')[0]).toMatchObject({ legion: 'Bk02', characters: [] });
    expect(legion(run, 'Bk02')).toBeUndefined();
  });

  it('15.0: a legion of seven (not counting the slain) may not summon', () => {
    const run = toSummonPhase();
    const bk01 = legion(run, 'Bk01');
    if (bk01 === undefined) throw new Error('no Bk01');
    // Given: the legion holds seven living characters.
    const seven = {
      ...bk01,
      characters: [...bk01.characters, 'Ogre', 'Ogre', 'Ogre', 'Ogre', 'Ogre'] as const,
    };
    run.state = {
      ...run.state,
      legions: { ...run.state.legions, Bk01: { ...seven, characters: [...seven.characters] } },
    };
    expect(legalIntents(run.state, A).some((i) => i.type === 'summon')).toBe(false);
    expect(rejectionOf(run, A, { type: 'summon', from: 'Bk02', character: 'Angel' }).message).toContain(
      'seven',
    );
  });

  it('errata 15.0: declined in the battle, the summons may still be made after winning it', () => {
    const run = toSummonPhase();
    act(run, A, { type: 'doneManeuvering' });
    place(run, { 'Bu01-2': { hits: 7 } });
    strike(run, A, 'Bk01-1', 'Bu01-2', 2, 6, [2, 1, 1, 1, 1, 1]);
    // The slain Troll's counterstrike made, the strike phase ends by itself: the battle is ending.
    strike(run, D, 'Bu01-2', 'Bk01-1', 6, 8, ones(8));
    expect(step(run)).toEqual({ kind: 'battleEnding', actor: A, side: 'attacker' });
    act(run, A, { type: 'pass' });
    expect(step(run)).toEqual({ kind: 'postBattleAddition', actor: A, side: 'attacker' });
    expect(legalIntents(run.state, A)).toEqual([
      { type: 'summon', from: 'Bk02', character: 'Angel' },
      { type: 'pass' },
    ]);
    expect(defaultIntent(run.state, A)).toEqual({ type: 'pass' });
    act(run, A, { type: 'summon', from: 'Bk02', character: 'Angel' });
    expect(legion(run, 'Bk01')?.characters).toEqual(['Titan', 'Ogre', 'Angel']);
  });

  it('15.2: an attacker winning by the defender\u2019s concession may summon at once', () => {
    const run = engagedRun({
      attacker: ['Titan', 'Ogre'],
      defender: ['Ogre', 'Troll'],
      others: [{ id: 'Bk02', land: 6, characters: ['Angel', 'Centaur'] }],
    });
    begin(run);
    act(run, D, { type: 'noMoreProposals' });
    act(run, A, { type: 'fight' });
    act(run, A, { type: 'pass' });
    act(run, D, { type: 'concede' });
    expect(step(run)).toEqual({ kind: 'postBattleAddition', actor: A, side: 'attacker' });
  });
});

/** Marsh 8 (two Ogres muster a Troll): far apart, the defender's Ogres on F4 and E5. Returns at the defender's
 *  round 4 maneuver phase. */
function toReinforcementPhase(land = 8): Run {
  const run = engagedRun({ land, attacker: ['Centaur', 'Centaur'], defender: ['Ogre', 'Ogre'] });
  begin(run);
  toBattle(run);
  const start = land === 8 ? { 'Bu01-1': 'F4', 'Bu01-2': 'E5' } : { 'Bu01-1': 'C3', 'Bu01-2': 'C4' };
  moveAll(run, D, start as Record<string, 'F4'>);
  quietTurn(run, 'defender');
  moveAll(run, A, { 'Bk01-1': 'A1', 'Bk01-2': 'B1' });
  quietTurn(run, 'attacker');
  for (let round = 2; round <= 3; round++) {
    quietTurn(run, 'defender');
    quietTurn(run, 'attacker');
  }
  expect(run.state.battle).toMatchObject({ round: 4, phasing: 'defender', reinforcement: 'available' });
  return run;
}

describe('reinforcements (14.x, errata 14.x)', () => {
  it('14.0, 14.1: in his fourth maneuver phase the defender musters one, which enters from his side', () => {
    const run = toReinforcementPhase();
    const offered = legalIntents(run.state, D).filter((i) => i.type === 'reinforce');
    expect(offered).toEqual([
      { type: 'reinforce', creature: 'Ogre', reveal: ['Ogre'] },
      { type: 'reinforce', creature: 'Troll', reveal: ['Ogre', 'Ogre'] },
    ]);
    expect(rejectionOf(run, D, { type: 'reinforce', creature: 'Troll', reveal: ['Ogre'] }).code).toBe(
      'illegalReinforcement',
    );
    act(run, D, { type: 'reinforce', creature: 'Troll', reveal: ['Ogre', 'Ogre'] });
    const trollCount = run.state.caretaker.Troll;
    expect(legalIntents(run.state, D)).toContainEqual({
      type: 'moveCharacter',
      character: 'Bu01-3',
      hex: 'D6',
    });
    act(run, D, { type: 'moveCharacter', character: 'Bu01-3', hex: 'D6' });
    act(run, D, { type: 'doneManeuvering' });
    expect(legion(run, 'Bu01')?.characters).toEqual(['Ogre', 'Ogre', 'Troll']);
    expect(run.state.caretaker.Troll).toBe((trollCount ?? 0) - 1);
    expect(run.state.turn?.mustered).toContain('Bu01');
    expect(run.state.battle?.reinforcement).toBe('taken');
  });

  it('errata 14.1, 14.0: one that does not enter goes back to the caretaker; after winning it may be mustered', () => {
    const run = toReinforcementPhase();
    const trolls = run.state.caretaker.Troll;
    act(run, D, { type: 'reinforce', creature: 'Troll', reveal: ['Ogre', 'Ogre'] });
    act(run, D, { type: 'doneManeuvering' });
    expect(run.state.caretaker.Troll).toBe(trolls);
    expect(legion(run, 'Bu01')?.characters).toEqual(['Ogre', 'Ogre']);
    expect(run.state.battle?.reinforcement).toBe('lost');
    expect(step(run)).toEqual({ kind: 'maneuver', actor: A, side: 'attacker' });
    // The battle runs out of time: the defender wins (10.5) and may still take his reinforcement.
    quietTurn(run, 'attacker');
    for (let round = 5; round <= 7; round++) {
      quietTurn(run, 'defender');
      if (round < 7) quietTurn(run, 'attacker');
    }
    lastQuietTurn(run);
    act(run, A, { type: 'pass' });
    expect(step(run)).toEqual({ kind: 'postBattleAddition', actor: D, side: 'defender' });
    act(run, D, { type: 'reinforce', creature: 'Troll', reveal: ['Ogre', 'Ogre'] });
    expect(legion(run, 'Bu01')?.characters).toEqual(['Ogre', 'Ogre', 'Troll']);
  });

  it('10.2, 14.0: in a Tower the reinforcement enters from the name side, not onto the start hexes', () => {
    const run = toReinforcementPhase(100);
    act(run, D, { type: 'reinforce', creature: 'Centaur', reveal: [] });
    const hexes = legalIntents(run.state, D)
      .filter((i) => i.type === 'moveCharacter' && i.character === 'Bu01-3')
      .map((i) => (i.type === 'moveCharacter' ? i.hex : null));
    expect(hexes).toContain('D6');
    expect(hexes).not.toContain('D4');
  });

  it('errata 14.2: an attacker conceding before ending his first maneuver phase denies the reinforcement', () => {
    const run = engagedRun({ land: 8, attacker: ['Centaur', 'Centaur'], defender: ['Ogre', 'Ogre'] });
    begin(run);
    toBattle(run);
    moveAll(run, D, { 'Bu01-1': 'F4' });
    quietTurn(run, 'defender');
    act(run, A, { type: 'concede' });
    const events = act(run, D, { type: 'acceptConcession' });
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({ outcome: 'concession', winner: 'Bu01' });
    // The defender left an Ogre off: it is lost although he won; no reinforcement was earned.
    expect(step(run)).toEqual({ kind: 'muster', actor: A });
    expect(legion(run, 'Bu01')?.characters).toEqual(['Ogre']);
  });

  it('errata 14.2: once the attacker has ended his first maneuver phase a later concession leaves the right', () => {
    const run = engagedRun({ land: 8, attacker: ['Centaur', 'Centaur'], defender: ['Ogre', 'Ogre'] });
    begin(run);
    toBattle(run);
    moveAll(run, D, { 'Bu01-1': 'F4', 'Bu01-2': 'E5' });
    quietTurn(run, 'defender');
    moveAll(run, A, { 'Bk01-1': 'A1', 'Bk01-2': 'B1' });
    quietTurn(run, 'attacker');
    expect(run.state.engagement?.defenderMayReinforce).toBe(true);
    // Nothing in contact: the strikes end by themselves; the attacker attempts to concede in place of
    // maneuvering (2.5.6.4.2.1), the defender accepts.
    act(run, D, { type: 'doneManeuvering' });
    act(run, A, { type: 'concede' });
    act(run, D, { type: 'acceptConcession' });
    expect(step(run)).toEqual({ kind: 'postBattleAddition', actor: D, side: 'defender' });
  });

  it('errata 14.2: an attacker conceding before the battle (2.5.6.2) denies the reinforcement', () => {
    const run = engagedRun({ land: 8, attacker: ['Centaur', 'Centaur'], defender: ['Ogre', 'Ogre'] });
    begin(run);
    act(run, D, { type: 'noMoreProposals' });
    act(run, A, { type: 'fight' });
    act(run, A, { type: 'concede' });
    expect(step(run)).toEqual({ kind: 'muster', actor: A });
  });
});
