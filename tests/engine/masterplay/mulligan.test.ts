// The movement roll and mulligans: Complete Sequence 2.2, 2.2.1; 7.6, errata 7.6.
import { describe, expect, it } from 'vitest';
import { legalIntents } from '../../../shared/engine/legal';
import { act, playQuietTurn, type Run, rejectionOf, setUpGame, standardFirstSplit } from '../support/game';

function firstTurnRolled(handicap: Record<string, number> = {}): Run {
  const run = setUpGame({ towers: [600, 300], options: { handicapMulligans: handicap } });
  standardFirstSplit(run, 'p1');
  act(run, 'p1', { type: 'rollMovement' }, [2]);
  return run;
}

describe('7.6, Complete Sequence 2.2.1: the first-turn mulligan', () => {
  it('2.2: the movement roll is recorded and the move step begins', () => {
    const run = setUpGame();
    standardFirstSplit(run, 'p1');
    expect(act(run, 'p1', { type: 'rollMovement' }, [4])).toEqual([
      { type: 'movementRolled', player: 'p1', roll: 4, mulligan: false },
      { type: 'stepBegan', step: { kind: 'move', actor: 'p1' } },
    ]);
    expect(run.state.turn?.movementRoll).toBe(4);
  });

  it('7.6: on his first turn a player may reroll once and keeps the new roll', () => {
    const run = firstTurnRolled();
    expect(legalIntents(run.state, 'p1')).toContainEqual({ type: 'takeMulligan' });
    expect(act(run, 'p1', { type: 'takeMulligan' }, [5])).toEqual([
      { type: 'movementRolled', player: 'p1', roll: 5, mulligan: true },
      { type: 'stepBegan', step: { kind: 'move', actor: 'p1' } },
    ]);
    expect(run.state.turn?.movementRoll).toBe(5);
    expect(run.state.players[0]?.mulligansLeft).toBe(0);
    const again = rejectionOf(run, 'p1', { type: 'takeMulligan' }, [1]);
    expect(again.code).toBe('notAllowed');
    expect(again.rule).toContain('7.6');
    expect(legalIntents(run.state, 'p1')).not.toContainEqual({ type: 'takeMulligan' });
  });

  it('Complete Sequence 2.2.1: the mulligan comes before any legion moves', () => {
    const run = firstTurnRolled();
    const move = legalIntents(run.state, 'p1').find((i) => i.type === 'moveLegion');
    if (move === undefined) throw new Error('no move');
    act(run, 'p1', move);
    expect(rejectionOf(run, 'p1', { type: 'takeMulligan' }, [3]).rule).toContain('2.2.1');
  });

  it('Law 7.6: once a legion has moved the mulligan is gone, even after the move is taken back', () => {
    const run = firstTurnRolled();
    const move = legalIntents(run.state, 'p1').find((i) => i.type === 'moveLegion');
    if (move === undefined || move.type !== 'moveLegion') throw new Error('no move');
    act(run, 'p1', move);
    act(run, 'p1', { type: 'undoMove', legion: move.legion });
    expect(run.state.turn?.moves).toEqual([]);
    const late = rejectionOf(run, 'p1', { type: 'takeMulligan' }, [3]);
    expect(late.code).toBe('notAllowed');
    expect(late.rule).toContain('7.6');
    expect(legalIntents(run.state, 'p1')).not.toContainEqual({ type: 'takeMulligan' });
    // The mulligan itself is not spent: it is only too late for it this turn.
    expect(run.state.players[0]?.mulligansLeft).toBe(1);
  });

  it('errata 7.6: after the mulligan the split cannot be changed', () => {
    const run = firstTurnRolled();
    act(run, 'p1', { type: 'takeMulligan' }, [6]);
    const r = rejectionOf(run, 'p1', {
      type: 'split',
      legion: 'Bk01',
      groups: [{ marker: 'Bk03', characters: ['Titan', 'Centaur'] }],
    });
    expect(r.code).toBe('wrongStep');
  });

  it('7.6: an unused first-turn mulligan is lost after the first turn', () => {
    const run = setUpGame({ towers: [600, 300] });
    playQuietTurn(run, 'p1', 1);
    expect(run.state.players[0]?.mulligansLeft).toBe(0);
    playQuietTurn(run, 'p2', 1);
    act(run, 'p1', { type: 'rollMovement' }, [3]);
    const r = rejectionOf(run, 'p1', { type: 'takeMulligan' }, [4]);
    expect(r.code).toBe('notAllowed');
  });

  it('errata 1.3/1.4: another player cannot take the mulligan', () => {
    const run = firstTurnRolled();
    expect(rejectionOf(run, 'p2', { type: 'takeMulligan' }, [4]).code).toBe('notYourTurn');
  });
});

describe('errata 7.6: handicap mulligans', () => {
  it('errata 7.6: a fixed number, usable on any turn, one per turn; the first-turn one counts among them', () => {
    const run = firstTurnRolled({ p1: 2 });
    expect(run.state.players[0]?.mulligansLeft).toBe(2);
    act(run, 'p1', { type: 'takeMulligan' }, [1]);
    expect(rejectionOf(run, 'p1', { type: 'takeMulligan' }, [1]).code).toBe('notAllowed');
    const move = legalIntents(run.state, 'p1').find((i) => i.type === 'moveLegion' && i.entry === null);
    if (move === undefined) throw new Error('no move');
    act(run, 'p1', move);
    act(run, 'p1', { type: 'doneMoving' });
    act(run, 'p1', { type: 'endTurn' });
    // Handicap mulligans are not lost at the end of the first turn.
    expect(run.state.players[0]?.mulligansLeft).toBe(1);
    playQuietTurn(run, 'p2', 1);
    act(run, 'p1', { type: 'rollMovement' }, [2]);
    act(run, 'p1', { type: 'takeMulligan' }, [3]);
    expect(run.state.players[0]?.mulligansLeft).toBe(0);
    const quiet = legalIntents(run.state, 'p1').find((i) => i.type === 'moveLegion' && i.entry === null);
    if (quiet === undefined) throw new Error('no move');
    act(run, 'p1', quiet);
    act(run, 'p1', { type: 'doneMoving' });
    act(run, 'p1', { type: 'endTurn' });
    playQuietTurn(run, 'p2', 1);
    act(run, 'p1', { type: 'rollMovement' }, [2]);
    const none = rejectionOf(run, 'p1', { type: 'takeMulligan' }, [3]);
    expect(none).toMatchObject({ code: 'notAllowed' });
    expect(none.message).toContain('no mulligan left');
  });

  it('errata 7.6: the number of mulligans each player has left is public', async () => {
    const { view } = await import('../../../shared/engine/view');
    const run = firstTurnRolled({ p1: 3 });
    act(run, 'p1', { type: 'takeMulligan' }, [4]);
    expect(view(run.state, { spectator: true }).players.map((p) => p.mulligansLeft)).toEqual([2, 1]);
  });
});
