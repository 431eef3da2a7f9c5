// The movement phase through moveLegion (Complete Sequence 2.3; 6.2, 7.1-7.5, 8.0-8.3; errata 2.2/10.1, 6.2,
// 7.0, 7.1, 8.1, 8.2, 10.4) on real lands of the Masterboard (shared/data/masterboard.ts):
//   1: arrows→2, arch→1000 (bottom)   2: arrows→3, arch→7   3: arrows→4, arch→100   4: arrows→5, block→103
//   7: arch→2, arrows→8   8: arrows→9, arch→2000   100: arrow→3, arrow→41, arrow→101   101: arch→100, arrows→142
//   1000: block→1, arrow→2000 (left), arrow→6000 (right)   2000: block→8, arrow→1000 (right), arrow→3000
//   6000: block→36, arrow→1000 (left), arrow→5000
import { describe, expect, it } from 'vitest';
import type { CharacterName, LandNumber } from '../../../shared/data/types';
import type { IntentOf } from '../../../shared/engine/intents';
import { legalIntents } from '../../../shared/engine/legal';
import { act, arrange, type Run, rejectionOf, setUpGame } from '../support/game';

const SMALL: CharacterName[] = ['Ogre', 'Ogre'];

/** p1 (second turn) at the move step with roll `roll`; his legion Bk01 on `from`; p2's legions elsewhere. */
function position(
  from: LandNumber,
  roll: number,
  more: { id: string; land: LandNumber; characters?: CharacterName[] }[] = [],
  o: { characters?: CharacterName[]; score?: number } = {},
): Run {
  return arrange(
    setUpGame(),
    [
      { id: 'Bk01', land: from, characters: o.characters ?? ['Titan', 'Ogre', 'Ogre'] },
      ...more.map((m) => ({ id: m.id, land: m.land, characters: m.characters ?? SMALL })),
    ],
    { roll, turnsTaken: 2, scores: { p1: o.score ?? 0 } },
  );
}

function move(
  legion: string,
  land: LandNumber,
  via: IntentOf<'moveLegion'>['via'] = 'normal',
  entry?: IntentOf<'moveLegion'>['entry'],
): IntentOf<'moveLegion'> {
  return entry === undefined
    ? { type: 'moveLegion', legion, land, via }
    : { type: 'moveLegion', legion, land, via, entry };
}

function destinations(run: Run, legion = 'Bk01'): string[] {
  return legalIntents(run.state, 'p1').flatMap((i) =>
    i.type === 'moveLegion' && i.legion === legion
      ? [`${i.land}${i.via === 'normal' ? '' : `/${i.via}`}${i.entry ? `:${i.entry}` : ''}`]
      : [],
  );
}

