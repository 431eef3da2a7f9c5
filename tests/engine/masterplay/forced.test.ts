// The server acting for a player (shared/engine/forced.ts): errata 21.0's penalty is errata 20.4's refusal
// at every kind of step, Law 21.2's phase limits have their own consequences, and each forced action is one
// public `playerForced` event followed by exactly the events of what was played.
import { describe, expect, it } from 'vitest';
import { decide } from '../../../shared/engine/decide';
import { defaultIntent } from '../../../shared/engine/defaultIntent';
import type { EventOf, GameEvent } from '../../../shared/engine/events';
import { evolve } from '../../../shared/engine/evolve';
import { decideForced, timedPhase } from '../../../shared/engine/forced';
import { seededDice } from '../../../shared/engine/random';
import type { PlayerId } from '../../../shared/engine/types';
import { visibleTo } from '../../../shared/engine/view';
import { A, begin, D, engagedRun, moveAll, step, toBattle } from '../engagement/build';
import { scriptedDice } from '../support/dice';
import type { Run } from '../support/game';
import { act, arrange, newGame, ofType, setUpGame, standardFirstSplit } from '../support/game';

function forced(run: Run, player: PlayerId, play: Parameters<typeof decideForced>[3], dice = seededDice(7)) {
  const decision = decideForced(run.state, player, 'time', play, dice);
  if ('rejected' in decision) throw new Error(JSON.stringify(decision.rejected));
  return decision.events;
}

const playerForced = (events: readonly GameEvent[]) => events[0] as EventOf<'playerForced'>;

/** A Plains battle of two against two at the defender's first maneuver phase. */
function battle(): Run {
  const run = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Gargoyle'] });
  begin(run);
  toBattle(run);
  return run;
}

describe('errata 21.0, 20.4: out of time, the player refuses to play', () => {
  const positions: [string, () => Run, PlayerId][] = [
    ['5.1 the tower roll', () => newGame(2), 'p1'],
    ['2.1 the split step', () => setUpGame(), 'p1'],
    [
      '2.6 the muster step',
      () =>
        arrange(setUpGame(), [{ id: 'Bk01', land: 1, characters: ['Titan', 'Ogre'] }], { moved: ['Bk01'] }),
      'p1',
    ],
    [
      'errata 9.1 the choice of engagement',
      () => engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Ogre', 'Ogre'] }),
      A,
    ],
    [
      '9.2 the negotiation',
      () => {
        const run = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Gargoyle'] });
        begin(run);
        return run;
      },
      D,
    ],
    ['errata 9.4 the maneuver', battle, D],
    [
      '2.5.6.4.x.5 the last chance to concede as the battle ends',
      () => {
        const run = battle();
        act(run, D, { type: 'doneManeuvering' });
        return run;
      },
      A,
    ],
    [
      '2.5.6.4.x.8.1 the end of the battle',
      () => {
        const run = battle();
        act(run, D, { type: 'doneManeuvering' });
        act(run, A, { type: 'doneStriking' });
        return run;
      },
      D,
    ],
  ];
  for (const [where, position, player] of positions) {
    it(`${where}: a public playerForced, then exactly the events of errata 20.4's default`, () => {
      const run = position();
      const intent = defaultIntent(run.state, player);
      expect(intent).not.toBeNull();
      const events = forced(run, player, { kind: 'refuse' });
      expect(playerForced(events)).toEqual({
        type: 'playerForced',
        player,
        forced: { by: 'time' },
        play: 'refuse',
        actions: [intent!.type],
        rolls: [],
        rule: 'errata 20.4',
      });
      expect(visibleTo(events[0]!)).toBe('all');
      const plain = decide(evolve(run.state, events[0]!), player, intent!, seededDice(7));
      expect('events' in plain && plain.events).toEqual(events.slice(1));
    });
  }

  it('errata 20.4: part way through his movement the moves are undone and he withdraws', () => {
    const run = setUpGame({ players: 3 });
    standardFirstSplit(run, 'p1');
    act(run, 'p1', { type: 'rollMovement' }, [1]);
    act(run, 'p1', { type: 'moveLegion', legion: 'Bk02', land: 34, via: 'normal' });
    const events = forced(run, 'p1', { kind: 'refuse' });
    expect(events.slice(1, 3).map((e) => e.type)).toEqual(['moveUndone', 'playerWithdrew']);
  });

  it('2.5.6.4.x.8.1, errata 20.4: a timed-out player lets the battle end: a victor keeps his win', () => {
    const run = battle();
    act(run, D, { type: 'doneManeuvering' });
    // The defender entered nothing and is out: the attacker wins, as if nothing had been refused, by the
    // attacker at his last chance to concede (2.5.6.4.1.5) and by the defender as the battle ends (x.8.1).
    expect(defaultIntent(run.state, A)).toEqual({ type: 'doneStriking' });
    run.state = forced(run, A, { kind: 'refuse' }).reduce(evolve, run.state);
    expect(step(run)).toEqual({ kind: 'battleEnding', actor: D, side: 'defender' });
    const events = forced(run, D, { kind: 'refuse' });
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({ outcome: 'battle', winner: 'Bk01' });
    expect(ofType(events, 'engagementConceded')).toEqual([]);
  });

  it('a bot plays the intent it chose, recorded as such', () => {
    const run = newGame(2);
    const events = forced(run, 'p1', { kind: 'bot', intent: { type: 'rollTower' } });
    expect(playerForced(events)).toMatchObject({ play: 'bot', actions: ['rollTower'], rule: null });
    expect(events[1]).toMatchObject({ type: 'towerRolled', player: 'p1' });
  });

  it('nobody else is played for: it is not his turn', () => {
    const decision = decideForced(newGame(2).state, 'p2', 'director', { kind: 'refuse' }, seededDice(1));
    expect('rejected' in decision).toBe(true);
  });
});

