// 48 IMMOBILISER (CE Titan, rules 004): each clause, given the position, when the intent, then the events.
import { describe, expect, it } from 'vitest';
import type { LandNumber } from '../../../../shared/data/types';
import { isNative } from '../../../../shared/engine/battle/hazards';
import { mayFly, mayRangestrike, moveAllowance, nativeTo, passage } from '../../../../shared/engine/ce/hooks';
import { battlePosition } from '../../../../shared/engine/engagementState';
import { legalIntents } from '../../../../shared/engine/legal';
import { normalMoves } from '../../../../shared/engine/movement';
import { moveContext } from '../../../../shared/engine/movementPhase';
import { A, begin, D, engagedRun, moveAll, place, quietTurn } from '../../engagement/build';
import type { Run } from '../../support/game';
import { act, arrange, rejectionOf, setUpGame } from '../../support/game';
import { moveTargets, withPowers } from './support';

const IMMOBILISER = 48;

/** p1's legion Bk01 in his tower 600 (roll `roll`), p2's legion Bu01 on `land`; p2 holds the power if `power`. */
function onTheMasterboard(land: LandNumber, roll: number, power = true): Run {
  const run = withPowers(setUpGame(), power ? { [D]: IMMOBILISER } : {});
  return arrange(
    run,
    [
      { id: 'Bk01', land: 600, characters: ['Titan', 'Ogre'] },
      { id: 'Bu01', land, characters: ['Titan', 'Ogre'] },
    ],
    { roll, turnsTaken: 2 },
  );
}

function attacks(run: Run, land: LandNumber): boolean {
  return legalIntents(run.state, A).some((i) => i.type === 'moveLegion' && i.land === land);
}

/** A battle on the Plains with p2 (the defender) holding the power, at the attacker's first maneuver. */
function battle(attacker: string[], defender: string[], power = true): Run {
  const run = withPowers(
    engagedRun({ attacker: attacker as never, defender: defender as never }),
    power ? { [D]: IMMOBILISER } : {},
  );
  begin(run);
  act(run, D, { type: 'noMoreProposals' });
  act(run, A, { type: 'fight' });
  return run;
}

