// What the engagement shows to the players who are not in it, and to spectators (4.5, 9.2, errata 9.1/9.3,
// Complete Sequence 2.5.3–2.5.6.5): everything they receive — their view (the step and what is pending
// included) and each event as the server hands it on (itself when `visibleTo` lets them see it, else the
// stub { type: 'hidden' }) — is the same in two games that differ only in what is hidden from them.
import { describe, expect, it } from 'vitest';
import type { CharacterName } from '../../../shared/data/types';
import type { GameEvent } from '../../../shared/engine/events';
import { legalIntents } from '../../../shared/engine/legal';
import type { Viewer } from '../../../shared/engine/types';
import { view, visibleTo } from '../../../shared/engine/view';
import type { Run } from '../support/game';
import { act, rejectionOf } from '../support/game';
import { A, begin, D, engagedRun, step } from './build';

const THIRD = { player: 'p3' } as const;
const SPECTATOR = { spectator: true } as const;

/** An event as the server delivers it to `viewer` (server/rooms/visibility.ts). */
function received(event: GameEvent, viewer: Viewer): GameEvent | { readonly type: 'hidden' } {
  const audience = visibleTo(event);
  if (audience === 'all') return event;
  return 'player' in viewer && audience.includes(viewer.player) ? event : { type: 'hidden' };
}

/** All a third player and a spectator receive of the run from event `from` on. */
function outsiders(run: Run, from: number) {
  return [THIRD, SPECTATOR].map((viewer) => ({
    view: view(run.state, viewer),
    events: run.events.slice(from).map((e) => received(e, viewer)),
  }));
}

/** A three-player game at the Mover's choice of the engagement on the Plains (p1 attacks p2; p3 looks on). */
function engaged(defender: readonly CharacterName[], others: readonly CharacterName[] = ['Ogre', 'Ogre']) {
  return engagedRun({
    players: 3,
    attacker: ['Titan', 'Ogre', 'Ogre'],
    defender,
    others: [
      { id: 'Bk02', land: 100, characters: others },
      { id: 'Br01', land: 300, characters: ['Titan', 'Gargoyle'] },
    ],
  });
}