describe('Law 21.2: the phase limits', () => {
  it('21.2: the Movement Phase and each Maneuver Phase are timed phases (the first Maneuver Phase its own)', () => {
    const run = setUpGame({ players: 3 });
    expect(timedPhase(run.state)).toBeNull();
    standardFirstSplit(run, 'p1');
    act(run, 'p1', { type: 'rollMovement' }, [1]);
    expect(timedPhase(run.state)).toMatchObject({ kind: 'movement', first: false });
    const fight = battle();
    expect(timedPhase(fight.state)).toMatchObject({ kind: 'maneuver', first: true });
  });

  it('21.2: no legion moved in time: one chosen at random (the dice in playerForced) moves, and the movement ends', () => {
    const run = setUpGame({ players: 3 });
    standardFirstSplit(run, 'p1');
    act(run, 'p1', { type: 'rollMovement' }, [1]);
    const events = forced(run, 'p1', { kind: 'phaseLimit' }, scriptedDice([1, 1, 1, 1, 1, 1]));
    const record = playerForced(events);
    expect(record).toMatchObject({ play: 'phaseLimit', rule: '21.2' });
    expect(record.actions.at(-1)).toBe('doneMoving');
    expect(record.rolls.length).toBeGreaterThan(0);
    const moved = ofType(events, 'legionMoved');
    expect(moved.length).toBe(record.actions.filter((a) => a === 'moveLegion').length);
    expect(moved.length).toBeGreaterThanOrEqual(1);
    const after = events.reduce(evolve, run.state);
    expect(after.step.kind).not.toBe('move');
  });

  it('21.2: a Maneuver Phase over its limit ends as it stands: characters not on the battleland are eliminated', () => {
    const run = battle();
    moveAll(run, D, { 'Bu01-1': 'E5' });
    const events = forced(run, D, { kind: 'phaseLimit' });
    expect(playerForced(events)).toMatchObject({ actions: ['doneManeuvering'], rule: '21.2' });
    const after = events.reduce(evolve, run.state);
    // The Centaur that entered stays where it went; the Gargoyle left off is out of the battle.
    const onBoard = after.battle?.characters.filter((c) => c.legion === 'Bu01' && c.hex !== null) ?? [];
    expect(onBoard.map((c) => [c.id, c.hex])).toEqual([['Bu01-1', 'E5']]);
    // Nothing in contact: the strike steps end by themselves, and the attacker maneuvers next.
    expect(step({ ...run, state: after })).toEqual({ kind: 'maneuver', actor: A, side: 'attacker' });
  });
});
