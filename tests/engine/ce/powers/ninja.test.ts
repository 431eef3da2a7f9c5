// 42 NINJA (CE Titan, rules 004): each clause, given the position, when the intent, then the events.
import { describe, expect, it } from 'vitest';
import { rollsInEvents } from '../../../../server/rooms/dice';
import { legalIntents } from '../../../../shared/engine/legal';
import { A, begin, D, engagedRun, firstRound, ones, strike, toBattle, types } from '../../engagement/build';
import type { Run } from '../../support/game';
import { act, ofType, rejectionOf } from '../../support/game';
import { hitsOf, withPowers } from './support';

const NINJA = 42;
const LADY_LUCK = 41;

/** Marsh (land 8), round 1, the attacker's strikes: his Ogre in the Bog D5 in contact with the defender's first
 *  character on E5; the defender's second on F4 (range 3 from D5); p1 (the attacker) is the Ninja unless not. */
function inBog(
  defender: readonly ['Lion' | 'Troll', 'Troll'],
  ninja = true,
  given: Parameters<typeof firstRound>[1] = {},
): Run {
  const run = engagedRun({ land: 8, attacker: ['Ogre', 'Centaur'], defender });
  if (ninja) withPowers(run, { [A]: NINJA });
  begin(run);
  toBattle(run);
  firstRound(run, { 'Bk01-1': { hex: 'D5' }, ...given });
  return run;
}

/** Hills (land 4), round 1, the attacker's strikes: his Ogre atop the Slopes of D2, the defender's Centaur below
 *  it on D3 and Troll on F4. */
function onSlope(ninja: boolean): Run {
  const run = engagedRun({ land: 4, attacker: ['Ogre', 'Centaur'], defender: ['Centaur', 'Troll'] });
  if (ninja) withPowers(run, { [A]: NINJA });
  begin(run);
  toBattle(run);
  firstRound(run, { 'Bk01-1': { hex: 'D2' }, 'Bu01-1': { hex: 'D3' } });
  return run;
}

