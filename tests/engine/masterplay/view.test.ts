// What each viewer may see: 4.5 (contents secret), 4.6 and errata 4.6 (markers public), errata 7.6 (mulligans
// public), 8.1/18.0 (what a rule reveals is known to all), 19.1 (titan power), 20.1 (caretaker public).
import { describe, expect, it } from 'vitest';
import { view } from '../../../shared/engine/view';
import { act, arrange, setUpGame, standardFirstSplit } from '../support/game';

describe('view: players and spectators', () => {
  it("4.5: the owner sees his legions' contents; opponents and spectators see markers, lands and heights", () => {
    const run = setUpGame({ players: 3 });
    standardFirstSplit(run, 'p1');
    const mine = view(run.state, { player: 'p1' });
    const theirs = view(run.state, { player: 'p2' });
    const publicView = view(run.state, { spectator: true });
    expect(mine.legions.find((l) => l.marker === 'Bk02')).toEqual({
      marker: 'Bk02',
      owner: 'p1',
      land: 600,
      height: 4,
      characters: ['Angel', 'Centaur', 'Gargoyle', 'Ogre'],
      known: [],
    });
    expect(theirs.legions.find((l) => l.marker === 'Bk02')).toEqual({
      marker: 'Bk02',
      owner: 'p1',
      land: 600,
      height: 4,
      characters: null,
      known: [],
    });
    expect(theirs.legions.find((l) => l.marker === 'Bu01')?.characters).toHaveLength(8);
    expect(publicView.legions.every((l) => l.characters === null)).toBe(true);
    expect(JSON.stringify(theirs)).not.toContain('"characters":["Angel"');
  });

  it('8.1, 18.0: what a teleport or a muster reveals is known to every viewer', () => {
    const run = arrange(
      setUpGame(),
      [
        { id: 'Bk01', land: 100, characters: ['Angel', 'Troll', 'Troll'] },
        { id: 'Bu01', land: 500, characters: ['Titan', 'Ogre'] },
      ],
      { roll: 6, turnsTaken: 2 },
    );
    act(run, 'p1', { type: 'moveLegion', legion: 'Bk01', land: 14, via: 'towerTeleport' });
    act(run, 'p1', { type: 'doneMoving' });
    // Swamp 14: a Troll musters a Troll.
    act(run, 'p1', { type: 'muster', legion: 'Bk01', creature: 'Troll', reveal: ['Troll'] });
    const seen = view(run.state, { spectator: true }).legions.find((l) => l.marker === 'Bk01');
    expect(seen).toEqual({
      marker: 'Bk01',
      owner: 'p1',
      land: 14,
      height: 4,
      characters: null,
      known: ['Angel', 'Troll', 'Troll'],
    });
  });

  it('19.1, errata 4.6/7.6, 20.1: scores, titan power, markers, mulligans, caretaker and dead pile are public', () => {
    const run = arrange(setUpGame(), [{ id: 'Bk01', land: 600, characters: ['Titan', 'Ogre'] }], {
      scores: { p1: 327 },
    });
    const v = view(run.state, { spectator: true });
    expect(v.players[0]).toEqual({
      id: 'p1',
      name: 'Ann',
      color: 'Black',
      tower: 600,
      score: 327,
      titanPower: 9,
      markersAvailable: [
        'Bk02',
        'Bk03',
        'Bk04',
        'Bk05',
        'Bk06',
        'Bk07',
        'Bk08',
        'Bk09',
        'Bk10',
        'Bk11',
        'Bk12',
      ],
      markersAvailableCount: 11,
      mulligansLeft: 1,
      turnsTaken: 1,
      eliminated: false,
    });
    expect(v.caretaker).toEqual(run.state.caretaker);
    expect(v.deadPile).toEqual({});
  });

  it('errata 1.3/1.4, 4.5: the view names the step and who must act (what he may do goes to him alone); the engagement part is there (none now)', () => {
    const run = setUpGame();
    const v = view(run.state, { player: 'p2' });
    expect(v.step).toEqual({ kind: 'split', actor: 'p1' });
    expect(v.pending).toEqual({ actor: 'p1', step: 'split', intents: [] });
    expect(view(run.state, { spectator: true }).pending).toEqual(v.pending);
    expect(view(run.state, { player: 'p1' }).pending).toEqual({
      actor: 'p1',
      step: 'split',
      intents: ['split', 'withdraw'],
    });
    expect(v.engagement).toBeNull();
    expect(v.battle).toBeNull();
    expect(v.turn?.player).toBe('p1');
    expect(JSON.parse(JSON.stringify(v))).toEqual(v);
  });
});