describe('7.3, 7.4 Movement Chart: each kind of sign through moveLegion', () => {
  it('7.4 block: a legion on 4 must begin toward 103; 5 is refused', () => {
    const run = position(4, 1);
    expect(destinations(run)).toEqual(['103']);
    expect(rejectionOf(run, 'p1', move('Bk01', 5)).code).toBe('illegalMove');
    expect(act(run, 'p1', move('Bk01', 103))).toEqual([
      { type: 'legionMoved', legion: 'Bk01', from: 4, to: 103, via: 'normal', entry: null, revealed: [] },
      // The move step goes on (every decision ends with the step that follows).
      { type: 'stepBegan', step: { kind: 'move', actor: 'p1' } },
    ]);
    expect(run.state.legions.Bk01?.land).toBe(103);
  });

  it('7.4 arch: an arch may begin a move (2 → 7)', () => {
    const run = position(2, 1);
    expect(destinations(run)).toEqual(['3', '7']);
    act(run, 'p1', move('Bk01', 7));
    expect(run.state.legions.Bk01?.land).toBe(7);
  });

  it("7.5: an arch no longer counts once the move is under way (1 → 2 → 3, never 2's arch to 7)", () => {
    const run = position(1, 2);
    expect(destinations(run)).toEqual(['3', '2000', '6000']);
    expect(rejectionOf(run, 'p1', move('Bk01', 7)).code).toBe('illegalMove');
    act(run, 'p1', move('Bk01', 2000));
  });

  it("7.4 arrow: a tower's single arrows begin a move (100 → 3, 41, 101)", () => {
    const run = position(100, 1);
    expect(destinations(run)).toEqual(['3', '41', '101']);
    act(run, 'p1', move('Bk01', 41));
  });

  it('7.4 triple arrow: it must be followed (3 → 4 → 5, or 3 → 100 → 41/101)', () => {
    const run = position(3, 2);
    expect(destinations(run)).toEqual(['5', '41', '101']);
    expect(rejectionOf(run, 'p1', move('Bk01', 103)).code).toBe('illegalMove');
    act(run, 'p1', move('Bk01', 5));
  });

  it('7.1: a legion moves the full count, may pass a friendly legion but not end on one', () => {
    const run = position(100, 2, [
      { id: 'Bk02', land: 3 },
      { id: 'Bk03', land: 142 },
    ]);
    // 100 → 3 → 4 passes Bk02; 100 → 101 → 142 would end on Bk03.
    expect(destinations(run)).toEqual(['4', '42']);
    const r = rejectionOf(run, 'p1', move('Bk01', 142));
    expect(r).toMatchObject({ code: 'illegalMove', rule: '7.1' });
    expect(rejectionOf(run, 'p1', move('Bk01', 3)).code).toBe('illegalMove');
  });

  it('7.1: a legion may end where another of his legions stood once that one has moved away', () => {
    const run = position(100, 2, [{ id: 'Bk03', land: 142 }]);
    expect(rejectionOf(run, 'p1', move('Bk01', 142)).rule).toBe('7.1');
    const away = legalIntents(run.state, 'p1').find((i) => i.type === 'moveLegion' && i.legion === 'Bk03');
    if (away === undefined) throw new Error('Bk03 cannot move');
    act(run, 'p1', away);
    act(run, 'p1', move('Bk01', 142));
    expect(run.state.legions.Bk01?.land).toBe(142);
  });

  it('7.1: meeting an enemy legion ends the move there: an engagement', () => {
    const run = position(100, 3, [{ id: 'Bu01', land: 3 }]);
    // 100 → 3 ends at once on the enemy (from the right); 100 → 41 → 42 → 1 and 100 → 101 → 142 → 141 go on.
    expect(destinations(run)).toEqual(['1', '3:right', '141']);
    const events = act(run, 'p1', move('Bk01', 3));
    expect(events).toEqual([
      { type: 'legionMoved', legion: 'Bk01', from: 100, to: 3, via: 'normal', entry: 'right', revealed: [] },
      { type: 'stepBegan', step: { kind: 'move', actor: 'p1' } },
    ]);
    expect(run.state.turn?.engagements).toEqual([
      { land: 3, attacker: 'Bk01', defender: 'Bu01', entry: 'right' },
    ]);
  });

  it('7.1: no other legion may move into a land engaged this phase', () => {
    const run = position(100, 1, [
      { id: 'Bu01', land: 3 },
      { id: 'Bk02', land: 2 },
    ]);
    expect(destinations(run, 'Bk02')).toEqual(['3:bottom', '7']);
    act(run, 'p1', move('Bk01', 3));
    expect(destinations(run, 'Bk02')).toEqual(['7']);
    const r = rejectionOf(run, 'p1', move('Bk02', 3, 'normal', 'bottom'));
    expect(r).toMatchObject({ code: 'illegalMove', rule: '7.1' });
  });

  it('7.0: each legion moves once per turn', () => {
    const run = position(100, 1);
    act(run, 'p1', move('Bk01', 3));
    const r = rejectionOf(run, 'p1', move('Bk01', 4));
    expect(r.code).toBe('illegalMove');
    expect(r.rule).toContain('7.0');
  });

  it("6.2: only the Mover's own legions move", () => {
    const run = position(100, 1, [{ id: 'Bu01', land: 6 }]);
    expect(rejectionOf(run, 'p1', move('Bu01', 7)).code).toBe('notYourLegion');
    expect(rejectionOf(run, 'p2', move('Bu01', 7)).code).toBe('notYourTurn');
  });
});

