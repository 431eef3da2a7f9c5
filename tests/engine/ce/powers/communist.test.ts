// 36 COMMUNIST (CE Titan, rules 004): each clause, given the position, when the intent, then the events.
import { describe, expect, it } from 'vitest';
import type { CharacterName, LandNumber } from '../../../../shared/data/types';
import { powerActWords } from '../../../../shared/engine/ce/registry';
import { evolve } from '../../../../shared/engine/evolve';
import type { Intent } from '../../../../shared/engine/intents';
import { legalIntents } from '../../../../shared/engine/legal';
import { view } from '../../../../shared/engine/view';
import type { EngagementSpec } from '../../engagement/build';
import {
  A,
  begin,
  D,
  engagedRun,
  moveAll,
  ones,
  quietTurn,
  score,
  step,
  strike,
  titanSlaysOgre,
  toBattle,
} from '../../engagement/build';
import type { Run } from '../../support/game';
import { act, arrange, ofType, rejectionOf, setUpGame } from '../../support/game';
import { withPowers } from './support';

const COMMUNIST = 36;

/** p1's muster step, his legion Bk01 having moved to `land`. */
function mustering(land: LandNumber, characters: readonly CharacterName[], communist = true): Run {
  const run = arrange(setUpGame(), [{ id: 'Bk01', land, characters }], { moved: ['Bk01'] });
  return communist ? withPowers(run, { [A]: COMMUNIST }) : run;
}

function musters(run: Run, creature: CharacterName): CharacterName[][] {
  return legalIntents(run.state, A).flatMap((i) =>
    i.type === 'muster' && i.creature === creature ? [[...i.reveal]] : [],
  );
}

function powerActs(run: Run, player: string, act: string): Intent[] {
  return legalIntents(run.state, player).filter((i) => i.type === 'usePower' && i.act === act);
}

const commoner = (creature: CharacterName): Intent => ({
  type: 'usePower',
  act: 'commoner',
  args: { creature },
});

/** The Communist (`side`) in a battle on the Plains, at the battle's first maneuver phase (the defender's). */
function battle(side: 'attacker' | 'defender', spec: Partial<EngagementSpec> = {}): Run {
  const run = withPowers(
    engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Centaur'], ...spec }),
    side === 'attacker' ? { [A]: COMMUNIST } : { [D]: COMMUNIST },
  );
  begin(run);
  toBattle(run);
  return run;
}

/** The defender enters quietly (E5, F4) and the round goes on to the attacker's first maneuver phase. */
function toAttackerFirstPhase(run: Run): void {
  moveAll(run, D, { 'Bu01-1': 'E5', 'Bu01-2': 'F4' });
  quietTurn(run, 'defender');
  expect(step(run)).toEqual({ kind: 'maneuver', actor: A, side: 'attacker' });
}

