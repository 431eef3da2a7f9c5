// 53 GYPSY (CE Titan, rules 004): each clause, given the position, when the intent, then the events; what each
// viewer (the Gypsy, his opponent, a third player, a spectator) may see.
import { describe, expect, it } from 'vitest';
import { rollsInEvents } from '../../../../server/rooms/dice';
import { powerActWords } from '../../../../shared/engine/ce/registry';
import type { GameEvent } from '../../../../shared/engine/events';
import type { Intent, IntentOf } from '../../../../shared/engine/intents';
import { legalIntents } from '../../../../shared/engine/legal';
import type { PlayerId, Viewer } from '../../../../shared/engine/types';
import { view, visibleTo } from '../../../../shared/engine/view';
import {
  A,
  begin,
  D,
  engagedRun,
  firstRound,
  moveAll,
  place,
  strikeStepsBegun,
  toBattle,
  types,
} from '../../engagement/build';
import type { Run } from '../../support/game';
import { act, ofType, rejectionOf, setUpGame, standardFirstSplit } from '../../support/game';
import { hitsOf, withPowers } from './support';

const GYPSY = 53;
const C = 'p3';
const SPECTATOR: Viewer = { spectator: true };

function gypsyGame(players = 3): Run {
  return withPowers(setUpGame({ players }), { [A]: GYPSY });
}

function withMemory(run: Run, player: PlayerId, memory: Record<string, number>): Run {
  const ce = run.state.ce;
  if (ce === null) throw new Error('not a CE game');
  run.state = { ...run.state, ce: { ...ce, memory: { ...ce.memory, [player]: memory } } };
  return run;
}

/** The contents of `owner`'s legions as `viewer` sees them (null: hidden). */
function contentsSeen(run: Run, viewer: Viewer, owner: PlayerId) {
  return view(run.state, viewer)
    .legions.filter((l) => l.owner === owner)
    .map((l) => l.characters);
}

/** The player's quiet rest of a turn after his roll: a normal move that engages nobody, done, end of turn. */
function finishQuietly(run: Run, player: PlayerId): void {
  const quiet = legalIntents(run.state, player).find(
    (i) => i.type === 'moveLegion' && i.via === 'normal' && i.entry === null,
  );
  if (quiet === undefined) throw new Error('no quiet move');
  act(run, player, quiet);
  act(run, player, { type: 'doneMoving' });
  act(run, player, { type: 'endTurn' });
}

/** Every strike the player owes, each rolling nothing but 1s. */
/** Every strike `player` must make now, each missing (all 1s); the last one ends his strike step by itself
 *  (issue 14), and its decision rolls `after` too (what the next strike step's beginning rolls). Returns the events
 *  of the last strike. */
function strikeAllMissing(run: Run, player: PlayerId, after: readonly number[] = []): GameEvent[] {
  let events: GameEvent[] = [];
  for (;;) {
    const strikes = legalIntents(run.state, player).filter((i) => i.type === 'strike');
    const next = strikes[0];
    if (next === undefined || next.type !== 'strike') return events;
    const last = strikes.every((i) => i.type === 'strike' && i.striker === next.striker);
    const misses = Array.from({ length: next.dice }, () => 1);
    events = act(run, player, next, last ? [...misses, ...after] : misses);
  }
}

const audience = (events: readonly GameEvent[]) => ofType(events, 'powerUsed').map(visibleTo);