describe('errata 2.2/10.1, 7.0: the entry side of each engagement is fixed at move time', () => {
  it('errata 2.2/10.1: 6000 → 1000 is a left side attack (36 → arch → 6000 → 1000)', () => {
    const run = position(36, 2, [{ id: 'Bu01', land: 1000 }]);
    act(run, 'p1', move('Bk01', 1000));
    expect(run.state.turn?.engagements[0]?.entry).toBe('left');
  });

  it('errata 2.2/10.1: 2000 → 1000 is a right side attack (8 → arch → 2000 → 1000)', () => {
    const run = position(8, 2, [{ id: 'Bu01', land: 1000 }]);
    act(run, 'p1', move('Bk01', 1000));
    expect(run.state.turn?.engagements[0]?.entry).toBe('right');
  });

  it('errata 2.2/10.1: 1 → 1000 is a bottom attack', () => {
    const run = position(1, 1, [{ id: 'Bu01', land: 1000 }]);
    act(run, 'p1', move('Bk01', 1000));
    expect(run.state.turn?.engagements[0]?.entry).toBe('bottom');
  });

  it('errata 7.0/10.1: when several sides are possible the player must say which; a wrong side is refused', () => {
    // From 8 with a 6, Mountains 1000 is reached over 2000 (right) or round over 6000 (left).
    const run = position(8, 6, [{ id: 'Bu01', land: 1000 }]);
    expect(destinations(run).filter((d) => d.startsWith('1000'))).toEqual(['1000:left', '1000:right']);
    const r = rejectionOf(run, 'p1', move('Bk01', 1000));
    expect(r.code).toBe('illegalMove');
    expect(r.message).toContain('left or right');
    expect(rejectionOf(run, 'p1', move('Bk01', 1000, 'normal', 'bottom')).code).toBe('illegalMove');
    act(run, 'p1', move('Bk01', 1000, 'normal', 'left'));
    expect(run.state.turn?.engagements).toEqual([
      { land: 1000, attacker: 'Bk01', defender: 'Bu01', entry: 'left' },
    ]);
  });

  it('errata 10.1: no entry side may be named for a move onto a vacant land', () => {
    const run = position(6000, 1);
    expect(rejectionOf(run, 'p1', move('Bk01', 1000, 'normal', 'left')).code).toBe('illegalMove');
  });
});

