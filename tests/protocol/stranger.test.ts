// Issue 13's acceptance: a client written from docs/protocol.md and /protocol.json alone
// (./stranger/client.ts, which imports nothing of this repository: Biome's noRestrictedImports) plays complete games against the
// server's bots over a real socket, resumes once after dropping its socket, checks every frame it
// receives against the published JSON Schema, and has none of its intents refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer, testConfig } from '../server/support/server';
import { gameAgainstBots, historyOf, playToTheEnd, serverFrameValidator } from './stranger/client';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(testConfig());
});
afterAll(async () => {
  await server.close();
});

describe('a client written from the published protocol alone', () => {
  for (const [seats, seed] of [
    [2, 1],
    [3, 2],
  ] as const)
    it(`plays a whole ${seats}-seat game against bots, resumes once, every frame valid, no intent refused`, async () => {
      const validate = await serverFrameValidator(server.url);
      const auth = await gameAgainstBots(server.url, seats);
      const report = await playToTheEnd(server.wsUrl, auth, validate, { seed, dropAfter: 60 });
      expect(report.invalid).toEqual([]);
      expect(report.rejected).toEqual([]);
      expect(report.lastEvent?.type).toBe('gameOver');
      expect(report.accepted).toBeGreaterThan(10);
      // The resumption replayed what was missed: one gap-free run of seqs over both sockets.
      expect(report.resumed).toMatchObject({ type: 'joined', catchUp: 'events' });
      const first = report.eventSeqs[0]!;
      expect(report.eventSeqs).toEqual(report.eventSeqs.map((_, i) => first + i));
      // The schema was put to the test: hidden stubs, views and battles went through it.
      const events = report.frames.filter((f) => f.type === 'event').map((f) => f.event as { type: string });
      expect(events.some((e) => e.type === 'hidden')).toBe(true);
      expect(report.frames.some((f) => f.type === 'state')).toBe(true);
      // The history, read in pages as the guide says, numbers the events as the socket did (his own numbers:
      // in the 3-seat game the bots' negotiations are one stub each for him, errata 9.3).
      const history = await historyOf(server.url, auth, 37);
      expect(history.map((e) => e.seq)).toEqual(history.map((_, i) => i + 1));
      const socket = report.frames
        .filter((f) => f.type === 'event')
        .map((f) => ({ seq: f.seq, event: f.event }));
      expect(history.slice(first - 1)).toEqual(socket);
    }, 300_000);

  it('the published schema refuses what the server must never send', async () => {
    const validate = await serverFrameValidator(server.url);
    const game = '123e4567-e89b-42d3-a456-426614174000';
    expect(validate({ type: 'event', game, seq: 1, event: { type: 'hidden' } })).toBe(true);
    expect(validate({ type: 'event', game, seq: 1, event: { type: 'hidden', player: 'p1' } })).toBe(false);
    expect(
      validate({ type: 'event', game, seq: 1, event: { type: 'towerRolled', player: 'p1', roll: 7 } }),
    ).toBe(false);
    expect(validate({ type: 'legal', game, seq: 3, intents: [{ type: 'fly' }] })).toBe(false);
  });
});
