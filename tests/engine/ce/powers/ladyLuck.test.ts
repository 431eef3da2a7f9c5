// 41 LADY LUCK (CE Titan, rules 004): each clause, given the position, when the intent, then the events.
import { describe, expect, it } from 'vitest';
import { rollsInEvents } from '../../../../server/rooms/dice';
import { legalIntents } from '../../../../shared/engine/legal';
import type { PlayerId } from '../../../../shared/engine/types';
import { A, begin, D, engagedRun, firstRound, toBattle, types } from '../../engagement/build';
import type { Run } from '../../support/game';
import { act, ofType, rejectionOf, setUpGame, standardFirstSplit } from '../../support/game';
import { hitsOf, withPowers } from './support';

const LADY_LUCK = 41;
const TITAN_STRIKES_OGRE = {
  type: 'strike',
  striker: 'Bk01-1',
  target: 'Bu01-2',
  strikeNumber: 2,
  dice: 6,
} as const;

/** p1's first turn, his split made: the movement roll is next. */
function beforeTheRoll(): Run {
  const run = withPowers(setUpGame(), { [A]: LADY_LUCK });
  standardFirstSplit(run, A);
  return run;
}

/** The attacker's Titan in contact with the defender's Ogre, the attacker to strike (his first strike phase). */
function strikeReady(lady: PlayerId): Run {
  const run = withPowers(engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Troll'] }), {
    [lady]: LADY_LUCK,
  });
  begin(run);
  toBattle(run);
  firstRound(run, { 'Bk01-1': { hex: 'E4' } });
  return run;
}

