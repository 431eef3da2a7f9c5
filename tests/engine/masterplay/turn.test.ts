// Turns and the end of the game: Complete Sequence 2, 2.7, 3; 5.1; errata 19.0; time called (21.1, errata 21.1)
// and a game stopped (20.5) by the tournament director.
import { describe, expect, it } from 'vitest';
import { legalIntents } from '../../../shared/engine/legal';
import { beginMusterPhase } from '../../../shared/engine/musterPhase';
import { pending } from '../../../shared/engine/pending';
import { DIRECTOR } from '../../../shared/engine/types';
import { act, arrange, newGame, ofType, playQuietTurn, rejectionOf, setUpGame } from '../support/game';

describe('Complete Sequence 2, 5.1: turns in descending tower order', () => {
  it('5.1: three players take turns in descending tower order, the game-turn counter running on', () => {
    const run = setUpGame({ players: 3, towers: [100, 600, 300] });
    expect(run.state.turnOrder).toEqual(['p2', 'p3', 'p1']);
    playQuietTurn(run, 'p2', 1);
    playQuietTurn(run, 'p3', 1);
    playQuietTurn(run, 'p1', 1);
    expect(ofType(run.events, 'turnStarted')).toEqual([
      { type: 'turnStarted', player: 'p2', number: 1 },
      { type: 'turnStarted', player: 'p3', number: 2 },
      { type: 'turnStarted', player: 'p1', number: 3 },
      { type: 'turnStarted', player: 'p2', number: 4 },
    ]);
    expect(run.state.players.map((p) => p.turnsTaken)).toEqual([1, 2, 1]);
  });

  it('errata 1.3/1.4: only the player due to act may act; pending names him', () => {
    const run = setUpGame({ players: 3 });
    expect(pending(run.state)).toEqual({ actor: 'p1', step: 'split', intents: ['split', 'withdraw'] });
    expect(rejectionOf(run, 'p2', { type: 'rollMovement' }, [3]).code).toBe('notYourTurn');
    expect(rejectionOf(run, 'p3', { type: 'withdraw' }).code).toBe('notYourTurn');
    expect(legalIntents(run.state, 'p2')).toEqual([]);
  });

  it('errata 1.3: a stranger to the game is refused', () => {
    const run = setUpGame();
    expect(rejectionOf(run, 'p9', { type: 'rollMovement' }, [3]).code).toBe('notYourTurn');
  });
});

describe('Complete Sequence 2.6: the muster phase begins after the engagements', () => {
  it('2.6: beginMusterPhase starts the muster step of the Mover', () => {
    const run = arrange(setUpGame({ players: 3 }), [{ id: 'Bk01', land: 8, characters: ['Titan', 'Ogre'] }], {
      roll: 1,
    });
    expect(beginMusterPhase(run.state)).toEqual([
      { type: 'stepBegan', step: { kind: 'muster', actor: 'p1' } },
    ]);
  });

  it('19.3, errata 19.0: a Mover eliminated in his own engagement phase does not muster; the next player goes on', () => {
    const base = arrange(
      setUpGame({ players: 3 }),
      [{ id: 'Bu01', land: 500, characters: ['Titan', 'Ogre'] }],
      {
        roll: 1,
      },
    );
    const state = {
      ...base.state,
      players: base.state.players.map((p) => (p.id === 'p1' ? { ...p, eliminated: true } : p)),
    };
    expect(beginMusterPhase(state)).toEqual([
      { type: 'turnEnded', player: 'p1' },
      { type: 'turnStarted', player: 'p2', number: 2 },
      { type: 'stepBegan', step: { kind: 'split', actor: 'p2' } },
    ]);
  });
});

