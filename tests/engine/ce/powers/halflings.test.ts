// 29 HALFLINGS (CE Titan, rules 004): each clause, given the position, when the intent, then the events.
import { describe, expect, it } from 'vitest';
import { rollsInEvents } from '../../../../server/rooms/dice';
import { hexDistance, neighbours } from '../../../../shared/data/hexGeometry';
import type { CharacterName, HexLabel } from '../../../../shared/data/types';
import type { BattlePosition } from '../../../../shared/engine/battle/position';
import { rangestrikeOptions } from '../../../../shared/engine/battle/rangestrike';
import { strikeOptions } from '../../../../shared/engine/battle/strike';
import { halflings } from '../../../../shared/engine/ce/powers/halflings';
import { powerActWords } from '../../../../shared/engine/ce/registry';
import type { IntentOf } from '../../../../shared/engine/intents';
import { legalIntents } from '../../../../shared/engine/legal';
import { recruitOptions } from '../../../../shared/engine/muster';
import type { Legion } from '../../../../shared/engine/types';
import {
  A,
  begin,
  D,
  engagedRun,
  firstRound,
  moveAll,
  place,
  quietTurn,
  strike,
  toBattle,
  types,
} from '../../engagement/build';
import type { Run } from '../../support/game';
import { act, ofType, rejectionOf } from '../../support/game';
import { hitsOf, withPowers } from './support';

const HALFLINGS = 29;

/** The attacker's Titan (Bk01-1) in contact on E4 with the Halflings' two Ogres (Bu01-1 on E5, Bu01-2 on F4, in
 *  contact with each other), round 1, the attacker's strikes; `hits` already on the Ogres. */
function twoOgres(
  hits: { 'Bu01-1'?: number; 'Bu01-2'?: number } = {},
  defender: CharacterName[] = ['Ogre', 'Ogre'],
): Run {
  const run = withPowers(engagedRun({ attacker: ['Titan', 'Ogre'], defender }), { [D]: HALFLINGS });
  begin(run);
  toBattle(run);
  firstRound(run, {
    'Bk01-1': { hex: 'E4' },
    'Bu01-1': { hits: hits['Bu01-1'] ?? 0 },
    'Bu01-2': { hits: hits['Bu01-2'] ?? 0 },
  });
  return run;
}

/** Round 1 with a third defending character: it enters with the other two (anywhere it may), then `given`. */
function threeRound(run: Run, given: Parameters<typeof place>[1]): void {
  moveAll(run, D, { 'Bu01-1': 'E5', 'Bu01-2': 'F4' });
  const entry = legalIntents(run.state, D).find(
    (i) => i.type === 'moveCharacter' && i.character === 'Bu01-3',
  );
  if (entry === undefined) throw new Error('Bu01-3 enters');
  act(run, D, entry);
  quietTurn(run, 'defender');
  moveAll(run, A, { 'Bk01-1': 'D1', 'Bk01-2': 'A1' });
  place(run, given);
  act(run, A, { type: 'doneManeuvering' });
}

const pass = (to: string, hits: number): IntentOf<'usePower'> => ({
  type: 'usePower',
  act: 'passHits',
  args: { to, hits },
});
const KEEP: IntentOf<'usePower'> = { type: 'usePower', act: 'keepHits' };