describe('53 GYPSY', () => {
  it('CE 53 M1: during his turn he sees the contents of every enemy legion; nobody else sees more', () => {
    const run = gypsyGame();
    expect(run.state.turn?.player).toBe(A);
    for (const enemy of [D, C])
      expect(contentsSeen(run, { player: A }, enemy).every((c) => c !== null)).toBe(true);
    // His opponents, a third player and a spectator see only their own.
    expect(contentsSeen(run, { player: D }, A).every((c) => c === null)).toBe(true);
    expect(contentsSeen(run, { player: D }, C).every((c) => c === null)).toBe(true);
    expect(contentsSeen(run, { player: C }, D).every((c) => c === null)).toBe(true);
    expect(contentsSeen(run, { player: D }, D).every((c) => c !== null)).toBe(true);
    expect(contentsSeen(run, SPECTATOR, D).every((c) => c === null)).toBe(true);
  });

  it("CE 53 M1: in another player's turn he sees no more than anyone", () => {
    const run = gypsyGame();
    standardFirstSplit(run, A);
    act(run, A, { type: 'rollMovement' }, [3]);
    finishQuietly(run, A);
    const next = run.state.turn?.player as PlayerId;
    expect(next).not.toBe(A);
    expect(contentsSeen(run, { player: A }, next).every((c) => c === null)).toBe(true);
  });

  it('CE 53 M2: before his splits he secretly rolls every roll up to his next; those are the rolls the players get', () => {
    const run = gypsyGame();
    const order = run.state.turnOrder;
    const after = [...order.slice(order.indexOf(A)), ...order.slice(0, order.indexOf(A)), A];
    expect(legalIntents(run.state, A)).toContainEqual({ type: 'usePower', act: 'foretell' });
    const told = act(run, A, { type: 'usePower', act: 'foretell' }, [4, 2, 5, 3]);
    expect(audience(told)).toEqual([[A]]);
    expect(rollsInEvents(told)).toEqual([4, 2, 5, 3]);
    // Only he sees them: his view holds them, the others' and a spectator's do not.
    expect(view(run.state, { player: A }).ce?.memory[A]).toMatchObject({
      fated: [4, 2, 5, 3],
      fatedFor: after,
    });
    for (const viewer of [{ player: D }, { player: C }, SPECTATOR] as Viewer[]) {
      expect(view(run.state, viewer).ce?.memory[A]?.fated).toBeUndefined();
      expect(view(run.state, viewer).ce?.memory[A]?.fatedFor).toBeUndefined();
    }
    // Nothing more to foretell this turn.
    expect(legalIntents(run.state, A)).not.toContainEqual({ type: 'usePower', act: 'foretell' });
    // His own roll: no die is rolled, the foretold one is shown (each die once in the log).
    standardFirstSplit(run, A);
    const mine = act(run, A, { type: 'rollMovement' });
    expect(ofType(mine, 'movementRolled')[0]).toMatchObject({ player: A, roll: 4 });
    expect(audience(mine)).toEqual(['all']);
    expect(rollsInEvents(mine)).toEqual([]);
    finishQuietly(run, A);
    // The next player's roll is the one foretold.
    const next = after[1] as PlayerId;
    standardFirstSplit(run, next);
    const theirs = act(run, next, { type: 'rollMovement' });
    expect(ofType(theirs, 'movementRolled')[0]).toMatchObject({ player: next, roll: 2 });
    expect(rollsInEvents(theirs)).toEqual([]);
    // A mulligan is not foretold: it is rolled.
    expect(ofType(act(run, next, { type: 'takeMulligan' }, [6]), 'movementRolled')[0]).toMatchObject({
      roll: 6,
    });
  });

  it('CE 53 M2: after his splits, or once his roll is made, he may not foretell', () => {
    const run = gypsyGame();
    standardFirstSplit(run, A);
    expect(rejectionOf(run, A, { type: 'usePower', act: 'foretell' }).rule).toBe('CE 53 M2');
    expect(rejectionOf(run, D, { type: 'usePower', act: 'foretell' }).code).toBe('notYourTurn');
  });

  it('CE 53 M2: he announces what he likes of the rolls he foretold, to everybody', () => {
    const run = gypsyGame();
    act(run, A, { type: 'usePower', act: 'foretell' }, [4, 2, 5, 3]);
    const said = act(run, A, { type: 'usePower', act: 'announce', args: { entry: 1, roll: 6 } });
    expect(audience(said)).toEqual(['all']);
    expect(ofType(said, 'powerUsed')[0]?.words).toMatch(/will be 6/);
    expect(rejectionOf(run, A, { type: 'usePower', act: 'announce', args: { entry: 9, roll: 6 } }).rule).toBe(
      'CE 53 M2',
    );
  });

  it("CE 53 M2: each announcement he is offered has a button of its own, not 41 LADY LUCK's words", () => {
    const run = gypsyGame();
    act(run, A, { type: 'usePower', act: 'foretell' }, [4, 2, 5, 3]);
    const announcements = legalIntents(run.state, A).filter(
      (i): i is IntentOf<'usePower'> => i.type === 'usePower' && i.act === 'announce',
    );
    const labels = announcements.map((i) => powerActWords(i));
    expect(announcements.length).toBeGreaterThan(6);
    expect(new Set(labels).size).toBe(announcements.length);
    expect(labels[0]).toBe('Announce: coming roll 1 will be 1');
    expect(powerActWords({ type: 'usePower', act: 'announce', args: { like: false, roll: 3 } })).toBe(
      'Announce: "I do not like 3"',
    );
  });

  it('CE 53 M3: 20 points or more scored in one engagement give him a Hand of Fate; fewer do not', () => {
    const run = withPowers(engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Centaur'] }), {
      [A]: GYPSY,
    });
    begin(run);
    const conceded = act(run, D, { type: 'concede' });
    expect(ofType(conceded, 'powerUsed')).toMatchObject([{ act: 'handGained', player: A, audience: 'all' }]);
    expect(run.state.ce?.memory[A]?.hands).toBe(1);
    const small = withPowers(engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre'] }), {
      [A]: GYPSY,
    });
    begin(small);
    expect(ofType(act(small, D, { type: 'concede' }), 'powerUsed')).toEqual([]);
  });

  it('CE 53 M3: a Hand of Fate sets his die before it is rolled (secretly until the roll)', () => {
    const run = withMemory(gypsyGame(), A, { hands: 1 });
    const set = { type: 'usePower', act: 'handSet', args: { roll: 5 } } as const;
    expect(legalIntents(run.state, A)).toContainEqual(set);
    const events = act(run, A, set);
    expect(audience(events)).toEqual([[A]]);
    expect(view(run.state, { player: A }).ce?.memory[A]?.handSet).toBe(5);
    for (const viewer of [{ player: D }, { player: C }, SPECTATOR] as Viewer[]) {
      expect(view(run.state, viewer).ce?.memory[A]?.handSet).toBeUndefined();
    }
    standardFirstSplit(run, A);
    const rolled = act(run, A, { type: 'rollMovement' });
    expect(ofType(rolled, 'movementRolled')[0]).toMatchObject({ roll: 5 });
    expect(rollsInEvents(rolled)).toEqual([]);
    expect(run.state.ce?.memory[A]?.hands).toBe(0);
  });

  it('CE 53 M3: a foretold roll has been rolled: it cannot be set, only mulliganed', () => {
    const run = withMemory(gypsyGame(), A, { hands: 1 });
    act(run, A, { type: 'usePower', act: 'foretell' }, [4, 2, 5, 3]);
    expect(rejectionOf(run, A, { type: 'usePower', act: 'handSet', args: { roll: 5 } }).rule).toBe(
      'CE 53 M3',
    );
  });

  it('CE 53 M3: a Hand of Fate forces a mulligan after his roll (his own first-turn mulligan stays)', () => {
    const run = withMemory(gypsyGame(), A, { hands: 1 });
    standardFirstSplit(run, A);
    act(run, A, { type: 'rollMovement' }, [2]);
    const forced = { type: 'usePower', act: 'handMulligan' } as const;
    expect(legalIntents(run.state, A)).toContainEqual(forced);
    const events = act(run, A, forced, [6]);
    expect(ofType(events, 'movementRolled')[0]).toMatchObject({ roll: 6, mulligan: false });
    expect(rollsInEvents(events)).toEqual([6]);
    expect(run.state.turn?.movementRoll).toBe(6);
    expect(run.state.players.find((p) => p.id === A)?.mulligansLeft).toBe(1);
    expect(rejectionOf(run, A, forced).rule).toBe('CE 53 M3');
  });

  it('CE 53 B1: in his strike phase his opponent strikes first; then he rolls all his attack dice before choosing', () => {
    const run = withPowers(engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Troll'] }), {
      [A]: GYPSY,
    });
    begin(run);
    toBattle(run);
    firstRound(run, { 'Bk01-1': { hex: 'E4' } });
    // The attacker (the Gypsy) is phasing, but the defender's counterstrikes come first.
    expect(run.state.step).toEqual({ kind: 'counterstrike', actor: D, side: 'defender' });
    expect(legalIntents(run.state, A)).toEqual([]);
    // His last counterstrike ends the counterstrike step by itself: the Gypsy's pool is rolled then.
    const pool = [3, 3, 4, 5, 6, 1];
    const done = strikeAllMissing(run, D, pool);
    expect(ofType(done, 'powerUsed')[0]).toMatchObject({
      act: 'rollAll',
      audience: 'all',
      data: { rolls: pool },
    });
    expect(run.state.step).toEqual({ kind: 'strike', actor: A, side: 'attacker' });
    // His strike takes the dice rolled first: no new die.
    const strike = legalIntents(run.state, A).find(
      (i) => i.type === 'strike' && i.target === 'Bu01-2',
    ) as Extract<Intent, { type: 'strike' }>;
    const struck = act(run, A, strike);
    expect(ofType(struck, 'strikeRolled')[0]?.rolls).toEqual(pool.slice(0, strike.dice));
    expect(rollsInEvents(done).slice(-pool.length)).toEqual(pool);
    expect(rollsInEvents(struck)).toEqual([]);
    expect(hitsOf(run, 'Bu01-2')).toBeGreaterThan(0);
    // His strikes end the strike phase (by themselves: nothing is left to strike).
    expect(run.state.step).toMatchObject({ kind: 'maneuver', side: 'defender' });
  });

  it("CE 53 B1, 2.5.6.4.2.5 (reading): the enemy striking first, his counterstrike step waits while the Gypsy's attacks are to come, nothing to strike: his last chance to concede", () => {
    const run = withPowers(engagedRun({ attacker: ['Ranger', 'Ogre'], defender: ['Titan', 'Ogre'] }), {
      [A]: GYPSY,
    });
    begin(run);
    toBattle(run);
    // The Ranger on C3 may rangestrike the Ogre on F4; nothing is in contact.
    firstRound(run, { 'Bk01-1': { hex: 'C3' } });
    expect(run.state.step).toEqual({ kind: 'counterstrike', actor: D, side: 'defender' });
    expect(legalIntents(run.state, D)).toEqual([{ type: 'doneStriking' }, { type: 'concede' }]);
    // Done: the Gypsy's strikes begin with his pool (the Ranger's two dice), rolled with this decision's dice.
    const done = act(run, D, { type: 'doneStriking' }, [4, 2]);
    expect(ofType(done, 'powerUsed')[0]).toMatchObject({ act: 'rollAll', data: { rolls: [4, 2] } });
    expect(run.state.step).toEqual({ kind: 'strike', actor: A, side: 'attacker' });
  });

  it("CE 53 B1: in the enemy's strike phase the enemy strikes first as usual, then his counterstrike dice are rolled first", () => {
    const run = withPowers(engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Troll'] }), {
      [D]: GYPSY,
    });
    begin(run);
    toBattle(run);
    // The defender (the Gypsy) maneuvers: the attacker, off the board, has nothing to strike first with.
    // Neither has anything to strike: the counterstrikes (first) and the strikes end by themselves.
    moveAll(run, D, { 'Bu01-1': 'E5', 'Bu01-2': 'F4' });
    const quiet = act(run, D, { type: 'doneManeuvering' });
    expect(strikeStepsBegun(quiet)).toEqual(['counterstrike:attacker', 'strike:defender']);
    expect(run.state.step).toEqual({ kind: 'maneuver', actor: A, side: 'attacker' });
    // The attacker's strike phase: he strikes first, as usual.
    moveAll(run, A, { 'Bk01-1': 'D1', 'Bk01-2': 'A1' });
    place(run, { 'Bk01-1': { hex: 'E4' } });
    act(run, A, { type: 'doneManeuvering' });
    expect(run.state.step).toEqual({ kind: 'strike', actor: A, side: 'attacker' });
    // The attacker's last strike ends his strike step: the Gypsy's Ogre (6 dice) and Troll (8) roll all their
    // dice before he chooses.
    const pool = [6, 6, 6, 6, 6, 6, 5, 5, 5, 5, 5, 5, 5, 5];
    const back = strikeAllMissing(run, A, pool);
    expect(ofType(back, 'powerUsed')[0]).toMatchObject({ act: 'rollAll', player: D, data: { rolls: pool } });
    expect(run.state.step).toEqual({ kind: 'counterstrike', actor: D, side: 'defender' });
    const strike = legalIntents(run.state, D).find((i) => i.type === 'strike') as Extract<
      Intent,
      { type: 'strike' }
    >;
    const struck = act(run, D, strike);
    expect(rollsInEvents(struck)).toEqual([]);
    // Six 6s slay the Titan: the Troll has nobody left to strike, the counterstrikes end by themselves.
    expect(types(struck)).toEqual(['powerUsed', 'strikeRolled', 'stepBegan', 'slainRemoved', 'stepBegan']);
    expect(run.state.step).toEqual({ kind: 'battleEnding', actor: A, side: 'attacker' });
  });
});