describe('21.1, errata 21.1: time called', () => {
  it('21.1, 20.5: only the tournament director calls time or stops the game', () => {
    const run = setUpGame();
    expect(rejectionOf(run, 'p1', { type: 'callTime' }).code).toBe('notAllowed');
    expect(rejectionOf(run, 'p1', { type: 'stopGame' }).code).toBe('notAllowed');
    expect(rejectionOf(run, DIRECTOR, { type: 'rollMovement' }).code).toBe('notAllowed');
    expect(legalIntents(run.state, DIRECTOR)).toEqual([{ type: 'callTime' }, { type: 'stopGame' }]);
  });

  it('errata 21.1: the current player finishes his turn, then each player, him included, has one more turn', () => {
    const run = setUpGame({ players: 3, towers: [600, 400, 200] });
    playQuietTurn(run, 'p1', 1);
    // Time is called during p2's turn: p2 finishes, then p3, p1 and p2 play one more turn each.
    const called = act(run, DIRECTOR, { type: 'callTime' });
    expect(called).toEqual([
      { type: 'timeCalled', remainingTurns: ['p3', 'p1', 'p2'] },
      { type: 'stepBegan', step: { kind: 'split', actor: 'p2' } },
    ]);
    expect(rejectionOf(run, DIRECTOR, { type: 'callTime' }).code).toBe('notAllowed');
    expect(legalIntents(run.state, DIRECTOR)).toEqual([{ type: 'stopGame' }]);
    playQuietTurn(run, 'p2', 1);
    playQuietTurn(run, 'p3', 1);
    playQuietTurn(run, 'p1', 1);
    expect(run.state.result).toBeNull();
    playQuietTurn(run, 'p2', 1);
    const over = run.events.at(-1);
    expect(over?.type).toBe('gameOver');
    // 21.1, 20.5: score plus the value of the legions (each starting legion: Titan 24 + Angel 24 + 6 × 12 = 120).
    expect(run.state.result).toEqual({
      winner: null,
      reason: 'timeLimit',
      totals: { p1: 120, p2: 120, p3: 120 },
    });
    expect(run.state.step).toEqual({ kind: 'gameOver' });
    // 20.5: every legion counted is revealed.
    if (over?.type === 'gameOver') expect(over.revealed).toHaveLength(6);
    expect(Object.values(run.state.legions).every((l) => l.known.length === l.characters.length)).toBe(true);
    expect(rejectionOf(run, 'p3', { type: 'rollMovement' }).code).toBe('wrongStep');
    expect(rejectionOf(run, DIRECTOR, { type: 'stopGame' }).code).toBe('wrongStep');
  });

  it('21.1: time called during the set up gives every player one full turn', () => {
    const run = newGame(2);
    expect(act(run, DIRECTOR, { type: 'callTime' })).toEqual([
      { type: 'timeCalled', remainingTurns: ['p1', 'p2'] },
      { type: 'stepBegan', step: { kind: 'rollTower', actor: 'p1' } },
    ]);
    act(run, 'p1', { type: 'rollTower' }, [6]);
    act(run, 'p2', { type: 'rollTower' }, [3]);
    act(run, 'p2', { type: 'chooseColor', color: 'Blue' });
    act(run, 'p1', { type: 'chooseColor', color: 'Black' });
    playQuietTurn(run, 'p1', 1);
    expect(run.state.result).toBeNull();
    playQuietTurn(run, 'p2', 1);
    expect(run.state.result?.reason).toBe('timeLimit');
  });
});

describe('20.5: the game stopped before it is decided', () => {
  it('20.5, 19.1: score plus the legions, the Titan at its current power; the highest total wins', () => {
    const base = setUpGame({ players: 2 });
    const run = arrange(
      base,
      [
        { id: 'Bk01', land: 600, characters: ['Titan', 'Ogre'] },
        { id: 'Bu01', land: 500, characters: ['Titan', 'Angel'] },
      ],
      { scores: { p1: 100, p2: 90 } },
    );
    const events = act(run, DIRECTOR, { type: 'stopGame' });
    // p1: 100 + Titan 7×4 + Ogre 12 = 140; p2: 90 + Titan 6×4 + Angel 24 = 138.
    expect(events).toEqual([
      {
        type: 'gameOver',
        result: { winner: 'p1', reason: 'stopped', totals: { p1: 140, p2: 138 } },
        revealed: [
          { legion: 'Bk01', characters: ['Titan', 'Ogre'] },
          { legion: 'Bu01', characters: ['Titan', 'Angel'] },
        ],
      },
    ]);
  });

  it('20.5: equal totals leave no winner', () => {
    const run = setUpGame({ players: 2 });
    act(run, DIRECTOR, { type: 'stopGame' });
    expect(run.state.result).toEqual({ winner: null, reason: 'stopped', totals: { p1: 120, p2: 120 } });
    expect(pending(run.state)).toEqual({ actor: null, step: 'gameOver', intents: [] });
  });
});