describe('29 HALFLINGS B2', () => {
  it('CE 29 B2: after the roll the struck player passes hits to an identical character in contact; they land then', () => {
    const run = twoOgres();
    const rolled = strike(run, A, 'Bk01-1', 'Bu01-2', 2, 6, [6, 6, 6, 6, 1, 1]);
    expect(types(rolled)).toEqual(['strikeRolled', 'stepBegan']);
    expect(run.state.step).toMatchObject({
      kind: 'powerDecision',
      actor: D,
      power: HALFLINGS,
      landing: 'strike',
    });
    expect(hitsOf(run, 'Bu01-2')).toBe(0);
    expect(legalIntents(run.state, A)).toEqual([]);
    expect(legalIntents(run.state, D)).toEqual([
      KEEP,
      pass('Bu01-1', 1),
      pass('Bu01-1', 2),
      pass('Bu01-1', 3),
      pass('Bu01-1', 4),
    ]);
    const passed = act(run, D, pass('Bu01-1', 3));
    expect(ofType(passed, 'powerUsed')[0]).toMatchObject({
      act: 'passHits',
      data: { to: 'Bu01-1', hits: 3 },
    });
    // One hit left: he may pass it too, or keep it.
    expect(legalIntents(run.state, D)).toEqual([KEEP, pass('Bu01-1', 1)]);
    const kept = act(run, D, KEEP);
    // The hits landed, the Titan's one strike is resolved: his strike step ends by itself (issue 14).
    expect(types(kept)).toEqual([
      'powerUsed',
      'carryOverAssigned',
      'stepBegan',
      'strikePhaseBegan',
      'stepBegan',
    ]);
    expect(hitsOf(run, 'Bu01-2')).toBe(1);
    expect(hitsOf(run, 'Bu01-1')).toBe(3);
    expect(run.state.step).toMatchObject({ kind: 'counterstrike', actor: D, side: 'defender' });
    expect(rollsInEvents([...rolled, ...passed, ...kept])).toEqual([6, 6, 6, 6, 1, 1]);
  });

  it('CE 29 B2: all the hits passed, they land at once (no further click)', () => {
    const run = twoOgres();
    strike(run, A, 'Bk01-1', 'Bu01-2', 2, 6, [6, 6, 1, 1, 1, 1]);
    const passed = act(run, D, pass('Bu01-1', 2));
    expect(types(passed)).toEqual([
      'powerUsed',
      'carryOverAssigned',
      'stepBegan',
      'strikePhaseBegan',
      'stepBegan',
    ]);
    expect(hitsOf(run, 'Bu01-2')).toBe(0);
    expect(hitsOf(run, 'Bu01-1')).toBe(2);
  });

  it('CE 29 B2: the hits of a rangestrike are passed too; they land with nothing carried over', () => {
    const run = withPowers(engagedRun({ attacker: ['Gorgon', 'Ogre'], defender: ['Ogre', 'Ogre'] }), {
      [D]: HALFLINGS,
    });
    begin(run);
    toBattle(run);
    // The Gorgon two hexes from Bu01-2 (F4), in contact with neither Ogre.
    const hex = neighbours('F4')
      .flatMap((n) => neighbours(n.hex).map((m) => m.hex))
      .find((h) => hexDistance('F4', h) === 2 && hexDistance('E5', h) > 1);
    if (hex === undefined) throw new Error('a hex in range');
    firstRound(run, { 'Bk01-1': { hex } });
    const intent = legalIntents(run.state, A).find(
      (i) => i.type === 'rangestrike' && i.striker === 'Bk01-1' && i.target === 'Bu01-2',
    );
    if (intent?.type !== 'rangestrike') throw new Error('the Gorgon rangestrikes Bu01-2');
    const rolls = Array<number>(intent.dice).fill(6);
    const rolled = act(run, A, intent, rolls);
    expect(ofType(rolled, 'rangestrikeRolled')[0]).toMatchObject({ hits: intent.dice, passing: true });
    expect(run.state.step).toMatchObject({ kind: 'powerDecision', actor: D, landing: 'strike' });
    expect(hitsOf(run, 'Bu01-2')).toBe(0);
    const passed = act(run, D, pass('Bu01-1', 1));
    const kept = act(run, D, KEEP);
    // The rangestrike resolved, nothing is left to strike on either side: the strike phase ends by itself.
    expect(types(kept)).toEqual([
      'powerUsed',
      'carryOverAssigned',
      'stepBegan',
      'strikePhaseBegan',
      'stepBegan',
      'maneuverBegan',
      'stepBegan',
    ]);
    expect(hitsOf(run, 'Bu01-1')).toBe(1);
    expect(hitsOf(run, 'Bu01-2')).toBe(intent.dice - 1);
    expect(run.state.battle?.pendingCarryOver).toBeNull();
    expect(run.state.step).toMatchObject({ kind: 'maneuver', actor: D });
    expect(rollsInEvents([...rolled, ...passed, ...kept])).toEqual(rolls);
  });

  it('CE 29 B2: down a chain: an Ogre in contact only with the neighbour of the struck one takes hits too', () => {
    const run = withPowers(engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Ogre', 'Ogre'] }), {
      [D]: HALFLINGS,
    });
    begin(run);
    toBattle(run);
    // Bu01-3 on D6: in contact with Bu01-1 (E5), not with the struck Bu01-2 (F4).
    threeRound(run, { 'Bk01-1': { hex: 'E4' }, 'Bu01-3': { hex: 'D6' } });
    strike(run, A, 'Bk01-1', 'Bu01-2', 2, 6, [6, 6, 1, 1, 1, 1]);
    expect(legalIntents(run.state, D)).toEqual([
      KEEP,
      pass('Bu01-1', 1),
      pass('Bu01-1', 2),
      pass('Bu01-3', 1),
      pass('Bu01-3', 2),
    ]);
    act(run, D, pass('Bu01-3', 2));
    expect(hitsOf(run, 'Bu01-3')).toBe(2);
    expect(hitsOf(run, 'Bu01-2')).toBe(0);
  });

  it('CE 29 B2: a Guardian counts as part of a chain as long as it holds two real characters', () => {
    const given = (withOgre: boolean) => {
      const run = withPowers(
        engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Ogre', 'Guardian'] }),
        { [D]: HALFLINGS },
      );
      begin(run);
      toBattle(run);
      // The Guardian on F3, in contact with the struck Bu01-2 (F4); the other Ogre on E5, or off the board.
      threeRound(run, {
        'Bk01-1': { hex: 'E4' },
        'Bu01-3': { hex: 'F3' },
        ...(withOgre ? {} : { 'Bu01-1': { hex: null } }),
      });
      return run;
    };
    const chain = given(true);
    strike(chain, A, 'Bk01-1', 'Bu01-2', 2, 6, [6, 1, 1, 1, 1, 1]);
    expect(legalIntents(chain.state, D)).toEqual([KEEP, pass('Bu01-1', 1), pass('Bu01-3', 1)]);
    act(chain, D, pass('Bu01-3', 1));
    expect(hitsOf(chain, 'Bu01-3')).toBe(1);
    const alone = given(false);
    expect(types(strike(alone, A, 'Bk01-1', 'Bu01-2', 2, 6, [6, 1, 1, 1, 1, 1]))).toEqual([
      'strikeRolled',
      'stepBegan',
      'strikePhaseBegan',
      'stepBegan',
    ]);
    expect(hitsOf(alone, 'Bu01-2')).toBe(1);
  });

  it('CE 29 B2: no character can absorb more hits than is enough to kill it; a refused pass changes nothing', () => {
    const run = twoOgres({ 'Bu01-1': 4 });
    strike(run, A, 'Bk01-1', 'Bu01-2', 2, 6, [6, 6, 6, 6, 1, 1]);
    expect(legalIntents(run.state, D)).toEqual([KEEP, pass('Bu01-1', 1), pass('Bu01-1', 2)]);
    const before = run.state;
    const r = rejectionOf(run, D, pass('Bu01-1', 3));
    expect(r.rule).toBe('CE 29 B2');
    expect(r.message).toMatch(/up to what slays it/);
    expect(run.state).toBe(before);
    expect(rejectionOf(run, D, pass('Bk01-2', 1)).rule).toBe('CE 29 B2');
    expect(run.state).toBe(before);
  });

  it("CE 29 B2: what the target keeps beyond what slays it is still the striker's to carry over (no legit spill deprived)", () => {
    const run = twoOgres({ 'Bu01-2': 4 });
    strike(run, A, 'Bk01-1', 'Bu01-2', 2, 6, [6, 6, 6, 6, 6, 1]);
    act(run, D, pass('Bu01-1', 1));
    const kept = act(run, D, KEEP);
    expect(types(kept)).toEqual(['powerUsed', 'stepBegan']);
    expect(run.state.step).toMatchObject({ kind: 'carryOver', actor: A, resume: 'strike' });
    expect(legalIntents(run.state, A)).toEqual([
      { type: 'assignCarryOver', targets: [] },
      { type: 'assignCarryOver', targets: ['Bu01-1'] },
    ]);
    act(run, A, { type: 'assignCarryOver', targets: ['Bu01-1'] });
    // Bu01-2 took what slew it (2 of its 4), Bu01-1 the hit passed and the 2 carried over.
    expect(hitsOf(run, 'Bu01-2')).toBe(6);
    expect(hitsOf(run, 'Bu01-1')).toBe(3);
    // The strike resolved, nothing is left to the attacker: the counterstrikes.
    expect(run.state.step).toMatchObject({ kind: 'counterstrike', actor: D });
  });

  it('CE 29 B2: with no identical character in contact or down a chain, no step: the hits land as rolled', () => {
    const run = twoOgres({}, ['Ogre', 'Troll']);
    const rolled = strike(run, A, 'Bk01-1', 'Bu01-2', 2, 6, [6, 6, 1, 1, 1, 1]);
    // No step for the hits; the Titan's one strike made, his strike step ends by itself.
    expect(types(rolled)).toEqual(['strikeRolled', 'stepBegan', 'strikePhaseBegan', 'stepBegan']);
    expect(run.state.step).toMatchObject({ kind: 'counterstrike', actor: D });
    expect(hitsOf(run, 'Bu01-2')).toBe(2);
    // Nor for the enemy's characters: only the Halflings pass.
    const other = withPowers(engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Ogre'] }), {
      [A]: HALFLINGS,
    });
    begin(other);
    toBattle(other);
    firstRound(other, { 'Bk01-1': { hex: 'E4' } });
    expect(types(strike(other, A, 'Bk01-1', 'Bu01-2', 2, 6, [6, 6, 1, 1, 1, 1]))).toEqual([
      'strikeRolled',
      'stepBegan',
      'strikePhaseBegan',
      'stepBegan',
    ]);
  });

  it('CE 29 B2: the buttons name the pass and the keeping, and claim no other act', () => {
    const names = { player: (id: string) => `player ${id}`, character: (id: string) => `the Centaur ${id}` };
    expect(powerActWords(pass('Bu01-1', 2), names)).toBe('Pass 2 hits to the Centaur Bu01-1');
    expect(powerActWords(KEEP)).toBe('Keep the hits');
    expect(
      halflings.actWords?.({ type: 'usePower', act: 'keep', args: { roll: 'first' } }, names),
    ).toBeNull();
  });
});

