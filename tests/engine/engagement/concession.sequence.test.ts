// Every concession point of the Complete Sequence of Play (9.4, errata 9.1/9.4/9.5/10.0/10.1/11.1; 2.5.4,
// 2.5.5, 2.5.6.2, 2.5.6.3, 2.5.6.4.x.1–2, .3.1, .4.1/.4.4, .5, .6.1/.6.4, .8.1).
import { describe, expect, it } from 'vitest';
import { defaultIntent } from '../../../shared/engine/defaultIntent';
import { legalIntents } from '../../../shared/engine/legal';
import type { Run } from '../support/game';
import { act, ofType, rejectionOf } from '../support/game';
import {
  A,
  begin,
  D,
  engagedRun,
  firstRound,
  legion,
  moveAll,
  ones,
  quietTurn,
  score,
  step,
  strike,
  strikeStepsBegun,
  toBattle,
  types,
} from './build';

function battle(): Run {
  const run = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Gargoyle'] });
  begin(run);
  toBattle(run);
  return run;
}

describe('conceding before the battle (9.4, 2.5.4–2.5.6.3)', () => {
  it('2.5.4, errata 9.1: a concession in the negotiation: full points, the winner not revealed', () => {
    const run = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Gargoyle'] });
    begin(run);
    const events = act(run, D, { type: 'concede' });
    expect(types(events).slice(0, 2)).toEqual(['engagementConceded', 'engagementResolved']);
    expect(ofType(events, 'engagementConceded')[0]).toEqual({
      type: 'engagementConceded',
      player: D,
      side: 'defender',
      mutual: false,
    });
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({
      outcome: 'concession',
      winner: 'Bk01',
      defenderLosses: ['Centaur', 'Gargoyle'],
    });
    expect(score(run, A)).toBe(24);
    expect(legion(run, 'Bk01')?.known).toEqual([]);
  });

  it('2.5.4.2, 2.5.5: the attacker concedes on his turn of the negotiation; the defender after a declaration', () => {
    const run = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Gargoyle'] });
    begin(run);
    act(run, D, { type: 'propose', proposals: [{ attackerLosses: ['Ogre', 'Ogre'], defenderLosses: [] }] });
    expect(step(run)).toMatchObject({ kind: 'negotiate', actor: A });
    const events = act(run, A, { type: 'concede' });
    // Errata 14.2: conceding before the battle earns the defender no reinforcement.
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({ outcome: 'concession', winner: 'Bu01' });
    expect(score(run, D)).toBe(24);

    const other = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Gargoyle'] });
    begin(other);
    act(other, D, { type: 'propose', proposals: [{ attackerLosses: ['Ogre', 'Ogre'], defenderLosses: [] }] });
    act(other, A, { type: 'noMoreProposals' });
    expect(step(other)).toEqual({ kind: 'negotiateFinal', actor: D, opponent: A });
    const conceded = act(other, D, { type: 'concede' });
    expect(ofType(conceded, 'engagementResolved')[0]).toMatchObject({
      outcome: 'concession',
      winner: 'Bk01',
    });
  });

  it('2.5.6.2, 2.5.6.3: once a battle is to be fought the attacker, then the defender, may concede', () => {
    const run = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Gargoyle'] });
    begin(run);
    act(run, D, { type: 'noMoreProposals' });
    act(run, A, { type: 'fight' });
    expect(legalIntents(run.state, A)).toEqual([{ type: 'concede' }, { type: 'pass' }]);
    expect(defaultIntent(run.state, A)).toEqual({ type: 'concede' });
    act(run, A, { type: 'pass' });
    expect(step(run)).toEqual({ kind: 'preBattleConcession', actor: D, side: 'defender' });
    act(run, D, { type: 'concede' });
    expect(legion(run, 'Bu01')).toBeUndefined();
    // Errata 9.1/9.4: the battle had started: the victorious legion is public.
    expect(legion(run, 'Bk01')?.known).toEqual(['Ogre', 'Ogre']);
  });
});

