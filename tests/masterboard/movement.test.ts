// Normal movement on the Masterboard: 7.0–7.5, the Movement Chart, errata 2.2/10.1 (entry sides) and 6.2/18.0.
// Board facts used below, printed from shared/data/masterboard.ts (generated from DefaultMap.xml):
//   1: arrows→2 (entry left), arch→1000 (bottom)        2: arrows→3 (bottom), arch→7 (left)
//   3: arrows→4 (left), arch→100 (bottom)               4: arrows→5 (left), block→103 (bottom)
//   7: arch→2 (right), arrows→8 (right)                 8: arrows→9 (left), arch→2000 (bottom)
//   22: arrows→23, arch→4000                            36: arrows→37, arch→6000
//   37: arrows→38, arch→42        38: arrows→39        39: arrows→40        40: arrows→41
//   41: arrows→42 (bottom), arch→100                    42: arrows→1 (right), arch→37 (right)
//   100 (Tower): arrow→3 (right), arrow→41 (left), arrow→101 (bottom)
//   101: arch→100, arrows→142     102: arrows→101     103: arch→4, arrows→102
//   1000: block→1 (bottom), arrow→2000 (left), arrow→6000 (right)
//   2000: block→8, arrow→1000 (right), arrow→3000 (left)
//   3000: block→15, arrow→2000, arrow→4000 (left)       4000: block→22, arrow→3000, arrow→5000
//   5000: block→29, arrow→4000 (right), arrow→6000      6000: block→36, arrow→1000 (left), arrow→5000
import { describe, expect, it } from 'vitest';
import { exitBetween } from '../../shared/data/masterboard';
import type { LegionMove, MoveContext } from '../../shared/engine/movement';
import { hasNormalMove, legalMoves } from '../../shared/engine/movement';
import { moveContext } from './context';

const ctx = moveContext;

/** Normal-move destinations as "land" or "land:entry". */
function normal(c: MoveContext): string[] {
  return legalMoves(c)
    .filter((m) => m.via === 'normal')
    .map((m) => (m.entry === null ? `${m.land}` : `${m.land}:${m.entry}`));
}

describe('the board facts these tests rely on', () => {
  it('2.1, 7.3: the signs printed on the lands used below', () => {
    expect(exitBetween(4, 103)?.sign).toBe('block');
    expect(exitBetween(4, 5)?.sign).toBe('arrows');
    expect(exitBetween(2, 7)?.sign).toBe('arch');
    expect(exitBetween(100, 3)?.sign).toBe('arrow');
    expect(exitBetween(1000, 1)?.sign).toBe('block');
    expect(exitBetween(1000, 2000)?.sign).toBe('arrow');
    expect(exitBetween(42, 37)?.sign).toBe('arch');
  });
});

describe('7.4 Movement Chart: the first step', () => {
  it('7.4 block: a legion on 4 must begin toward 103 (the block), not along the triple arrow to 5', () => {
    expect(normal(ctx(4, 1))).toEqual(['103']);
    // 4 → 103 → 102 → 101: only the block's direction, then 103's and 102's triple arrows.
    expect(normal(ctx(4, 3))).toEqual(['101']);
  });

  it('7.4 block: on 1000 the block to 1 wins over the single arrows to 2000 and 6000', () => {
    expect(normal(ctx(1000, 1))).toEqual(['1']);
    expect(normal(ctx(1000, 2))).toEqual(['2']);
  });

  it('7.4 arch: a legion on 2 may begin toward 7 (arch) or 3 (triple arrow)', () => {
    expect(normal(ctx(2, 1))).toEqual(['3', '7']);
  });

  it('7.4 tower: a legion on 100 may begin along any of the Tower arrows (3, 41, 101)', () => {
    expect(normal(ctx(100, 1))).toEqual(['3', '41', '101']);
  });

  it('7.4 arch: the arch into a Tower may begin a move (3 → 100)', () => {
    expect(normal(ctx(3, 1))).toEqual(['4', '100']);
  });
});

describe('7.4, 7.5 Movement Chart: later steps', () => {
  it('7.4 triple arrow: a legion entering 3 or 7 must follow its triple arrow (no arch to 100 or 2)', () => {
    // 2 → 3 → 4 and 2 → 7 → 8; never 2 → 3 → 100 nor 2 → 7 → 2.
    expect(normal(ctx(2, 2))).toEqual(['4', '8']);
  });

  it('7.5: blocks and arches do not count when passing through (3 → 4 → 5, not 4 → 103)', () => {
    // 3 → 4 → 5 (4's block ignored); 3 → 100 → 41 or 101 (the Tower's arrows, not back to 3).
    expect(normal(ctx(3, 2))).toEqual(['5', '41', '101']);
  });

  it('7.4 single arrows: no backtracking (100 does not lead back to 3; 1000 does not lead back to 2000)', () => {
    // 8 → 9 → 10 → 11; 8 → 2000 → 3000 → 4000; 8 → 2000 → 1000 → 6000 (not → 2000 again, nor → 1 by the block).
    expect(normal(ctx(8, 3))).toEqual(['11', '4000', '6000']);
  });

  it('7.1: a move covers exactly the roll (the inner ring from 100 on a 6 reaches 138)', () => {
    // 100 → 3 → 4 → 5 → 6 → 7 → 8; 100 → 41 → 42 → 1 → 2 → 3 → 4; 100 → 101 → 142 → 141 → 140 → 139 → 138.
    expect(normal(ctx(100, 6))).toEqual(['4', '8', '138']);
  });
});

