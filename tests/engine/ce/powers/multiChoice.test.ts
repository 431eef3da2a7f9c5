// 27 MULTI-CHOICE (CE Titan, rules 004): each clause, given the position, when the intent, then the events.
import { describe, expect, it } from 'vitest';
import { rollsInEvents } from '../../../../server/rooms/dice';
import type { LandNumber } from '../../../../shared/data/types';
import type { Intent } from '../../../../shared/engine/intents';
import { legalIntents } from '../../../../shared/engine/legal';
import { isTowerLand } from '../../../../shared/engine/movement';
import { A, begin, D, engagedRun, firstRound, toBattle, types } from '../../engagement/build';
import type { LegionSpec, Run } from '../../support/game';
import { act, arrange, ofType, rejectionOf, setUpGame, standardFirstSplit } from '../../support/game';
import { hitsOf, withPowers } from './support';

const MULTI_CHOICE = 27;

/** p1's first turn, his split made: the movement roll is next (`power`: whether p1 holds MULTI-CHOICE). */
function beforeTheRoll(power = true): Run {
  const run = withPowers(setUpGame(), power ? { [A]: MULTI_CHOICE } : {});
  standardFirstSplit(run, A);
  return run;
}

/** The lands a legion may move to now, by `via`. */
function lands(run: Run, legion: string, via = 'normal'): LandNumber[] {
  const found = legalIntents(run.state, A).flatMap((i) =>
    i.type === 'moveLegion' && i.legion === legion && i.via === via ? [i.land] : [],
  );
  return [...new Set(found)].sort((a, b) => a - b);
}

/** The lands the standard game offers a legion of p1's first turn with this movement roll. */
function standardLands(legion: string, roll: number): LandNumber[] {
  const run = beforeTheRoll(false);
  act(run, A, { type: 'rollMovement' }, [roll]);
  return lands(run, legion);
}

const LORDLESS: LegionSpec[] = [{ id: 'Bk03', land: 600, characters: ['Ogre', 'Ogre', 'Troll'] }];