describe('errata 9.1, 9.4: what a concession reveals', () => {
  it('errata 9.1: after a flight, an agreement or a concession without fighting the victor is not revealed', () => {
    const fled = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Gargoyle'] });
    begin(fled);
    act(fled, D, { type: 'flee' });
    expect(legion(fled, 'Bk01')?.known).toEqual([]);
    const conceded = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Gargoyle'] });
    begin(conceded);
    act(conceded, D, { type: 'noMoreProposals' });
    act(conceded, A, { type: 'concede' });
    expect(legion(conceded, 'Bu01')?.known).toEqual([]);
  });

  it('errata 9.1, 9.4, 9.3: once the battle is to be fought both legions are public; a concession then shows the victor', () => {
    const run = battle();
    act(run, D, { type: 'concede' });
    act(run, A, { type: 'acceptConcession' });
    expect(legion(run, 'Bk01')?.known).toEqual(['Ogre', 'Ogre']);
  });
});

describe('attempted concessions in the battle (errata 9.4, 10.0)', () => {
  it('2.5.6.4.1.1–2: in place of maneuvering the defender attempts; the attacker accepts', () => {
    const run = battle();
    const events = act(run, D, { type: 'concede' });
    expect(types(events)).toEqual(['concessionAttempted', 'stepBegan']);
    expect(step(run)).toEqual({
      kind: 'concessionAttempted',
      actor: A,
      side: 'attacker',
      resume: 'maneuver',
    });
    expect(legalIntents(run.state, A)).toEqual([{ type: 'acceptConcession' }, { type: 'concede' }]);
    act(run, A, { type: 'acceptConcession' });
    expect(legion(run, 'Bu01')).toBeUndefined();
    expect(score(run, A)).toBe(24);
  });

  it('errata 9.4, 11.1: the opponent may concede instead; the victor loses nothing for characters not entered', () => {
    const run = battle();
    act(run, D, { type: 'concede' });
    const events = act(run, A, { type: 'concede' });
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({
      outcome: 'concession',
      winner: 'Bu01',
      attackerLosses: ['Ogre', 'Ogre'],
      defenderLosses: [],
    });
    expect(legion(run, 'Bu01')?.characters).toEqual(['Centaur', 'Gargoyle']);
  });

  it('errata 9.4, 10.1, 11.1: a defender who entered and then concedes before the attacker enters costs him nothing', () => {
    const run = battle();
    moveAll(run, D, { 'Bu01-1': 'E5' });
    // Nothing to strike: the defender's strikes and the attacker's counterstrikes do not wait (issue 14); the
    // attacker attempts in place of his first maneuver, the defender concedes instead.
    act(run, D, { type: 'doneManeuvering' });
    expect(step(run)).toEqual({ kind: 'maneuver', actor: A, side: 'attacker' });
    act(run, A, { type: 'concede' });
    const events = act(run, D, { type: 'concede' });
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({
      outcome: 'concession',
      winner: 'Bk01',
      attackerLosses: [],
      defenderLosses: ['Gargoyle', 'Centaur'], // the Gargoyle left off (10.1), then the conceded Centaur
    });
    expect(legion(run, 'Bk01')?.characters).toEqual(['Ogre', 'Ogre']);
    // Errata 9.4: the attacking legion is revealed.
    expect(legion(run, 'Bk01')?.known).toEqual(['Ogre', 'Ogre']);
  });

  it('errata 9.4, 11.0, 20.4: a partial maneuver is reset before a concession is attempted', () => {
    const run = battle();
    act(run, D, { type: 'moveCharacter', character: 'Bu01-1', hex: 'E5' });
    expect(legalIntents(run.state, D)).not.toContainEqual({ type: 'concede' });
    expect(rejectionOf(run, D, { type: 'concede' }).message).toContain('reset');
    expect(defaultIntent(run.state, D)).toEqual({ type: 'resetManeuver' });
    act(run, D, { type: 'resetManeuver' });
    expect(defaultIntent(run.state, D)).toEqual({ type: 'concede' });
  });

  it('2.5.6.4.x.4.1: during his strikes the phasing player may only attempt to concede', () => {
    const run = battle();
    firstRound(run, { 'Bk01-1': { hex: 'D5' } });
    act(run, A, { type: 'concede' });
    expect(step(run)).toEqual({ kind: 'concessionAttempted', actor: D, side: 'defender', resume: 'strike' });
  });
});

