// Initial set up: Complete Sequence 1.x, 5.0-5.2, errata 3.5/5.0/5.1/5.2/7.6, 21.3.
import { describe, expect, it } from 'vitest';
import { CHARACTERS } from '../../../shared/data/characters';
import { createGame } from '../../../shared/engine/setup';
import { act, newGame, ofType, rejectionOf, setUpGame } from '../support/game';

describe('Complete Sequence 1.1-1.3: creating the game and the tower rolls', () => {
  it('1.1: the game is created, then the first seat is asked for a tower roll', () => {
    const run = newGame(3);
    expect(run.events.map((e) => e.type)).toEqual(['gameCreated', 'stepBegan']);
    expect(run.state.step).toEqual({ kind: 'rollTower', actor: 'p1' });
    expect(run.state.players.map((p) => [p.score, p.tower, p.color])).toEqual([
      [0, null, null],
      [0, null, null],
      [0, null, null],
    ]);
  });

  it('1.1: Titan is for 2 to 6 players with distinct ids', () => {
    const seat = (id: string) => ({ id, name: id });
    expect(() => createGame({ players: [seat('a')] })).toThrow();
    expect(() => createGame({ players: ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map(seat) })).toThrow();
    expect(() => createGame({ players: [seat('a'), seat('a')] })).toThrow();
    expect(() => createGame({ players: [seat('a'), seat('b')] })).not.toThrow();
  });

  it('1.3.1.1: each player makes his tower roll in seat order; others may not roll for him', () => {
    const run = newGame(3);
    expect(rejectionOf(run, 'p2', { type: 'rollTower' }, [4]).code).toBe('notYourTurn');
    const events = act(run, 'p1', { type: 'rollTower' }, [4]);
    expect(events).toEqual([
      { type: 'towerRolled', player: 'p1', roll: 4 },
      { type: 'stepBegan', step: { kind: 'rollTower', actor: 'p2' } },
    ]);
  });

  it('errata 5.1: a player may not withdraw while rolling for towers', () => {
    const run = newGame(2);
    const r = rejectionOf(run, 'p1', { type: 'withdraw' });
    expect(r.code).toBe('notAllowed');
    expect(r.rule).toContain('5.1');
  });

  it('1.3.1.2, 5.1: players who roll the same number, or a tower already taken, roll again', () => {
    const run = newGame(3);
    act(run, 'p1', { type: 'rollTower' }, [3]);
    act(run, 'p2', { type: 'rollTower' }, [3]);
    const set1 = act(run, 'p3', { type: 'rollTower' }, [5]);
    expect(ofType(set1, 'towersAssigned')).toEqual([
      { type: 'towersAssigned', assignments: [{ player: 'p3', tower: 500 }] },
    ]);
    // A new set: only p1 and p2 roll again.
    expect(run.state.step).toEqual({ kind: 'rollTower', actor: 'p1' });
    expect(run.state.towerRolls).toEqual({});
    act(run, 'p1', { type: 'rollTower' }, [5]); // 500 is taken
    const set2 = act(run, 'p2', { type: 'rollTower' }, [1]);
    expect(ofType(set2, 'towersAssigned')[0]?.assignments).toEqual([{ player: 'p2', tower: 100 }]);
    expect(run.state.step).toEqual({ kind: 'rollTower', actor: 'p1' });
    const set3 = act(run, 'p1', { type: 'rollTower' }, [1]); // 100 is taken
    expect(ofType(set3, 'towersAssigned')[0]?.assignments).toEqual([]);
    const set4 = act(run, 'p1', { type: 'rollTower' }, [6]);
    expect(ofType(set4, 'towersAssigned')[0]?.assignments).toEqual([{ player: 'p1', tower: 600 }]);
    expect(run.state.players.map((p) => p.tower)).toEqual([600, 100, 500]);
    // 5.1, errata 5.1: descending towers move first; errata 5.0/20.1: the lowest tower chooses a colour first.
    expect(run.state.turnOrder).toEqual(['p1', 'p3', 'p2']);
    expect(run.state.step).toEqual({ kind: 'chooseColor', actor: 'p2' });
  });

  it('1.3.1.2: three players rolling the same number are all rolled again', () => {
    const run = newGame(3);
    act(run, 'p1', { type: 'rollTower' }, [2]);
    act(run, 'p2', { type: 'rollTower' }, [2]);
    const events = act(run, 'p3', { type: 'rollTower' }, [2]);
    expect(ofType(events, 'towersAssigned')[0]?.assignments).toEqual([]);
    expect(run.state.step).toEqual({ kind: 'rollTower', actor: 'p1' });
  });
});