describe('41 LADY LUCK', () => {
  it('CE 41 M1: by default she likes six: another roll is rolled again, and the second stands', () => {
    const run = beforeTheRoll();
    const events = act(run, A, { type: 'rollMovement' }, [3, 5]);
    expect(types(events)).toEqual(['powerUsed', 'movementRolled', 'stepBegan']);
    expect(ofType(events, 'powerUsed')[0]).toMatchObject({ act: 'movementLuck', data: { rolls: [3, 5] } });
    expect(run.state.turn?.movementRoll).toBe(5);
    expect(run.state.step).toEqual({ kind: 'move', actor: A });
    // The server's dice check: each die once, the one that stands not again.
    expect(rollsInEvents(events)).toEqual([3, 5]);
  });

  it('CE 41 M1: the roll she likes stands', () => {
    const run = beforeTheRoll();
    act(run, A, { type: 'usePower', act: 'announce', args: { like: true, roll: 2 } });
    const events = act(run, A, { type: 'rollMovement' }, [2]);
    expect(ofType(events, 'movementRolled')[0]).toMatchObject({ roll: 2 });
    expect(rollsInEvents(events)).toEqual([2]);
  });

  it('CE 41 M1: a roll she announced she does not like is rolled again; any other stands', () => {
    const run = beforeTheRoll();
    expect(legalIntents(run.state, A)).toContainEqual({
      type: 'usePower',
      act: 'announce',
      args: { like: false, roll: 1 },
    });
    const said = act(run, A, { type: 'usePower', act: 'announce', args: { like: false, roll: 1 } });
    expect(ofType(said, 'powerUsed')[0]).toMatchObject({ audience: 'all', words: 'Ann: "I do not like 1."' });
    act(run, A, { type: 'rollMovement' }, [1, 1]);
    // The reroll stands, even the roll she did not like.
    expect(run.state.turn?.movementRoll).toBe(1);
  });

  it('CE 41 M1: an announcement is for the next roll only; the mulligan is a roll with its own announcement', () => {
    const run = beforeTheRoll();
    act(run, A, { type: 'usePower', act: 'announce', args: { like: false, roll: 6 } });
    act(run, A, { type: 'rollMovement' }, [4]);
    expect(run.state.turn?.movementRoll).toBe(4);
    // Back to "I like six" for the mulligan.
    const events = act(run, A, { type: 'takeMulligan' }, [4, 6]);
    expect(types(events)).toEqual(['powerUsed', 'movementRolled', 'stepBegan']);
    expect(ofType(events, 'movementRolled')[0]).toMatchObject({ roll: 6, mulligan: true });
    expect(run.state.players.find((p) => p.id === A)?.mulligansLeft).toBe(0);
  });

  it('CE 41 M1: no announcement once no roll is left to make; a bad announcement is refused', () => {
    const run = beforeTheRoll();
    expect(
      rejectionOf(run, A, { type: 'usePower', act: 'announce', args: { like: true, roll: 7 } }).rule,
    ).toBe('CE 41 M1');
    act(run, A, { type: 'rollMovement' }, [6]);
    act(run, A, { type: 'takeMulligan' }, [6]);
    expect(legalIntents(run.state, A).some((i) => i.type === 'usePower')).toBe(false);
    expect(
      rejectionOf(run, A, { type: 'usePower', act: 'announce', args: { like: true, roll: 3 } }).rule,
    ).toBe('CE 41 M1');
  });

  it('CE 41 M1: the other players roll as usual', () => {
    const run = withPowers(setUpGame(), { [D]: LADY_LUCK });
    standardFirstSplit(run, A);
    expect(types(act(run, A, { type: 'rollMovement' }, [3]))).toEqual(['movementRolled', 'stepBegan']);
  });

  it('CE 41 B1: her attack 1 hit or more below the average is rolled again until it is not', () => {
    const run = strikeReady(A);
    // 6 dice needing 2: the average is 5 hits; 1 and 4 hits are unlucky, 5 stands.
    const first = [1, 1, 1, 1, 1, 2];
    const second = [1, 1, 2, 2, 2, 2];
    const third = [2, 2, 2, 2, 2, 1];
    const events = act(run, A, TITAN_STRIKES_OGRE, [...first, ...second, ...third]);
    expect(types(events)).toEqual([
      'powerUsed',
      'powerUsed',
      'powerUsed',
      'powerUsed',
      'strikeRolled',
      'stepBegan',
      // The Titan's one strike made, the strike step ends by itself: the counterstrikes.
      'strikePhaseBegan',
      'stepBegan',
    ]);
    expect(ofType(events, 'strikeRolled')[0]).toMatchObject({ rolls: third, hits: 5 });
    expect(hitsOf(run, 'Bu01-2')).toBe(5);
    expect(rollsInEvents(events)).toEqual([...first, ...second, ...third]);
  });

  it('CE 41 B1: her attack at the average or above stands; so does an enemy attack at or below it', () => {
    const run = strikeReady(A);
    // (The Titan's one strike made, the strike step ends by itself: the counterstrikes.)
    const events = act(run, A, TITAN_STRIKES_OGRE, [2, 2, 2, 2, 2, 1]);
    expect(types(events)).toEqual(['strikeRolled', 'stepBegan', 'strikePhaseBegan', 'stepBegan']);
    const other = strikeReady(D);
    expect(types(act(other, A, TITAN_STRIKES_OGRE, [2, 2, 2, 2, 2, 1]))).toEqual([
      'strikeRolled',
      'stepBegan',
      'strikePhaseBegan',
      'stepBegan',
    ]);
  });

  it("CE 41 B1: an enemy's attack 1 hit or more above the average is rolled again until it is not", () => {
    const run = strikeReady(D);
    const lucky = [2, 2, 2, 2, 2, 2];
    const unluckyForHim = [1, 1, 1, 1, 1, 1];
    const events = act(run, A, TITAN_STRIKES_OGRE, [...lucky, ...unluckyForHim]);
    expect(ofType(events, 'strikeRolled')[0]).toMatchObject({ rolls: unluckyForHim, hits: 0 });
    expect(ofType(events, 'powerUsed').at(-1)).toMatchObject({ act: 'attackLuck', player: D });
    expect(rollsInEvents(events)).toEqual([...lucky, ...unluckyForHim]);
  });

  it('CE 41 B1 Average Minus: the enemy elects it before an attack, which is rolled twice, the worse kept, and not rolled again', () => {
    const run = strikeReady(D);
    const elect = { type: 'usePower', act: 'averageMinus', args: { on: true } } as const;
    expect(legalIntents(run.state, A)).toContainEqual(elect);
    expect(legalIntents(run.state, D)).toEqual([]);
    const elected = act(run, A, elect);
    expect(ofType(elected, 'powerUsed')[0]).toMatchObject({ player: A, power: LADY_LUCK, audience: 'all' });
    expect(legalIntents(run.state, A)).toContainEqual({
      type: 'usePower',
      act: 'averageMinus',
      args: { on: false },
    });
    // Both rolls are lucky for him (6 and 5 hits against an average of 5): he takes the 5, not rolled again.
    const six = [2, 2, 2, 2, 2, 2];
    const five = [2, 2, 2, 2, 2, 1];
    const events = act(run, A, TITAN_STRIKES_OGRE, [...six, ...five]);
    expect(ofType(events, 'strikeRolled')[0]).toMatchObject({ rolls: five, hits: 5 });
    expect(rollsInEvents(events)).toEqual([...six, ...five]);
    // The election was for that attack: the next one is his plain roll again (rerolled while lucky).
    expect(run.state.ce?.memory[A]?.averageMinus).toBe(false);
  });

  it('CE 41 B1 Average Minus: on a tie the first roll is kept', () => {
    const run = strikeReady(D);
    act(run, A, { type: 'usePower', act: 'averageMinus', args: { on: true } });
    const first = [2, 2, 2, 2, 2, 2];
    const second = [3, 3, 3, 3, 3, 3];
    const events = act(run, A, TITAN_STRIKES_OGRE, [...first, ...second]);
    expect(ofType(events, 'strikeRolled')[0]).toMatchObject({ rolls: first, hits: 6 });
    expect(rollsInEvents(events)).toEqual([...first, ...second]);
  });

  it('CE 41 B1 Average Minus: only her enemy elects it, and only before his own attacks', () => {
    const run = strikeReady(A);
    // Lady Luck herself: refused.
    expect(rejectionOf(run, A, { type: 'usePower', act: 'averageMinus', args: { on: true } }).rule).toBe(
      'CE 41 B1',
    );
    const other = strikeReady(D);
    expect(rejectionOf(other, A, { type: 'usePower', act: 'averageMinus', args: { on: 'yes' } }).rule).toBe(
      'CE 41 B1',
    );
    // Not his to elect during her counterstrikes.
    act(other, A, TITAN_STRIKES_OGRE, [2, 2, 2, 2, 2, 1]);
    expect(other.state.step).toEqual({ kind: 'counterstrike', actor: D, side: 'defender' });
    expect(legalIntents(other.state, A)).toEqual([]);
  });
});
