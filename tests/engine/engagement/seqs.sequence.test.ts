// Errata 9.3 on the log's numbering (shared/engine/seqs.ts, view.ts `numberedBy`): those outside a negotiation
// number one event for all of it (its first, the stub), whatever the number of its steps; its two players
// number every step; every number translates back to the log and forth.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../shared/engine/events';
import {
  EMPTY_NUMBERING,
  logSeqOf,
  numberedFor,
  numberLog,
  seqSeenBy,
  type Viewer,
} from '../../../shared/engine/index';

const inspected = (viewer: string): GameEvent => ({
  type: 'legionInspected',
  viewer,
  legion: 'Bk01',
  characters: ['Titan'],
});
const turn = (actor: string, opponent: string): GameEvent => ({
  type: 'stepBegan',
  step: { kind: 'negotiate', actor, opponent },
});
const propose = (player: string, opponent: string): GameEvent => ({
  type: 'proposalsMade',
  player,
  opponent,
  side: 'defender',
  proposals: [],
});
const chooseEngagement: GameEvent = { type: 'stepBegan', step: { kind: 'chooseEngagement', actor: 'p1' } };
const accepted: GameEvent = {
  type: 'proposalAccepted',
  player: 'p1',
  side: 'attacker',
  proposal: { attackerLosses: [], defenderLosses: ['Titan'] },
};

/** A negotiation between p1 (attacker) and p2 of `k` sets of proposals, accepted by whoever is to act. */
function negotiation(k: number): GameEvent[] {
  const steps: GameEvent[] = [inspected('p1'), inspected('p2'), turn('p2', 'p1')];
  for (let i = 0; i < k; i++) {
    const [by, to] = i % 2 === 0 ? ['p2', 'p1'] : ['p1', 'p2'];
    steps.push(propose(by!, to!), turn(to!, by!));
  }
  return [...steps, accepted, chooseEngagement];
}

const P1: Viewer = { player: 'p1' };
const P3: Viewer = { player: 'p3' };
const PUBLIC: Viewer = { spectator: true };

describe('errata 9.3: each viewer numbers the log', () => {
  it('an outsider numbers the same events whatever the number of steps; the two players number every one', () => {
    const lived = (k: number, viewer: Viewer) => {
      const events = [chooseEngagement, ...negotiation(k)];
      const n = numberLog(EMPTY_NUMBERING, events);
      return events.flatMap((event, i) =>
        numberedFor(n, viewer, i + 1) ? [{ seq: seqSeenBy(n, viewer, i + 1), event }] : [],
      );
    };
    for (const outsider of [P3, PUBLIC]) {
      expect(lived(5, outsider)).toEqual(lived(0, outsider));
      expect(lived(1, outsider).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    }
    expect(lived(5, P1).map((e) => e.seq)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  });

  it("translates a viewer's seq to the log and back, after negotiations he was and was not part of", () => {
    const events = [
      chooseEngagement,
      ...negotiation(3),
      ...negotiation(2).map((e): GameEvent => JSON.parse(JSON.stringify(e).replaceAll('p1', 'p3'))),
    ];
    const n = numberLog(EMPTY_NUMBERING, events.slice(0, 5));
    expect(numberLog(n, events.slice(5))).toEqual(numberLog(EMPTY_NUMBERING, events));
    const all = numberLog(EMPTY_NUMBERING, events);
    // p1 numbers the first negotiation's 6 steps but not the second's 4; p3 the reverse; spectators neither.
    expect(seqSeenBy(all, P1, events.length)).toBe(events.length - 4);
    expect(seqSeenBy(all, P3, events.length)).toBe(events.length - 6);
    expect(seqSeenBy(all, PUBLIC, events.length)).toBe(events.length - 10);
    for (const viewer of [P1, P3, PUBLIC, { player: 'p2' }]) {
      for (let seq = 0; seq <= events.length; seq++) {
        const seen = seqSeenBy(all, viewer, seq);
        const back = logSeqOf(all, viewer, seen);
        expect(back).toBeLessThanOrEqual(seq);
        expect(seqSeenBy(all, viewer, back)).toBe(seen);
        // The first point of the log where he holds it: the event there is his (or it is the start).
        expect(back === 0 || numberedFor(all, viewer, back)).toBe(true);
      }
    }
  });
});