describe('7.1: other legions on the way', () => {
  it('7.1: a legion may pass through a friendly legion', () => {
    expect(normal(ctx(2, 2, { friendly: [3, 7] }))).toEqual(['4', '8']);
  });

  it('7.1: a legion may not end its move on a friendly legion', () => {
    expect(normal(ctx(2, 2, { friendly: [4] }))).toEqual(['8']);
    expect(normal(ctx(2, 1, { friendly: [3, 7] }))).toEqual([]);
  });

  it('7.1, 6.2: meeting an enemy legion ends the move there, before the roll is used up', () => {
    // 1 → 2 holds an enemy: the move stops there (entered by 1's arrow: left); 1 → 2 → 3 → 4 is impossible.
    expect(normal(ctx(1, 3, { enemy: [2] }))).toEqual(['2:left', '3000', '5000']);
  });

  it('7.1: an enemy on the last land is an engagement entered from the last step’s side', () => {
    expect(normal(ctx(1, 1, { enemy: [2] }))).toEqual(['2:left', '1000']);
  });

  it('7.1: a land holding both an enemy and a friendly legion cannot be moved onto', () => {
    expect(normal(ctx(1, 1, { enemy: [2], friendly: [2] }))).toEqual(['1000']);
  });

  it('7.1: no movement into an engaged land', () => {
    expect(normal(ctx(1, 3, { enemy: [2], engaged: [2] }))).toEqual(['3000', '5000']);
  });

  it('7.1: no movement across an engaged land', () => {
    // 1 → 2 → 3 would cross the engagement on 2.
    expect(normal(ctx(1, 2, { engaged: [2] }))).toEqual(['2000', '6000']);
  });
});

describe('errata 6.2, 18.0: ending where the move began', () => {
  it('errata 6.2: a legion in swamp 42 may come back to 42 on a 6 (42 → 37 → 38 → 39 → 40 → 41 → 42)', () => {
    expect(normal(ctx(42, 6))).toContain('42');
  });

  it('errata 6.2, 7.1: not when another of the mover’s legions (a split-off) is still on 42', () => {
    expect(normal(ctx(42, 6, { friendly: [42] }))).not.toContain('42');
  });
});

describe('errata 2.2, 10.1: entry sides of normal moves', () => {
  it('errata 2.2: tundra 6000 → mountains 1000 is a left side attack', () => {
    // 36 → 6000 (arch) → 1000 (arrow).
    expect(normal(ctx(36, 2, { enemy: [1000] }))).toContain('1000:left');
  });

  it('errata 2.2: tundra 2000 → mountains 1000 is a right side attack', () => {
    // 8 → 2000 (arch) → 1000 (arrow).
    expect(normal(ctx(8, 2, { enemy: [1000] }))).toContain('1000:right');
  });

  it('errata 2.2: plains 1 → mountains 1000 is a bottom attack', () => {
    expect(normal(ctx(1, 1, { enemy: [1000] }))).toEqual(['2', '1000:bottom']);
  });

  it('errata 7.0/10.1: two last steps into the same enemy give one move per side', () => {
    // 22 → 4000 → 3000 → 2000 → 1000 (right) and 22 → 4000 → 5000 → 6000 → 1000 (left); 22 → 23 → … → 26.
    expect(normal(ctx(22, 4, { enemy: [1000] }))).toEqual(['26', '1000:left', '1000:right']);
  });

  it('10.2: an engagement in a Tower is always entered from the bottom (3 → 100)', () => {
    expect(normal(ctx(3, 1, { enemy: [100] }))).toEqual(['4', '100:bottom']);
  });
});

describe('the move generator is the validator', () => {
  it('7.1: the listed moves are exactly the legal ones (the engine checks a move against this list)', () => {
    const listed = (c: ReturnType<typeof ctx>, m: LegionMove) =>
      legalMoves(c).some((l) => l.land === m.land && l.via === m.via && l.entry === m.entry);
    const c = ctx(8, 2, { enemy: [1000] });
    const good: LegionMove = { land: 1000, via: 'normal', entry: 'right' };
    expect(listed(c, good)).toBe(true);
    expect(listed(c, { ...good, entry: 'left' })).toBe(false);
    expect(listed(c, { land: 10, via: 'normal', entry: null })).toBe(true);
    expect(listed(c, { land: 10, via: 'normal', entry: 'left' })).toBe(false);
    expect(listed(c, { land: 9, via: 'normal', entry: null })).toBe(false);
  });

  it('errata 6.2: hasNormalMove is false when every destination is blocked by friendly legions', () => {
    expect(hasNormalMove(ctx(2, 1, { friendly: [3, 7] }))).toBe(false);
    expect(hasNormalMove(ctx(2, 1, { friendly: [3] }))).toBe(true);
  });

  it('7.2: moves are sorted by land, then via, then entry', () => {
    const moves = legalMoves(ctx(22, 4, { enemy: [1000] }));
    expect(moves).toEqual([
      { land: 26, via: 'normal', entry: null },
      { land: 1000, via: 'normal', entry: 'left' },
      { land: 1000, via: 'normal', entry: 'right' },
    ]);
  });

  it('6.2: a roll outside 1..6 is a caller bug and throws', () => {
    expect(() => legalMoves(ctx(1, 7))).toThrow(/1\.\.6/);
  });
});