describe('answering an attempted concession (errata 9.4, 10.0: only one player can actually concede)', () => {
  /** Round 1, the attacker's strike step: his Ogre on D5 in contact with the Centaur on E5. */
  function attackerStrikes(): Run {
    const run = battle();
    firstRound(run, { 'Bk01-1': { hex: 'D5' } });
    expect(step(run)).toEqual({ kind: 'strike', actor: A, side: 'attacker' });
    return run;
  }

  it('2.5.6.4.2.4.1, 2.5.6.4.2.4.4: the attacker attempts during his strikes; the defender accepts: the attacker loses', () => {
    const run = attackerStrikes();
    act(run, A, { type: 'concede' });
    expect(step(run)).toEqual({ kind: 'concessionAttempted', actor: D, side: 'defender', resume: 'strike' });
    const events = act(run, D, { type: 'acceptConcession' });
    expect(ofType(events, 'engagementConceded')[0]).toMatchObject({
      player: A,
      side: 'attacker',
      mutual: false,
    });
    // Errata 14.2: the attacker ended his first maneuver phase: the victorious defender may still reinforce.
    expect(step(run)).toEqual({ kind: 'postBattleAddition', actor: D, side: 'defender' });
    const resolved = act(run, D, { type: 'pass' });
    expect(ofType(resolved, 'engagementResolved')[0]).toMatchObject({
      outcome: 'concession',
      winner: 'Bu01',
    });
  });

  it('2.5.6.4.2.4.4: the defender may concede instead of the attacker: the attacker wins', () => {
    const run = attackerStrikes();
    act(run, A, { type: 'concede' });
    const events = act(run, D, { type: 'concede' });
    expect(ofType(events, 'engagementConceded')[0]).toMatchObject({ player: D, side: 'defender' });
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({ outcome: 'concession', winner: 'Bk01' });
  });

  it('2.5.6.4.1.4.1, 2.5.6.4.1.4.4: the defender attempts during his strikes; the attacker accepts', () => {
    const run = attackerStrikes();
    strike(run, A, 'Bk01-1', 'Bu01-1', 6, 6, ones(6));
    strike(run, D, 'Bu01-1', 'Bk01-1', 2, 3, ones(3));
    // Round 2: the Centaur, locked in contact, has a strike to make: the defender's strike step waits.
    act(run, D, { type: 'doneManeuvering' });
    expect(step(run)).toEqual({ kind: 'strike', actor: D, side: 'defender' });
    act(run, D, { type: 'concede' });
    const events = act(run, A, { type: 'acceptConcession' });
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({ outcome: 'concession', winner: 'Bk01' });
  });

  it('2.5.6.4.2.1–2, errata 11.1: the attacker attempts in place of his first maneuver; the defender concedes instead: the attacker loses no one not entered', () => {
    const run = battle();
    moveAll(run, D, { 'Bu01-1': 'E5', 'Bu01-2': 'F4' });
    quietTurn(run, 'defender');
    expect(step(run)).toEqual({ kind: 'maneuver', actor: A, side: 'attacker' });
    act(run, A, { type: 'concede' });
    expect(step(run)).toEqual({
      kind: 'concessionAttempted',
      actor: D,
      side: 'defender',
      resume: 'maneuver',
    });
    const events = act(run, D, { type: 'concede' });
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({
      outcome: 'concession',
      winner: 'Bk01',
      attackerLosses: [],
    });
    expect(legion(run, 'Bk01')?.characters).toEqual(['Ogre', 'Ogre']);
  });
});

