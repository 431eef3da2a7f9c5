// The variant's frame rules (CE general notes, CE bidding rules): no Tower-to-Tower Titan teleport on turn 1,
// Angels only for points gained since the start, Titan strength from a negative score, skill 2 rangestrike range.
import { describe, expect, it } from 'vitest';
import { titanPower } from '../../../shared/data/characters';
import { rangestrikeRange } from '../../../shared/engine/ce/hooks';
import { angelsDue } from '../../../shared/engine/ce/titan';
import { evolve } from '../../../shared/engine/evolve';
import type { Intent } from '../../../shared/engine/intents';
import { legalIntents } from '../../../shared/engine/legal';
import { isTowerLand } from '../../../shared/engine/movement';
import type { GameState } from '../../../shared/engine/types';
import { arrange, type Run, rejectionOf, setUpGame } from '../support/game';

/** A started game made one of Cosmic Encounter Titan, nobody holding a power. */
function ceGame(startScores: Record<string, number> = {}): Run {
  const run = setUpGame();
  const ce = { drawn: [], bids: {}, revealed: true, powers: {}, startScores, memory: {} };
  run.state = { ...run.state, options: { ...run.state.options, variant: 'ceTitan' }, ce };
  return run;
}

function teleports(state: GameState, legion: string) {
  return legalIntents(state, 'p1').filter(
    (i) => i.type === 'moveLegion' && i.legion === legion && i.via === 'towerTeleport',
  );
}

describe('CE general notes: no Tower-to-Tower Titan teleport on turn 1', () => {
  const legions = [
    { id: 'Bk01', land: 600, characters: ['Titan', 'Centaur', 'Gargoyle', 'Ogre'] as const },
    { id: 'Bk02', land: 600, characters: ['Angel', 'Centaur', 'Gargoyle', 'Ogre'] as const },
  ].map((l) => ({ ...l, characters: [...l.characters] }));

  it('CE T-T T1: on turn 1 the Titan may not teleport onto a Tower; the Angel may', () => {
    const run = arrange(ceGame(), legions, { roll: 6, turnsTaken: 1 });
    const titan = teleports(run.state, 'Bk01');
    expect(titan.length).toBeGreaterThan(0);
    expect(titan.some((i) => i.type === 'moveLegion' && isTowerLand(i.land))).toBe(false);
    const angel = teleports(run.state, 'Bk02');
    expect(angel.some((i) => i.type === 'moveLegion' && i.land === 100)).toBe(true);
    const r = rejectionOf(run, 'p1', { type: 'moveLegion', legion: 'Bk01', land: 100, via: 'towerTeleport' });
    expect(r.code).toBe('illegalMove');
    expect(r.message).toMatch(/first turn/);
  });

  it('CE T-T T1: from turn 2 on, and in the standard game, the Titan may', () => {
    const later = arrange(ceGame(), legions, { roll: 6, turnsTaken: 2 });
    expect(teleports(later.state, 'Bk01').some((i) => i.type === 'moveLegion' && i.land === 100)).toBe(true);
    const standard = arrange(setUpGame(), legions, { roll: 6, turnsTaken: 1 });
    expect(teleports(standard.state, 'Bk01').some((i) => i.type === 'moveLegion' && i.land === 100)).toBe(
      true,
    );
  });
});

describe('CE bidding rules: Angels count the points gained since the start', () => {
  it('CE Angels: someone starting at -87 acquires no Angel at 0, but one at 100', () => {
    const s = ceGame({ p1: -87 }).state;
    expect(angelsDue(s, 'p1', -87, 10)).toEqual([]);
    expect(angelsDue(s, 'p1', -87, 130)).toEqual([false]);
  });
  it('CE Angels: someone who started at -100 acquires one at 0', () => {
    const s = ceGame({ p1: -100 }).state;
    expect(angelsDue(s, 'p1', -100, 0)).toEqual([false]);
    expect(angelsDue(s, 'p1', -100, 210)).toEqual([false, false, false]);
  });
  it('CE Angels: a start of 399 (COLOSSUS) gives the first Angel at 500, which may be an Archangel', () => {
    const s = ceGame({ p1: 399 }).state;
    expect(angelsDue(s, 'p1', 399, 499)).toEqual([]);
    expect(angelsDue(s, 'p1', 399, 500)).toEqual([true]);
  });
  it('17.0: the standard game is unchanged', () => {
    expect(angelsDue(setUpGame().state, 'p1', 90, 210)).toEqual([false, false]);
  });
});

describe('CE general notes: the Titan and rangestrikes', () => {
  it('CE Titan strength: 6 + floor(score / 100), so -150 gives 4 and -600 gives 0', () => {
    expect(titanPower(-150)).toBe(4);
    expect(titanPower(-600)).toBe(0);
  });
  it('CE general notes: a skill 2 rangestriker reaches 3 in the variant only', () => {
    const c = { id: 'x', side: 'attacker', type: 'Centaur', power: 3, hex: null, hits: 0 } as const;
    const pos = { terrain: 'Plains', attackerEntry: 'bottom', characters: [c] } as const;
    expect(rangestrikeRange({ ...pos, powers: { attacker: null, defender: null } }, c, 2)).toBe(3);
    expect(rangestrikeRange(pos, c, 2)).toBe(2);
    expect(rangestrikeRange({ ...pos, powers: { attacker: null, defender: null } }, c, 3)).toBe(3);
  });
});

describe('CE "recruit from the dead" (the frame\u2019s dead-pile hook)', () => {
  /** Bk01 moved to the Marsh (land 8) with an Ogre; the caretaker has no Ogre left, the dead pile two. */
  function noOgreLeft(): Run {
    const run = arrange(ceGame(), [{ id: 'Bk01', land: 8, characters: ['Titan', 'Ogre'] }], {
      moved: ['Bk01'],
      caretaker: { Ogre: 0 },
    });
    run.state = { ...run.state, deadPile: { Ogre: 2 } };
    return run;
  }

  it('18.0, errata 3.5: without such a power the caretaker\u2019s empty stack refuses the muster', () => {
    const run = noOgreLeft();
    const muster: Intent = { type: 'muster', legion: 'Bk01', creature: 'Ogre', reveal: ['Ogre'] };
    expect(legalIntents(run.state, 'p1')).not.toContainEqual(muster);
    expect(rejectionOf(run, 'p1', muster).message).toMatch(/no Ogre left/);
  });

  it('CE M1 (13, 44, 47, 54, 65): a creature mustered when the caretaker has none left comes from the dead pile', () => {
    const run = noOgreLeft();
    const s = evolve(run.state, {
      type: 'legionMustered',
      legion: 'Bk01',
      creature: 'Ogre',
      reveal: ['Ogre'],
    });
    expect(s.legions.Bk01?.characters).toEqual(['Titan', 'Ogre', 'Ogre']);
    expect(s.deadPile.Ogre).toBe(1);
    expect(s.caretaker.Ogre).toBe(0);
  });
});