// ---------------------------------------------------------------- B1 and M1, on positions

/** A Plains position: the Halflings' `types` (attacker) in a line of contact from C3, an enemy Troll next to the first. */
function line(types: readonly CharacterName[], seats: number): BattlePosition {
  const hexes: HexLabel[] = ['C3'];
  while (hexes.length < types.length + 1) {
    const last = hexes.at(-1) as HexLabel;
    const next = neighbours(last).find(
      (n) =>
        !hexes.includes(n.hex) && neighbours(n.hex).every((m) => m.hex === last || !hexes.includes(m.hex)),
    );
    if (next === undefined) throw new Error('no room');
    hexes.push(next.hex);
  }
  const [enemy, ...own] = hexes;
  return {
    powers: { attacker: HALFLINGS, defender: null, seats },
    terrain: 'Plains',
    attackerEntry: 'bottom',
    characters: [
      { id: 'enemy', side: 'defender', type: 'Troll', power: 8, hex: enemy as HexLabel, hits: 0 },
      ...types.map((type, i) => ({
        id: `h${i}`,
        side: 'attacker' as const,
        type,
        power: type === 'Centaur' ? 3 : type === 'Cyclops' ? 9 : 6,
        hex: own[i] as HexLabel,
        hits: 0,
      })),
    ],
  };
}

