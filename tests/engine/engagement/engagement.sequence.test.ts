// The start of an engagement (Complete Sequence 2.5–2.5.3; 9.1, 9.2, errata 7.0/9.1/9.2/20.4).
import { describe, expect, it } from 'vitest';
import { decide } from '../../../shared/engine/decide';
import { defaultIntent } from '../../../shared/engine/defaultIntent';
import { mayFlee } from '../../../shared/engine/engagement';
import { legalIntents } from '../../../shared/engine/legal';
import { pending } from '../../../shared/engine/pending';
import { visibleTo } from '../../../shared/engine/view';
import { noDice } from '../support/dice';
import { act, ofType, rejectionOf } from '../support/game';
import { A, begin, D, engagedRun, legion, score, step, types } from './build';

const twoEngagements = () =>
  engagedRun({
    attacker: ['Titan', 'Ogre', 'Ogre'],
    defender: ['Centaur', 'Centaur'],
    land: 6,
    others: [
      { id: 'Bk02', land: 1, characters: ['Angel', 'Gargoyle'] },
      { id: 'Bu02', land: 1, characters: ['Titan', 'Lion', 'Lion'] },
    ],
    more: [{ land: 1, attacker: 'Bk02', defender: 'Bu02', entry: 'left' }],
  });

describe('choosing the next engagement (2.5, errata 9.1)', () => {
  it('errata 9.1: the Mover chooses any pending engagement; nobody else may', () => {
    const run = twoEngagements();
    expect(legalIntents(run.state, A)).toEqual([
      { type: 'chooseEngagement', land: 1 },
      { type: 'chooseEngagement', land: 6 },
    ]);
    expect(legalIntents(run.state, D)).toEqual([]);
    expect(rejectionOf(run, D, { type: 'chooseEngagement', land: 1 }).code).toBe('notYourTurn');
    expect(rejectionOf(run, A, { type: 'chooseEngagement', land: 2 }).code).toBe('wrongStep');
  });

  it('2.5.1, 2.5.2: the attacker looks at the defender, then the defender at the attacker, each privately', () => {
    const run = twoEngagements();
    const events = begin(run, 6);
    expect(types(events)).toEqual(['engagementChosen', 'legionInspected', 'legionInspected', 'stepBegan']);
    const [first, second] = ofType(events, 'legionInspected');
    expect(first).toMatchObject({ viewer: A, legion: 'Bu01', characters: ['Centaur', 'Centaur'] });
    expect(second).toMatchObject({ viewer: D, legion: 'Bk01', characters: ['Titan', 'Ogre', 'Ogre'] });
    expect(first === undefined ? null : visibleTo(first)).toEqual([A]);
    expect(second === undefined ? null : visibleTo(second)).toEqual([D]);
    // The inspection reveals nothing to the other players.
    expect(legion(run, 'Bk01')?.known).toEqual([]);
    expect(step(run)).toEqual({ kind: 'negotiate', actor: D, opponent: A });
    expect(mayFlee(run.state)).toBe(true);
    // Errata 7.0: once an engagement has started the moves are fixed.
    expect(run.state.turn?.engagementsStarted).toBe(true);
  });

  it('errata 9.1: after each engagement the Mover chooses the next one', () => {
    const run = twoEngagements();
    begin(run, 6);
    act(run, D, { type: 'concede' });
    expect(step(run)).toEqual({ kind: 'chooseEngagement', actor: A });
    expect(legalIntents(run.state, A)).toEqual([{ type: 'chooseEngagement', land: 1 }]);
  });

  it('errata 20.4: a player refusing to play picks the engagement in the lowest-numbered land', () => {
    const run = twoEngagements();
    expect(defaultIntent(run.state, A)).toEqual({ type: 'chooseEngagement', land: 1 });
    expect(defaultIntent(run.state, D)).toBeNull();
  });
});