describe('Complete Sequence 1.4-1.6: colours, markers, starting legions', () => {
  it('errata 5.0, 20.1: colours are chosen in ascending tower order; a chosen colour is not available', () => {
    const run = newGame(3);
    act(run, 'p1', { type: 'rollTower' }, [2]);
    act(run, 'p2', { type: 'rollTower' }, [6]);
    act(run, 'p3', { type: 'rollTower' }, [4]);
    expect(run.state.step).toEqual({ kind: 'chooseColor', actor: 'p1' });
    expect(rejectionOf(run, 'p3', { type: 'chooseColor', color: 'Red' }).code).toBe('notYourTurn');
    act(run, 'p1', { type: 'chooseColor', color: 'Red' });
    expect(run.state.step).toEqual({ kind: 'chooseColor', actor: 'p3' });
    const taken = rejectionOf(run, 'p3', { type: 'chooseColor', color: 'Red' });
    expect(taken.code).toBe('notAllowed');
    expect(taken.rule).toContain('5.0');
    act(run, 'p3', { type: 'chooseColor', color: 'Gold' });
    expect(run.state.step).toEqual({ kind: 'chooseColor', actor: 'p2' });
  });

  it('1.5, 4.2, 5.2, errata 4.1/5.2: twelve markers and one starting legion of eight in the tower', () => {
    const run = setUpGame({ players: 2 });
    const placed = ofType(run.events, 'startingLegionPlaced');
    expect(placed).toEqual([
      {
        type: 'startingLegionPlaced',
        player: 'p1',
        legion: 'Bk01',
        land: 600,
        characters: ['Titan', 'Angel', 'Centaur', 'Centaur', 'Gargoyle', 'Gargoyle', 'Ogre', 'Ogre'],
      },
      {
        type: 'startingLegionPlaced',
        player: 'p2',
        legion: 'Bu01',
        land: 500,
        characters: ['Titan', 'Angel', 'Centaur', 'Centaur', 'Gargoyle', 'Gargoyle', 'Ogre', 'Ogre'],
      },
    ]);
    const p1 = run.state.players[0];
    expect(p1?.markersAvailable).toHaveLength(11);
    expect(p1?.markersAvailable).not.toContain('Bk01');
    expect(run.state.legions.Bk01?.characters).toHaveLength(8);
    // 1.6, errata 5.0: every score starts at 0.
    expect(run.state.players.map((p) => p.score)).toEqual([0, 0]);
  });

  it('errata 3.5: the caretaker holds the errata counts less what was handed out', () => {
    const run = setUpGame({ players: 3 });
    expect(run.state.caretaker.Angel).toBe((CHARACTERS.Angel.count ?? 0) - 3);
    expect(run.state.caretaker.Centaur).toBe(25 - 6);
    expect(run.state.caretaker.Gargoyle).toBe(21 - 6);
    expect(run.state.caretaker.Ogre).toBe(25 - 6);
    expect(run.state.caretaker.Archangel).toBe(6);
    expect(run.state.caretaker.Titan).toBeUndefined();
  });

  it('21.3 TITANplus: Cyclops, Lions and Trolls are the tower creatures; eight markers each', () => {
    const run = setUpGame({ players: 2, options: { variant: 'titanPlus' } });
    expect(run.state.legions.Bk01?.characters).toEqual([
      'Titan',
      'Angel',
      'Cyclops',
      'Cyclops',
      'Lion',
      'Lion',
      'Troll',
      'Troll',
    ]);
    expect(run.state.players[0]?.markersAvailable).toEqual([
      'Bk02',
      'Bk03',
      'Bk04',
      'Bk05',
      'Bk06',
      'Bk07',
      'Bk08',
    ]);
    expect(run.state.caretaker.Centaur).toBe(0);
    expect(run.state.caretaker.Lion).toBe(28 - 4);
  });

  it('Complete Sequence 2, 5.1: the highest tower takes the first turn: turnStarted, then the split step', () => {
    const run = setUpGame({ players: 3, towers: [200, 600, 300] });
    expect(run.state.turnOrder).toEqual(['p2', 'p3', 'p1']);
    expect(run.events.slice(-2)).toEqual([
      { type: 'turnStarted', player: 'p2', number: 1 },
      { type: 'stepBegan', step: { kind: 'split', actor: 'p2' } },
    ]);
  });

  it('7.6, errata 7.6: one first-turn mulligan each, or the handicap count', () => {
    const run = setUpGame({ players: 3, options: { handicapMulligans: { p3: 3 } } });
    expect(run.state.players.map((p) => p.mulligansLeft)).toEqual([1, 1, 3]);
  });

  it('errata 5.0: a player may withdraw instead of choosing a colour; the others play on', () => {
    const run = newGame(3);
    act(run, 'p1', { type: 'rollTower' }, [6]);
    act(run, 'p2', { type: 'rollTower' }, [5]);
    act(run, 'p3', { type: 'rollTower' }, [1]);
    const events = act(run, 'p3', { type: 'withdraw' });
    expect(events.map((e) => e.type)).toEqual(['playerWithdrew', 'playerEliminated', 'stepBegan']);
    expect(run.state.step).toEqual({ kind: 'chooseColor', actor: 'p2' });
    act(run, 'p2', { type: 'chooseColor', color: 'Green' });
    act(run, 'p1', { type: 'chooseColor', color: 'Black' });
    expect(ofType(run.events, 'startingLegionPlaced').map((e) => e.player)).toEqual(['p1', 'p2']);
    expect(run.state.step).toEqual({ kind: 'split', actor: 'p1' });
  });

  it('errata 5.0, 19.0: if the withdrawal leaves one player, he wins at once', () => {
    const run = newGame(2);
    act(run, 'p1', { type: 'rollTower' }, [6]);
    act(run, 'p2', { type: 'rollTower' }, [5]);
    const events = act(run, 'p2', { type: 'withdraw' });
    expect(events.at(-1)).toEqual({
      type: 'gameOver',
      result: { winner: 'p1', reason: 'lastTitan', totals: { p1: 0, p2: 0 } },
      revealed: [],
    });
    expect(run.state.step).toEqual({ kind: 'gameOver' });
  });
});