describe('29 HALFLINGS B1', () => {
  it('CE 29 B1: 3 Cyclopses attack at 11-2 each; 2 at 10; 1 at 9', () => {
    expect(strikeOptions(line(['Cyclops', 'Cyclops', 'Cyclops'], 2), 'h0')[0]?.dice).toBe(11);
    expect(strikeOptions(line(['Cyclops', 'Cyclops'], 2), 'h0')[0]?.dice).toBe(10);
    expect(strikeOptions(line(['Cyclops'], 2), 'h0')[0]?.dice).toBe(9);
  });

  it('CE 29 B1: 4 Centaurs roll 5-4 in a large game and 4-4 in a small game', () => {
    const four: CharacterName[] = ['Centaur', 'Centaur', 'Centaur', 'Centaur'];
    expect(strikeOptions(line(four, 4), 'h0')[0]?.dice).toBe(5);
    expect(strikeOptions(line(four, 3), 'h0')[0]?.dice).toBe(4);
    expect(strikeOptions(line(['Centaur', 'Centaur', 'Centaur'], 3), 'h0')[0]?.dice).toBe(3);
  });

  it('CE 29 B1: 4+ Gorgons each rangestrike with one die more (4-3); 3 do not', () => {
    const far = (n: number): BattlePosition => {
      const pos = line(Array<CharacterName>(n).fill('Gorgon'), 2);
      const own = pos.characters.filter((c) => c.id !== 'enemy').map((c) => c.hex as HexLabel);
      const first = own[0] as HexLabel;
      // A hex two from the first Gorgon, in contact with none of them.
      const hex = neighbours(first)
        .flatMap((n) => neighbours(n.hex).map((m) => m.hex))
        .find((h) => hexDistance(first, h) === 2 && own.every((o) => hexDistance(o, h) > 1));
      if (hex === undefined) throw new Error('no hex in range');
      return { ...pos, characters: pos.characters.map((c) => (c.id === 'enemy' ? { ...c, hex } : c)) };
    };
    const dice = (n: number) => rangestrikeOptions(far(n), 'h0').map((o) => o.dice);
    const three = dice(3);
    expect(three.length).toBeGreaterThan(0);
    expect(dice(4)).toEqual(three.map((d) => d + 1));
  });
});

