// 10 ENT (CE Titan, rules 004): each clause, given the position, when the intent, then the events.
import { describe, expect, it } from 'vitest';
import type { CharacterName, LandNumber } from '../../../../shared/data/types';
import { legalIntents } from '../../../../shared/engine/legal';
import { A, begin, D, engagedRun, moveAll, place, quietTurn, strike, toBattle } from '../../engagement/build';
import type { Run } from '../../support/game';
import { act, arrange, ofType, rejectionOf, setUpGame } from '../../support/game';
import { moveTargets, withPowers } from './support';

const ENT = 10;

function musters(
  land: LandNumber,
  characters: readonly CharacterName[],
  ent: boolean,
  creature: CharacterName,
) {
  const run = arrange(setUpGame(), [{ id: 'Bk01', land, characters }], { moved: ['Bk01'] });
  if (ent) withPowers(run, { [A]: ENT });
  return {
    run,
    sets: legalIntents(run.state, A).flatMap((i) =>
      i.type === 'muster' && i.creature === creature ? [[...i.reveal]] : [],
    ),
  };
}

/** Woods (land 2; Trees on A3, C3, D1, E3, E5), round 1, the attacker's maneuver: the defender's Ogre on F4 and
 *  Troll on D6. */
function woods(attacker: readonly CharacterName[], ent: boolean): Run {
  const run = engagedRun({ land: 2, attacker, defender: ['Ogre', 'Troll'] });
  if (ent) withPowers(run, { [A]: ENT });
  begin(run);
  toBattle(run);
  moveAll(run, D, { 'Bu01-1': 'F4', 'Bu01-2': 'D6' });
  quietTurn(run, 'defender');
  return run;
}

