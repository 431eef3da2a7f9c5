// 39 DWARF (CE Titan, rules 004): each clause, given the position, when the intent, then the events.
import { describe, expect, it } from 'vitest';
import type { CharacterName, HexLabel, LandNumber } from '../../../../shared/data/types';
import { legalIntents } from '../../../../shared/engine/legal';
import { view } from '../../../../shared/engine/view';
import {
  A,
  begin,
  D,
  engagedRun,
  firstRound,
  legion,
  moveAll,
  ones,
  place,
  quietTurn,
  step,
  strike,
  toBattle,
} from '../../engagement/build';
import type { Run } from '../../support/game';
import { act, ofType, rejectionOf } from '../../support/game';
import { hitsOf, moveTargets, withPowers } from './support';

const DWARF = 39;

/** Round 1 on `land`, the attacker's (p1's) maneuver, the defender's two Ogres on F4 and E5 (D6 in the Woods);
 *  p1 is the Dwarf when `dwarf`. */
function attackerEnters(land: LandNumber, dwarf: boolean, attacker: readonly CharacterName[]): Run {
  const run = engagedRun({ land, attacker, defender: ['Ogre', 'Ogre'] });
  if (dwarf) withPowers(run, { [A]: DWARF });
  begin(run);
  toBattle(run);
  const woods = land === 2;
  moveAll(run, D, { 'Bu01-1': 'F4', 'Bu01-2': woods ? 'D6' : 'E5' });
  quietTurn(run, 'defender');
  return run;
}

/** Round 1, the attacker's strikes: his Ogre `Bk01-1` placed on `hex` in contact with the defender's Centaur on E5
 *  and Ogre on F4; p2 (the defender) is the Dwarf when `dwarf`. */
