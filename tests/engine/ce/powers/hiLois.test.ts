// 64 HI-&-LOIS (CE Titan, rules 004): each clause, given the position, when the intent, then the events.
import { describe, expect, it } from 'vitest';
import { rollsInEvents } from '../../../../server/rooms/dice';
import { legalIntents } from '../../../../shared/engine/legal';
import { A, begin, D, engagedRun, firstRound, toBattle, types } from '../../engagement/build';
import type { Run } from '../../support/game';
import { act, ofType, rejectionOf, setUpGame, standardFirstSplit } from '../../support/game';
import { hitsOf, withPowers } from './support';

const HI_LOIS = 64;

/** p1's first turn, his split made: the movement roll is next. */
function beforeTheRoll(): Run {
  const run = withPowers(setUpGame(), { [A]: HI_LOIS });
  standardFirstSplit(run, A);
  return run;
}

describe('64 HI-&-LOIS', () => {
  it('CE 64 M1: the movement roll is two dice; he then takes the high or the low one', () => {
    const run = beforeTheRoll();
    const events = act(run, A, { type: 'rollMovement' }, [2, 5]);
    expect(types(events)).toEqual(['powerUsed', 'stepBegan']);
    expect(ofType(events, 'powerUsed')[0]).toMatchObject({ act: 'twoDice', data: { movementRolls: [2, 5] } });
    expect(run.state.step).toMatchObject({ kind: 'powerDecision', actor: A, power: HI_LOIS });
    expect(run.state.turn?.movementRoll).toBeNull();
    expect(legalIntents(run.state, A)).toEqual([
      { type: 'usePower', act: 'take', args: { die: 'high' } },
      { type: 'usePower', act: 'take', args: { die: 'low' } },
    ]);
    expect(rejectionOf(run, A, { type: 'usePower', act: 'take', args: { die: 'middle' } }).rule).toBe(
      'CE 64 M1',
    );
    expect(rejectionOf(run, A, { type: 'moveLegion', legion: 'Bk01', land: 3, via: 'normal' }).code).toBe(
      'wrongStep',
    );
    const taken = act(run, A, { type: 'usePower', act: 'take', args: { die: 'low' } });
    expect(ofType(taken, 'movementRolled')[0]).toEqual({
      type: 'movementRolled',
      player: A,
      roll: 2,
      mulligan: false,
    });
    expect(run.state.step).toEqual({ kind: 'move', actor: A });
    expect(run.state.turn?.movementRoll).toBe(2);
  });

  it("CE 64 M1: the log shows each die rolled once (the server's dice check), the taken one not again", () => {
    const run = beforeTheRoll();
    const rolled = act(run, A, { type: 'rollMovement' }, [2, 5]);
    const taken = act(run, A, { type: 'usePower', act: 'take', args: { die: 'high' } });
    expect(ofType(taken, 'movementRolled')[0]).toMatchObject({ roll: 5 });
    expect(rollsInEvents([...rolled, ...taken])).toEqual([2, 5]);
    // A movement roll of one die, not picked by a power, is a roll as ever.
    expect(rollsInEvents(taken.filter((e) => e.type === 'movementRolled'))).toEqual([5]);
  });

  it('CE 64 M1: a mulligan is two dice too, and counts as the mulligan once one is taken', () => {
    const run = beforeTheRoll();
    act(run, A, { type: 'rollMovement' }, [2, 5]);
    act(run, A, { type: 'usePower', act: 'take', args: { die: 'high' } });
    act(run, A, { type: 'takeMulligan' }, [3, 6]);
    expect(run.state.step).toMatchObject({ kind: 'powerDecision', power: HI_LOIS });
    const taken = act(run, A, { type: 'usePower', act: 'take', args: { die: 'high' } });
    expect(ofType(taken, 'movementRolled')[0]).toMatchObject({ roll: 6, mulligan: true });
    expect(run.state.players.find((p) => p.id === A)?.mulligansLeft).toBe(0);
  });

  it('CE 64 M1: the other players roll one die as usual', () => {
    const run = withPowers(setUpGame(), { [D]: HI_LOIS });
    standardFirstSplit(run, A);
    const events = act(run, A, { type: 'rollMovement' }, [4]);
    expect(types(events)).toEqual(['movementRolled', 'stepBegan']);
  });

  it('CE 64 B1: an attack is rolled twice; HIGH (the standing call) keeps the roll with more hits', () => {
    const run = withPowers(engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Troll'] }), {
      [A]: HI_LOIS,
    });
    begin(run);
    toBattle(run);
    firstRound(run, { 'Bk01-1': { hex: 'E4' } });
    const events = act(
      run,
      A,
      { type: 'strike', striker: 'Bk01-1', target: 'Bu01-2', strikeNumber: 2, dice: 6 },
      [1, 1, 1, 1, 1, 2, 3, 3, 1, 1, 1, 1],
    );
    // His one strike made, his strike step ends by itself: the call open to him bears only on an attack (issue 14,
    // ce/power.ts attackActs), so it does not hold the step.
    expect(types(events)).toEqual([
      'powerUsed',
      'strikeRolled',
      'stepBegan',
      'strikePhaseBegan',
      'stepBegan',
    ]);
    expect(run.state.step).toEqual({ kind: 'counterstrike', actor: D, side: 'defender' });
    expect(ofType(events, 'powerUsed')[0]).toMatchObject({
      act: 'twoRolls',
      data: { rolls: [1, 1, 1, 1, 1, 2, 3, 3, 1, 1, 1, 1] },
    });
    expect(ofType(events, 'strikeRolled')[0]).toMatchObject({ rolls: [3, 3, 1, 1, 1, 1], hits: 2 });
    expect(hitsOf(run, 'Bu01-2')).toBe(2);
    // The server's dice check: both rolls once each, the kept one not again in the strike.
    expect(rollsInEvents(events)).toEqual([1, 1, 1, 1, 1, 2, 3, 3, 1, 1, 1, 1]);
  });

  it('CE 64 B1: he says LOW before a roll, and the roll with fewer hits is kept', () => {
    const run = withPowers(engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Troll'] }), {
      [A]: HI_LOIS,
    });
    begin(run);
    toBattle(run);
    firstRound(run, { 'Bk01-1': { hex: 'E4' } });
    expect(legalIntents(run.state, A)).toContainEqual({
      type: 'usePower',
      act: 'call',
      args: { call: 'low' },
    });
    const said = act(run, A, { type: 'usePower', act: 'call', args: { call: 'low' } });
    expect(types(said)).toEqual(['powerUsed', 'stepBegan']);
    expect(legalIntents(run.state, A)).toContainEqual({
      type: 'usePower',
      act: 'call',
      args: { call: 'high' },
    });
    const events = act(
      run,
      A,
      { type: 'strike', striker: 'Bk01-1', target: 'Bu01-2', strikeNumber: 2, dice: 6 },
      [6, 6, 6, 1, 1, 1, 2, 1, 1, 1, 1, 1],
    );
    expect(ofType(events, 'strikeRolled')[0]).toMatchObject({ rolls: [2, 1, 1, 1, 1, 1], hits: 1 });
    // Not his to say in the defender's counterstrikes' turn: the defender's legal acts hold no call.
    expect(run.state.step).toEqual({ kind: 'counterstrike', actor: D, side: 'defender' });
    expect(legalIntents(run.state, D).some((i) => i.type === 'usePower')).toBe(false);
    expect(rejectionOf(run, D, { type: 'usePower', act: 'call', args: { call: 'high' } }).code).toBe(
      'wrongStep',
    );
  });
});