describe('36 COMMUNIST', () => {
  it("CE 36 M1: the land's weakest creature (its Masterchart's first) musters with nothing revealed", () => {
    // Mountains (3000): a Lion needs a Lion or more for anyone else; the Communist reveals nothing.
    expect(musters(mustering(3000, ['Titan', 'Centaur'], false), 'Lion')).toEqual([]);
    const run = mustering(3000, ['Titan', 'Centaur']);
    expect(musters(run, 'Lion')).toEqual([[]]);
    expect(musters(run, 'Minotaur')).toEqual([]);
    // Swamp (14): a Troll; Desert (7): a Lion; Brush (3): a Gargoyle; Woods (2): a Centaur.
    expect(musters(mustering(14, ['Titan']), 'Troll')).toEqual([[]]);
    expect(musters(mustering(7, ['Ogre']), 'Lion')).toEqual([[]]);
    expect(musters(mustering(3, ['Ogre']), 'Gargoyle')).toEqual([[]]);
    expect(musters(mustering(2, ['Ogre']), 'Centaur')).toEqual([[]]);
    act(run, A, { type: 'muster', legion: 'Bk01', creature: 'Lion', reveal: [] });
    expect(run.state.legions.Bk01?.characters).toEqual(['Titan', 'Centaur', 'Lion']);
    // A set is still refused where the chart needs none: nothing need be shown.
    const other = mustering(3000, ['Titan', 'Lion']);
    expect(
      rejectionOf(other, A, { type: 'muster', legion: 'Bk01', creature: 'Lion', reveal: ['Lion'] }).code,
    ).toBe('illegalMuster');
  });

  it('CE 36 M1: ... even from the dead: the commoner from the dead pile when the caretaker has none', () => {
    const run = arrange(setUpGame(), [{ id: 'Bk01', land: 3000, characters: ['Titan', 'Lion', 'Lion'] }], {
      moved: ['Bk01'],
      caretaker: { Lion: 0, Minotaur: 0 },
    });
    run.state = { ...run.state, deadPile: { Lion: 2, Minotaur: 1 } };
    expect(musters(run, 'Lion')).toEqual([]);
    withPowers(run, { [A]: COMMUNIST });
    expect(musters(run, 'Lion')).toEqual([[]]);
    // Not a creature that is no commoner (two Lions muster a Minotaur; none is left but in the dead pile).
    expect(musters(run, 'Minotaur')).toEqual([]);
    act(run, A, { type: 'muster', legion: 'Bk01', creature: 'Lion', reveal: [] });
    expect(run.state.deadPile.Lion).toBe(1);
    expect(run.state.caretaker.Lion).toBe(0);
  });

  it('CE 36 M1: all commoners recycle in games of 4 players or more: back to the caretaker, not the dead pile', () => {
    const slain = (players: number) => {
      const run = engagedRun({
        players,
        attacker: ['Titan', 'Ogre'],
        defender: ['Ogre', 'Centaur', 'Cyclops'],
      });
      withPowers(run, {});
      // The power assigned as the bidding does (ce/fold.ts): its recycling is fixed then.
      run.state = evolve(run.state, {
        type: 'powerAssigned',
        player: A,
        power: COMMUNIST,
        bid: 0,
        score: 0,
        rolls: [],
      });
      const caretaker = run.state.caretaker;
      begin(run);
      act(run, D, { type: 'concede' });
      expect(run.state.engagement).toBeNull();
      const gained = (c: CharacterName) => (run.state.caretaker[c] ?? 0) - (caretaker[c] ?? 0);
      return { run, gained };
    };
    const four = slain(4);
    expect([...(four.run.state.ce?.recycled ?? [])].sort()).toEqual([
      'Centaur',
      'Gargoyle',
      'Lion',
      'Ogre',
      'Troll',
    ]);
    // The defender's Ogre and Centaur (any player's commoners) go back to the caretaker; the Cyclops dies.
    expect(four.run.state.deadPile).toEqual({ Cyclops: 1 });
    expect([four.gained('Ogre'), four.gained('Centaur'), four.gained('Cyclops')]).toEqual([1, 1, 0]);
    const two = slain(2);
    expect(two.run.state.ce?.recycled).toBeUndefined();
    expect(two.run.state.deadPile).toEqual({ Ogre: 1, Centaur: 1, Cyclops: 1 });
    expect([two.gained('Ogre'), two.gained('Centaur')]).toEqual([0, 0]);
  });

  it('CE 36 M2: before the movement roll he may disband a legion without his Titan, all back to the caretaker', () => {
    const run = withPowers(
      arrange(
        setUpGame(),
        [
          { id: 'Bk01', land: 100, characters: ['Titan', 'Ogre'] },
          { id: 'Bk02', land: 5, characters: ['Lion', 'Lion', 'Angel'] },
        ],
        { turnsTaken: 2 },
      ),
      { [A]: COMMUNIST },
    );
    expect(step(run)).toEqual({ kind: 'split', actor: A });
    expect(powerActs(run, A, 'disband')).toEqual([
      { type: 'usePower', act: 'disband', args: { legion: 'Bk02' } },
    ]);
    expect(powerActWords({ type: 'usePower', act: 'disband', args: { legion: 'Bk02' } })).toBe(
      'Disband Black Eye',
    );
    const caretaker = run.state.caretaker;
    const events = act(run, A, { type: 'usePower', act: 'disband', args: { legion: 'Bk02' } });
    expect(ofType(events, 'powerUsed')[0]?.words).toBe(
      'Ann disbands Black Eye: Angel, Lion, Lion go back to the caretaker.',
    );
    expect(ofType(events, 'legionEliminated')).toEqual([
      {
        type: 'legionEliminated',
        legion: 'Bk02',
        owner: A,
        characters: ['Angel', 'Lion', 'Lion'],
        reason: 'disbanded',
      },
    ]);
    expect(run.state.legions.Bk02).toBeUndefined();
    expect(run.state.caretaker.Lion).toBe((caretaker.Lion ?? 0) + 2);
    expect(run.state.caretaker.Angel).toBe((caretaker.Angel ?? 0) + 1);
    expect(run.state.deadPile).toEqual({});
    expect(run.state.players[0]?.markersAvailable).toContain('Bk02');
    // Still his split step: he rolls when he will.
    expect(step(run)).toEqual({ kind: 'split', actor: A });
    expect(powerActs(run, A, 'disband')).toEqual([]);
  });

  it('CE 36 M2, 4.3: a split-off disbanded, its marker given to a new split-off: the legions part as any split', () => {
    const run = withPowers(
      arrange(
        setUpGame(),
        [
          {
            id: 'Bk01',
            land: 100,
            characters: ['Titan', 'Ogre', 'Ogre', 'Centaur', 'Centaur', 'Gargoyle', 'Gargoyle'],
          },
        ],
        { turnsTaken: 2 },
      ),
      { [A]: COMMUNIST },
    );
    act(run, A, {
      type: 'split',
      legion: 'Bk01',
      groups: [{ marker: 'Bk02', characters: ['Ogre', 'Ogre'] }],
    });
    act(run, A, { type: 'usePower', act: 'disband', args: { legion: 'Bk02' } });
    act(run, A, {
      type: 'split',
      legion: 'Bk01',
      groups: [{ marker: 'Bk02', characters: ['Centaur', 'Centaur'] }],
    });
    act(run, A, { type: 'rollMovement' }, [3]);
    const away = legalIntents(run.state, A).find((i) => i.type === 'moveLegion' && i.legion === 'Bk01');
    if (away === undefined) throw new Error('Bk01 cannot move');
    act(run, A, away);
    // Bk01 moved off: the new Bk02 stands alone, not "still together" with the Bk02 disbanded before it (the sim's
    // bots moved and undid forever when it was counted twice).
    expect(legalIntents(run.state, A)).toContainEqual({ type: 'doneMoving' });
    expect(ofType(act(run, A, { type: 'doneMoving' }), 'movementEnded')).toHaveLength(1);
  });

  it('CE 36 M2: refused for the Titan\u2019s legion, after the roll and for another player; nothing changes', () => {
    const run = withPowers(
      arrange(
        setUpGame(),
        [
          { id: 'Bk01', land: 100, characters: ['Titan', 'Ogre'] },
          { id: 'Bk02', land: 5, characters: ['Lion'] },
        ],
        { turnsTaken: 2 },
      ),
      { [A]: COMMUNIST },
    );
    const titan = rejectionOf(run, A, { type: 'usePower', act: 'disband', args: { legion: 'Bk01' } });
    expect(titan).toMatchObject({ code: 'notAllowed', rule: 'CE 36 M2' });
    expect(titan.message).toMatch(/without your Titan: Black Eye/);
    act(run, A, { type: 'rollMovement' }, [3]);
    expect(powerActs(run, A, 'disband')).toEqual([]);
    expect(rejectionOf(run, A, { type: 'usePower', act: 'disband', args: { legion: 'Bk02' } }).code).toBe(
      'wrongStep',
    );
    // Another player with the power's legions to hand: not his power.
    const other = withPowers(arrange(setUpGame(), [{ id: 'Bk02', land: 5, characters: ['Lion'] }]), {
      [D]: COMMUNIST,
    });
    expect(powerActs(other, A, 'disband')).toEqual([]);
  });

  it("CE 36 B1: in each of his maneuver phases one of the land's commoners may join and enter; it stays after the battle", () => {
    const run = battle('attacker');
    // The limit is public from the battle's start: Titan 24 + Ogre 12 = 36 points, half 18: the floor of 36.
    expect(run.state.ce?.memory[A]?.commonerLimit).toBe(36);
    expect(ofType(run.events, 'powerUsed').at(-1)?.words).toBe(
      "Ann's Black Axes is worth 36 points: the Communist may bring in commoners worth up to 36 points in this battle.",
    );
    // Not in the enemy's phase.
    expect(powerActs(run, D, 'commoner')).toEqual([]);
    expect(powerActs(run, A, 'commoner')).toEqual([]);
    toAttackerFirstPhase(run);
    // Plains: the Centaur.
    expect(powerActs(run, A, 'commoner')).toEqual([commoner('Centaur')]);
    expect(powerActWords(commoner('Centaur') as never)).toBe('Bring in a Centaur (commoner)');
    expect(powerActWords(commoner('Ogre') as never)).toBe('Bring in an Ogre (commoner)');
    const centaurs = run.state.caretaker.Centaur ?? 0;
    const events = act(run, A, commoner('Centaur'));
    expect(ofType(events, 'characterJoined')).toEqual([
      {
        type: 'characterJoined',
        player: A,
        power: COMMUNIST,
        legion: 'Bk01',
        character: 'Centaur',
        id: 'Bk01-3',
      },
    ]);
    // One per phase.
    expect(powerActs(run, A, 'commoner')).toEqual([]);
    expect(rejectionOf(run, A, commoner('Centaur')).rule).toBe('CE 36 B1');
    moveAll(run, A, { 'Bk01-1': 'D1', 'Bk01-2': 'A1', 'Bk01-3': 'B1' });
    act(run, A, { type: 'doneManeuvering' });
    expect(run.state.legions.Bk01?.characters).toEqual(['Titan', 'Ogre', 'Centaur']);
    expect(run.state.caretaker.Centaur).toBe(centaurs - 1);
    expect(run.state.battle?.broughtIn).toEqual([{ id: 'Bk01-3', side: 'attacker', type: 'Centaur' }]);
    // Not the legion's muster: the battle's reinforcement and the turn's musters are untouched.
    expect(run.state.turn?.mustered).toEqual([]);
    // Nothing to strike: the strike phase ended by itself (issue 14). Round 2, his phase again: another
    // (12 + 12 <= 36).
    quietTurn(run, 'defender');
    expect(powerActs(run, A, 'commoner')).toEqual([commoner('Centaur')]);
    // The defender concedes (in place of his next maneuver; accepted): the Centaur stays in the winning legion,
    // and the legion may still muster.
    quietTurn(run, 'attacker');
    act(run, D, { type: 'concede' });
    act(run, A, { type: 'acceptConcession' });
    expect(run.state.legions.Bk01?.characters).toEqual(['Titan', 'Ogre', 'Centaur']);
  });

  it('CE 36 B1 (a): not when the legion holds 7 characters', () => {
    const run = battle('attacker', { attacker: ['Titan', 'Ogre', 'Ogre', 'Ogre', 'Ogre', 'Ogre', 'Ogre'] });
    moveAll(run, D, { 'Bu01-1': 'E5', 'Bu01-2': 'F4' });
    quietTurn(run, 'defender');
    expect(powerActs(run, A, 'commoner')).toEqual([]);
    expect(rejectionOf(run, A, commoner('Centaur')).rule).toBe('CE 36 B1');
  });

  it('CE 36 B1 (b): the commoners of a battle are worth at most max(half the legion at its start, 36)', () => {
    // Titan 24 + 2 Colossi 2 x 40 = 104: half is 52. Four Centaurs (48) may come; the fifth (60) not.
    const big = battle('attacker', { attacker: ['Titan', 'Colossus', 'Colossus'] });
    expect(big.state.ce?.memory[A]?.commonerLimit).toBe(52);
    toAttackerFirstPhase(big);
    const battleState = big.state.battle;
    if (battleState === null) throw new Error('no battle');
    const entered = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: `Bk01-${9 + i}`,
        side: 'attacker' as const,
        type: 'Centaur' as const,
      }));
    big.state = { ...big.state, battle: { ...battleState, broughtIn: entered(3) } };
    expect(powerActs(big, A, 'commoner')).toEqual([commoner('Centaur')]);
    big.state = { ...big.state, battle: { ...battleState, broughtIn: entered(4) } };
    expect(powerActs(big, A, 'commoner')).toEqual([]);
    const before = big.state;
    expect(rejectionOf(big, A, commoner('Centaur')).rule).toBe('CE 36 B1');
    expect(big.state).toBe(before);
  });

  it('CE 36 B1 (c): no other character joins that phase: a reinforcement, or a commoner, not both', () => {
    // The Communist defends: round 4, his reinforcement phase (14.0).
    const toRound4 = (): Run => {
      const run = battle('defender');
      moveAll(run, D, { 'Bu01-1': 'E5', 'Bu01-2': 'F4' });
      quietTurn(run, 'defender');
      moveAll(run, A, { 'Bk01-1': 'D1', 'Bk01-2': 'A1' });
      quietTurn(run, 'attacker');
      for (let round = 2; round <= 3; round++) {
        quietTurn(run, 'defender');
        quietTurn(run, 'attacker');
      }
      expect(step(run)).toEqual({ kind: 'maneuver', actor: D, side: 'defender' });
      expect(run.state.battle?.reinforcement).toBe('available');
      return run;
    };
    const reinforced = toRound4();
    expect(powerActs(reinforced, D, 'commoner')).toEqual([commoner('Centaur')]);
    act(reinforced, D, { type: 'reinforce', creature: 'Centaur', reveal: [] });
    expect(powerActs(reinforced, D, 'commoner')).toEqual([]);
    expect(rejectionOf(reinforced, D, commoner('Centaur')).rule).toBe('CE 36 B1');
    const called = toRound4();
    act(called, D, commoner('Centaur'));
    expect(legalIntents(called.state, D).some((i) => i.type === 'reinforce')).toBe(false);
    expect(rejectionOf(called, D, { type: 'reinforce', creature: 'Centaur', reveal: [] }).rule).toBe('14.1');
  });

  it('CE 36 B1 (c): nor a summoned Angel in the phase a commoner joins, nor a commoner with the Angel', () => {
    // As in the summoning tests: his Titan slays the defender's Ogre in round 1; round 2 is his summoning phase.
    const toSummonPhase = (): Run => {
      const run = withPowers(
        engagedRun({
          attacker: ['Titan', 'Ogre'],
          defender: ['Ogre', 'Troll'],
          others: [{ id: 'Bk02', land: 6, characters: ['Angel', 'Centaur'] }],
        }),
        { [A]: COMMUNIST },
      );
      begin(run);
      toBattle(run);
      titanSlaysOgre(run);
      act(run, D, { type: 'doneManeuvering' });
      strike(run, D, 'Bu01-2', 'Bk01-1', 6, 8, ones(8));
      strike(run, A, 'Bk01-1', 'Bu01-2', 2, 6, ones(6));
      expect(step(run)).toEqual({ kind: 'maneuver', actor: A, side: 'attacker' });
      expect(run.state.battle?.summon).toBe('available');
      return run;
    };
    const summoned = toSummonPhase();
    expect(powerActs(summoned, A, 'commoner')).toEqual([commoner('Centaur')]);
    act(summoned, A, { type: 'summon', from: 'Bk02', character: 'Angel' });
    expect(powerActs(summoned, A, 'commoner')).toEqual([]);
    expect(rejectionOf(summoned, A, commoner('Centaur')).rule).toBe('CE 36 B1');
    const called = toSummonPhase();
    act(called, A, commoner('Centaur'));
    expect(legalIntents(called.state, A).some((i) => i.type === 'summon')).toBe(false);
    expect(rejectionOf(called, A, { type: 'summon', from: 'Bk02', character: 'Angel' }).rule).toBe(
      'errata 15.0',
    );
  });

  it('CE 36 B1: commoners brought in count half points when slain in that battle', () => {
    // His legion without a Titan attacks; a Centaur joins in round 1; in round 2 he concedes.
    const run = battle('attacker', { attacker: ['Ogre', 'Ogre'] });
    toAttackerFirstPhase(run);
    act(run, A, commoner('Centaur'));
    moveAll(run, A, { 'Bk01-1': 'D1', 'Bk01-2': 'A1', 'Bk01-3': 'B1' });
    // Nothing to strike: the strike phases end by themselves (issue 14).
    quietTurn(run, 'attacker');
    quietTurn(run, 'defender');
    // In place of his maneuver (2.5.6.4.2.1): an attempt, which the defender accepts.
    const before = score(run, D);
    act(run, A, { type: 'concede' });
    act(run, D, { type: 'acceptConcession' });
    // The victorious defender's reinforcement step (14.0), declined.
    act(run, D, { type: 'pass' });
    // Ogre 12 + Ogre 12 + half of the Centaur's 12.
    expect(score(run, D) - before).toBe(30);
  });

  it('CE 36: nothing secret: every viewer sees the limit and the acts', () => {
    const run = battle('attacker');
    const limit = ofType(run.events, 'powerUsed').at(-1);
    expect(limit?.audience).toBe('all');
    expect(view(run.state, { player: D }).ce?.memory[A]).toEqual({ commonerLimit: 36 });
    expect(view(run.state, { spectator: true }).ce?.memory[A]).toEqual({ commonerLimit: 36 });
  });
});