describe('8.0-8.3: teleports', () => {
  it('8.1: on a 6 a legion with a lord in a tower may teleport to a vacant land within six, showing the lord', () => {
    const run = position(100, 6, [], { characters: ['Angel', 'Ogre', 'Ogre'] });
    const events = act(run, 'p1', move('Bk01', 1000, 'towerTeleport'));
    expect(events).toEqual([
      {
        type: 'legionMoved',
        legion: 'Bk01',
        from: 100,
        to: 1000,
        via: 'towerTeleport',
        entry: null,
        revealed: ['Angel'],
      },
      { type: 'stepBegan', step: { kind: 'move', actor: 'p1' } },
    ]);
    // 8.1: the revealed lord becomes known to all.
    expect(run.state.legions.Bk01?.known).toEqual(['Angel']);
  });

  it('8.1: the mover chooses which of his Lords to show (default: the least telling, an Angel before the Titan)', () => {
    const run = position(100, 6, [], { characters: ['Titan', 'Angel', 'Ogre'] });
    const listed = legalIntents(run.state, 'p1').filter(
      (i) => i.type === 'moveLegion' && i.via === 'towerTeleport' && i.land === 300,
    );
    expect(listed).toEqual([
      { type: 'moveLegion', legion: 'Bk01', land: 300, via: 'towerTeleport', entry: null },
      { type: 'moveLegion', legion: 'Bk01', land: 300, via: 'towerTeleport', entry: null, reveal: 'Titan' },
    ]);
    const wrong = rejectionOf(run, 'p1', { ...move('Bk01', 300, 'towerTeleport'), reveal: 'Ogre' });
    expect(wrong).toMatchObject({ code: 'illegalMove', rule: '8.1' });
    expect(rejectionOf(run, 'p1', { ...move('Bk01', 3), reveal: 'Titan' }).code).toBe('illegalMove');
    const byDefault = structuredClone(run);
    expect(act(byDefault, 'p1', move('Bk01', 300, 'towerTeleport'))[0]).toMatchObject({
      revealed: ['Angel'],
    });
    expect(act(run, 'p1', { ...move('Bk01', 300, 'towerTeleport'), reveal: 'Titan' })[0]).toMatchObject({
      revealed: ['Titan'],
    });
    expect(run.state.legions.Bk01?.known).toEqual(['Titan']);
  });

  it('8.1: any vacant tower, however far', () => {
    const run = position(100, 6, [{ id: 'Bu01', land: 500 }]);
    expect(
      destinations(run).filter(
        (d) => d.includes('tower') && Number(d.split('/')[0]) % 100 === 0 && Number(d.split('/')[0]) < 1000,
      ),
    ).toEqual(['200/towerTeleport', '300/towerTeleport', '400/towerTeleport', '600/towerTeleport']);
  });

  it('errata 8.1: never back to its own land; 8.1: needs a lord and a 6; 8.0: one teleport per phase', () => {
    const run = position(100, 6, [
      { id: 'Bk02', land: 100, characters: ['Angel', 'Ogre'] },
      { id: 'Bk03', land: 200, characters: ['Ogre', 'Ogre'] },
    ]);
    expect(rejectionOf(run, 'p1', move('Bk01', 100, 'towerTeleport')).code).toBe('illegalMove');
    expect(rejectionOf(run, 'p1', move('Bk03', 300, 'towerTeleport')).code).toBe('illegalMove');
    act(run, 'p1', move('Bk01', 300, 'towerTeleport'));
    const r = rejectionOf(run, 'p1', move('Bk02', 400, 'towerTeleport'));
    expect(r).toMatchObject({ code: 'illegalMove', rule: '8.0' });
    const notSix = position(100, 5);
    expect(rejectionOf(notSix, 'p1', move('Bk01', 300, 'towerTeleport')).rule).toContain('8.1');
  });

  it('8.2, errata 10.4: at 400 points the Titan legion teleports onto an enemy legion, naming its entry side', () => {
    const run = position(20, 6, [{ id: 'Bu01', land: 1000 }], { score: 400 });
    const r = rejectionOf(run, 'p1', move('Bk01', 1000, 'titanTeleport'));
    expect(r.code).toBe('illegalMove');
    expect(r.message).toContain('left or right or bottom');
    const events = act(run, 'p1', move('Bk01', 1000, 'titanTeleport', 'bottom'));
    expect(events).toEqual([
      {
        type: 'legionMoved',
        legion: 'Bk01',
        from: 20,
        to: 1000,
        via: 'titanTeleport',
        entry: 'bottom',
        revealed: ['Titan'],
      },
      { type: 'stepBegan', step: { kind: 'move', actor: 'p1' } },
    ]);
    expect(run.state.legions.Bk01?.known).toEqual(['Titan']);
    expect(run.state.turn?.engagements).toEqual([
      { land: 1000, attacker: 'Bk01', defender: 'Bu01', entry: 'bottom' },
    ]);
  });

  it('errata 10.4: a Titan Teleport into a tower always enters from the bottom', () => {
    const run = position(20, 6, [{ id: 'Bu01', land: 500 }], { score: 450 });
    expect(destinations(run).filter((d) => d.startsWith('500'))).toEqual(['500/titanTeleport:bottom']);
    act(run, 'p1', move('Bk01', 500, 'titanTeleport'));
    expect(run.state.turn?.engagements[0]?.entry).toBe('bottom');
  });

  it('8.2: below 400 points, or without the Titan, no Titan Teleport; a vacant land is never its target', () => {
    const poor = position(20, 6, [{ id: 'Bu01', land: 1000 }], { score: 399 });
    expect(rejectionOf(poor, 'p1', move('Bk01', 1000, 'titanTeleport', 'left')).rule).toContain('8.2');
    const noTitan = position(20, 6, [{ id: 'Bu01', land: 1000 }], {
      score: 500,
      characters: ['Angel', 'Ogre'],
    });
    expect(rejectionOf(noTitan, 'p1', move('Bk01', 1000, 'titanTeleport', 'left')).code).toBe('illegalMove');
    const vacant = position(20, 6, [], { score: 500 });
    expect(rejectionOf(vacant, 'p1', move('Bk01', 1000, 'titanTeleport', 'left')).code).toBe('illegalMove');
  });

  it('errata 7.1/8.2: no Titan Teleport onto a land where another of his legions is already engaged', () => {
    const run = position(
      20,
      6,
      [
        { id: 'Bu01', land: 1000 },
        { id: 'Bk02', land: 8 },
      ],
      { score: 400 },
    );
    act(run, 'p1', move('Bk02', 1000, 'normal', 'left'));
    const r = rejectionOf(run, 'p1', move('Bk01', 1000, 'titanTeleport', 'right'));
    expect(r.code).toBe('illegalMove');
    expect(r.rule).toContain('7.1');
  });
});