describe('29 HALFLINGS M1', () => {
  const options = (terrain: 'Woods' | 'Jungle' | 'Mountains', characters: CharacterName[]) => {
    const legion = { id: 'Bk01', owner: A, land: 1, characters } as unknown as Legion;
    const recruits = halflings.recruits;
    if (recruits === undefined) throw new Error('M1 is a recruits hook');
    return recruitOptions(terrain, characters, {
      adjust: (o) => recruits({ state: undefined as never, legion, terrain }, o),
    }).map((o) => o.creature);
  };
  it('CE 29 M1: 5 Centaurs muster a Unicorn in the Woods, 4 do not', () => {
    expect(options('Woods', Array<CharacterName>(5).fill('Centaur'))).toContain('Unicorn');
    expect(options('Woods', Array<CharacterName>(4).fill('Centaur'))).not.toContain('Unicorn');
  });
  it('CE 29 M1: 5 Cyclopses muster a Serpent in the Jungle', () => {
    expect(options('Jungle', Array<CharacterName>(5).fill('Cyclops'))).toContain('Serpent');
  });
  it('CE 29 M1: a Dragon in the Mountains needs 5 Lions, not 4', () => {
    expect(options('Mountains', Array<CharacterName>(5).fill('Lion'))).toContain('Dragon');
    expect(options('Mountains', Array<CharacterName>(4).fill('Lion'))).not.toContain('Dragon');
  });
});