function armoured(land: LandNumber, hex: HexLabel, dwarf: boolean): Run {
  const run = engagedRun({ land, attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Ogre'] });
  if (dwarf) withPowers(run, { [D]: DWARF });
  begin(run);
  toBattle(run);
  firstRound(run, { 'Bk01-1': { hex } });
  return run;
}

function strikeAt(run: Run, player: string, striker: string, target: string) {
  return legalIntents(run.state, player).filter(
    (i) => i.type === 'strike' && i.striker === striker && i.target === target,
  );
}

describe('39 DWARF', () => {
  it('CE 39 B1: every character moves one slower; skill 2/3 characters enter normally', () => {
    // A Centaur (skill 4) enters with 3 points instead of 4: B4 and C4 are out of its reach.
    expect(moveTargets(attackerEnters(1, false, ['Ogre', 'Centaur']), A, 'Bk01-2')).toContain('B4');
    const run = attackerEnters(1, true, ['Ogre', 'Centaur']);
    expect(moveTargets(run, A, 'Bk01-2')).not.toContain('B4');
    expect(moveTargets(run, A, 'Bk01-2')).not.toContain('C4');
    expect(moveTargets(run, A, 'Bk01-2')).toContain('C3');
    expect(rejectionOf(run, A, { type: 'moveCharacter', character: 'Bk01-2', hex: 'B4' }).code).toBe(
      'illegalManeuver',
    );
    // The Ogre (skill 2) enters as usual, two hexes deep...
    expect(moveTargets(run, A, 'Bk01-1')).toEqual(
      moveTargets(attackerEnters(1, false, ['Ogre', 'Centaur']), A, 'Bk01-1'),
    );
    expect(moveTargets(run, A, 'Bk01-1')).toContain('A2');
    moveAll(run, A, { 'Bk01-1': 'A1', 'Bk01-2': 'C1' });
    quietTurn(run, 'attacker');
    quietTurn(run, 'defender');
    // ... but once on the battleland it moves one hex: A2, B1, B2, not A3 or C2.
    expect(moveTargets(run, A, 'Bk01-1')).toEqual(['A2', 'B1', 'B2']);
  });

  it('CE 39 B1: never hindered by hazards: Trees and Brambles cost one point and may be ended on', () => {
    // Woods: the Tree D1 is closed to walkers; the Dwarf's Ogre enters on it and stops there or walks on to E1.
    expect(moveTargets(attackerEnters(2, false, ['Ogre', 'Centaur']), A, 'Bk01-1')).not.toContain('D1');
    expect(moveTargets(attackerEnters(2, false, ['Ogre', 'Centaur']), A, 'Bk01-1')).not.toContain('E1');
    const woods = attackerEnters(2, true, ['Ogre', 'Centaur']);
    expect(moveTargets(woods, A, 'Bk01-1')).toContain('D1');
    expect(moveTargets(woods, A, 'Bk01-1')).toContain('E1');
    act(woods, A, { type: 'moveCharacter', character: 'Bk01-1', hex: 'D1' });
    // Brush: entering the Bramble D1 slows a non-native Ogre (B2 two points away is out of reach); not a Dwarf's.
    expect(moveTargets(attackerEnters(3, false, ['Ogre', 'Centaur']), A, 'Bk01-1')).not.toContain('B2');
    expect(moveTargets(attackerEnters(3, true, ['Ogre', 'Centaur']), A, 'Bk01-1')).toEqual(
      moveTargets(attackerEnters(1, true, ['Ogre', 'Centaur']), A, 'Bk01-1'),
    );
  });

  it('CE 39 B1: ... except the Volcano', () => {
    // Mountains: the Dwarf's Centaur next to the Volcano D4 may not enter it.
    const run = attackerEnters(1000, true, ['Ogre', 'Centaur']);
    moveAll(run, A, { 'Bk01-1': 'A1', 'Bk01-2': 'C1' });
    place(run, { 'Bk01-2': { hex: 'C3' } });
    quietTurn(run, 'attacker');
    quietTurn(run, 'defender');
    expect(moveTargets(run, A, 'Bk01-2')).not.toContain('D4');
    expect(moveTargets(run, A, 'Bk01-2').length).toBeGreaterThan(0);
    expect(rejectionOf(run, A, { type: 'moveCharacter', character: 'Bk01-2', hex: 'D4' }).code).toBe(
      'illegalManeuver',
    );
  });

  it('CE 39 B2: armoured, the Dwarf’s characters defend at +1 skill', () => {
    // Ogre on Ogre: 4s, against the Dwarf's Ogre 5s.
    expect(strikeAt(armoured(1, 'E4', false), A, 'Bk01-1', 'Bu01-2')).toContainEqual(
      expect.objectContaining({ strikeNumber: 4, dice: 6 }),
    );
    const run = armoured(1, 'E4', true);
    expect(strikeAt(run, A, 'Bk01-1', 'Bu01-2')).toEqual([
      { type: 'strike', striker: 'Bk01-1', target: 'Bu01-2', strikeNumber: 5, dice: 6 },
    ]);
    expect(
      rejectionOf(run, A, { type: 'strike', striker: 'Bk01-1', target: 'Bu01-2', strikeNumber: 4, dice: 6 })
        .code,
    ).toBe('illegalStrike');
    const events = strike(run, A, 'Bk01-1', 'Bu01-2', 5, 6, [5, 4, 4, 1, 1, 1]);
    expect(ofType(events, 'strikeRolled')[0]).toMatchObject({ hits: 1 });
    expect(hitsOf(run, 'Bu01-2')).toBe(1);
  });

  it('CE 39 B2: defending at +3 skill, the first hit of the attack does not count', () => {
    // The Ogre (skill 2) needs 6s at the Centaur (skill 4) either way; armoured, the Centaur is at +3.
    const plain = armoured(1, 'E4', false);
    strike(plain, A, 'Bk01-1', 'Bu01-1', 6, 6, [6, 6, 1, 1, 1, 1]);
    expect(hitsOf(plain, 'Bu01-1')).toBe(2);
    const run = armoured(1, 'E4', true);
    const events = strike(run, A, 'Bk01-1', 'Bu01-1', 6, 6, [6, 6, 1, 1, 1, 1]);
    expect(ofType(events, 'strikeRolled')[0]).toMatchObject({ rolls: [6, 6, 1, 1, 1, 1], hits: 1 });
    expect(hitsOf(run, 'Bu01-1')).toBe(1);
  });

  it('CE 39 B2: at +4, two hits are ignored', () => {
    // Brush: the Ogre strikes out of the Bramble D5 (not native: skill 1) at the armoured Centaur (5): +4.
    const run = armoured(3, 'D5', true);
    const events = strike(run, A, 'Bk01-1', 'Bu01-1', 6, 6, [6, 6, 6, 1, 1, 1]);
    expect(ofType(events, 'strikeRolled')[0]).toMatchObject({ hits: 1 });
    expect(hitsOf(run, 'Bu01-1')).toBe(1);
  });
});

/** Plains: the attacker (p1, the Dwarf) has `attacker` (its first character on E4 strikes the defender's wounded
 *  Ogre on E5 dead in round 1; the Troll on F4 fights on); an Angel waits in Bk02. Returns at the attacker's round 2
 *  maneuver phase, his first after a defending character that entered was slain. */
function toSummonPhase(attacker: readonly CharacterName[]): Run {
  const run = engagedRun({
    attacker,
    defender: ['Ogre', 'Troll'],
    others: [{ id: 'Bk02', land: 6, characters: ['Angel', 'Centaur'] }],
  });
  withPowers(run, { [A]: DWARF });
  begin(run);
  toBattle(run);
  firstRound(run, { 'Bk01-1': { hex: 'E4' }, 'Bu01-1': { hits: 5 } });
  const first = run.state.battle?.characters.find((c) => c.id === 'Bk01-1');
  const sn = first?.type === 'Titan' ? 2 : 4;
  strike(run, A, 'Bk01-1', 'Bu01-1', sn, first?.power ?? 0, [6, ...ones((first?.power ?? 1) - 1)]);
  for (const [striker, dice] of [
    ['Bu01-1', 6],
    ['Bu01-2', 8],
  ] as const) {
    const [option] = strikeAt(run, D, striker, 'Bk01-1');
    if (option?.type !== 'strike') throw new Error(`no strike for ${striker}`);
    strike(run, D, striker, 'Bk01-1', option.strikeNumber, dice, ones(dice));
  }
  // Round 2: the defender's turn; the Troll and Bk01-1 are locked in contact.
  act(run, D, { type: 'doneManeuvering' });
  const [troll] = strikeAt(run, D, 'Bu01-2', 'Bk01-1');
  if (troll?.type !== 'strike') throw new Error('the Troll cannot strike');
  strike(run, D, 'Bu01-2', 'Bk01-1', troll.strikeNumber, 8, ones(8));
  const [back] = strikeAt(run, A, 'Bk01-1', 'Bu01-2');
  if (back?.type !== 'strike') throw new Error('Bk01-1 cannot strike back');
  strike(run, A, 'Bk01-1', 'Bu01-2', back.strikeNumber, back.dice, ones(back.dice));
  expect(step(run)).toEqual({ kind: 'maneuver', actor: A, side: 'attacker' });
  expect(run.state.battle?.summon).toBe('available');
  return run;
}

describe('39 DWARF B3', () => {
  it('CE 39 B3: the Angel is summoned at the usual time and arrives one battle turn later', () => {
    const run = toSummonPhase(['Titan', 'Ogre']);
    const events = act(run, A, { type: 'summon', from: 'Bk02', character: 'Angel' });
    expect(ofType(events, 'angelSummoned')[0]).toEqual({
      type: 'angelSummoned',
      from: 'Bk02',
      into: 'Bk01',
      character: 'Angel',
      id: 'Bk01-3',
      arrives: 3,
    });
    // It does not come to the entrance now: no move for it, and it waits in its legion.
    expect(
      legalIntents(run.state, A).some((i) => i.type === 'moveCharacter' && i.character === 'Bk01-3'),
    ).toBe(false);
    expect(run.state.battle?.characters.some((c) => c.id === 'Bk01-3')).toBe(false);
    expect(run.state.battle?.lateArrivals).toEqual([
      { id: 'Bk01-3', side: 'attacker', type: 'Angel', legion: 'Bk01', from: 'Bk02', round: 3 },
    ]);
    const ended = act(run, A, { type: 'doneManeuvering' });
    expect(ofType(ended, 'maneuverEnded')[0]).toMatchObject({ returned: [] });
    expect(legion(run, 'Bk02')?.characters).toEqual(['Angel', 'Centaur']);
    expect(legion(run, 'Bk01')?.characters).toEqual(['Titan', 'Ogre']);
    missAll(run, A);
    missAll(run, D);
    // Round 3: not in the defender's phase...
    expect(run.state.battle?.characters.some((c) => c.id === 'Bk01-3')).toBe(false);
    missingTurn(run, 'defender');
    // ... in the attacker's: it enters from his side (an Angel, skill 4, moves 3 as a Dwarf's).
    expect(step(run)).toEqual({ kind: 'maneuver', actor: A, side: 'attacker' });
    expect(moveTargets(run, A, 'Bk01-3')).toContain('B1');
    act(run, A, { type: 'moveCharacter', character: 'Bk01-3', hex: 'B1' });
    act(run, A, { type: 'doneManeuvering' });
    expect(legion(run, 'Bk01')?.characters).toEqual(['Titan', 'Ogre', 'Angel']);
    expect(legion(run, 'Bk02')?.characters).toEqual(['Centaur']);
    expect(run.state.turn?.summoned).toBe(true);
    expect(run.state.battle?.summon).toBe('taken');
    expect(run.state.battle?.lateArrivals).toEqual([]);
  });

  it('CE 39 B3: the announcement is public, in every viewer’s battle', () => {
    const run = toSummonPhase(['Titan', 'Ogre']);
    act(run, A, { type: 'summon', from: 'Bk02', character: 'Angel' });
    const waiting = [
      { id: 'Bk01-3', side: 'attacker', type: 'Angel', legion: 'Bk01', from: 'Bk02', round: 3 },
    ];
    expect(view(run.state, { player: D }).battle?.lateArrivals).toEqual(waiting);
    expect(view(run.state, { spectator: true }).battle?.lateArrivals).toEqual(waiting);
  });

  it('CE 39 B3: a late Angel that does not enter in its phase goes back (errata 15.1)', () => {
    const run = toSummonPhase(['Titan', 'Ogre']);
    act(run, A, { type: 'summon', from: 'Bk02', character: 'Angel' });
    act(run, A, { type: 'doneManeuvering' });
    missAll(run, A);
    missAll(run, D);
    missingTurn(run, 'defender');
    const events = act(run, A, { type: 'doneManeuvering' });
    expect(ofType(events, 'maneuverEnded')[0]).toMatchObject({ returned: ['Bk01-3'] });
    expect(legion(run, 'Bk02')?.characters).toEqual(['Angel', 'Centaur']);
    expect(run.state.battle?.lateArrivals).toEqual([]);
    expect(run.state.battle?.characters.some((c) => c.id === 'Bk01-3')).toBe(false);
    expect(run.state.turn?.summoned).toBe(false);
  });

  it('CE 39 B3: one addition per phase: no second summons while the Angel waits (refused, nothing changes)', () => {
    const run = toSummonPhase(['Titan', 'Ogre']);
    act(run, A, { type: 'summon', from: 'Bk02', character: 'Angel' });
    expect(legalIntents(run.state, A).some((i) => i.type === 'summon')).toBe(false);
    const before = run.state;
    const refusal = rejectionOf(run, A, { type: 'summon', from: 'Bk02', character: 'Angel' });
    expect(refusal).toMatchObject({ code: 'illegalSummon', rule: 'CE 39 B3' });
    expect(refusal.message).toContain('next battle turn');
    expect(run.state).toBe(before);
  });

  it('CE 39 B3: resetting the maneuver undoes the announcement (errata 11.0)', () => {
    const run = toSummonPhase(['Titan', 'Ogre']);
    act(run, A, { type: 'summon', from: 'Bk02', character: 'Angel' });
    // An announcement starts the maneuver: no concession instead of it until it is reset.
    expect(rejectionOf(run, A, { type: 'concede' }).rule).toBe('errata 9.4, 11.0');
    act(run, A, { type: 'resetManeuver' });
    expect(run.state.battle?.lateArrivals).toEqual([]);
    expect(legalIntents(run.state, A)).toContainEqual({ type: 'summon', from: 'Bk02', character: 'Angel' });
  });

  it('CE 39 B3: the Angel CAN enter even if there is no other survivor (16.0: the side stays in the battle)', () => {
    const run = toSummonPhase(['Ogre', 'Ogre']);
    act(run, A, { type: 'summon', from: 'Bk02', character: 'Angel' });
    place(run, { 'Bk01-1': { hits: 5 } });
    act(run, A, { type: 'doneManeuvering' });
    const [back] = strikeAt(run, A, 'Bk01-1', 'Bu01-2');
    if (back?.type !== 'strike') throw new Error('Bk01-1 cannot strike');
    strike(run, A, 'Bk01-1', 'Bu01-2', back.strikeNumber, back.dice, ones(back.dice));
    const [troll] = strikeAt(run, D, 'Bu01-2', 'Bk01-1');
    if (troll?.type !== 'strike') throw new Error('the Troll cannot strike');
    strike(run, D, 'Bu01-2', 'Bk01-1', troll.strikeNumber, 8, [6, ...ones(7)]);
    // Round 3, the defender's phase: the Dwarf's last Ogre, wounded, is put next to the Troll, which slays it.
    place(run, { 'Bk01-2': { hex: 'E4', hits: 5 } });
    act(run, D, { type: 'doneManeuvering' });
    const [last] = strikeAt(run, D, 'Bu01-2', 'Bk01-2');
    if (last?.type !== 'strike') throw new Error('the Troll cannot strike');
    strike(run, D, 'Bu01-2', 'Bk01-2', last.strikeNumber, 8, [6, ...ones(7)]);
    const [dying] = strikeAt(run, A, 'Bk01-2', 'Bu01-2');
    if (dying?.type !== 'strike') throw new Error('Bk01-2 cannot strike back');
    const events = strike(run, A, 'Bk01-2', 'Bu01-2', dying.strikeNumber, dying.dice, ones(dying.dice));
    expect(ofType(events, 'battleEnded')).toEqual([]);
    expect(legion(run, 'Bk01')?.characters).toEqual([]);
    // No character of the Dwarf's is left, yet the battle goes on: the Angel enters in his phase.
    expect(step(run)).toEqual({ kind: 'maneuver', actor: A, side: 'attacker' });
    act(run, A, { type: 'moveCharacter', character: 'Bk01-3', hex: 'B1' });
    act(run, A, { type: 'doneManeuvering' });
    expect(legion(run, 'Bk01')?.characters).toEqual(['Angel']);
  });

  it('CE 39 B3: with only the Angel to come, an enemy’s concession is no mutual elimination (errata 9.4)', () => {
    const run = toSummonPhase(['Ogre', 'Ogre']);
    act(run, A, { type: 'summon', from: 'Bk02', character: 'Angel' });
    // Both Ogres, wounded, stand next to the Troll, whose strike slays one and carries over to the other (12.4).
    place(run, { 'Bk01-1': { hits: 5 }, 'Bk01-2': { hex: 'E5', hits: 5 } });
    act(run, A, { type: 'doneManeuvering' });
    missAll(run, A);
    const [troll] = strikeAt(run, D, 'Bu01-2', 'Bk01-1');
    if (troll?.type !== 'strike') throw new Error('the Troll cannot strike');
    strike(run, D, 'Bu01-2', 'Bk01-1', troll.strikeNumber, 8, [6, 6, ...ones(6)]);
    // The carry-over allocated, nothing is left to strike: the strike phase ends by itself (issue 14).
    const ended = act(run, D, { type: 'assignCarryOver', targets: ['Bk01-2'] });
    expect(ofType(ended, 'slainRemoved')[0]).toMatchObject({ ids: ['Bk01-1', 'Bk01-2'] });
    expect(ofType(ended, 'battleEnded')).toEqual([]);
    // Round 3: the defender attempts to concede and the Dwarf accepts: he wins, his Angel still to come.
    expect(step(run)).toEqual({ kind: 'maneuver', actor: D, side: 'defender' });
    act(run, D, { type: 'concede' });
    const conceded = act(run, A, { type: 'acceptConcession' });
    expect(ofType(conceded, 'engagementConceded')[0]).toMatchObject({ side: 'defender', mutual: false });
    expect(ofType(conceded, 'engagementResolved')[0]).toMatchObject({
      outcome: 'concession',
      winner: 'Bk01',
    });
    // The victor scores the enemy's legion; the Angel never arrived (it stays in Bk02) and the emptied legion is
    // eliminated (4.4), taking no addition after the battle.
    expect(ofType(conceded, 'pointsScored')[0]).toMatchObject({ player: A, points: 28 });
    expect(ofType(conceded, 'legionEliminated').map((e) => e.legion)).toEqual(['Bk01', 'Bu01']);
    expect(legion(run, 'Bk02')?.characters).toEqual(['Angel', 'Centaur']);
  });

  it('CE 39 B3: the reinforcement is mustered in the 4th phase and enters in the 5th', () => {
    const run = engagedRun({ land: 8, attacker: ['Centaur', 'Centaur'], defender: ['Ogre', 'Ogre'] });
    withPowers(run, { [D]: DWARF });
    begin(run);
    toBattle(run);
    moveAll(run, D, { 'Bu01-1': 'F4', 'Bu01-2': 'E5' });
    quietTurn(run, 'defender');
    moveAll(run, A, { 'Bk01-1': 'A1', 'Bk01-2': 'B1' });
    quietTurn(run, 'attacker');
    for (let round = 2; round <= 3; round++) {
      quietTurn(run, 'defender');
      quietTurn(run, 'attacker');
    }
    expect(run.state.battle).toMatchObject({ round: 4, phasing: 'defender', reinforcement: 'available' });
    const trolls = run.state.caretaker.Troll ?? 0;
    const events = act(run, D, { type: 'reinforce', creature: 'Troll', reveal: ['Ogre', 'Ogre'] });
    expect(ofType(events, 'reinforcementMustered')[0]).toMatchObject({ id: 'Bu01-3', arrives: 5 });
    expect(moveTargets(run, D, 'Bu01-3')).toEqual([]);
    expect(rejectionOf(run, D, { type: 'reinforce', creature: 'Troll', reveal: ['Ogre', 'Ogre'] }).rule).toBe(
      'CE 39 B3',
    );
    quietTurn(run, 'defender');
    expect(run.state.caretaker.Troll).toBe(trolls);
    expect(run.state.battle?.reinforcement).toBe('lost');
    quietTurn(run, 'attacker');
    expect(moveTargets(run, D, 'Bu01-3')).toContain('D6');
    act(run, D, { type: 'moveCharacter', character: 'Bu01-3', hex: 'D6' });
    act(run, D, { type: 'doneManeuvering' });
    expect(legion(run, 'Bu01')?.characters).toEqual(['Ogre', 'Ogre', 'Troll']);
    expect(run.state.caretaker.Troll).toBe(trolls - 1);
    expect(run.state.turn?.mustered).toContain('Bu01');
    expect(run.state.battle?.reinforcement).toBe('taken');
  });
});

/** The strikes a player must make now, each at its first target with its first option, all dice missing (1s); his
 *  strike step then ends by itself (issue 14). */
function missAll(run: Run, player: string): void {
  for (;;) {
    const next = legalIntents(run.state, player).find((i) => i.type === 'strike');
    if (next?.type !== 'strike') break;
    strike(run, player, next.striker, next.target, next.strikeNumber, next.dice, ones(next.dice));
  }
}

/** A battle turn of `side` with no movement: every strike it must make (and the other side's) missing. */
function missingTurn(run: Run, side: 'attacker' | 'defender'): void {
  const [mover, other] = side === 'defender' ? [D, A] : [A, D];
  act(run, mover, { type: 'doneManeuvering' });
  missAll(run, mover);
  missAll(run, other);
}