describe('42 NINJA', () => {
  it('CE 42 B1: a character in a native hazard hex gains 1 die striking out', () => {
    expect(legalIntents(inBog(['Lion', 'Troll'], false).state, A)).toContainEqual({
      type: 'strike',
      striker: 'Bk01-1',
      target: 'Bu01-1',
      strikeNumber: 5,
      dice: 6,
    });
    const run = inBog(['Lion', 'Troll']);
    const seven = { type: 'strike', striker: 'Bk01-1', target: 'Bu01-1', strikeNumber: 5, dice: 7 } as const;
    expect(legalIntents(run.state, A)).toContainEqual(seven);
    // The chart's 6 dice are refused, the state unchanged.
    const before = run.state;
    const refused = rejectionOf(run, A, { ...seven, dice: 6 });
    expect(refused.code).toBe('illegalStrike');
    expect(refused.rule).toContain('12.2');
    expect(run.state).toBe(before);
    // His one strike made, his strike step ends by itself: the shuriken (B2) at the Troll, rolled with the same
    // dice, miss.
    const events = strike(run, A, 'Bk01-1', 'Bu01-1', 5, 7, [5, 5, 1, 1, 1, 1, 1, 1, 1]);
    expect(ofType(events, 'strikeRolled')[0]).toMatchObject({ hits: 2 });
    expect(hitsOf(run, 'Bu01-1')).toBe(2);
  });

  it('CE 42 B1: the first hit of a non-native enemy striking into the native hazard is discounted', () => {
    const run = inBog(['Lion', 'Troll']);
    strike(run, A, 'Bk01-1', 'Bu01-1', 5, 7, [...ones(7), 1, 1]); // then the shuriken (B2) at the Troll miss
    // The Lion (not native to Bog) strikes the Ogre with its usual factors, and rolls two hits: one counts.
    const events = strike(run, D, 'Bu01-1', 'Bk01-1', 3, 5, [3, 4, 1, 1, 1]);
    expect(ofType(events, 'strikeRolled')[0]).toMatchObject({
      option: { target: 'Bk01-1', strikeNumber: 3, dice: 5, discounted: 1 },
      hits: 1,
    });
    expect(hitsOf(run, 'Bk01-1')).toBe(1);
  });

  it('CE 42 B1: a Bog-native enemy loses no hit', () => {
    const run = inBog(['Troll', 'Troll']);
    strike(run, A, 'Bk01-1', 'Bu01-1', 4, 7, [...ones(7), 1, 1]);
    const events = strike(run, D, 'Bu01-1', 'Bk01-1', 4, 8, [4, 4, 1, 1, 1, 1, 1, 1]);
    expect(ofType(events, 'strikeRolled')[0]).toMatchObject({
      option: { target: 'Bk01-1', strikeNumber: 4, dice: 8 },
      hits: 2,
    });
    expect(ofType(events, 'strikeRolled')[0]?.option).not.toHaveProperty('discounted');
    expect(hitsOf(run, 'Bk01-1')).toBe(2);
  });

  it('CE 42 B1: the same atop a favourable (onside) Slope the character is native to', () => {
    // The Ogre strikes down the Slope: 6 dice, +1 for a Slope native striking down, +1 for the Ninja.
    const strikeAt = (run: Run) =>
      legalIntents(run.state, A).find((i) => i.type === 'strike' && i.striker === 'Bk01-1');
    expect(strikeAt(onSlope(false))).toMatchObject({ target: 'Bu01-1', strikeNumber: 6, dice: 7 });
    const run = onSlope(true);
    expect(strikeAt(run)).toMatchObject({ target: 'Bu01-1', strikeNumber: 6, dice: 8 });
    strike(run, A, 'Bk01-1', 'Bu01-1', 6, 8, ones(8));
    // The Centaur (not native to Slope) strikes up at skill 3: its first hit is discounted.
    const events = strike(run, D, 'Bu01-1', 'Bk01-1', 3, 3, [3, 3, 3]);
    expect(ofType(events, 'strikeRolled')[0]).toMatchObject({ option: { discounted: 1 }, hits: 2 });
    expect(hitsOf(run, 'Bk01-1')).toBe(2);
  });

  it("CE 42 B2: in the Ninja's half turn, each of his characters throws shuriken (a third of its power, a skill down)", () => {
    const run = inBog(['Lion', 'Troll']);
    // His one strike made, his strike step ends by itself. As the counterstrikes begin: the Ogre (6: 2 dice at
    // skill 1) at the Troll on F4 (skill 2): 5s. The Lion is adjacent (struck, not rangestruck); the Centaur on A1
    // has no enemy within its range.
    const events = strike(run, A, 'Bk01-1', 'Bu01-1', 5, 7, [...ones(7), 6, 3]);
    expect(types(events)).toEqual([
      'strikeRolled',
      'stepBegan',
      'strikePhaseBegan',
      'powerUsed',
      'stepBegan',
    ]);
    expect(ofType(events, 'powerUsed')[0]).toEqual({
      type: 'powerUsed',
      player: A,
      power: NINJA,
      act: 'shuriken',
      words: 'Shuriken: Ogre Bk01-1 at Troll Bu01-2 needing 5s rolls 6, 3: 1 hit.',
      audience: 'all',
      data: { ids: ['Bu01-2'], hits: [1], rolls: [6, 3], kept: [6, 3], targets: ['Bu01-2'] },
    });
    expect(hitsOf(run, 'Bu01-2')).toBe(1);
    // A rangestruck target is involved in hostilities (as for 32 REGENERATOR B1).
    expect(run.state.battle?.struckAt).toContain('Bu01-2');
  });

  it("CE 42 B2: in the enemy's half turn too, engaged characters included, never at Lords, adjacent or hidden enemies", () => {
    // Plains; p2 (the defender) is the Ninja: his Ogre on E5 is engaged by the Centaur on D6, his Troll on F4.
    const run = engagedRun({ attacker: ['Titan', 'Centaur', 'Lion'], defender: ['Ogre', 'Troll'] });
    withPowers(run, { [D]: NINJA });
    begin(run);
    toBattle(run);
    firstRound(run, { 'Bk01-1': { hex: 'E3' }, 'Bk01-2': { hex: 'D6' }, 'Bk01-3': { hex: 'C4' } });
    // The Centaur's strike made, the attacker's strike step ends by itself. The engaged Ogre throws at the Lion on
    // C4 (skill 1 against 3: 6s). Not at the Titan (a Lord), nor at the adjacent Centaur; the Troll's path to the
    // Centaur is blocked by the Ogre, the Lion is beyond its range 3.
    const events = strike(run, A, 'Bk01-2', 'Bu01-1', 2, 3, [1, 1, 1, 6, 5]);
    expect(ofType(events, 'powerUsed')[0]).toMatchObject({
      player: D,
      act: 'shuriken',
      words: 'Shuriken: Ogre Bu01-1 at Lion Bk01-3 needing 6s rolls 6, 5: 1 hit.',
      data: { ids: ['Bk01-3'], hits: [1], rolls: [6, 5], targets: ['Bk01-3'] },
    });
    expect(hitsOf(run, 'Bk01-3')).toBe(1);
    expect(hitsOf(run, 'Bk01-1')).toBe(0);
    expect(run.state.step).toMatchObject({ kind: 'counterstrike', side: 'defender' });
  });

  it('CE 42 B2: a character slain by shuriken is not attacked again; the characters throw in id order', () => {
    // The Centaur on D3 reaches the Lion on E5 and the Troll on F4 (range 4).
    const run = inBog(['Lion', 'Troll'], true, { 'Bk01-2': { hex: 'D3' } });
    // The Troll (8) has 7 hits: the Ogre's shuriken slay it, so the Centaur's go at the Lion only (skill 3
    // against 3, less 1 at range 4 (13.2): 5s, one die).
    const battle = run.state.battle;
    if (battle === null) throw new Error('no battle');
    run.state = {
      ...run.state,
      battle: {
        ...battle,
        characters: battle.characters.map((c) => (c.id === 'Bu01-2' ? { ...c, hits: 7 } : c)),
      },
    };
    const events = strike(run, A, 'Bk01-1', 'Bu01-1', 5, 7, [...ones(7), 6, 6, 5]);
    expect(ofType(events, 'powerUsed').map((e) => [e.words, e.data])).toEqual([
      [
        'Shuriken: Ogre Bk01-1 at Troll Bu01-2 needing 5s rolls 6, 6: 2 hits.',
        { ids: ['Bu01-2'], hits: [2], rolls: [6, 6], kept: [6, 6], targets: ['Bu01-2'] },
      ],
      [
        'Shuriken: Centaur Bk01-2 at Lion Bu01-1 needing 5s rolls 5: 1 hit.',
        { ids: ['Bu01-1'], hits: [1], rolls: [5], kept: [5], targets: ['Bu01-1'] },
      ],
    ]);
    // The Lion counterstrikes; the slain Troll is removed at the end of the phase. In the defender's next half
    // turn the Ninja's Ogre has no target (the Lion is adjacent): only the Centaur throws, at the Lion.
    const ended = strike(run, D, 'Bu01-1', 'Bk01-1', 3, 5, ones(5));
    expect(ofType(ended, 'slainRemoved')[0]).toEqual({ type: 'slainRemoved', ids: ['Bu01-2'] });
    act(run, D, { type: 'doneManeuvering' });
    const next = strike(run, D, 'Bu01-1', 'Bk01-1', 3, 5, [...ones(5), 1]);
    expect(ofType(next, 'powerUsed').map((e) => e.data)).toEqual([
      { ids: [], hits: [], rolls: [1], kept: [1], targets: ['Bu01-1'] },
    ]);
  });

  it('CE 42 B2 against 41 LADY LUCK: each throw is an attack, rolled again while unlucky for her; each die is in the log once', () => {
    const run = engagedRun({ land: 8, attacker: ['Ogre', 'Centaur'], defender: ['Lion', 'Troll'] });
    withPowers(run, { [A]: NINJA, [D]: LADY_LUCK });
    begin(run);
    toBattle(run);
    firstRound(run, { 'Bk01-1': { hex: 'D5' } });
    // The strike, then (its step ending by itself) the shuriken: two hits needing 5s on two dice is unlucky for
    // her (1 hit or more above the average): rolled again.
    const events = strike(run, A, 'Bk01-1', 'Bu01-1', 5, 7, [1, 1, 1, 1, 1, 1, 1, 6, 6, 1, 5]);
    const shuriken = ofType(events, 'powerUsed').filter((e) => e.act === 'shuriken');
    expect(shuriken.map((e) => e.data)).toEqual([
      { ids: ['Bu01-2'], hits: [1], rolls: [], kept: [1, 5], targets: ['Bu01-2'] },
    ]);
    expect(rollsInEvents(events)).toEqual([1, 1, 1, 1, 1, 1, 1, 6, 6, 1, 5]);
    expect(hitsOf(run, 'Bu01-2')).toBe(1);
  });

  it('CE 42 B1: a rangestrike by a non-native into the native hazard has its first hit discounted too', () => {
    const run = engagedRun({ land: 8, attacker: ['Ogre', 'Centaur'], defender: ['Troll', 'Gorgon'] });
    withPowers(run, { [A]: NINJA });
    begin(run);
    toBattle(run);
    firstRound(run, { 'Bk01-1': { hex: 'D5' } });
    strike(run, A, 'Bk01-1', 'Bu01-1', 4, 7, [...ones(7), 1, 1]); // then the Ogre's shuriken at the Gorgon miss
    strike(run, D, 'Bu01-1', 'Bk01-1', 4, 8, ones(8));
    act(run, D, { type: 'doneManeuvering' });
    // The Gorgon (not native to Bog) on F4 rangestrikes the Ogre in the Bog: skill 3 against 2, 3 dice.
    const events = act(
      run,
      D,
      { type: 'rangestrike', striker: 'Bu01-2', target: 'Bk01-1', strikeNumber: 3, dice: 3 },
      [3, 4, 1],
    );
    expect(ofType(events, 'rangestrikeRolled')[0]).toMatchObject({ rolls: [3, 4, 1], hits: 1 });
    expect(hitsOf(run, 'Bk01-1')).toBe(1);
  });
});
