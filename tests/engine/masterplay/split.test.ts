// Splits (Complete Sequence 2.1; 4.2, 4.3, 5.2, 6.1, errata 4.1/5.2) and the recombination of split-offs left
// stacked (2.4, 4.3, errata 4.3/4.7/7.1).
import { describe, expect, it } from 'vitest';
import type { CharacterName } from '../../../shared/data/types';
import type { IntentOf } from '../../../shared/engine/intents';
import { legalIntents } from '../../../shared/engine/legal';
import { view, visibleTo } from '../../../shared/engine/view';
import { act, arrange, ofType, type Run, rejectionOf, setUpGame, standardFirstSplit } from '../support/game';

const TOWER_CREATURES: CharacterName[] = ['Centaur', 'Gargoyle', 'Ogre'];

function split(legion: string, ...groups: [string, CharacterName[]][]): IntentOf<'split'> {
  return { type: 'split', legion, groups: groups.map(([marker, characters]) => ({ marker, characters })) };
}

describe('Complete Sequence 2.1, errata 4.1/5.2: the first turn splits 4-4 with one lord in each', () => {
  it('errata 4.1/5.2: the movement roll is refused until the legion of eight is split', () => {
    const run = setUpGame();
    const r = rejectionOf(run, 'p1', { type: 'rollMovement' }, [3]);
    expect(r.code).toBe('notAllowed');
    expect(r.rule).toContain('2.1');
  });

  it('2.1, 4.3: the split is public as markers and heights; the contents go to the owner only', () => {
    const run = setUpGame();
    const events = standardFirstSplit(run, 'p1');
    expect(events).toEqual([
      {
        type: 'legionSplit',
        player: 'p1',
        parent: 'Bk01',
        land: 600,
        children: [{ marker: 'Bk02', height: 4 }],
      },
      {
        type: 'splitContents',
        player: 'p1',
        parent: 'Bk01',
        children: [{ marker: 'Bk02', characters: ['Angel', 'Centaur', 'Gargoyle', 'Ogre'] }],
      },
      // The split step goes on (every decision ends with the step that follows).
      { type: 'stepBegan', step: { kind: 'split', actor: 'p1' } },
    ]);
    expect(events.map(visibleTo)).toEqual(['all', ['p1'], 'all']);
    expect(run.state.legions.Bk01?.characters).toEqual(['Titan', 'Centaur', 'Gargoyle', 'Ogre']);
    expect(run.state.legions.Bk02?.characters).toEqual(['Angel', 'Centaur', 'Gargoyle', 'Ogre']);
    // 4.3: after the split nobody else knows which part holds what.
    expect(run.state.legions.Bk01?.known).toEqual([]);
    const seen = view(run.state, { player: 'p2' }).legions.filter((l) => l.owner === 'p1');
    expect(seen.map((l) => [l.marker, l.height, l.characters])).toEqual([
      ['Bk01', 4, null],
      ['Bk02', 4, null],
    ]);
    expect(run.state.players[0]?.markersAvailable).not.toContain('Bk02');
    // Then the movement roll may be made (2.2).
    act(run, 'p1', { type: 'rollMovement' }, [2]);
    expect(run.state.step).toEqual({ kind: 'move', actor: 'p1' });
  });

  it('errata 4.1/5.2: the 14 legal first splits (which lord, which three creatures) are the listed ones', () => {
    const run = setUpGame();
    const splits = legalIntents(run.state, 'p1').filter((i) => i.type === 'split');
    expect(splits).toHaveLength(14);
    for (const s of splits) {
      if (s.type !== 'split') continue;
      const group = s.groups[0]?.characters ?? [];
      expect(group).toHaveLength(4);
      expect(group.filter((c) => c === 'Titan' || c === 'Angel')).toHaveLength(1);
    }
    expect(legalIntents(run.state, 'p1').some((i) => i.type === 'rollMovement')).toBe(false);
  });

  const refused: [string, IntentOf<'split'>][] = [
    ['a 5-3 split', split('Bk01', ['Bk02', ['Angel', 'Centaur', 'Gargoyle']])],
    ['both lords in one legion', split('Bk01', ['Bk02', ['Titan', 'Angel', 'Centaur', 'Ogre']])],
    ['no lord in the new legion', split('Bk01', ['Bk02', ['Centaur', 'Centaur', 'Gargoyle', 'Ogre']])],
    [
      'a three-way split',
      split('Bk01', ['Bk02', ['Angel', 'Centaur', 'Gargoyle']], ['Bk03', ['Ogre', 'Ogre']]),
    ],
  ];
  for (const [what, intent] of refused) {
    it(`Complete Sequence 2.1, errata 4.1/5.2: ${what} is refused on the first turn`, () => {
      const run = setUpGame();
      const r = rejectionOf(run, 'p1', intent);
      expect(r.code).toBe('illegalSplit');
      expect(r.rule).toContain('2.1');
    });
  }

  it('4.3: characters not in the legion cannot be split off', () => {
    const run = setUpGame();
    const r = rejectionOf(run, 'p1', split('Bk01', ['Bk02', ['Angel', 'Centaur', 'Centaur', 'Centaur']]));
    expect(r).toMatchObject({ code: 'illegalSplit', rule: '4.3' });
  });

  it("4.2, 4.6: a new legion needs one of the player's own free markers", () => {
    const run = setUpGame();
    const r = rejectionOf(run, 'p1', split('Bk01', ['Bu02', ['Angel', ...TOWER_CREATURES]]));
    expect(r.code).toBe('illegalSplit');
    expect(r.rule).toContain('4.2');
  });

  it("4.6: another player's legion cannot be split, and out of turn nothing can", () => {
    const run = setUpGame();
    expect(rejectionOf(run, 'p1', split('Bu01', ['Bk02', ['Angel', ...TOWER_CREATURES]])).code).toBe(
      'notYourLegion',
    );
    expect(rejectionOf(run, 'p2', split('Bu01', ['Bu02', ['Angel', ...TOWER_CREATURES]])).code).toBe(
      'notYourTurn',
    );
    expect(rejectionOf(run, 'p1', split('Bk09', ['Bk02', ['Angel', ...TOWER_CREATURES]])).code).toBe(
      'unknownLegion',
    );
  });

  it('5.2: the beginning legions may not be split again on the first turn', () => {
    const run = setUpGame();
    standardFirstSplit(run, 'p1');
    const r = rejectionOf(run, 'p1', split('Bk01', ['Bk03', ['Titan', 'Centaur']]));
    expect(r.code).toBe('illegalSplit');
    expect(r.rule).toContain('5.2');
    expect(legalIntents(run.state, 'p1').some((i) => i.type === 'split')).toBe(false);
  });

  it('errata 7.6, 6.2: once the movement roll is made no split may be made (the step has passed)', () => {
    const run = setUpGame();
    standardFirstSplit(run, 'p1');
    act(run, 'p1', { type: 'rollMovement' }, [1]);
    expect(rejectionOf(run, 'p1', split('Bk01', ['Bk03', ['Titan', 'Centaur']])).code).toBe('wrongStep');
  });
});

