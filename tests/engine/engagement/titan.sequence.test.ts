// Titans (19.0–19.4, errata 19.0/19.3/19.4, 10.1, 16.0, 20.4) and the end of the game.
import { describe, expect, it } from 'vitest';
import { MARKERS } from '../../../shared/data/markers';
import type { Proposal } from '../../../shared/engine/intents';
import { eliminatePlayer } from '../../../shared/engine/titan';
import { act, ofType } from '../support/game';
import {
  A,
  begin,
  D,
  engagedRun,
  firstRound,
  legion,
  moveAll,
  ones,
  score,
  step,
  strike,
  toBattle,
  types,
} from './build';

describe('a Titan eliminated (19.3, 19.4, errata 19.4)', () => {
  it('errata 19.4: the other legions score half points to the player each is engaged with, else to the slayer, rounded once per player; markers to the slayer', () => {
    const run = engagedRun({
      players: 3,
      attacker: ['Titan', 'Centaur'],
      defender: ['Ogre', 'Ogre'],
      others: [
        { id: 'Bk02', land: 6, characters: ['Lion', 'Lion', 'Gargoyle'] },
        { id: 'Br01', land: 6, characters: ['Ogre', 'Ogre'] },
        { id: 'Bk03', land: 15, characters: ['Lion', 'Ogre'] },
        { id: 'Bk04', land: 20, characters: ['Lion'] },
      ],
      more: [{ land: 6, attacker: 'Bk02', defender: 'Br01', entry: 'bottom' }],
    });
    begin(run, 1);
    act(run, D, { type: 'noMoreProposals' });
    // 9.4, 20.4: the Mover concedes with his Titan legion: it is as if his Titan were slain.
    const events = act(run, A, { type: 'concede' });
    expect(types(events)).toEqual([
      'engagementConceded',
      'engagementResolved',
      'legionEliminated',
      'pointsScored',
      'legionEliminated',
      'legionEliminated',
      'legionEliminated',
      'pointsScored',
      'pointsScored',
      'playerEliminated',
      'engagementEnded',
      'turnEnded',
      'turnStarted',
      'stepBegan',
    ]);
    const points = ofType(events, 'pointsScored').map((e) => [e.player, e.points, e.reason]);
    // 9.4: full value (Titan 24 + Centaur 12) to the victor; then Bk03 (27) + Bk04 (15) to the slayer: 42 / 2 = 21
    // (not 13 + 7); Bk02 (42) to the player it was engaged with.
    expect(points).toEqual([
      [D, 36, 'engagement'],
      [D, 21, 'halfPoints'],
      ['p3', 21, 'halfPoints'],
    ]);
    // Errata 19.4: the eliminated player's legions are revealed as they are removed.
    expect(ofType(events, 'legionEliminated').slice(1)).toEqual([
      {
        type: 'legionEliminated',
        legion: 'Bk02',
        owner: A,
        characters: ['Lion', 'Lion', 'Gargoyle'],
        reason: 'titanSlain',
      },
      {
        type: 'legionEliminated',
        legion: 'Bk03',
        owner: A,
        characters: ['Lion', 'Ogre'],
        reason: 'titanSlain',
      },
      { type: 'legionEliminated', legion: 'Bk04', owner: A, characters: ['Lion'], reason: 'titanSlain' },
    ]);
    expect(ofType(events, 'playerEliminated')[0]).toEqual({ type: 'playerEliminated', player: A, by: D });
    // 4.6: the slayer takes all his markers.
    const blue = run.state.players.find((p) => p.id === D);
    expect(blue?.markersAvailable).toEqual(expect.arrayContaining(MARKERS.Black.map((m) => m.id)));
    // The eliminated Mover's turn ends; the game goes on.
    expect(run.state.turn?.engagements).toEqual([]);
    expect(step(run)).toMatchObject({ kind: 'split' });
    expect(run.state.result).toBeNull();
  });

  it('19.4, errata 19.4: a legion whose engagement is removed by a Titan elimination wins it but takes no reinforcement', () => {
    // Marsh 8: p3's two Ogres could muster a Troll after winning a battle there (14.0), not after this removal.
    const run = engagedRun({
      players: 3,
      attacker: ['Titan', 'Centaur'],
      defender: ['Ogre', 'Ogre'],
      others: [
        { id: 'Bk02', land: 8, characters: ['Lion', 'Gargoyle'] },
        { id: 'Br01', land: 8, characters: ['Ogre', 'Ogre'] },
      ],
      more: [{ land: 8, attacker: 'Bk02', defender: 'Br01', entry: 'bottom' }],
    });
    begin(run, 1);
    act(run, D, { type: 'noMoreProposals' });
    const events = act(run, A, { type: 'concede' });
    expect(ofType(events, 'pointsScored')).toContainEqual({
      type: 'pointsScored',
      player: 'p3',
      points: 13, // (Lion 15 + Gargoyle 12) / 2, rounded down
      reason: 'halfPoints',
    });
    expect(ofType(events, 'reinforcementMustered')).toEqual([]);
    expect(ofType(events, 'stepBegan').map((e) => e.step.kind)).not.toContain('postBattleAddition');
    expect(legion(run, 'Br01')?.characters).toEqual(['Ogre', 'Ogre']);
  });

  it('errata 19.3, 19.4: when both Titans fall neither player scores and nobody takes the markers', () => {
    const run = engagedRun({
      players: 3,
      attacker: ['Titan', 'Ogre'],
      defender: ['Titan', 'Centaur'],
      others: [
        { id: 'Bk02', land: 6, characters: ['Lion', 'Lion'] },
        { id: 'Bu02', land: 6, characters: ['Ogre', 'Ogre'] },
        { id: 'Bk03', land: 15, characters: ['Troll', 'Troll'] },
        { id: 'Br01', land: 15, characters: ['Ogre'] },
        { id: 'Bu03', land: 20, characters: ['Gargoyle'] },
      ],
      more: [
        { land: 6, attacker: 'Bk02', defender: 'Bu02', entry: 'bottom' },
        { land: 15, attacker: 'Bk03', defender: 'Br01', entry: 'bottom' },
      ],
    });
    begin(run, 1);
    const mutual: Proposal = { attackerLosses: ['Titan', 'Ogre'], defenderLosses: ['Titan', 'Centaur'] };
    act(run, D, { type: 'propose', proposals: [mutual] });
    const events = act(run, A, { type: 'acceptProposal', proposal: mutual });
    // Only the legion engaged with a third player scores (Bk03: 32 at half points to p3).
    expect(ofType(events, 'pointsScored')).toEqual([
      { type: 'pointsScored', player: 'p3', points: 16, reason: 'halfPoints' },
    ]);
    expect(ofType(events, 'playerEliminated')).toEqual([
      { type: 'playerEliminated', player: A, by: null },
      { type: 'playerEliminated', player: D, by: null },
    ]);
    expect(
      run.state.players.find((p) => p.id === 'p3')?.markersAvailable.some((m) => m.startsWith('Bk')),
    ).toBe(false);
    // Errata 19.0: one player left: the game is over at the end of the engagement.
    expect(events.at(-1)).toMatchObject({ type: 'gameOver', result: { winner: 'p3', reason: 'lastTitan' } });
  });

  it('errata 19.3: a mutual elimination with one Titan slain: the other player still gets half points and the markers', () => {
    const run = engagedRun({
      attacker: ['Ogre', 'Ogre'],
      defender: ['Titan', 'Centaur'],
      others: [
        { id: 'Bk02', land: 6, characters: ['Titan', 'Angel'] },
        { id: 'Bu02', land: 15, characters: ['Gargoyle', 'Gargoyle'] },
      ],
    });
    begin(run, 1);
    toBattle(run);
    firstRound(run, { 'Bk01-1': { hex: 'E4' }, 'Bu01-1': { hits: 5 } });
    strike(run, A, 'Bk01-1', 'Bu01-1', 6, 6, [6, 1, 1, 1, 1, 1]);
    strike(run, D, 'Bu01-1', 'Bk01-1', 2, 6, ones(6));
    // The last counterstrike made, the strike phase ends by itself.
    strike(run, D, 'Bu01-2', 'Bk01-1', 2, 3, ones(3));
    expect(step(run)).toEqual({ kind: 'battleEnding', actor: A, side: 'attacker' });
    // Errata 9.4/9.5: conceding after the opponent's Titan was slain is a mutual elimination.
    const events = act(run, A, { type: 'concede' });
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({
      outcome: 'mutualElimination',
      winner: null,
      attackerLosses: ['Ogre', 'Ogre'],
      defenderLosses: ['Titan'],
    });
    // The Centaur left in the Titan's legion and the Gargoyles: (12 + 24) / 2.
    expect(ofType(events, 'pointsScored')).toEqual([
      { type: 'pointsScored', player: A, points: 18, reason: 'halfPoints' },
    ]);
    expect(ofType(events, 'playerEliminated')).toEqual([{ type: 'playerEliminated', player: D, by: A }]);
    expect(run.state.result).toMatchObject({ winner: A, reason: 'lastTitan' });
  });

  it('errata 10.1, 16.0: a Titan left off the battleland is slain; the battle ends at the end of that strike phase', () => {
    const run = engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Titan', 'Ogre'] });
    begin(run);
    toBattle(run);
    moveAll(run, D, { 'Bu01-2': 'E5' });
    act(run, D, { type: 'doneManeuvering' });
    expect(run.state.engagement?.defenderLosses).toEqual(['Titan']);
    // The defender's strikes end by themselves; the battle ending, the attacker's counterstrike step is his last
    // chance to concede and waits though he has nothing to strike (2.5.6.4.1.5, 2.5.6.4.1.8.1).
    expect(step(run)).toEqual({ kind: 'counterstrike', actor: A, side: 'attacker' });
    act(run, A, { type: 'doneStriking' });
    expect(step(run)).toEqual({ kind: 'battleEnding', actor: D, side: 'defender' });
    const events = act(run, D, { type: 'pass' });
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({
      outcome: 'titanElimination',
      winner: 'Bk01',
    });
    // The Titan's value (6 × 4) counts as if slain; the Ogre left in its legion at half points (19.4).
    expect(ofType(events, 'pointsScored').map((e) => [e.points, e.reason])).toEqual([
      [24, 'engagement'],
      [6, 'halfPoints'],
    ]);
    expect(score(run, A)).toBe(30);
  });

  it('19.0, errata 19.0, 3: the game ends at the end of the engagement; the winner\u2019s legions become public', () => {
    const run = engagedRun({
      attacker: ['Titan', 'Ogre'],
      defender: ['Titan', 'Ogre'],
      others: [{ id: 'Bk02', land: 6, characters: ['Angel', 'Gargoyle'] }],
    });
    begin(run);
    act(run, D, { type: 'concede' });
    // Errata 19.0: the winner of the final engagement may still summon (or take Angels) before the end.
    expect(step(run)).toEqual({ kind: 'postBattleAddition', actor: A, side: 'attacker' });
    const events = act(run, A, { type: 'pass' });
    expect(types(events).slice(-3)).toEqual(['playerEliminated', 'engagementEnded', 'gameOver']);
    expect(run.state.step).toEqual({ kind: 'gameOver' });
    expect(run.state.result).toEqual({ winner: A, reason: 'lastTitan', totals: { [A]: 36, [D]: 0 } });
    expect(ofType(events, 'gameOver')[0]?.revealed).toEqual([
      { legion: 'Bk01', characters: ['Titan', 'Ogre'] },
      { legion: 'Bk02', characters: ['Angel', 'Gargoyle'] },
    ]);
    expect(legion(run, 'Bk02')?.known).toEqual(['Angel', 'Gargoyle']);
    // Errata 19.0: no muster after the end.
    expect(ofType(events, 'stepBegan')).toEqual([]);
  });

  it('20.4: a withdrawal removes all the legions for no points and passes no markers', () => {
    const run = engagedRun({
      attacker: ['Titan', 'Ogre'],
      defender: ['Titan', 'Ogre'],
      others: [{ id: 'Bu02', land: 6, characters: ['Colossus', 'Colossus'] }],
    });
    const events = eliminatePlayer(run.state, D, null);
    expect(types(events)).toEqual(['legionEliminated', 'legionEliminated', 'playerEliminated']);
    expect(ofType(events, 'legionEliminated').map((e) => e.reason)).toEqual(['withdrawal', 'withdrawal']);
    expect(ofType(events, 'playerEliminated')[0]).toEqual({ type: 'playerEliminated', player: D, by: null });
  });
});