describe('10 ENT', () => {
  it('CE 10 M1: in a treed land one fewer Cyclops, Minotaur, Warbear or Troll musters the next one up', () => {
    // Hills (land 4): one Minotaur musters a Unicorn (two usually).
    expect(musters(4, ['Minotaur', 'Titan'], false, 'Unicorn').sets).toEqual([]);
    const hills = musters(4, ['Minotaur', 'Titan'], true, 'Unicorn');
    expect(hills.sets).toEqual([['Minotaur']]);
    act(hills.run, A, { type: 'muster', legion: 'Bk01', creature: 'Unicorn', reveal: ['Minotaur'] });
    // Jungle (land 5): two Cyclops muster a Behemoth (three usually).
    expect(musters(5, ['Cyclops', 'Cyclops'], true, 'Behemoth').sets).toEqual([['Cyclops', 'Cyclops']]);
    // Not in a land without trees: the Plains (land 1) still need two Centaurs for a Lion.
    expect(musters(1, ['Centaur', 'Titan'], true, 'Lion').sets).toEqual([]);
  });

  it('CE 10 B1: Trees do not hinder the Ents\u2019 movement: they walk into Trees and may stop there', () => {
    expect(moveTargets(woods(['Gorgon', 'Ogre'], false), A, 'Bk01-2')).not.toContain('D1');
    const run = woods(['Gorgon', 'Ogre'], true);
    expect(moveTargets(run, A, 'Bk01-2')).toEqual(expect.arrayContaining(['D1', 'E1']));
    const events = act(run, A, { type: 'moveCharacter', character: 'Bk01-2', hex: 'D1' });
    expect(ofType(events, 'characterMoved')[0]).toMatchObject({ to: 'D1' });
  });

  it('CE 10 B1: ... nor their rangestrikes: an Ent Gorgon on B2 rangestrikes past the Tree C3', () => {
    const blocked = woods(['Gorgon', 'Ogre'], false);
    place(blocked, { 'Bk01-1': { hex: 'B2' }, 'Bu01-1': { hex: 'D4' }, 'Bu01-2': { hex: 'E4' } });
    act(blocked, A, { type: 'doneManeuvering' });
    expect(legalIntents(blocked.state, A).some((i) => i.type === 'rangestrike')).toBe(false);
    const run = woods(['Gorgon', 'Ogre'], true);
    place(run, { 'Bk01-1': { hex: 'B2' }, 'Bu01-1': { hex: 'D4' }, 'Bu01-2': { hex: 'E4' } });
    act(run, A, { type: 'doneManeuvering' });
    expect(legalIntents(run.state, A)).toContainEqual({
      type: 'rangestrike',
      striker: 'Bk01-1',
      target: 'Bu01-1',
      strikeNumber: 3,
      dice: 3,
    });
  });

  it('CE 10 B1: in a Tree an Ent strikes with a die more; a non-tree-native attacking into it loses a skill', () => {
    // The Ents defend the Woods: their Ogre stands in the Tree E5; the attacker's Titan strikes it from E4.
    const run = engagedRun({ land: 2, attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Troll'] });
    withPowers(run, { [D]: ENT });
    begin(run);
    toBattle(run);
    moveAll(run, D, { 'Bu01-1': 'E5', 'Bu01-2': 'F4' });
    quietTurn(run, 'defender');
    moveAll(run, A, { 'Bk01-1': 'A1', 'Bk01-2': 'B1' });
    place(run, { 'Bk01-1': { hex: 'E4' } });
    act(run, A, { type: 'doneManeuvering' });
    // The Titan (skill 4, not recruitable in a treed land) at skill 3 against the Ogre (2): 3s, not 2s.
    expect(legalIntents(run.state, A)).toContainEqual({
      type: 'strike',
      striker: 'Bk01-1',
      target: 'Bu01-1',
      strikeNumber: 3,
      dice: 6,
    });
    expect(
      rejectionOf(run, A, { type: 'strike', striker: 'Bk01-1', target: 'Bu01-1', strikeNumber: 2, dice: 6 })
        .code,
    ).toBe('illegalStrike');
    // His one strike made, the attacker's strike step ends by itself.
    strike(run, A, 'Bk01-1', 'Bu01-1', 3, 6, [1, 1, 1, 1, 1, 1]);
    // The Ogre in the Tree strikes back with 6 + 1 dice.
    expect(legalIntents(run.state, D)).toContainEqual({
      type: 'strike',
      striker: 'Bu01-1',
      target: 'Bk01-1',
      strikeNumber: 6,
      dice: 7,
    });
  });

  it('CE 10 B2: before the defender enters, the Ent marks one of the centre hexes C3, D3, D4 a Tree for the battle', () => {
    const run = engagedRun({ land: 1, attacker: ['Titan', 'Ogre'], defender: ['Centaur', 'Ogre'] });
    withPowers(run, { [A]: ENT });
    begin(run);
    act(run, D, { type: 'noMoreProposals' });
    act(run, A, { type: 'fight' });
    expect(run.state.step).toMatchObject({ kind: 'preBattleConcession', actor: A });
    expect(legalIntents(run.state, A).filter((i) => i.type === 'usePower')).toEqual([
      { type: 'usePower', act: 'plant', args: { hex: 'C3' } },
      { type: 'usePower', act: 'plant', args: { hex: 'D3' } },
      { type: 'usePower', act: 'plant', args: { hex: 'D4' } },
    ]);
    expect(rejectionOf(run, A, { type: 'usePower', act: 'plant', args: { hex: 'E3' } }).rule).toBe(
      'CE 10 B2',
    );
    const events = act(run, A, { type: 'usePower', act: 'plant', args: { hex: 'D3' } });
    expect(ofType(events, 'powerUsed')[0]).toMatchObject({ power: ENT, act: 'plant', data: { hex: 'D3' } });
    expect(run.state.battle?.trees).toEqual(['D3']);
    // One Tree per battle; then the battle goes on, and the Tree stops the defender's walkers.
    expect(legalIntents(run.state, A).some((i) => i.type === 'usePower')).toBe(false);
    act(run, A, { type: 'pass' });
    act(run, D, { type: 'pass' });
    expect(moveTargets(run, D, 'Bu01-1')).not.toContain('D3');
    expect(moveTargets(run, D, 'Bu01-1')).toContain('C3');
  });

  it('CE 10 B2: not in a land other than the Plains, Marsh, Brush or Desert, nor for his opponent', () => {
    const run = engagedRun({ land: 2, attacker: ['Titan', 'Ogre'], defender: ['Centaur', 'Ogre'] });
    withPowers(run, { [A]: ENT });
    begin(run);
    act(run, D, { type: 'noMoreProposals' });
    act(run, A, { type: 'fight' });
    expect(legalIntents(run.state, A).some((i) => i.type === 'usePower')).toBe(false);
    const plains = engagedRun({ land: 1, attacker: ['Titan', 'Ogre'], defender: ['Centaur', 'Ogre'] });
    withPowers(plains, { [A]: ENT });
    begin(plains);
    act(plains, D, { type: 'noMoreProposals' });
    act(plains, A, { type: 'fight' });
    act(plains, A, { type: 'pass' });
    expect(legalIntents(plains.state, D).some((i) => i.type === 'usePower')).toBe(false);
  });
});
