// 47 GLADIATOR (CE Titan, rules 004): each clause, given the position, when the intent, then the events.
import { describe, expect, it } from 'vitest';
import type { CharacterName, LandNumber } from '../../../../shared/data/types';
import { rangestrikeRange } from '../../../../shared/engine/ce/hooks';
import { powerActWords } from '../../../../shared/engine/ce/registry';
import { battlePosition } from '../../../../shared/engine/engagementState';
import { legalIntents } from '../../../../shared/engine/legal';
import type { EngagementSpec } from '../../engagement/build';
import {
  A,
  begin,
  D,
  engagedRun,
  firstRound,
  moveAll,
  ones,
  quietTurn,
  strike,
  toBattle,
} from '../../engagement/build';
import type { Run } from '../../support/game';
import { act, arrange, ofType, rejectionOf, setUpGame } from '../../support/game';
import { moveTargets, noOgreLeft, withPowers } from './support';

const GLADIATOR = 47;

/** p1's muster step, his legion Bk01 having moved to `land`. */
function mustering(land: LandNumber, characters: readonly CharacterName[], gladiator = true): Run {
  const run = arrange(setUpGame(), [{ id: 'Bk01', land, characters }], { moved: ['Bk01'] });
  return gladiator ? withPowers(run, { [A]: GLADIATOR }) : run;
}

function musters(run: Run, creature: CharacterName): CharacterName[][] {
  return legalIntents(run.state, A).flatMap((i) =>
    i.type === 'muster' && i.creature === creature ? [[...i.reveal]] : [],
  );
}

/** The Gladiator (p1) attacks with his Titan and an Ogre; the defender concedes at once (24 points) unless it flees. */
function conceded(spec: Partial<EngagementSpec>, end: 'concede' | 'flee' = 'concede'): Run {
  const run = withPowers(
    engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Centaur'], ...spec }),
    { [A]: GLADIATOR },
  );
  begin(run);
  act(run, D, { type: end });
  // 2.5.6.5: the victor's summons, offered while he has other legions.
  if (run.state.step.kind === 'postBattleAddition') act(run, A, { type: 'pass' });
  return run;
}

const NO_WARLOCK = { type: 'usePower', act: 'declineWarlock' } as const;
const NO_BASIC = { type: 'usePower', act: 'noBasic' } as const;

