// 32 REGENERATOR (CE Titan, rules 004): each clause, given the position, when the intent, then the events.
import { describe, expect, it } from 'vitest';
import {
  A,
  begin,
  D,
  during,
  engagedRun,
  firstRound,
  moveAll,
  place,
  quietTurn,
  strike,
  strikeStepsBegun,
  toBattle,
  types,
} from '../../engagement/build';
import { ofType } from '../../support/game';
import { hitsOf, withPowers } from './support';

const REGENERATOR = 32;

describe('32 REGENERATOR', () => {
  it('CE 32 B1: at the end of a half turn every survivor heals a hit, one not involved in hostilities two', () => {
    const run = engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Troll'] });
    withPowers(run, { [A]: REGENERATOR });
    begin(run);
    toBattle(run);
    // The Titan on E4 fights; the Ogre on A1 stays out of it.
    firstRound(run, { 'Bk01-1': { hex: 'E4', hits: 3 }, 'Bk01-2': { hits: 3 } });
    strike(run, A, 'Bk01-1', 'Bu01-1', 2, 6, [1, 1, 1, 1, 1, 1]);
    strike(run, D, 'Bu01-1', 'Bk01-1', 6, 6, [1, 1, 1, 1, 1, 1]);
    // The last counterstrike ends the strike phase by itself: the survivors regenerate then.
    const events = strike(run, D, 'Bu01-2', 'Bk01-1', 6, 8, [1, 1, 1, 1, 1, 1, 1, 1]);
    expect(types(events)).toEqual(['strikeRolled', 'stepBegan', 'powerUsed', 'maneuverBegan', 'stepBegan']);
    expect(ofType(events, 'powerUsed')[0]).toMatchObject({
      player: A,
      power: REGENERATOR,
      act: 'regenerate',
      data: { ids: ['Bk01-1', 'Bk01-2'], hits: [-1, -2] },
      // The history's words name each character by its creature and hex, never its id (issue 14).
      words: 'The survivors regenerate: Titan in E4 heals 1 hit, Ogre in A1 heals 2 hits.',
    });
    expect([hitsOf(run, 'Bk01-1'), hitsOf(run, 'Bk01-2')]).toEqual([2, 1]);
  });

  it('CE 32 B1: the enemy does not regenerate, and nothing happens without a hit to heal', () => {
    const run = engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Troll'] });
    withPowers(run, { [A]: REGENERATOR });
    begin(run);
    toBattle(run);
    firstRound(run, { 'Bk01-1': { hex: 'E4' }, 'Bu01-1': { hits: 2 } });
    strike(run, A, 'Bk01-1', 'Bu01-1', 2, 6, [1, 1, 1, 1, 1, 1]);
    strike(run, D, 'Bu01-1', 'Bk01-1', 6, 6, [1, 1, 1, 1, 1, 1]);
    expect(types(strike(run, D, 'Bu01-2', 'Bk01-1', 6, 8, [1, 1, 1, 1, 1, 1, 1, 1]))).toEqual([
      'strikeRolled',
      'stepBegan',
      'maneuverBegan',
      'stepBegan',
    ]);
    expect(hitsOf(run, 'Bu01-1')).toBe(2);
  });

  it('CE 32 B2: before the Regenerator moves, its tree-natives next to a Tree heal a hit', () => {
    // Woods (land 2): Trees on A3, C3, D1, E3, E5.
    const run = engagedRun({ land: 2, attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Ogre'] });
    withPowers(run, { [A]: REGENERATOR });
    begin(run);
    toBattle(run);
    moveAll(run, D, { 'Bu01-1': 'F4', 'Bu01-2': 'D6' });
    quietTurn(run, 'defender');
    moveAll(run, A, { 'Bk01-1': 'B1', 'Bk01-2': 'B2' });
    quietTurn(run, 'attacker');
    // Round 2: both are next to a Tree; only the Ogre (recruitable in the Hills) is a tree-native.
    place(run, { 'Bk01-1': { hits: 4 }, 'Bk01-2': { hits: 4 } });
    // Nothing in contact: the strike phase ends by itself, with the power's moments.
    const events = quietTurn(run, 'defender');
    expect(types(events).slice(-4)).toEqual(['powerUsed', 'powerUsed', 'maneuverBegan', 'stepBegan']);
    const [regenerate, trees] = ofType(events, 'powerUsed');
    expect(regenerate).toMatchObject({
      act: 'regenerate',
      data: { ids: ['Bk01-1', 'Bk01-2'], hits: [-2, -2] },
    });
    expect(trees).toMatchObject({ act: 'trees', data: { ids: ['Bk01-2'], hits: [-1] } });
    expect([hitsOf(run, 'Bk01-1'), hitsOf(run, 'Bk01-2')]).toEqual([2, 1]);
  });

  it('CE 32 B3: before the enemy moves, its characters in native hazards heal a hit', () => {
    // Marsh (land 8): the Ogre in the Bog C2 is native to it; the Titan on D1 is on the Plains.
    const run = engagedRun({ land: 8, attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Troll'] });
    withPowers(run, { [A]: REGENERATOR });
    begin(run);
    toBattle(run);
    // Nothing in contact: the attacker's strike phase ends by itself, with the power's moments.
    const events = during(run, () =>
      firstRound(run, { 'Bk01-1': { hits: 4 }, 'Bk01-2': { hex: 'C2', hits: 4 } }),
    );
    expect(strikeStepsBegun(events).slice(-2)).toEqual(['strike:attacker', 'counterstrike:defender']);
    expect(types(events).slice(-4)).toEqual(['powerUsed', 'powerUsed', 'maneuverBegan', 'stepBegan']);
    expect(ofType(events, 'powerUsed')[1]).toMatchObject({
      act: 'shelter',
      data: { ids: ['Bk01-2'], hits: [-1] },
    });
    expect([hitsOf(run, 'Bk01-1'), hitsOf(run, 'Bk01-2')]).toEqual([2, 1]);
  });

  it('CE 32 B3: before the enemy moves, its characters in the Tower heal a hit', () => {
    const run = engagedRun({ land: 100, attacker: ['Ogre', 'Ogre'], defender: ['Titan', 'Ogre'] });
    withPowers(run, { [D]: REGENERATOR });
    begin(run);
    toBattle(run);
    moveAll(run, D, { 'Bu01-1': 'D4', 'Bu01-2': 'C3' });
    place(run, { 'Bu01-1': { hits: 4 } });
    const events = quietTurn(run, 'defender');
    // B1: not involved, two hits; then B3, before the attacker moves: one more in the Tower.
    expect(ofType(events, 'powerUsed').map((e) => [e.act, e.data])).toEqual([
      ['regenerate', { ids: ['Bu01-1'], hits: [-2], rolls: [] }],
      ['shelter', { ids: ['Bu01-1'], hits: [-1], rolls: [] }],
    ]);
    expect(hitsOf(run, 'Bu01-1')).toBe(1);
  });
});