/** p1 on his second turn with a legion of seven in tower 100, at the split step. */
function laterTurn(
  characters: CharacterName[] = ['Titan', 'Ogre', 'Ogre', 'Centaur', 'Centaur', 'Gargoyle', 'Gargoyle'],
): Run {
  return arrange(
    setUpGame(),
    [
      { id: 'Bk01', land: 100, characters },
      { id: 'Bu01', land: 400, characters: ['Titan', 'Angel', 'Ogre'] },
    ],
    { turnsTaken: 2 },
  );
}

describe('4.3: later splits', () => {
  it('4.3: a split needs at least two characters in the old and the new legion', () => {
    const run = laterTurn();
    const r = rejectionOf(
      run,
      'p1',
      split('Bk01', ['Bk02', ['Titan', 'Ogre', 'Ogre', 'Centaur', 'Centaur', 'Gargoyle']]),
    );
    expect(r).toMatchObject({ code: 'illegalSplit', rule: '4.3' });
    act(run, 'p1', split('Bk01', ['Bk02', ['Ogre', 'Ogre']]));
    expect(run.state.legions.Bk01?.characters).toHaveLength(5);
    expect(run.state.legions.Bk02?.characters).toEqual(['Ogre', 'Ogre']);
  });

  it('4.3: a three-way split, each part of two or more, takes two free markers', () => {
    const run = laterTurn();
    const events = act(
      run,
      'p1',
      split('Bk01', ['Bk02', ['Ogre', 'Ogre']], ['Bk05', ['Centaur', 'Centaur']]),
    );
    expect(ofType(events, 'legionSplit')[0]?.children).toEqual([
      { marker: 'Bk02', height: 2 },
      { marker: 'Bk05', height: 2 },
    ]);
    expect(run.state.legions.Bk01?.characters).toEqual(['Titan', 'Gargoyle', 'Gargoyle']);
    expect(run.state.turn?.splits).toEqual([{ parent: 'Bk01', children: ['Bk02', 'Bk05'] }]);
  });

  it('4.3: a three-way split leaving one character behind is refused', () => {
    const run = laterTurn(['Titan', 'Ogre', 'Ogre', 'Centaur', 'Centaur']);
    const r = rejectionOf(
      run,
      'p1',
      split('Bk01', ['Bk02', ['Ogre', 'Ogre']], ['Bk03', ['Centaur', 'Centaur']]),
    );
    expect(r.code).toBe('illegalSplit');
  });

  it('4.3, 6.1: a legion split this turn, or its split-off, may be split again (4.3 limits only the sizes)', () => {
    const run = laterTurn();
    act(run, 'p1', split('Bk01', ['Bk02', ['Ogre', 'Ogre', 'Gargoyle', 'Gargoyle']]));
    expect(legalIntents(run.state, 'p1')).toContainEqual(split('Bk02', ['Bk03', ['Gargoyle', 'Gargoyle']]));
    act(run, 'p1', split('Bk02', ['Bk03', ['Gargoyle', 'Gargoyle']]));
    expect(run.state.legions.Bk01?.characters).toEqual(['Titan', 'Centaur', 'Centaur']);
    expect(run.state.legions.Bk02?.characters).toEqual(['Ogre', 'Ogre']);
    expect(run.state.legions.Bk03?.characters).toEqual(['Gargoyle', 'Gargoyle']);
    expect(run.state.turn?.splits).toEqual([
      { parent: 'Bk01', children: ['Bk02'] },
      { parent: 'Bk02', children: ['Bk03'] },
    ]);
    // 4.3: still never fewer than two in any part.
    const r = rejectionOf(run, 'p1', split('Bk01', ['Bk04', ['Centaur', 'Centaur']]));
    expect(r).toMatchObject({ code: 'illegalSplit', rule: '4.3' });
  });

  it('4.2: without a free marker no legion can be split', () => {
    const base = laterTurn();
    const run: Run = {
      ...base,
      state: {
        ...base.state,
        players: base.state.players.map((p) => (p.id === 'p1' ? { ...p, markersAvailable: [] } : p)),
      },
    };
    expect(rejectionOf(run, 'p1', split('Bk01', ['Bk02', ['Ogre', 'Ogre']])).code).toBe('illegalSplit');
    expect(legalIntents(run.state, 'p1').some((i) => i.type === 'split')).toBe(false);
  });

  it('4.3: every listed split is accepted, and the list covers two- and three-way splits', () => {
    const run = laterTurn();
    const splits = legalIntents(run.state, 'p1').filter((i) => i.type === 'split');
    expect(splits.some((s) => s.type === 'split' && s.groups.length === 2)).toBe(true);
    // Distinct divisions of Titan, 2 Ogres, 2 Centaurs, 2 Gargoyles into a new legion of 2-5 characters.
    expect(splits.filter((s) => s.type === 'split' && s.groups.length === 1)).toHaveLength(44);
    for (const s of splits) act({ state: run.state, events: [] }, 'p1', s);
  });
});