describe('errata 7.0: undoing moves', () => {
  it('errata 7.0: undoing a move undoes every later move (latest first), earlier moves stand', () => {
    const run = position(100, 1, [
      { id: 'Bk02', land: 1000 },
      { id: 'Bk03', land: 6000 },
      { id: 'Bu01', land: 36 },
    ]);
    act(run, 'p1', move('Bk01', 3));
    act(run, 'p1', move('Bk02', 1));
    act(run, 'p1', move('Bk03', 36));
    expect(run.state.turn?.engagements).toHaveLength(1);
    const events = act(run, 'p1', { type: 'undoMove', legion: 'Bk02' });
    expect(events).toEqual([
      { type: 'moveUndone', legion: 'Bk03' },
      { type: 'moveUndone', legion: 'Bk02' },
      { type: 'stepBegan', step: { kind: 'move', actor: 'p1' } },
    ]);
    expect(run.state.legions.Bk01?.land).toBe(3);
    expect(run.state.legions.Bk02?.land).toBe(1000);
    expect(run.state.legions.Bk03?.land).toBe(6000);
    expect(run.state.turn?.moves.map((m) => m.legion)).toEqual(['Bk01']);
    // The engagement made by an undone move is gone.
    expect(run.state.turn?.engagements).toEqual([]);
    // The legion may move again, differently.
    act(run, 'p1', move('Bk02', 1));
  });

  it('errata 7.0: only a legion that moved can be taken back', () => {
    const run = position(100, 1, [{ id: 'Bk02', land: 1000 }]);
    expect(rejectionOf(run, 'p1', { type: 'undoMove', legion: 'Bk02' }).code).toBe('illegalMove');
  });

  it('errata 7.0: once the movement phase is over, moves are fixed', () => {
    const run = position(100, 1, [{ id: 'Bu01', land: 1000 }]);
    act(run, 'p1', move('Bk01', 3));
    act(run, 'p1', { type: 'doneMoving' });
    expect(rejectionOf(run, 'p1', { type: 'undoMove', legion: 'Bk01' }).code).toBe('wrongStep');
  });
});

describe('6.2, errata 6.2: at least one legion must move', () => {
  it('6.2: the phase cannot end before a legion has moved, when one can', () => {
    const run = position(100, 1);
    const r = rejectionOf(run, 'p1', { type: 'doneMoving' });
    expect(r).toMatchObject({ code: 'mustMove' });
    expect(r.rule).toContain('6.2');
    act(run, 'p1', move('Bk01', 101));
    const events = act(run, 'p1', { type: 'doneMoving' });
    expect(events).toEqual([
      { type: 'movementEnded', player: 'p1' },
      { type: 'stepBegan', step: { kind: 'muster', actor: 'p1' } },
    ]);
  });

  it('errata 6.2: a player with no legal move for any legion need not move (a hand-made board of 36 legions)', () => {
    // On a 4 every normal move from these lands ends on another of them (and none loops back to its start), so
    // with p1's legions (his own markers and 24 taken from eliminated players, 4.6) on all of them nothing moves.
    const lands = [
      1, 5, 7, 11, 15, 19, 21, 25, 29, 33, 35, 39, 101, 103, 105, 107, 109, 111, 113, 115, 117, 119, 121,
    ];
    const more = [123, 125, 127, 129, 131, 133, 135, 137, 139, 141, 2000, 4000, 6000];
    const markers = ['Bk', 'Br', 'Gd'].flatMap((c) =>
      Array.from({ length: 12 }, (_, i) => `${c}${String(i + 1).padStart(2, '0')}`),
    );
    const run = arrange(
      setUpGame(),
      [...lands, ...more].map((land, i) => ({
        id: markers[i] ?? 'none',
        land,
        characters: SMALL,
        owner: 'p1',
      })),
      { roll: 4, turnsTaken: 2 },
    );
    expect(legalIntents(run.state, 'p1').filter((i) => i.type === 'moveLegion')).toEqual([]);
    expect(act(run, 'p1', { type: 'doneMoving' })[0]).toEqual({ type: 'movementEnded', player: 'p1' });
  });

  it('errata 6.2, 18.0: a legion may end its move where it began, and that counts as a move', () => {
    // Swamp 42 with a 6: 42 → 1 → 2 → 3 → 4 → 5 → ... no; 42 → 37 (arch) → 38 → 39 → 40 → 41 → 42.
    const run = position(42, 6);
    expect(destinations(run)).toContain('42');
    act(run, 'p1', move('Bk01', 42));
    expect(act(run, 'p1', { type: 'doneMoving' }).at(-1)).toEqual({
      type: 'stepBegan',
      step: { kind: 'muster', actor: 'p1' },
    });
  });
});
