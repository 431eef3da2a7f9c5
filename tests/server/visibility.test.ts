// The one filter (server/rooms/visibility.ts): private events become numbered stubs for everyone not
// entitled to them (4.3, 2.5.1, errata 9.3), views come from the engine for the recipient, legal
// intents only to the player who must act, replies only to their sender, the seed only after the end.
import { describe, expect, it } from 'vitest';
import { rulesEngine } from '../../server/engine';
import { deliver } from '../../server/rooms/visibility';
import type { GameEvent } from '../../shared/engine/events';
import { createGame } from '../../shared/engine/index';

const game = '00000000-0000-4000-8000-000000000001';
const p1 = { player: 'p1' } as const;
const p2 = { player: 'p2' } as const;
const p3 = { player: 'p3' } as const;
const spectator = { spectator: true } as const;
const event = (e: GameEvent) => ({ kind: 'event' as const, game, seq: 7, event: e });

describe('the one filter', () => {
  it('4.3: split contents reach their owner only; the others get a stub with the same seq', () => {
    const split: GameEvent = {
      type: 'splitContents',
      player: 'p1',
      parent: 'Bk01',
      children: [{ marker: 'Bk02', characters: ['Ogre', 'Ogre', 'Centaur', 'Gargoyle'] }],
    };
    expect(deliver(rulesEngine, p1, event(split))).toEqual({ type: 'event', game, seq: 7, event: split });
    for (const r of [p2, spectator]) {
      expect(deliver(rulesEngine, r, event(split))).toEqual({
        type: 'event',
        game,
        seq: 7,
        event: { type: 'hidden' },
      });
    }
  });

  it('2.5.1 and errata 9.3: an inspection reaches its viewer, a negotiation its two players', () => {
    const inspected: GameEvent = {
      type: 'legionInspected',
      viewer: 'p2',
      legion: 'Bk01',
      characters: ['Titan', 'Angel'],
    };
    expect(deliver(rulesEngine, p2, event(inspected))).toMatchObject({ event: inspected });
    expect(deliver(rulesEngine, p1, event(inspected))).toMatchObject({ event: { type: 'hidden' } });
    const proposals: GameEvent = {
      type: 'proposalsMade',
      player: 'p1',
      opponent: 'p2',
      side: 'attacker',
      proposals: [{ attackerLosses: [], defenderLosses: ['Ogre'] }],
    };
    expect(deliver(rulesEngine, p1, event(proposals))).toMatchObject({ event: proposals });
    expect(deliver(rulesEngine, p2, event(proposals))).toMatchObject({ event: proposals });
    expect(deliver(rulesEngine, p3, event(proposals))).toMatchObject({ event: { type: 'hidden' } });
    expect(deliver(rulesEngine, spectator, event(proposals))).toMatchObject({ event: { type: 'hidden' } });
  });

  it('errata 9.3: the turns of a negotiation reach its two players only; other steps reach all', () => {
    const turn: GameEvent = {
      type: 'stepBegan',
      step: { kind: 'negotiateFinal', actor: 'p1', opponent: 'p2' },
    };
    expect(deliver(rulesEngine, p1, event(turn))).toMatchObject({ event: turn });
    expect(deliver(rulesEngine, p2, event(turn))).toMatchObject({ event: turn });
    for (const r of [p3, spectator]) {
      expect(deliver(rulesEngine, r, event(turn))).toEqual({
        type: 'event',
        game,
        seq: 7,
        event: { type: 'hidden' },
      });
    }
    const muster: GameEvent = { type: 'stepBegan', step: { kind: 'muster', actor: 'p1' } };
    expect(deliver(rulesEngine, spectator, event(muster))).toMatchObject({ event: muster });
  });

  it('4.5, errata 1.3/1.4: every view names who must act; only his own tells him what he may send', () => {
    const { state } = createGame({
      players: [
        { id: 'p1', name: 'A' },
        { id: 'p2', name: 'B' },
      ],
    });
    const pendingOf = (r: typeof p1 | typeof p2 | typeof spectator) => {
      const m = deliver(rulesEngine, r, { kind: 'state', game, seq: 2, state });
      return m?.type === 'state' ? m.view.pending : null;
    };
    expect(pendingOf(p1)).toEqual({ actor: 'p1', step: 'rollTower', intents: ['rollTower'] });
    expect(pendingOf(p2)).toEqual({ actor: 'p1', step: 'rollTower', intents: [] });
    expect(pendingOf(spectator)).toEqual({ actor: 'p1', step: 'rollTower', intents: [] });
  });

  it("views are the engine's for the recipient; legal intents go only to the player who must act", () => {
    const { state } = createGame({
      players: [
        { id: 'p1', name: 'A' },
        { id: 'p2', name: 'B' },
      ],
    });
    expect(deliver(rulesEngine, spectator, { kind: 'state', game, seq: 2, state })).toEqual({
      type: 'state',
      game,
      seq: 2,
      view: rulesEngine.view(state, spectator),
    });
    // 1.3.1.1: the first seat rolls first.
    expect(deliver(rulesEngine, p1, { kind: 'legal', game, seq: 2, state })).toEqual({
      type: 'legal',
      game,
      seq: 2,
      intents: [{ type: 'rollTower' }],
    });
    expect(deliver(rulesEngine, p2, { kind: 'legal', game, seq: 2, state })).toBeNull();
    expect(deliver(rulesEngine, spectator, { kind: 'legal', game, seq: 2, state })).toBeNull();
  });

  it('a reply reaches its sender only; the seed only once the game is over', () => {
    const reply = {
      type: 'rejected',
      id: 'x',
      game,
      code: 'notYourTurn',
      message: 'Wait.',
      rule: 'errata 1.3',
    } as const;
    expect(deliver(rulesEngine, p2, { kind: 'reply', to: p2, message: reply })).toEqual(reply);
    expect(deliver(rulesEngine, p1, { kind: 'reply', to: p2, message: reply })).toBeNull();
    const joined = {
      kind: 'joined' as const,
      game,
      seq: 9,
      as: 'spectator' as const,
      seat: null,
      catchUp: 'state' as const,
      commitment: 'c0ffee',
      seed: 'secret',
    };
    expect(deliver(rulesEngine, spectator, { ...joined, finished: false })).toMatchObject({
      dice: { commitment: 'c0ffee', seed: null },
    });
    expect(deliver(rulesEngine, spectator, { ...joined, finished: true })).toMatchObject({
      dice: { commitment: 'c0ffee', seed: 'secret' },
    });
  });
});