describe('the engagement as outsiders see it (errata 9.3)', () => {
  it('9.2, 4.5: whether the defender may flee (his legion holds no Lord) is not shown to outsiders', () => {
    const lordless = engaged(['Centaur', 'Centaur']);
    const withLord = engaged(['Angel', 'Centaur']);
    const from = lordless.events.length;
    begin(lordless);
    begin(withLord);
    // The rule itself is unchanged: only the lordless defender may flee.
    expect(legalIntents(lordless.state, D)).toContainEqual({ type: 'flee' });
    expect(legalIntents(withLord.state, D)).not.toContainEqual({ type: 'flee' });
    expect(view(lordless.state, { player: D }).pending.intents).toContain('flee');
    expect(view(withLord.state, { player: D }).pending.intents).not.toContain('flee');
    // Neither the step nor what is pending tells the others.
    expect(outsiders(lordless, from)).toEqual(outsiders(withLord, from));
    expect(JSON.stringify(outsiders(lordless, from))).not.toContain('flee');
    expect(JSON.stringify(outsiders(lordless, from))).not.toContain('mayFlee');
    // After the defender's first action, still nothing to tell them apart.
    act(lordless, D, { type: 'noMoreProposals' });
    act(withLord, D, { type: 'noMoreProposals' });
    expect(outsiders(lordless, from)).toEqual(outsiders(withLord, from));
  });

  it('errata 9.3: proposals made look the same to outsiders as none (the step and its intents included)', () => {
    const proposed = engaged(['Centaur', 'Centaur']);
    const declared = engaged(['Centaur', 'Centaur']);
    const from = proposed.events.length;
    begin(proposed);
    begin(declared);
    act(proposed, D, {
      type: 'propose',
      proposals: [{ attackerLosses: ['Titan', 'Ogre', 'Ogre'], defenderLosses: [] }],
    });
    act(declared, D, { type: 'noMoreProposals' });
    // The two players know where they stand: the attacker may accept, or must end the negotiation.
    expect(step(proposed)).toMatchObject({ kind: 'negotiate', actor: A });
    expect(step(declared)).toMatchObject({ kind: 'negotiateFinal', actor: A });
    expect(view(proposed.state, { player: A }).pending.intents).toContain('acceptProposal');
    expect(view(declared.state, { player: D }).step.kind).toBe('negotiateFinal');
    // The others only see that a negotiation between the two is going on: not whose turn it is.
    expect(outsiders(proposed, from)).toEqual(outsiders(declared, from));
    const seen = outsiders(proposed, from)[0];
    expect(seen?.view.step).toEqual({ kind: 'negotiate', actor: D, opponent: A });
    expect(seen?.view.pending).toEqual({ actor: null, step: 'negotiate', intents: [] });
    // Errata 1.3/1.4, 9.3: a third player acting out of turn is told a negotiation is going on, not whose turn.
    const outOfTurn = (run: Run) => rejectionOf(run, 'p3', { type: 'fight' });
    expect(outOfTurn(declared)).toEqual(outOfTurn(proposed));
    expect(outOfTurn(declared).message).toContain('negotiating the engagement');
    expect(outOfTurn(declared).rule).toContain('9.3');
  });

  it('errata 9.3: outsiders cannot tell whose turn it is in the negotiation, nor whether the attacker may summon yet', () => {
    const run = engaged(['Centaur', 'Centaur']);
    begin(run);
    // The defender acts first (2.5.3): the view and a refusal as outsiders get them now...
    const before = [THIRD, SPECTATOR].map((viewer) => view(run.state, viewer));
    const refusedBefore = rejectionOf(run, 'p3', { type: 'fight' });
    act(run, D, {
      type: 'propose',
      proposals: [{ attackerLosses: ['Titan', 'Ogre', 'Ogre'], defenderLosses: [] }],
    });
    // ...and once the attacker is to act and has earned the right to summon (2.5.3.1: the defender did not flee).
    expect(step(run)).toMatchObject({ kind: 'negotiate', actor: A });
    expect(run.state.engagement?.attackerMaySummon).toBe(true);
    expect(view(run.state, { player: A }).engagement?.attackerMaySummon).toBe(true);
    expect([THIRD, SPECTATOR].map((viewer) => view(run.state, viewer))).toEqual(before);
    expect(rejectionOf(run, 'p3', { type: 'fight' })).toEqual(refusedBefore);
    // The outcome is public: after the agreement the attacker's right shows.
    act(run, A, {
      type: 'acceptProposal',
      proposal: { attackerLosses: ['Titan', 'Ogre', 'Ogre'], defenderLosses: [] },
    });
    expect(view(run.state, THIRD).step.kind).not.toBe('negotiate');
  });

  it('errata 9.1, 2.5.6.5, 15.2: after a concession without battle the summons step is offered whether or not the victor has an Angel to summon', () => {
    const angel = engaged(['Centaur', 'Centaur'], ['Angel', 'Ogre']);
    const none = engaged(['Centaur', 'Centaur'], ['Gargoyle', 'Ogre']);
    const from = angel.events.length;
    for (const run of [angel, none]) {
      begin(run);
      act(run, D, { type: 'concede' });
      expect(step(run)).toEqual({ kind: 'postBattleAddition', actor: A, side: 'attacker' });
    }
    expect(legalIntents(angel.state, A)).toEqual([
      { type: 'summon', from: 'Bk02', character: 'Angel' },
      { type: 'pass' },
    ]);
    expect(legalIntents(none.state, A)).toEqual([{ type: 'pass' }]);
    expect(outsiders(angel, from)).toEqual(outsiders(none, from));
    for (const run of [angel, none]) act(run, A, { type: 'pass' });
    expect(outsiders(angel, from)).toEqual(outsiders(none, from));
    expect(step(none)).toEqual({ kind: 'muster', actor: A });
  });

  it('errata 9.1, 2.5.5.1, 14.0: after winning by agreement the reinforcement step is offered whether or not the hidden legion could muster', () => {
    // On the Plains Centaurs muster; Gargoyles do not.
    const able = engaged(['Centaur', 'Centaur']);
    const unable = engaged(['Gargoyle', 'Gargoyle']);
    const from = able.events.length;
    for (const run of [able, unable]) {
      begin(run);
      act(run, D, {
        type: 'propose',
        proposals: [{ attackerLosses: ['Titan', 'Ogre', 'Ogre'], defenderLosses: [] }],
      });
      act(run, A, {
        type: 'acceptProposal',
        proposal: { attackerLosses: ['Ogre', 'Ogre', 'Titan'], defenderLosses: [] },
      });
      expect(step(run)).toEqual({ kind: 'postBattleAddition', actor: D, side: 'defender' });
    }
    expect(legalIntents(able.state, D)).toContainEqual({
      type: 'reinforce',
      creature: 'Centaur',
      reveal: ['Centaur'],
    });
    expect(legalIntents(unable.state, D)).toEqual([{ type: 'pass' }]);
    expect(outsiders(able, from)).toEqual(outsiders(unable, from));
  });

  it('errata 9.3: the turns of the negotiation reach only its two players', () => {
    const run = engaged(['Centaur', 'Centaur']);
    const opening = begin(run).at(-1);
    expect(opening).toEqual({ type: 'stepBegan', step: { kind: 'negotiate', actor: D, opponent: A } });
    expect(opening === undefined ? null : visibleTo(opening)).toEqual([D, A]);
    const next = act(run, D, { type: 'noMoreProposals' });
    expect(next.map(visibleTo)).toEqual([
      [D, A],
      [A, D],
    ]);
  });
});
