// Negotiation (9.3, errata 9.3/9.5; Complete Sequence 2.5.4–2.5.5.1).
import { describe, expect, it } from 'vitest';
import type { Proposal } from '../../../shared/engine/intents';
import { legalIntents } from '../../../shared/engine/legal';
import { view, visibleTo } from '../../../shared/engine/view';
import { act, ofType, rejectionOf } from '../support/game';
import { A, begin, D, engagedRun, legion, score, step, types } from './build';

const attackerWins: Proposal = { attackerLosses: ['Ogre'], defenderLosses: ['Centaur', 'Centaur'] };
const defenderWins: Proposal = { attackerLosses: ['Titan', 'Ogre', 'Ogre'], defenderLosses: [] };

function negotiating() {
  const run = engagedRun({ attacker: ['Titan', 'Ogre', 'Ogre'], defender: ['Centaur', 'Centaur'] });
  begin(run);
  return run;
}

describe('proposals (errata 9.3, 2.5.4)', () => {
  it('errata 9.3: at least one legion must be wholly eliminated', () => {
    const run = negotiating();
    const r = rejectionOf(run, D, {
      type: 'propose',
      proposals: [{ attackerLosses: ['Ogre'], defenderLosses: ['Centaur'] }],
    });
    expect(r).toMatchObject({ code: 'illegalProposal', rule: 'errata 9.3' });
    expect(r.message).toContain('wholly eliminated');
  });

  it('errata 9.3: a legion that loses its Titan loses all its characters', () => {
    const run = negotiating();
    const r = rejectionOf(run, D, {
      type: 'propose',
      proposals: [{ attackerLosses: ['Titan'], defenderLosses: ['Centaur', 'Centaur'] }],
    });
    expect(r.message).toContain('Titan');
    act(run, D, {
      type: 'propose',
      proposals: [{ attackerLosses: ['Titan', 'Ogre', 'Ogre'], defenderLosses: ['Centaur', 'Centaur'] }],
    });
  });

  it('errata 9.3: only characters present in the two legions may be named', () => {
    const run = negotiating();
    expect(
      rejectionOf(run, D, {
        type: 'propose',
        proposals: [{ attackerLosses: ['Lion'], defenderLosses: ['Centaur', 'Centaur'] }],
      }).code,
    ).toBe('illegalProposal');
    expect(
      rejectionOf(run, D, {
        type: 'propose',
        proposals: [{ attackerLosses: ['Ogre', 'Ogre', 'Ogre'], defenderLosses: ['Centaur', 'Centaur'] }],
      }).code,
    ).toBe('illegalProposal');
  });

  it('errata 9.3: a set must hold a proposal new to the proposer (one he made before is not new)', () => {
    const run = negotiating();
    act(run, D, { type: 'propose', proposals: [defenderWins] });
    act(run, A, { type: 'propose', proposals: [attackerWins] });
    // The same proposal again, even with its losses in another order, is not new.
    const again: Proposal = { attackerLosses: ['Ogre', 'Titan', 'Ogre'], defenderLosses: [] };
    expect(rejectionOf(run, D, { type: 'propose', proposals: [again] }).message).toContain('new');
    // With a new one beside it, repeating is allowed.
    const mutual: Proposal = {
      attackerLosses: ['Titan', 'Ogre', 'Ogre'],
      defenderLosses: ['Centaur', 'Centaur'],
    };
    act(run, D, { type: 'propose', proposals: [again, mutual] });
    expect(run.state.engagement?.negotiation.defenderProposals).toEqual([
      { attackerLosses: ['Ogre', 'Ogre', 'Titan'], defenderLosses: [] },
      { attackerLosses: ['Ogre', 'Ogre', 'Titan'], defenderLosses: ['Centaur', 'Centaur'] },
    ]);
  });

  it('errata 9.3: a set may not include a proposal the opponent already made', () => {
    const run = negotiating();
    act(run, D, { type: 'propose', proposals: [attackerWins] });
    const r = rejectionOf(run, A, { type: 'propose', proposals: [attackerWins, defenderWins] });
    expect(r.message).toContain('accept');
  });

  it('2.5.4: the players alternate, the defender first; proposals are secret between them (errata 9.3)', () => {
    const run = engagedRun({
      players: 3,
      attacker: ['Titan', 'Ogre', 'Ogre'],
      defender: ['Centaur', 'Centaur'],
    });
    begin(run);
    expect(rejectionOf(run, A, { type: 'propose', proposals: [attackerWins] }).code).toBe('notYourTurn');
    const events = act(run, D, { type: 'propose', proposals: [defenderWins] });
    const made = ofType(events, 'proposalsMade')[0];
    expect(made === undefined ? null : visibleTo(made)).toEqual([D, A]);
    expect(step(run)).toEqual({ kind: 'negotiate', actor: A, opponent: D });
    expect(view(run.state, { player: A }).engagement?.negotiation?.defenderProposals).toHaveLength(1);
    expect(view(run.state, { player: 'p3' }).engagement?.negotiation).toBeNull();
    expect(view(run.state, { spectator: true }).engagement?.negotiation).toBeNull();
  });

  it('legalIntents offers each one-sided and the mutual proposal, and the opponent\u2019s proposals to accept', () => {
    const run = negotiating();
    const offered = legalIntents(run.state, D);
    expect(offered).toContainEqual({
      type: 'propose',
      proposals: [{ attackerLosses: ['Ogre', 'Ogre', 'Titan'], defenderLosses: [] }],
    });
    expect(offered).toContainEqual({
      type: 'propose',
      proposals: [{ attackerLosses: [], defenderLosses: ['Centaur', 'Centaur'] }],
    });
    expect(offered).toContainEqual({ type: 'noMoreProposals' });
    expect(offered).toContainEqual({ type: 'concede' });
    act(run, D, { type: 'propose', proposals: [defenderWins] });
    expect(legalIntents(run.state, A)).toContainEqual({
      type: 'acceptProposal',
      proposal: { attackerLosses: ['Ogre', 'Ogre', 'Titan'], defenderLosses: [] },
    });
    // The attacker may not propose what the defender proposed.
    expect(legalIntents(run.state, A)).not.toContainEqual({
      type: 'propose',
      proposals: [{ attackerLosses: ['Ogre', 'Ogre', 'Titan'], defenderLosses: [] }],
    });
  });
});

