// Withdrawing from the game: 20.4, errata 5.0/5.1/20.4, Complete Sequence 2.1-2.7, errata 19.0.
import { describe, expect, it } from 'vitest';
import { defaultIntent } from '../../../shared/engine/defaultIntent';
import {
  act,
  arrange,
  ofType,
  playQuietTurn,
  rejectionOf,
  setUpGame,
  standardFirstSplit,
} from '../support/game';

describe('20.4, errata 20.4: withdrawing on one’s own turn', () => {
  it('20.4: at the split step all his legions are eliminated, nobody scores, the next player goes on', () => {
    const run = setUpGame({ players: 3, towers: [600, 400, 200] });
    playQuietTurn(run, 'p1', 1);
    const angels = run.state.caretaker.Angel ?? 0;
    const events = act(run, 'p2', { type: 'withdraw' });
    expect(events).toEqual([
      { type: 'playerWithdrew', player: 'p2' },
      {
        type: 'legionEliminated',
        legion: 'Bu01',
        owner: 'p2',
        characters: ['Titan', 'Angel', 'Centaur', 'Centaur', 'Gargoyle', 'Gargoyle', 'Ogre', 'Ogre'],
        reason: 'withdrawal',
      },
      { type: 'playerEliminated', player: 'p2', by: null },
      { type: 'turnEnded', player: 'p2' },
      { type: 'turnStarted', player: 'p3', number: 3 },
      { type: 'stepBegan', step: { kind: 'split', actor: 'p3' } },
    ]);
    expect(ofType(events, 'pointsScored')).toEqual([]);
    expect(run.state.players.map((p) => p.score)).toEqual([0, 0, 0]);
    // 20.4: the characters are set aside with the slain: creatures to the dead pile, lords to the caretaker.
    expect(run.state.deadPile).toEqual({ Centaur: 2, Gargoyle: 2, Ogre: 2 });
    expect(run.state.caretaker.Angel).toBe(angels + 1);
    expect(Object.values(run.state.legions).some((l) => l.owner === 'p2')).toBe(false);
    // 4.6, 20.4: nobody takes his markers.
    expect(run.state.players[1]?.markersAvailable).toEqual([]);
    // The withdrawn player's turns are skipped from now on.
    playQuietTurn(run, 'p3', 1);
    expect(run.state.turn?.player).toBe('p1');
    playQuietTurn(run, 'p1', 1);
    expect(run.state.turn?.player).toBe('p3');
  });

  it('errata 20.4: partial movement is undone first', () => {
    const run = setUpGame({ players: 3 });
    standardFirstSplit(run, 'p1');
    act(run, 'p1', { type: 'rollMovement' }, [1]);
    act(run, 'p1', { type: 'moveLegion', legion: 'Bk02', land: 34, via: 'normal' });
    act(run, 'p1', { type: 'moveLegion', legion: 'Bk01', land: 38, via: 'normal' });
    const events = act(run, 'p1', { type: 'withdraw' });
    expect(events.slice(0, 3)).toEqual([
      { type: 'moveUndone', legion: 'Bk01' },
      { type: 'moveUndone', legion: 'Bk02' },
      { type: 'playerWithdrew', player: 'p1' },
    ]);
    expect(ofType(events, 'legionEliminated').map((e) => e.legion)).toEqual(['Bk01', 'Bk02']);
  });

  it('Complete Sequence 2.6: a player may withdraw at his muster step', () => {
    const run = arrange(
      setUpGame({ players: 3 }),
      [
        { id: 'Bk01', land: 8, characters: ['Titan', 'Troll'] },
        { id: 'Bu01', land: 500, characters: ['Titan', 'Ogre'] },
        { id: 'Br01', land: 400, characters: ['Titan', 'Ogre'] },
      ],
      { moved: ['Bk01'] },
    );
    const events = act(run, 'p1', { type: 'withdraw' });
    expect(events.map((e) => e.type)).toEqual([
      'playerWithdrew',
      'legionEliminated',
      'playerEliminated',
      'turnEnded',
      'turnStarted',
      'stepBegan',
    ]);
  });

  it('errata 19.0: a withdrawal that leaves one player ends the game; he wins', () => {
    const run = setUpGame({ players: 2 });
    const events = act(run, 'p1', { type: 'withdraw' });
    expect(events.at(-1)).toEqual({
      type: 'gameOver',
      result: { winner: 'p2', reason: 'lastTitan', totals: { p1: 0, p2: 0 } },
      revealed: [
        {
          legion: 'Bu01',
          characters: ['Titan', 'Angel', 'Centaur', 'Centaur', 'Gargoyle', 'Gargoyle', 'Ogre', 'Ogre'],
        },
      ],
    });
    expect(ofType(events, 'turnEnded')).toEqual([{ type: 'turnEnded', player: 'p1' }]);
    expect(run.state.result?.winner).toBe('p2');
  });

  it('20.4: not on another player’s turn', () => {
    const run = setUpGame({ players: 3 });
    expect(rejectionOf(run, 'p2', { type: 'withdraw' }).code).toBe('notYourTurn');
  });

  it('errata 20.4: not during his own engagement phase', () => {
    const run = arrange(
      setUpGame({ players: 3 }),
      [
        { id: 'Bk01', land: 1, characters: ['Titan', 'Ogre'] },
        { id: 'Bu01', land: 1000, characters: ['Titan', 'Ogre'] },
        { id: 'Br01', land: 400, characters: ['Titan', 'Ogre'] },
      ],
      { roll: 1, turnsTaken: 2 },
    );
    act(run, 'p1', { type: 'moveLegion', legion: 'Bk01', land: 1000, via: 'normal' });
    act(run, 'p1', { type: 'doneMoving' });
    expect(run.state.step).toEqual({ kind: 'chooseEngagement', actor: 'p1' });
    const r = rejectionOf(run, 'p1', { type: 'withdraw' });
    expect(r.code).toBe('notAllowed');
    expect(r.rule).toContain('20.4');
    expect(rejectionOf(run, 'p2', { type: 'withdraw' }).code).toBe('notYourTurn');
  });
});

describe('errata 20.4: refusing to play (defaultIntent)', () => {
  it('errata 5.1: a tower roll is made for him; errata 5.0, 20.4: otherwise he withdraws', () => {
    const run = setUpGame({ players: 3 });
    expect(defaultIntent(run.state, 'p1')).toEqual({ type: 'withdraw' });
    expect(defaultIntent(run.state, 'p2')).toBeNull();
    standardFirstSplit(run, 'p1');
    act(run, 'p1', { type: 'rollMovement' }, [1]);
    act(run, 'p1', { type: 'moveLegion', legion: 'Bk02', land: 34, via: 'normal' });
    // 20.4: part way through his movement: the moves are undone and he withdraws (one intent does both).
    expect(defaultIntent(run.state, 'p1')).toEqual({ type: 'withdraw' });
  });

  it('errata 5.1: during the tower rolls the default is the roll itself', async () => {
    const { newGame } = await import('../support/game');
    const run = newGame(2);
    expect(defaultIntent(run.state, 'p1')).toEqual({ type: 'rollTower' });
    expect(defaultIntent(run.state, 'p2')).toBeNull();
  });
});
