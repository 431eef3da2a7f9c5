// Whole games over websockets against the running server, on the embedded PGlite and on PostgreSQL:
// two to six socket players (and bots) play to the end while a spectator watches. Every payload each
// recipient received is checked against the engine's own visibility at that moment (the leak
// property), the room's state against a replay of its log, the histories, and the dice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../shared/engine/random';
import { playWholeGame } from './support/games';
import { createTestDatabase, type TestDatabase } from './support/postgres';
import { startServer, type TestServer, testConfig } from './support/server';

function wholeGames(
  name: string,
  setup: () => Promise<TestServer | null>,
  teardown: () => Promise<void>,
  sizes: number[],
  propertyGames: number,
) {
  describe(name, () => {
    let server: TestServer | null = null;
    beforeAll(async () => {
      server = await setup();
    });
    afterAll(async () => {
      await server?.close();
      await teardown();
    });

    for (const seats of sizes) {
      it(`${seats} socket players play a whole game; nothing reaches a recipient he may not see (4.3, 4.5, errata 9.3)`, async (ctx) => {
        if (!server) return ctx.skip();
        const { log } = await playWholeGame(server, seats, seats, seats);
        expect(log.at(-1)!.type).toBe('gameOver');
      }, 300_000);
    }

    if (propertyGames > 0)
      it(`property: ${propertyGames} seeded games of 2 to 6 seats, socket players and bots mixed; no payload to any recipient holds what he may not see (4.5, errata 9.1, 9.3)`, async (ctx) => {
        if (!server) return ctx.skip();
        const random = seededRandom(2026);
        for (let g = 0; g < propertyGames; g++) {
          const seats = 2 + Math.floor(random() * 5);
          const humans = 1 + Math.floor(random() * seats);
          // playWholeGame checks every payload of every player and of a spectator against the log.
          const { log } = await playWholeGame(server, seats, humans, 1000 + g);
          expect(log.at(-1)!.type).toBe('gameOver');
        }
      }, 600_000);

    it('socket players and bots share a game; the spectator sees the battles live and never a hidden legion', async (ctx) => {
      if (!server) return ctx.skip();
      // Several games, so that the spectator surely watches a battle.
      let battles = 0;
      for (let seed = 1; seed <= 2 || battles === 0; seed++) {
        const { spectator, game } = await playWholeGame(server, 4, 2, 100 + seed);
        const seen = spectator.received.filter((m) => 'game' in m && m.game === game);
        const started = seen.filter((m) => m.type === 'event' && m.event.type === 'battleStarted').length;
        battles += started;
        // A battle of this game was watched live: states with the battle reached the spectator.
        const during = seen.filter((m) => m.type === 'state' && m.view.battle !== null);
        if (started > 0) expect(during.length).toBeGreaterThan(0);
        for (const m of seen) {
          if (m.type === 'state') for (const l of m.view.legions) expect(l.characters).toBeNull();
          if (m.type === 'event')
            expect(['splitContents', 'legionInspected', 'proposalsMade', 'noMoreProposals']).not.toContain(
              m.event.type,
            );
        }
        expect(seed).toBeLessThan(10);
      }
      expect(battles).toBeGreaterThan(0);
    }, 600_000);
  });
}

let pglite: TestServer | null = null;
wholeGames(
  'whole games on PGlite',
  async () => {
    pglite = await startServer(testConfig({ snapshotEvery: 50 }));
    return pglite;
  },
  async () => {},
  [2, 3, 4, 5, 6],
  8,
);

let database: TestDatabase | null = null;
wholeGames(
  'whole games on PostgreSQL',
  async () => {
    database = await createTestDatabase();
    return database ? startServer(testConfig({ databaseUrl: database.url, snapshotEvery: 50 })) : null;
  },
  async () => {
    await database?.drop();
  },
  [2, 5],
  0,
);