describe('agreements (9.3, errata 9.3/9.5)', () => {
  it('errata 9.3, 9.5: an accepted proposal binds; its losses are public; the winner is not revealed', () => {
    const run = negotiating();
    act(run, D, { type: 'propose', proposals: [attackerWins] });
    expect(rejectionOf(run, A, { type: 'acceptProposal', proposal: defenderWins }).code).toBe(
      'illegalProposal',
    );
    const events = act(run, A, {
      type: 'acceptProposal',
      proposal: { ...attackerWins, defenderLosses: ['Centaur', 'Centaur'] },
    });
    expect(types(events)).toEqual([
      'proposalAccepted',
      'engagementResolved',
      'legionEliminated',
      'pointsScored',
      'engagementEnded',
      'stepBegan',
    ]);
    const accepted = ofType(events, 'proposalAccepted')[0];
    expect(accepted === undefined ? null : visibleTo(accepted)).toBe('all');
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({
      outcome: 'agreement',
      winner: 'Bk01',
      attackerLosses: ['Ogre'],
      defenderLosses: ['Centaur', 'Centaur'],
    });
    expect(legion(run, 'Bk01')?.characters).toEqual(['Titan', 'Ogre']);
    expect(legion(run, 'Bk01')?.known).toEqual([]);
    expect(score(run, A)).toBe(24); // 9.3: the full value of the eliminated legion
    expect(run.state.deadPile).toMatchObject({ Ogre: 1, Centaur: 2 });
  });

  it('2.5.6.10: slain Angels, Archangels, Guardians and Warlocks go back to the caretaker, creatures to the dead pile', () => {
    const run = engagedRun({
      attacker: ['Titan', 'Ogre'],
      defender: ['Angel', 'Archangel', 'Guardian', 'Warlock', 'Troll'],
    });
    begin(run);
    const before = { caretaker: { ...run.state.caretaker }, deadPile: { ...run.state.deadPile } };
    const lost: Proposal = {
      attackerLosses: [],
      defenderLosses: ['Angel', 'Archangel', 'Guardian', 'Warlock', 'Troll'],
    };
    act(run, D, { type: 'propose', proposals: [lost] });
    act(run, A, { type: 'acceptProposal', proposal: lost });
    // 2.5.6.8 comes before 2.5.6.10: the 120 points (24 + 36 + 24 + 20 + 16) earn an Angel first (refused here).
    expect(score(run, A)).toBe(120);
    expect(step(run)).toMatchObject({ kind: 'acquireAngel', actor: A });
    act(run, A, { type: 'pass' });
    for (const c of ['Angel', 'Archangel', 'Guardian', 'Warlock'] as const) {
      expect(run.state.caretaker[c], c).toBe((before.caretaker[c] ?? 0) + 1);
      expect(run.state.deadPile[c] ?? 0, c).toBe(before.deadPile[c] ?? 0);
    }
    expect(run.state.deadPile.Troll).toBe((before.deadPile.Troll ?? 0) + 1);
    expect(run.state.caretaker.Troll).toBe(before.caretaker.Troll);
  });

  it('9.3, 16.1: an agreed mutual elimination scores nothing', () => {
    const run = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Centaur'] });
    begin(run);
    const mutual: Proposal = { attackerLosses: ['Ogre', 'Ogre'], defenderLosses: ['Centaur', 'Centaur'] };
    act(run, D, { type: 'propose', proposals: [mutual] });
    const events = act(run, A, { type: 'acceptProposal', proposal: mutual });
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({
      outcome: 'mutualElimination',
      winner: null,
    });
    expect(ofType(events, 'pointsScored')).toEqual([]);
    expect(ofType(events, 'legionEliminated').map((e) => e.legion)).toEqual(['Bk01', 'Bu01']);
  });

  it('2.5.5: after a declaration of no more proposals the other player accepts, concedes or fights', () => {
    const run = negotiating();
    act(run, D, { type: 'propose', proposals: [defenderWins] });
    act(run, A, { type: 'noMoreProposals' });
    expect(step(run)).toEqual({ kind: 'negotiateFinal', actor: D, opponent: A });
    expect(legalIntents(run.state, D)).toEqual([{ type: 'concede' }, { type: 'fight' }]);
    expect(rejectionOf(run, D, { type: 'propose', proposals: [attackerWins] }).code).toBe('wrongStep');
    expect(rejectionOf(run, D, { type: 'noMoreProposals' }).code).toBe('wrongStep');
    act(run, D, { type: 'fight' });
    expect(step(run)).toEqual({ kind: 'preBattleConcession', actor: A, side: 'attacker' });
  });

  it('2.5.5: the last offers of the declaring player may still be accepted', () => {
    const run = negotiating();
    act(run, D, { type: 'propose', proposals: [attackerWins] });
    act(run, A, {
      type: 'propose',
      proposals: [{ attackerLosses: [], defenderLosses: ['Centaur', 'Centaur'] }],
    });
    act(run, D, { type: 'noMoreProposals' });
    expect(step(run)).toEqual({ kind: 'negotiateFinal', actor: A, opponent: D });
    expect(legalIntents(run.state, A)).toContainEqual({
      type: 'acceptProposal',
      proposal: { attackerLosses: ['Ogre'], defenderLosses: ['Centaur', 'Centaur'] },
    });
    act(run, A, { type: 'acceptProposal', proposal: attackerWins });
    expect(legion(run, 'Bu01')).toBeUndefined();
  });

  it('2.5.5.1, 14.2: a defender winning by agreement earns a possible reinforcement', () => {
    // Marsh 8: two Ogres muster a Troll.
    const run = engagedRun({
      land: 8,
      attacker: ['Centaur', 'Centaur'],
      defender: ['Titan', 'Ogre', 'Ogre'],
    });
    begin(run);
    const win: Proposal = { attackerLosses: ['Centaur', 'Centaur'], defenderLosses: [] };
    act(run, D, { type: 'propose', proposals: [win] });
    act(run, A, { type: 'acceptProposal', proposal: win });
    expect(step(run)).toEqual({ kind: 'postBattleAddition', actor: D, side: 'defender' });
    expect(legalIntents(run.state, D)).toContainEqual({
      type: 'reinforce',
      creature: 'Troll',
      reveal: ['Ogre', 'Ogre'],
    });
    const events = act(run, D, { type: 'reinforce', creature: 'Troll', reveal: ['Ogre', 'Ogre'] });
    expect(types(events).slice(0, 2)).toEqual(['reinforcementMustered', 'engagementResolved']);
    expect(legion(run, 'Bu01')?.characters).toEqual(['Titan', 'Ogre', 'Ogre', 'Troll']);
    expect(legion(run, 'Bu01')?.known).toEqual(['Ogre', 'Ogre', 'Troll']);
    expect(run.state.turn?.mustered).toContain('Bu01'); // 18.0: it counts as the legion's muster
  });

  it('15.2: an attacker winning by agreement may summon an Angel at once', () => {
    const run = engagedRun({
      attacker: ['Titan', 'Ogre', 'Ogre'],
      defender: ['Centaur', 'Centaur'],
      others: [{ id: 'Bk02', land: 6, characters: ['Angel', 'Gargoyle'] }],
    });
    begin(run);
    act(run, D, { type: 'propose', proposals: [attackerWins] });
    act(run, A, { type: 'acceptProposal', proposal: attackerWins });
    expect(step(run)).toEqual({ kind: 'postBattleAddition', actor: A, side: 'attacker' });
    act(run, A, { type: 'summon', from: 'Bk02', character: 'Angel' });
    expect(legion(run, 'Bk01')?.characters).toEqual(['Titan', 'Ogre', 'Angel']);
    expect(legion(run, 'Bk02')?.characters).toEqual(['Gargoyle']);
    expect(run.state.turn?.summoned).toBe(true);
  });
});
