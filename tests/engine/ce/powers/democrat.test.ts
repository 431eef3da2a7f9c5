// 51 DEMOCRAT (CE Titan, rules 004): each clause, given the position, when the intent, then the events.
import { describe, expect, it } from 'vitest';
import type { CharacterName } from '../../../../shared/data/types';
import { powerActWords } from '../../../../shared/engine/ce/registry';
import type { GameEvent } from '../../../../shared/engine/events';
import { legionKnowledge } from '../../../../shared/engine/knowledge';
import { legalIntents } from '../../../../shared/engine/legal';
import type { PlayerId } from '../../../../shared/engine/types';
import { visibleTo } from '../../../../shared/engine/view';
import type { EngagementSpec } from '../../engagement/build';
import { A, begin, D, engagedRun, legion, score } from '../../engagement/build';
import type { Run } from '../../support/game';
import { act, ofType, rejectionOf } from '../../support/game';
import { withPowers } from './support';

const DEMOCRAT = 51;
const C = 'p3';
const NO_TAX = { type: 'usePower', act: 'noTax' } as const;
const tax = (player: PlayerId) => ({ type: 'usePower', act: 'tax', args: { player } }) as const;
const take = (creature: CharacterName) =>
  ({ type: 'usePower', act: 'takeEnemy', args: { creature } }) as const;
const powerIntents = (run: Run, player: PlayerId) =>
  legalIntents(run.state, player).filter((i) => i.type === 'usePower');

/** p1 attacks p2 with his Titan and an Ogre against an Ogre and a Centaur (24 points); the Democrat is `democrat`.
 *  The battle is set up (2.5.6.1), then the defender concedes before the first turn: p1 wins and scores 24. */
function concededBattle(democrat: PlayerId, spec: Partial<EngagementSpec> = {}): Run {
  const run = withPowers(
    engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Centaur'], players: 3, ...spec }),
    { [democrat]: DEMOCRAT },
  );
  begin(run);
  act(run, D, { type: 'noMoreProposals' });
  act(run, A, { type: 'fight' });
  act(run, A, { type: 'pass' });
  act(run, D, { type: 'concede' });
  if (run.state.step.kind === 'postBattleAddition') act(run, A, { type: 'pass' });
  return run;
}

/** The Democrat (p1) attacks with his Titan and an Ogre, at his concession step before the battle. */
function beforeEntrance(
  defender: readonly CharacterName[],
  attacker: readonly CharacterName[] = ['Titan', 'Ogre'],
): Run {
  const run = withPowers(engagedRun({ attacker, defender }), { [A]: DEMOCRAT });
  begin(run);
  act(run, D, { type: 'noMoreProposals' });
  act(run, A, { type: 'fight' });
  expect(run.state.step).toMatchObject({ kind: 'preBattleConcession', actor: A });
  return run;
}