// ---------------------------------------------------------------- recombination

/**
 * p1 (second turn) at the split step with `legion` in tower 100 and his own blockers on every land a roll of
 * `roll` reaches normally from there (100: roll 1 → 3, 41, 101; roll 6 → 4, 8, 138), plus Bk08 on 1000, free to
 * move (1000 → 1 on a 1, → 6 on a 6). p2 waits far away on 500.
 */
function blocked(roll: 1 | 6, characters: CharacterName[], freeLand: number | null = null): Run {
  const lands = roll === 1 ? [3, 41, 101] : [4, 8, 138];
  const blockers = lands
    .filter((l) => l !== freeLand)
    .map((land, i) => ({ id: `Bk1${i}`, land, characters: ['Ogre', 'Ogre'] as CharacterName[] }));
  return arrange(
    setUpGame(),
    [
      { id: 'Bk01', land: 100, characters },
      ...blockers,
      { id: 'Bk08', land: 1000, characters: ['Troll', 'Troll'] },
      { id: 'Bu01', land: 500, characters: ['Titan', 'Angel', 'Ogre'] },
    ],
    { turnsTaken: 2 },
  );
}

describe('2.4, 4.3, errata 4.7: split-offs that cannot separate recombine at the end of movement', () => {
  it('4.3, 2.4, errata 4.7: neither part can move: they recombine under the original marker', () => {
    const run = blocked(1, ['Titan', 'Angel', 'Ogre', 'Ogre']);
    act(run, 'p1', split('Bk01', ['Bk02', ['Ogre', 'Ogre']]));
    act(run, 'p1', { type: 'rollMovement' }, [1]);
    // Errata 7.1: the blockers need not move to let the split-offs move; another legion moves (6.2).
    act(run, 'p1', { type: 'moveLegion', legion: 'Bk08', land: 1, via: 'normal' });
    const events = act(run, 'p1', { type: 'doneMoving' });
    expect(ofType(events, 'legionsRecombined')).toEqual([
      { type: 'legionsRecombined', into: 'Bk01', from: ['Bk02'] },
    ]);
    expect(events[0]).toEqual({ type: 'movementEnded', player: 'p1' });
    expect(run.state.legions.Bk02).toBeUndefined();
    expect([...(run.state.legions.Bk01?.characters ?? [])].sort()).toEqual([
      'Angel',
      'Ogre',
      'Ogre',
      'Titan',
    ]);
    expect(run.state.players[0]?.markersAvailable).toContain('Bk02');
  });

  it('4.3: one of the split legions must move if it can', () => {
    const run = blocked(1, ['Titan', 'Angel', 'Ogre', 'Ogre'], 101);
    act(run, 'p1', split('Bk01', ['Bk02', ['Ogre', 'Ogre']]));
    act(run, 'p1', { type: 'rollMovement' }, [1]);
    act(run, 'p1', { type: 'moveLegion', legion: 'Bk08', land: 1, via: 'normal' });
    const r = rejectionOf(run, 'p1', { type: 'doneMoving' });
    expect(r.code).toBe('mustMove');
    expect(r.rule).toContain('4.3');
    expect(legalIntents(run.state, 'p1').some((i) => i.type === 'doneMoving')).toBe(false);
    act(run, 'p1', { type: 'moveLegion', legion: 'Bk02', land: 101, via: 'normal' });
    const events = act(run, 'p1', { type: 'doneMoving' });
    expect(ofType(events, 'legionsRecombined')).toEqual([]);
  });

  it('errata 4.3, 8.0: stacked split-offs able only to teleport are not forced to', () => {
    const run = blocked(6, ['Titan', 'Angel', 'Ogre', 'Ogre']);
    act(run, 'p1', split('Bk01', ['Bk02', ['Angel', 'Ogre']]));
    act(run, 'p1', { type: 'rollMovement' }, [6]);
    expect(legalIntents(run.state, 'p1')).toContainEqual({
      type: 'moveLegion',
      legion: 'Bk02',
      land: 200,
      via: 'towerTeleport',
      entry: null,
    });
    act(run, 'p1', { type: 'moveLegion', legion: 'Bk08', land: 6, via: 'normal' });
    const events = act(run, 'p1', { type: 'doneMoving' });
    expect(ofType(events, 'legionsRecombined')).toEqual([
      { type: 'legionsRecombined', into: 'Bk01', from: ['Bk02'] },
    ]);
  });

  it('errata 4.7: in a three-way split whose original alone moved off, the lower remaining marker is kept', () => {
    const run = blocked(6, ['Titan', 'Ogre', 'Ogre', 'Centaur', 'Centaur', 'Gargoyle', 'Gargoyle']);
    act(run, 'p1', split('Bk01', ['Bk05', ['Ogre', 'Ogre']], ['Bk02', ['Centaur', 'Centaur']]));
    act(run, 'p1', { type: 'rollMovement' }, [6]);
    // 8.1: only the original (with the Titan) can leave, by Tower Teleport; the others have no lord.
    act(run, 'p1', { type: 'moveLegion', legion: 'Bk01', land: 300, via: 'towerTeleport' });
    const events = act(run, 'p1', { type: 'doneMoving' });
    expect(ofType(events, 'legionsRecombined')).toEqual([
      { type: 'legionsRecombined', into: 'Bk02', from: ['Bk05'] },
    ]);
    expect([...(run.state.legions.Bk02?.characters ?? [])].sort()).toEqual([
      'Centaur',
      'Centaur',
      'Ogre',
      'Ogre',
    ]);
  });

  it('4.3, errata 4.7: a split-off split again belongs to the same split: left stacked, all recombine under the original marker', () => {
    const run = blocked(1, ['Titan', 'Angel', 'Ogre', 'Ogre', 'Centaur', 'Centaur']);
    act(run, 'p1', split('Bk01', ['Bk02', ['Ogre', 'Ogre', 'Centaur', 'Centaur']]));
    act(run, 'p1', split('Bk02', ['Bk03', ['Centaur', 'Centaur']]));
    act(run, 'p1', { type: 'rollMovement' }, [1]);
    act(run, 'p1', { type: 'moveLegion', legion: 'Bk08', land: 1, via: 'normal' });
    const events = act(run, 'p1', { type: 'doneMoving' });
    expect(ofType(events, 'legionsRecombined')).toEqual([
      { type: 'legionsRecombined', into: 'Bk01', from: ['Bk02', 'Bk03'] },
    ]);
    expect(run.state.legions.Bk01?.characters).toHaveLength(6);
  });

  it('4.3: of a legion split twice, one part must still move if it can; the other two recombine', () => {
    const run = blocked(1, ['Titan', 'Angel', 'Ogre', 'Ogre', 'Centaur', 'Centaur'], 101);
    act(run, 'p1', split('Bk01', ['Bk02', ['Ogre', 'Ogre', 'Centaur', 'Centaur']]));
    act(run, 'p1', split('Bk02', ['Bk03', ['Centaur', 'Centaur']]));
    act(run, 'p1', { type: 'rollMovement' }, [1]);
    act(run, 'p1', { type: 'moveLegion', legion: 'Bk08', land: 1, via: 'normal' });
    expect(rejectionOf(run, 'p1', { type: 'doneMoving' }).code).toBe('mustMove');
    act(run, 'p1', { type: 'moveLegion', legion: 'Bk03', land: 101, via: 'normal' });
    const events = act(run, 'p1', { type: 'doneMoving' });
    expect(ofType(events, 'legionsRecombined')).toEqual([
      { type: 'legionsRecombined', into: 'Bk01', from: ['Bk02'] },
    ]);
  });

  it('errata 4.7: in a three-way split where one split-off moved, the other recombines with the original', () => {
    const run = blocked(1, ['Titan', 'Ogre', 'Ogre', 'Centaur', 'Centaur', 'Gargoyle', 'Gargoyle'], 3);
    act(run, 'p1', split('Bk01', ['Bk02', ['Ogre', 'Ogre']], ['Bk03', ['Centaur', 'Centaur']]));
    act(run, 'p1', { type: 'rollMovement' }, [1]);
    act(run, 'p1', { type: 'moveLegion', legion: 'Bk03', land: 3, via: 'normal' });
    const events = act(run, 'p1', { type: 'doneMoving' });
    expect(ofType(events, 'legionsRecombined')).toEqual([
      { type: 'legionsRecombined', into: 'Bk01', from: ['Bk02'] },
    ]);
  });
});