describe('27 MULTI-CHOICE', () => {
  it('CE 27 M2: two dice, rolled again while a double; the first number is the movement roll', () => {
    const run = beforeTheRoll();
    const events = act(run, A, { type: 'rollMovement' }, [3, 3, 4, 4, 2, 5]);
    expect(types(events)).toEqual(['powerUsed', 'movementRolled', 'stepBegan']);
    expect(ofType(events, 'powerUsed')[0]).toMatchObject({
      act: 'twoNumbers',
      data: { rolls: [3, 3, 4, 4, 2, 5], movementNumbers: [2, 5] },
    });
    expect(ofType(events, 'movementRolled')[0]).toMatchObject({ roll: 2, mulligan: false });
    expect(run.state.step).toEqual({ kind: 'move', actor: A });
    // Every die rolled is in the log once (the server's dice check), the number taken not again.
    expect(rollsInEvents(events)).toEqual([3, 3, 4, 4, 2, 5]);
  });

  it('CE 27 M2: each legion may move with either number, and each with its own', () => {
    const run = beforeTheRoll();
    act(run, A, { type: 'rollMovement' }, [2, 5]);
    const both = [...new Set([...standardLands('Bk01', 2), ...standardLands('Bk01', 5)])].sort(
      (a, b) => a - b,
    );
    expect(lands(run, 'Bk01')).toEqual(both);
    const [withFive] = standardLands('Bk01', 5).filter((l) => !standardLands('Bk01', 2).includes(l));
    const [withTwo] = standardLands('Bk02', 2).filter(
      (l) => !standardLands('Bk02', 5).includes(l) && l !== withFive,
    );
    if (withFive === undefined || withTwo === undefined) throw new Error('the lands differ with 2 and 5');
    act(run, A, { type: 'moveLegion', legion: 'Bk01', land: withFive, via: 'normal' });
    act(run, A, { type: 'moveLegion', legion: 'Bk02', land: withTwo, via: 'normal' });
    expect(run.state.legions.Bk01?.land).toBe(withFive);
    expect(run.state.legions.Bk02?.land).toBe(withTwo);
  });

  it('CE 27 M2: a land neither number reaches is refused, in the words of both numbers', () => {
    const run = beforeTheRoll();
    act(run, A, { type: 'rollMovement' }, [2, 5]);
    const far = ([1, 2, 3, 4, 5, 6] as const)
      .flatMap((roll) => standardLands('Bk01', roll))
      .find((l) => !lands(run, 'Bk01').includes(l));
    if (far === undefined) throw new Error('some land is out of reach');
    const before = run.state;
    const r = rejectionOf(run, A, { type: 'moveLegion', legion: 'Bk01', land: far, via: 'normal' });
    expect(r.message).toMatch(/roll of 2 or 5/);
    expect(run.state).toBe(before);
  });

  it('CE 27 M2: a mulligan rolls two numbers again; the other players roll one die as usual', () => {
    const run = beforeTheRoll();
    act(run, A, { type: 'rollMovement' }, [2, 5]);
    const events = act(run, A, { type: 'takeMulligan' }, [6, 1]);
    expect(ofType(events, 'movementRolled')[0]).toMatchObject({ roll: 6, mulligan: true });
    expect(run.state.ce?.memory[A]?.movementNumbers).toEqual([6, 1]);
    expect(lands(run, 'Bk01')).toEqual(
      [...new Set([...standardLands('Bk01', 6), ...standardLands('Bk01', 1)])].sort((a, b) => a - b),
    );
    const other = withPowers(setUpGame(), { [D]: MULTI_CHOICE });
    standardFirstSplit(other, A);
    expect(types(act(other, A, { type: 'rollMovement' }, [4]))).toEqual(['movementRolled', 'stepBegan']);
  });

  it('CE 27 M1: a legion without a lord Tower Teleports on a 6, showing nothing', () => {
    const given = (power: boolean) =>
      arrange(withPowers(setUpGame(), power ? { [A]: MULTI_CHOICE } : {}), LORDLESS, {
        roll: 6,
        turnsTaken: 2,
      });
    expect(lands(given(false), 'Bk03', 'towerTeleport')).toEqual([]);
    const run = given(true);
    expect(lands(run, 'Bk03', 'towerTeleport')).toContain(100);
    const before = run.state;
    const shown = rejectionOf(run, A, {
      type: 'moveLegion',
      legion: 'Bk03',
      land: 100,
      via: 'towerTeleport',
      reveal: 'Ogre',
    });
    expect(shown.rule).toBe('CE 27 M1');
    expect(run.state).toBe(before);
    const events = act(run, A, { type: 'moveLegion', legion: 'Bk03', land: 100, via: 'towerTeleport' });
    expect(ofType(events, 'legionMoved')[0]).toMatchObject({ to: 100, via: 'towerTeleport', revealed: [] });
  });

  it('CE 27 M1: a legion with a lord shows none either, and one legion teleports per phase after turn 1', () => {
    const legions: LegionSpec[] = [
      { id: 'Bk01', land: 600, characters: ['Titan', 'Ogre'] },
      { id: 'Bk02', land: 600, characters: ['Angel', 'Ogre'] },
    ];
    const run = arrange(withPowers(setUpGame(), { [A]: MULTI_CHOICE }), legions, { roll: 6, turnsTaken: 2 });
    const offered = legalIntents(run.state, A).filter(
      (i): i is Intent & { type: 'moveLegion' } => i.type === 'moveLegion' && i.via === 'towerTeleport',
    );
    expect(offered.some((i) => i.reveal !== undefined)).toBe(false);
    const events = act(run, A, { type: 'moveLegion', legion: 'Bk02', land: 100, via: 'towerTeleport' });
    expect(ofType(events, 'legionMoved')[0]?.revealed).toEqual([]);
    expect(lands(run, 'Bk01', 'towerTeleport')).toEqual([]);
    expect(
      rejectionOf(run, A, { type: 'moveLegion', legion: 'Bk01', land: 200, via: 'towerTeleport' }).rule,
    ).toBe('8.0');
  });

  it('CE 27 M1: on turn 1 both legions teleport, not to a Tower, showing no lord', () => {
    const run = beforeTheRoll();
    act(run, A, { type: 'rollMovement' }, [6, 3]);
    for (const legion of ['Bk01', 'Bk02']) {
      const to = lands(run, legion, 'towerTeleport');
      expect(to.length).toBeGreaterThan(0);
      expect(to.some(isTowerLand)).toBe(false);
    }
    const before = run.state;
    expect(
      rejectionOf(run, A, { type: 'moveLegion', legion: 'Bk02', land: 100, via: 'towerTeleport' }).rule,
    ).toBe('CE 27');
    expect(run.state).toBe(before);
    const [first] = lands(run, 'Bk01', 'towerTeleport');
    if (first === undefined) throw new Error('a teleport');
    act(run, A, { type: 'moveLegion', legion: 'Bk01', land: first, via: 'towerTeleport' });
    const second = lands(run, 'Bk02', 'towerTeleport');
    expect(second.length).toBeGreaterThan(0);
    expect(second).not.toContain(first);
    const [to] = second;
    if (to === undefined) throw new Error('a teleport');
    const events = act(run, A, { type: 'moveLegion', legion: 'Bk02', land: to, via: 'towerTeleport' });
    expect(ofType(events, 'legionMoved')[0]).toMatchObject({ via: 'towerTeleport', revealed: [] });
  });

  it('CE 27 B1: declared, his next attack is rolled twice and he keeps either roll', () => {
    const run = withPowers(engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Troll'] }), {
      [A]: MULTI_CHOICE,
    });
    begin(run);
    toBattle(run);
    firstRound(run, { 'Bk01-1': { hex: 'E4' } });
    const declare: Intent = { type: 'usePower', act: 'rollTwice' };
    expect(legalIntents(run.state, A)).toContainEqual(declare);
    act(run, A, declare);
    expect(legalIntents(run.state, A)).not.toContainEqual(declare);
    const rolled = act(
      run,
      A,
      { type: 'strike', striker: 'Bk01-1', target: 'Bu01-2', strikeNumber: 2, dice: 6 },
      [1, 1, 1, 1, 1, 4, 5, 6, 4, 1, 1, 1],
    );
    expect(types(rolled)).toEqual(['powerUsed', 'stepBegan']);
    expect(run.state.step).toMatchObject({ kind: 'powerDecision', actor: A, power: MULTI_CHOICE });
    expect(hitsOf(run, 'Bu01-2')).toBe(0);
    expect(legalIntents(run.state, A)).toEqual([
      { type: 'usePower', act: 'keep', args: { roll: 'first' } },
      { type: 'usePower', act: 'keep', args: { roll: 'second' } },
    ]);
    expect(rejectionOf(run, A, { type: 'usePower', act: 'keep', args: { roll: 'third' } }).rule).toBe(
      'CE 27 B1',
    );
    const kept = act(run, A, { type: 'usePower', act: 'keep', args: { roll: 'second' } });
    expect(ofType(kept, 'strikeRolled')[0]).toMatchObject({ rolls: [5, 6, 4, 1, 1, 1], hits: 3 });
    expect(hitsOf(run, 'Bu01-2')).toBe(3);
    // The kept roll resolves the Titan's one strike: his strike step ends by itself, in the same decision.
    expect(types(kept).slice(-3)).toEqual(['stepBegan', 'strikePhaseBegan', 'stepBegan']);
    expect(run.state.step).toMatchObject({ kind: 'counterstrike', actor: D, side: 'defender' });
    // The dice check: both rolls once, the kept one not again.
    expect(rollsInEvents([...rolled, ...kept])).toEqual([1, 1, 1, 1, 1, 4, 5, 6, 4, 1, 1, 1]);
  });

  it('CE 27 B1: once per battle; his other attacks are rolled once', () => {
    const run = withPowers(engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Troll'] }), {
      [A]: MULTI_CHOICE,
    });
    begin(run);
    toBattle(run);
    firstRound(run, { 'Bk01-1': { hex: 'E4' }, 'Bk01-2': { hex: 'F3' } });
    act(run, A, { type: 'usePower', act: 'rollTwice' });
    act(
      run,
      A,
      { type: 'strike', striker: 'Bk01-1', target: 'Bu01-2', strikeNumber: 2, dice: 6 },
      [4, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    );
    const kept = act(run, A, { type: 'usePower', act: 'keep', args: { roll: 'first' } });
    expect(ofType(kept, 'strikeRolled')[0]).toMatchObject({ hits: 2 });
    const before = run.state;
    const again = rejectionOf(run, A, { type: 'usePower', act: 'rollTwice' });
    expect(again.rule).toBe('CE 27 B1');
    expect(run.state).toBe(before);
    const once = legalIntents(run.state, A).find((i) => i.type === 'strike' && i.striker === 'Bk01-2');
    if (once === undefined) throw new Error('Bk01-2 strikes');
    const events = act(run, A, once, Array<number>(once.type === 'strike' ? once.dice : 0).fill(6));
    expect(types(events)[0]).toBe('strikeRolled');
  });
});