describe('fleeing (9.2, errata 9.2)', () => {
  it('9.2: a defender without a Lord flees as his first action; the attacker scores half, rounded down', () => {
    const run = engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Centaur', 'Gargoyle', 'Lion'] });
    begin(run);
    expect(pending(run.state)).toMatchObject({ actor: D, step: 'negotiate' });
    expect(pending(run.state).intents).toContain('flee');
    const events = act(run, D, { type: 'flee' });
    expect(types(events)).toEqual([
      'defenderFled',
      'engagementResolved',
      'legionEliminated',
      'pointsScored',
      'engagementEnded',
      'stepBegan',
    ]);
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({
      outcome: 'fled',
      winner: 'Bk01',
      attackerLosses: [],
      defenderLosses: ['Centaur', 'Gargoyle', 'Lion'],
    });
    // 12 + 12 + 15 = 39: half is 19.
    expect(ofType(events, 'pointsScored')[0]).toEqual({
      type: 'pointsScored',
      player: A,
      points: 19,
      reason: 'fled',
    });
    expect(score(run, A)).toBe(19);
    expect(legion(run, 'Bu01')).toBeUndefined();
    // Errata 9.1: the victorious legion is not revealed when the defender flees.
    expect(legion(run, 'Bk01')?.known).toEqual([]);
    expect(step(run)).toEqual({ kind: 'muster', actor: A });
  });

  it('9.2, 15.2: after a flight the attacker may not summon, though an Angel is free to come', () => {
    const run = engagedRun({
      attacker: ['Titan', 'Ogre'],
      defender: ['Centaur', 'Centaur'],
      others: [{ id: 'Bk02', land: 6, characters: ['Angel', 'Ogre'] }],
    });
    begin(run);
    act(run, D, { type: 'flee' });
    expect(step(run)).toEqual({ kind: 'muster', actor: A });
    expect(run.state.turn?.summoned).toBe(false);
  });

  it('9.2: a defending legion containing a Lord may not flee', () => {
    for (const lord of ['Titan', 'Angel', 'Archangel'] as const) {
      const run = engagedRun({ attacker: ['Titan', 'Ogre'], defender: [lord, 'Centaur'] });
      begin(run);
      expect(step(run)).toEqual({ kind: 'negotiate', actor: D, opponent: A });
      expect(mayFlee(run.state)).toBe(false);
      expect(legalIntents(run.state, D).some((i) => i.type === 'flee')).toBe(false);
      expect(rejectionOf(run, D, { type: 'flee' }).rule).toContain('9.2');
      expect(defaultIntent(run.state, D)).toEqual({ type: 'concede' });
    }
  });

  it('9.2, errata 9.2: fleeing is possible only as the defender\u2019s first action', () => {
    const run = engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Centaur', 'Centaur'] });
    begin(run);
    expect(defaultIntent(run.state, D)).toEqual({ type: 'flee' });
    act(run, D, {
      type: 'propose',
      proposals: [{ attackerLosses: ['Ogre'], defenderLosses: ['Centaur', 'Centaur'] }],
    });
    act(run, A, {
      type: 'propose',
      proposals: [{ attackerLosses: [], defenderLosses: ['Centaur', 'Centaur'] }],
    });
    expect(step(run)).toEqual({ kind: 'negotiate', actor: D, opponent: A });
    expect(mayFlee(run.state)).toBe(false);
    expect(rejectionOf(run, D, { type: 'flee' }).code).toBe('notAllowed');
    // The attacker can never flee.
    const other = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Centaur'] });
    begin(other);
    act(other, D, { type: 'noMoreProposals' });
    expect('rejected' in decide(other.state, A, { type: 'flee' }, noDice)).toBe(true);
  });

  it('17.0: half points from a flight still earn Angels', () => {
    const run = engagedRun({
      attacker: ['Titan', 'Ogre'],
      defender: ['Centaur', 'Gargoyle', 'Lion'],
      scores: { [A]: 90 },
    });
    begin(run);
    act(run, D, { type: 'flee' });
    expect(score(run, A)).toBe(109);
    expect(step(run)).toEqual({
      kind: 'acquireAngel',
      actor: A,
      legion: 'Bk01',
      archangel: false,
      later: [],
    });
  });
});