describe('51 DEMOCRAT', () => {
  it("CE 51 B1: after another players' battle he may tax the winner or the loser: a die, result/10 of the points", () => {
    const run = concededBattle(C);
    expect(score(run, A)).toBe(24);
    expect(run.state.step).toMatchObject({
      kind: 'powerDecision',
      actor: C,
      power: DEMOCRAT,
      concluded: true,
    });
    expect(powerIntents(run, C)).toEqual([NO_TAX, tax(A), tax(D)]);
    // The button names the player as the client does (his name), not by his id.
    expect(powerActWords(tax(A), { player: (id) => (id === A ? 'Ann' : id), character: (id) => id })).toBe(
      'Tax Ann',
    );
    expect(powerActWords(NO_TAX)).toBe('No tax');
    // A 5: 24 x 5 / 10 = 12, from the winner's score to his.
    const events = act(run, C, tax(A), [5]);
    const used = ofType(events, 'powerUsed');
    expect(used).toHaveLength(1);
    expect(used[0]).toMatchObject({
      player: C,
      act: 'tax',
      audience: 'all',
      data: { rolls: [5], amount: 12 },
    });
    expect(score(run, A)).toBe(12);
    expect(score(run, C)).toBe(12);
    // The tax is public, and the engagement goes on to its end.
    expect(events.some((e) => e.type === 'engagementEnded')).toBe(true);
    expect(used.map((e) => visibleTo(e))).toEqual(['all']);
  });

  it('CE 51 B1: he may levy no tax; nothing changes but the step', () => {
    const run = concededBattle(C);
    const events = act(run, C, NO_TAX);
    expect(score(run, A)).toBe(24);
    expect(score(run, C)).toBe(0);
    expect(events.some((e) => e.type === 'engagementEnded')).toBe(true);
  });

  it('CE 51 B1: involved, +1 when he won (he taxes only the loser), -1 when he lost', () => {
    const won = concededBattle(A);
    expect(powerIntents(won, A)).toEqual([NO_TAX, tax(D)]);
    // 5 + 1 = 6: 24 x 6 / 10 = 14 (rounded down) from the loser.
    act(won, A, tax(D), [5]);
    expect(score(won, A)).toBe(24 + 14);
    expect(score(won, D)).toBe(-14);
    const lost = concededBattle(D);
    expect(powerIntents(lost, D)).toEqual([NO_TAX, tax(A)]);
    // 3 - 1 = 2: 24 x 2 / 10 = 4 from the winner.
    act(lost, D, tax(A), [3]);
    expect(score(lost, A)).toBe(20);
    expect(score(lost, D)).toBe(4);
  });

  it('CE 51 B1: a taxed Titan of strength 0 or less puts its player out (CE bidding rules)', () => {
    // p2 at -495 (Titan strength 1) loses 24 x 6 / 10 = 14: -509, strength 0.
    const run = concededBattle(C, { scores: { [D]: -495 } });
    const events = act(run, C, tax(D), [6]);
    expect(score(run, D)).toBe(-509);
    expect(ofType(events, 'playerEliminated')).toEqual([{ type: 'playerEliminated', player: D, by: null }]);
  });

  it('CE 51 B1: no tax without a battle (an engagement settled in the negotiation) or without points', () => {
    const run = withPowers(
      engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Centaur'], players: 3 }),
      { [C]: DEMOCRAT },
    );
    begin(run);
    const events = act(run, D, { type: 'concede' });
    if (run.state.step.kind === 'postBattleAddition') act(run, A, { type: 'pass' });
    expect(run.state.step.kind).not.toBe('powerDecision');
    expect(powerIntents(run, C)).toEqual([]);
    expect(events.some((e) => e.type === 'stepBegan' && e.step.kind === 'powerDecision')).toBe(false);
  });

  it('CE 51 B1: a tax on himself or on a player not in the battle is refused; nothing changes', () => {
    const won = concededBattle(A);
    expect(rejectionOf(won, A, tax(A), [4])).toMatchObject({ code: 'notAllowed', rule: 'CE 51 B1' });
    expect(rejectionOf(won, A, tax(C), [4])).toMatchObject({ code: 'notAllowed', rule: 'CE 51 B1' });
  });

  it('CE 51 B2: before the entrance he takes one of the lowest-pointed enemies into his legion; it fights for him', () => {
    // Centaur 3 x 4 = 12, Ogre 6 x 2 = 12, Troll 8 x 2 = 16: the Centaur or the Ogre.
    const run = beforeEntrance(['Troll', 'Centaur', 'Ogre']);
    expect(powerIntents(run, A)).toEqual([take('Centaur'), take('Ogre')]);
    expect(powerActWords(take('Ogre'))).toBe("Take the enemy's Ogre");
    const events = act(run, A, take('Ogre'));
    const joined = ofType(events, 'characterJoined');
    expect(joined).toEqual([
      {
        type: 'characterJoined',
        player: A,
        power: DEMOCRAT,
        legion: 'Bk01',
        character: 'Ogre',
        taken: 'Bu01-3',
      },
    ]);
    expect(legion(run, 'Bk01')?.characters).toEqual(['Titan', 'Ogre', 'Ogre']);
    expect(legion(run, 'Bu01')?.characters).toEqual(['Troll', 'Centaur']);
    expect(run.state.battle?.characters.find((c) => c.id === 'Bu01-3')).toMatchObject({
      side: 'attacker',
      legion: 'Bk01',
      hex: null,
    });
    // Public: the defender sees it, and knows the legions' new heights.
    expect(events.every((e: GameEvent) => visibleTo(e) === 'all')).toBe(true);
    // (The hand-made legions as placed in sight of all, then the game's events from the engagement on.)
    const placed: GameEvent[] = [
      { type: 'startingLegionPlaced', player: A, legion: 'Bk01', land: 1, characters: ['Titan', 'Ogre'] },
      {
        type: 'startingLegionPlaced',
        player: D,
        legion: 'Bu01',
        land: 1,
        characters: ['Troll', 'Centaur', 'Ogre'],
      },
    ];
    const from = run.events.findIndex((e) => e.type === 'engagementChosen');
    const known = legionKnowledge([...placed, ...run.events.slice(from)], { player: D });
    expect(known.Bk01?.certain).toEqual(['Ogre', 'Ogre', 'Titan']);
    expect(known.Bk01?.height).toBe(3);
    expect(known.Bu01?.height).toBe(2);
    // Once per battle: nothing more is offered, and the battle goes on.
    expect(powerIntents(run, A)).toEqual([]);
    act(run, A, { type: 'pass' });
    act(run, D, { type: 'pass' });
    expect(run.state.step).toMatchObject({ kind: 'maneuver', side: 'defender' });
  });

  it('CE 51 B2: never a Titan, never the last enemy, only with room; refusals change nothing', () => {
    const run = beforeEntrance(['Troll', 'Centaur', 'Ogre']);
    expect(rejectionOf(run, A, take('Troll'))).toMatchObject({ code: 'notAllowed', rule: 'CE 51 B2' });
    // The enemy's Titan is never taken: the Ogre is the lowest of the rest.
    expect(powerIntents(beforeEntrance(['Titan', 'Ogre', 'Troll']), A)).toEqual([take('Ogre')]);
    // The last enemy character stays: the battle is fought.
    expect(powerIntents(beforeEntrance(['Ogre']), A)).toEqual([]);
    // Size permitting: a legion of 7 takes nobody.
    const full: CharacterName[] = ['Titan', 'Ogre', 'Ogre', 'Ogre', 'Centaur', 'Centaur', 'Centaur'];
    expect(powerIntents(beforeEntrance(['Troll', 'Ogre'], full), A)).toEqual([]);
    // Not the enemy's to use.
    const enemy = beforeEntrance(['Troll', 'Centaur', 'Ogre']);
    act(enemy, A, { type: 'pass' });
    expect(powerIntents(enemy, D)).toEqual([]);
  });
});