describe('47 GLADIATOR', () => {
  it('CE 47 M1: one extra of the set to muster up: 3 Centaurs for a Lion, 4 Lions for a Griffon', () => {
    // Plains (land 1): two Centaurs muster a Lion for anyone else, not for the Gladiator.
    expect(musters(mustering(1, ['Centaur', 'Centaur'], false), 'Lion')).toEqual([['Centaur', 'Centaur']]);
    expect(musters(mustering(1, ['Centaur', 'Centaur']), 'Lion')).toEqual([]);
    expect(musters(mustering(1, ['Centaur', 'Centaur', 'Centaur']), 'Lion')).toEqual([
      ['Centaur', 'Centaur', 'Centaur'],
    ]);
    // Desert (land 7).
    expect(musters(mustering(7, ['Lion', 'Lion', 'Lion']), 'Griffon')).toEqual([]);
    const run = mustering(7, ['Lion', 'Lion', 'Lion', 'Lion']);
    expect(musters(run, 'Griffon')).toEqual([['Lion', 'Lion', 'Lion', 'Lion']]);
    expect(
      rejectionOf(run, A, {
        type: 'muster',
        legion: 'Bk01',
        creature: 'Griffon',
        reveal: ['Lion', 'Lion', 'Lion'],
      }).code,
    ).toBe('illegalMuster');
  });

  it('CE 47 M1 (reading): a like or lower creature needs two of one like or higher creature', () => {
    expect(musters(mustering(1, ['Lion'], false), 'Centaur')).toEqual([['Lion']]);
    expect(musters(mustering(1, ['Lion', 'Centaur']), 'Centaur')).toEqual([]);
    expect(musters(mustering(1, ['Lion', 'Lion']), 'Centaur')).toEqual([['Lion', 'Lion']]);
    expect(musters(mustering(1, ['Lion', 'Lion']), 'Lion')).toEqual([['Lion', 'Lion']]);
  });

  it('CE 47 M1: except basics in the Tower; a Guardian needs four identical creatures, a Warlock two Warlocks', () => {
    const tower = mustering(100, ['Titan', 'Ogre', 'Ogre', 'Ogre']);
    expect(musters(tower, 'Centaur')).toEqual([[]]);
    expect(musters(tower, 'Guardian')).toEqual([]);
    expect(musters(tower, 'Warlock')).toEqual([]);
    expect(musters(mustering(100, ['Ogre', 'Ogre', 'Ogre', 'Ogre']), 'Guardian')).toEqual([
      ['Ogre', 'Ogre', 'Ogre', 'Ogre'],
    ]);
    expect(musters(mustering(100, ['Titan', 'Warlock', 'Warlock']), 'Warlock')).toEqual([
      ['Warlock', 'Warlock'],
    ]);
  });

  it('CE 47 M2: a Warlock every 180 points gained, into the winning legion, before the Angels', () => {
    // 170 + 24 = 194 crosses 180.
    const run = conceded({ scores: { [A]: 170 } });
    expect(run.state.step).toMatchObject({
      kind: 'powerDecision',
      actor: A,
      power: GLADIATOR,
      scored: { player: A, points: 24 },
    });
    expect(legalIntents(run.state, A)).toEqual([NO_WARLOCK, { type: 'usePower', act: 'takeWarlock' }]);
    expect(powerActWords({ type: 'usePower', act: 'takeWarlock' })).toBe('Take the Warlock');
    expect(rejectionOf(run, A, { type: 'usePower', act: 'placeBasic' }).rule).toBe('CE 47 M2');
    const warlocks = run.state.caretaker.Warlock ?? 0;
    const events = act(run, A, { type: 'usePower', act: 'takeWarlock' });
    expect(ofType(events, 'characterJoined')).toEqual([
      { type: 'characterJoined', player: A, power: GLADIATOR, legion: 'Bk01', character: 'Warlock' },
    ]);
    expect(run.state.legions.Bk01?.characters).toEqual(['Titan', 'Ogre', 'Warlock']);
    expect(run.state.caretaker.Warlock).toBe(warlocks - 1);
  });

  it('CE 47 M2: no Warlock without crossing a multiple of 180 points gained since the start', () => {
    const run = conceded({ scores: { [A]: 100 } });
    // Only B2's question: 124 points gained cross no multiple of 180.
    expect(legalIntents(run.state, A)).not.toContainEqual({ type: 'usePower', act: 'takeWarlock' });
  });

  it('CE 47 M2: he recruits from the dead: a creature the caretaker has none left of, from the dead pile', () => {
    // Marsh (land 8): Ogres muster an Ogre (two Ogres for the Gladiator, M1).
    expect(musters(noOgreLeft(['Titan', 'Ogre', 'Ogre'], null), 'Ogre')).toEqual([]);
    const run = noOgreLeft(['Titan', 'Ogre', 'Ogre'], GLADIATOR);
    expect(musters(run, 'Ogre')).toEqual([['Ogre', 'Ogre']]);
    act(run, A, { type: 'muster', legion: 'Bk01', creature: 'Ogre', reveal: ['Ogre', 'Ogre'] });
    expect(run.state.legions.Bk01?.characters).toEqual(['Titan', 'Ogre', 'Ogre', 'Ogre']);
    expect(run.state.deadPile.Ogre).toBe(1);
  });

  it('CE 47 B2: after scoring in a battle, a basic creature (even from the dead) into any legion with room', () => {
    const run = conceded({
      scores: { [A]: 90 },
      caretaker: { Centaur: 0, Gargoyle: 0 },
      others: [
        { id: 'Bk02', land: 5, characters: ['Lion'] },
        { id: 'Bk03', land: 6, characters: ['Lion', 'Lion', 'Lion', 'Lion', 'Lion', 'Lion', 'Lion'] },
      ],
    });
    run.state = { ...run.state, deadPile: { Centaur: 1 } };
    const basics = legalIntents(run.state, A).filter((i) => i.type === 'usePower' && i.act === 'placeBasic');
    // A Centaur (from the dead pile, the caretaker having none) or an Ogre into Bk01 or Bk02; no Gargoyle is left
    // anywhere, and the full Bk03 has no room.
    expect(basics.map((i) => (i.type === 'usePower' ? i.args : null))).toEqual([
      { creature: 'Centaur', legion: 'Bk01' },
      { creature: 'Centaur', legion: 'Bk02' },
      { creature: 'Ogre', legion: 'Bk01' },
      { creature: 'Ogre', legion: 'Bk02' },
    ]);
    const centaur = {
      type: 'usePower',
      act: 'placeBasic',
      args: { creature: 'Centaur', legion: 'Bk02' },
    } as const;
    expect(powerActWords(centaur)).toBe('Place a Centaur in Black Eye');
    const events = act(run, A, centaur);
    expect(ofType(events, 'characterJoined')).toEqual([
      { type: 'characterJoined', player: A, power: GLADIATOR, legion: 'Bk02', character: 'Centaur' },
    ]);
    expect(ofType(events, 'powerUsed')[0]?.words).toMatch(/Centaur from the dead pile into Black Eye/);
    expect(run.state.deadPile.Centaur).toBe(0);
    expect(run.state.legions.Bk02?.characters).toEqual(['Lion', 'Centaur']);
    // Then the Angel his 114 points earn (17.0).
    expect(run.state.step).toMatchObject({ kind: 'acquireAngel', actor: A, legion: 'Bk01' });
  });

  it('CE 47 B2: a creature not basic, or a legion without room, is refused and changes nothing', () => {
    const run = conceded({
      others: [{ id: 'Bk03', land: 6, characters: Array<CharacterName>(7).fill('Lion') }],
    });
    const before = run.state;
    for (const args of [
      { creature: 'Lion', legion: 'Bk01' },
      { creature: 'Ogre', legion: 'Bk03' },
    ]) {
      const rejection = rejectionOf(run, A, { type: 'usePower', act: 'placeBasic', args });
      expect(rejection.rule).toBe('CE 47 B2');
      expect(run.state).toBe(before);
    }
    // Declining ends his decisions: the engagement goes on (no Angel due at 24 points).
    act(run, A, NO_BASIC);
    expect(run.state.step.kind).not.toBe('powerDecision');
  });

  it('CE 47 B2: not after a flight (no battle), though a Warlock still comes', () => {
    const run = conceded(
      { scores: { [A]: 170 }, attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Centaur'] },
      'flee',
    );
    expect(run.state.step).toMatchObject({ kind: 'powerDecision', scored: { points: 12, reason: 'fled' } });
    act(run, A, NO_WARLOCK);
    expect(run.state.step.kind).not.toBe('powerDecision');
    expect(conceded({ scores: { [A]: 100 } }, 'flee').state.step.kind).not.toBe('powerDecision');
  });

  it('CE 47 B1: his characters fight as if +1 skill, striking and struck', () => {
    const run = withPowers(engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Ogre', 'Troll'] }), {
      [A]: GLADIATOR,
    });
    begin(run);
    toBattle(run);
    firstRound(run, { 'Bk01-1': { hex: 'E4' } });
    // Ogre against Ogre: 4 + 2 - 2 = 4 normally; 4 + 2 - 3 = 3 at skill 3.
    expect(legalIntents(run.state, A)).toContainEqual({
      type: 'strike',
      striker: 'Bk01-1',
      target: 'Bu01-1',
      strikeNumber: 3,
      dice: 6,
    });
    // His one strike made, the attacker's strike step ends by itself.
    strike(run, A, 'Bk01-1', 'Bu01-1', 3, 6, ones(6));
    // Struck back as a skill 3 character: 4 + 3 - 2 = 5.
    expect(legalIntents(run.state, D)).toContainEqual({
      type: 'strike',
      striker: 'Bu01-1',
      target: 'Bk01-1',
      strikeNumber: 5,
      dice: 6,
    });
  });

  it('CE 47 B1: his characters move as if +1 skill once an enemy stands on the battleland', () => {
    const battle = (gladiator: 'attacker' | 'defender' | null): Run => {
      const run = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Ogre', 'Troll'] });
      if (gladiator !== null) withPowers(run, { [gladiator === 'attacker' ? A : D]: GLADIATOR });
      begin(run);
      toBattle(run);
      return run;
    };
    // The defender moves first, no enemy on the battleland yet: as usual.
    expect(moveTargets(battle('defender'), D, 'Bu01-1')).toEqual(moveTargets(battle(null), D, 'Bu01-1'));
    const normal = battle(null);
    const run = battle('attacker');
    for (const r of [normal, run]) {
      moveAll(r, D, { 'Bu01-1': 'F4', 'Bu01-2': 'E5' });
      quietTurn(r, 'defender');
    }
    const usual = moveTargets(normal, A, 'Bk01-1');
    const farther = moveTargets(run, A, 'Bk01-1');
    expect(farther).toEqual(expect.arrayContaining(usual));
    expect(farther.length).toBeGreaterThan(usual.length);
  });

  it('CE 47 B1: a rangestriker reaches as far as one a skill higher', () => {
    const range = (gladiator: boolean) => {
      const run = engagedRun({ attacker: ['Gorgon', 'Ogre'], defender: ['Ogre', 'Troll'] });
      withPowers(run, gladiator ? { [A]: GLADIATOR } : {});
      begin(run);
      toBattle(run);
      const battle = run.state.battle;
      if (battle === null) throw new Error('no battle');
      const pos = battlePosition(battle);
      const gorgon = pos.characters.find((c) => c.id === 'Bk01-1');
      if (gorgon === undefined) throw new Error('no Gorgon');
      return rangestrikeRange(pos, gorgon, 3);
    };
    expect(range(false)).toBe(3);
    expect(range(true)).toBe(4);
  });
});
