// 200 complete games of 2 to 6 players through decide/evolve only, with the random-legal bot (bot.ts), seeded
// dice and a turn cap after which the tournament director calls time (21.1, errata 21.1).
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../tools/sim';

describe('complete games (Complete Sequence 2–3, errata 19.0, 21.1)', () => {
  it('errata 19.0, 21.1: 200 games of 2 to 6 players all end (a winner, a mutual end or the stop rule) without an engine error', () => {
    const summary = simulate(200, 2, 6, 20_000, { turnLimit: 120 });
    expect(summary.errors).toBe(0);
    expect(summary.completed).toBe(200);
    const ended = Object.values(summary.endings).reduce((a, b) => a + b, 0);
    expect(ended).toBe(200);
    expect(summary.battles).toBeGreaterThan(0);
    // Some games outlast the cap: time is called and the errata 21.1 rule ends them.
    expect(summary.stoppedByTurnLimit).toBeGreaterThan(0);
    expect(summary.endings.timeLimit ?? 0).toBeGreaterThan(0);
  });
});