describe('48 IMMOBILISER', () => {
  // A land the tower's legion reaches with exactly 3 (and not with 2 or 1), by the standard moves.
  const run0 = onTheMasterboard(1, 3, false);
  const ctx = moveContext(run0.state, 'Bk01');
  const within = (roll: number) => new Set(normalMoves({ ...ctx, roll }).map((m) => m.land));
  const exact = [...within(3)].find((l) => !within(2).has(l) && !within(1).has(l)) as LandNumber;

  it('CE 48 M1: an opponent rolling just enough to reach his legion cannot attack it', () => {
    expect(attacks(onTheMasterboard(exact, 3, false), exact)).toBe(true);
    const run = onTheMasterboard(exact, 3);
    expect(attacks(run, exact)).toBe(false);
    const before = run.state;
    const r = rejectionOf(run, A, { type: 'moveLegion', legion: 'Bk01', land: exact, via: 'normal' });
    expect(r.rule).toBe('CE 48');
    expect(r.message).toMatch(/IMMOBILISER/);
    expect(run.state).toBe(before);
  });

  it('CE 48 M1: a roll more than enough attacks as usual, and so does a Titan Teleport', () => {
    for (const roll of [4, 5]) {
      expect(attacks(onTheMasterboard(exact, roll), exact)).toBe(
        attacks(onTheMasterboard(exact, roll, false), exact),
      );
    }
    const teleport = onTheMasterboard(exact, 6);
    teleport.state = {
      ...teleport.state,
      players: teleport.state.players.map((p) => (p.id === A ? { ...p, score: 400 } : p)),
    };
    expect(
      legalIntents(teleport.state, A).some(
        (i) => i.type === 'moveLegion' && i.land === exact && i.via === 'titanTeleport',
      ),
    ).toBe(true);
  });

  it('CE 48 M1, errata 6.2: a legion whose only moves were such attacks need not move', () => {
    const given = (power: boolean) =>
      arrange(
        withPowers(setUpGame(), power ? { [D]: IMMOBILISER } : {}),
        [
          { id: 'Bk01', land: 4, characters: ['Titan', 'Ogre'] },
          { id: 'Bu01', land: 103, characters: ['Titan', 'Ogre'] },
        ],
        { roll: 1, turnsTaken: 2 },
      );
    expect(rejectionOf(given(false), A, { type: 'doneMoving' }).code).toBe('mustMove');
    const run = given(true);
    expect(legalIntents(run.state, A).some((i) => i.type === 'moveLegion' && i.via === 'normal')).toBe(false);
    expect(legalIntents(run.state, A)).toContainEqual({ type: 'doneMoving' });
  });

  it('CE 48 B1: his enemies cannot fly or rangestrike; their non-flyers move 1 slower, not his own', () => {
    const run = battle(['Gargoyle', 'Ogre', 'Ranger'], ['Ogre', 'Ranger']);
    const pos = battlePosition(run.state.battle as never);
    const c = (id: string) => pos.characters.find((x) => x.id === id) as (typeof pos.characters)[number];
    expect(mayFly(pos, c('Bk01-1'))).toBe(false);
    expect(mayRangestrike(pos, c('Bk01-3'))).toBe(false);
    expect(moveAllowance(pos, c('Bk01-1'), 3)).toBe(3); // a Gargoyle (a flyer by the chart) walks at its skill
    expect(moveAllowance(pos, c('Bk01-2'), 2)).toBe(1); // an Ogre moves 1 slower
    expect(moveAllowance(pos, c('Bu01-1'), 2)).toBe(2); // his own are untouched
    expect(mayRangestrike(pos, c('Bu01-2'))).toBe(true);
    const standard = battlePosition(
      battle(['Gargoyle', 'Ogre', 'Ranger'], ['Ogre', 'Ranger'], false).state.battle as never,
    );
    expect(mayFly(standard, c('Bk01-1'))).toBe(true);
    expect(moveAllowance(standard, c('Bk01-2'), 2)).toBe(2);
  });

  it('CE 48 B2: a non-rangestriking enemy must stop on moving next to his character', () => {
    const run = battle(['Gargoyle', 'Ranger'], ['Ogre', 'Troll']);
    act(run, A, { type: 'pass' });
    act(run, D, { type: 'pass' });
    moveAll(run, D, { 'Bu01-1': 'E5', 'Bu01-2': 'F4' });
    quietTurn(run, 'defender');
    place(run, { 'Bk01-1': { hex: 'A2' }, 'Bk01-2': { hex: 'A1' }, 'Bu01-1': { hex: 'C3' } });
    // A2 to D5 or D2 is three hexes, each way past a hex next to C3: the Gargoyle (3, walking) stops there.
    const targets = moveTargets(run, A, 'Bk01-1');
    expect(targets).not.toContain('D5');
    expect(targets).not.toContain('D2');
    expect(targets).toContain('B3');
    const pos = battlePosition(run.state.battle as never);
    const c = (id: string) => pos.characters.find((x) => x.id === id) as (typeof pos.characters)[number];
    expect(passage(pos, c('Bk01-1'), 'A2', 'B3', { cost: 1, end: true }, false)).toEqual({
      cost: 1,
      end: true,
      stop: true,
    });
    // A rangestriker (a Ranger) by the chart is not stopped.
    expect(passage(pos, c('Bk01-2'), 'A2', 'B3', { cost: 1, end: true }, false)).toEqual({
      cost: 1,
      end: true,
    });
  });

  it('CE 48 B3: with his Titan in the battle he declares, before entry, every combatant non-native', () => {
    const run = battle(['Ogre', 'Gargoyle'], ['Titan', 'Troll']);
    // The attacker's step comes first: the declaration is not his.
    expect(legalIntents(run.state, A).some((i) => i.type === 'usePower')).toBe(false);
    act(run, A, { type: 'pass' });
    const declare = { type: 'usePower', act: 'declareNonNative' } as const;
    expect(legalIntents(run.state, D)).toContainEqual(declare);
    act(run, D, declare);
    expect(run.state.battle?.nonNative).toBe(true);
    const pos = battlePosition(run.state.battle as never);
    expect(isNative('Ogre', 'Bog')).toBe(true);
    expect(nativeTo(pos, 'attacker', 'Ogre', 'Bog')).toBe(false);
    expect(nativeTo(pos, 'defender', 'Troll', 'Bog')).toBe(false);
    expect(legalIntents(run.state, D)).not.toContainEqual(declare);
    const before = run.state;
    expect(rejectionOf(run, D, declare).rule).toBe('CE 48 B3');
    expect(run.state).toBe(before);
  });

  it('CE 48 B3: not without his Titan in the battle', () => {
    const run = battle(['Ogre', 'Gargoyle'], ['Ogre', 'Troll']);
    act(run, A, { type: 'pass' });
    expect(legalIntents(run.state, D).some((i) => i.type === 'usePower')).toBe(false);
    expect(rejectionOf(run, D, { type: 'usePower', act: 'declareNonNative' }).rule).toBe('CE 48 B3');
  });
});