describe('unconditional concessions in the battle (errata 9.4, 10.0, 9.5)', () => {
  it('2.5.6.4.1.5 (reading), errata 14.2: nothing to counterstrike and the battle going on, the attacker concedes in place of his first maneuver (no reinforcement earned)', () => {
    const run = battle();
    moveAll(run, D, { 'Bu01-1': 'E5' });
    // His counterstrike step is not his last chance to concede (strikePhase.ts): it does not wait.
    const events = act(run, D, { type: 'doneManeuvering' });
    expect(strikeStepsBegun(events)).toEqual(['strike:defender', 'counterstrike:attacker']);
    expect(step(run)).toEqual({ kind: 'maneuver', actor: A, side: 'attacker' });
    act(run, A, { type: 'concede' });
    const accepted = act(run, D, { type: 'acceptConcession' });
    expect(ofType(accepted, 'engagementResolved')[0]).toMatchObject({
      outcome: 'concession',
      winner: 'Bu01',
    });
    expect(run.state.engagement).toBeNull();
  });

  /** Round 1, the defender's counterstrike step after the attacker struck the Centaur once. */
  function inContact(): Run {
    const run = battle();
    firstRound(run, { 'Bk01-1': { hex: 'D5' } });
    strike(run, A, 'Bk01-1', 'Bu01-1', 6, 6, ones(6));
    // His one strike made, the attacker's strike step ends by itself.
    expect(step(run)).toEqual({ kind: 'counterstrike', actor: D, side: 'defender' });
    return run;
  }

  it('2.5.6.4.2.5: before his first counterstrike the other player concedes unconditionally', () => {
    const run = inContact();
    const events = act(run, D, { type: 'concede' });
    expect(types(events)[0]).toBe('engagementConceded');
    expect(legion(run, 'Bu01')).toBeUndefined();
  });

  it('2.5.6.4.2.6.1, 2.5.6.4.2.6.4: after his first counterstrike he may only attempt; the attacker may concede instead', () => {
    // Both Ogres in contact (D5 with the Centaur, F3 with the Gargoyle): after the Centaur's counterstrike the
    // Gargoyle's is still to come.
    const run = battle();
    firstRound(run, { 'Bk01-1': { hex: 'D5' }, 'Bk01-2': { hex: 'F3' } });
    strike(run, A, 'Bk01-1', 'Bu01-1', 6, 6, ones(6));
    strike(run, A, 'Bk01-2', 'Bu01-2', 5, 6, ones(6));
    strike(run, D, 'Bu01-1', 'Bk01-1', 2, 3, ones(3));
    expect(step(run)).toEqual({ kind: 'counterstrike', actor: D, side: 'defender' });
    act(run, D, { type: 'concede' });
    expect(step(run)).toEqual({
      kind: 'concessionAttempted',
      actor: A,
      side: 'attacker',
      resume: 'counterstrike',
    });
    expect(legalIntents(run.state, A)).toEqual([{ type: 'acceptConcession' }, { type: 'concede' }]);
    const events = act(run, A, { type: 'concede' });
    expect(ofType(events, 'engagementConceded')[0]).toMatchObject({ player: A, side: 'attacker' });
    expect(step(run)).toEqual({ kind: 'postBattleAddition', actor: D, side: 'defender' });
  });

  it('errata 9.4, 9.5, 10.1: conceding after all the opponent\u2019s characters are slain is a mutual elimination', () => {
    const run = battle();
    // The defender enters nothing: all his characters are slain (10.1), the battle goes on to the strike phase.
    // The battle is ending: the attacker's counterstrike step, though he has nothing to strike, is his last
    // chance to concede and waits (2.5.6.4.1.5, 2.5.6.4.1.8.1).
    const done = act(run, D, { type: 'doneManeuvering' });
    expect(strikeStepsBegun(done)).toEqual(['strike:defender', 'counterstrike:attacker']);
    expect(step(run)).toEqual({ kind: 'counterstrike', actor: A, side: 'attacker' });
    expect(legalIntents(run.state, A)).toEqual([{ type: 'doneStriking' }, { type: 'concede' }]);
    const events = act(run, A, { type: 'concede' });
    expect(ofType(events, 'engagementConceded')[0]?.mutual).toBe(true);
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({
      outcome: 'mutualElimination',
      winner: null,
      attackerLosses: ['Ogre', 'Ogre'],
      defenderLosses: ['Centaur', 'Gargoyle'],
    });
    expect(ofType(events, 'pointsScored')).toEqual([]);
  });

  it('2.5.6.4.1.8.1, errata 9.4/9.5: the defender conceding as the battle ends, every attacker slain, makes a mutual elimination', () => {
    const run = battle();
    firstRound(run, { 'Bk01-1': { hex: 'D5', hits: 5 }, 'Bk01-2': { hex: 'F3', hits: 5 } });
    strike(run, A, 'Bk01-1', 'Bu01-1', 6, 6, ones(6));
    strike(run, A, 'Bk01-2', 'Bu01-2', 5, 6, ones(6));
    strike(run, D, 'Bu01-1', 'Bk01-1', 2, 3, ones(3));
    strike(run, D, 'Bu01-2', 'Bk01-2', 3, 4, ones(4));
    // Round 2, the defender's turn: he slays both Ogres; the slain still counterstrike (12.0).
    act(run, D, { type: 'doneManeuvering' });
    strike(run, D, 'Bu01-1', 'Bk01-1', 2, 3, [6, 1, 1]);
    strike(run, D, 'Bu01-2', 'Bk01-2', 3, 4, [6, 1, 1, 1]);
    strike(run, A, 'Bk01-1', 'Bu01-1', 6, 6, ones(6));
    // The last counterstrike made, the step ends by itself: the battle is ending.
    strike(run, A, 'Bk01-2', 'Bu01-2', 5, 6, ones(6));
    expect(step(run)).toEqual({ kind: 'battleEnding', actor: D, side: 'defender' });
    const events = act(run, D, { type: 'concede' });
    expect(ofType(events, 'engagementConceded')[0]).toMatchObject({ side: 'defender', mutual: true });
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({
      outcome: 'mutualElimination',
      winner: null,
      attackerLosses: ['Ogre', 'Ogre'],
      defenderLosses: ['Centaur', 'Gargoyle'],
    });
    expect(ofType(events, 'pointsScored')).toEqual([]);
  });

  it('2.5.6.4.1.8.1: as the battle ends the phasing player may concede unconditionally', () => {
    const run = battle();
    act(run, D, { type: 'doneManeuvering' });
    // The attacker's counterstrikes wait as the battle ends (his last chance to concede); he lets it go.
    act(run, A, { type: 'doneStriking' });
    // The defender entered nothing: the battle is ending; he may still concede (to no effect on the scoring).
    expect(step(run)).toEqual({ kind: 'battleEnding', actor: D, side: 'defender' });
    expect(legalIntents(run.state, D)).toEqual([{ type: 'concede' }, { type: 'pass' }]);
    const conceded = structuredClone(run);
    const events = act(run, D, { type: 'pass' });
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({ outcome: 'battle', winner: 'Bk01' });
    expect(score(run, A)).toBe(24);
    // Conceding instead: a concession (not mutual: the attacker still has his characters), the same points.
    const instead = act(conceded, D, { type: 'concede' });
    expect(ofType(instead, 'engagementResolved')[0]).toMatchObject({ outcome: 'concession', winner: 'Bk01' });
    expect(score(conceded, A)).toBe(24);
  });
});
