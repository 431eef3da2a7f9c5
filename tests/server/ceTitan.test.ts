// Cosmic Encounter Titan through the lobby and the websocket (issue 17): a game created with the variant and N+1
// powers is played to its end by socket players and a bot; every payload each recipient received is checked
// against the engine's visibility (the sealed bids reach their bidder alone until all are revealed), every frame
// against the published schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playWholeGame } from './support/games';
import { startServer, type TestServer, testConfig } from './support/server';

describe('Cosmic Encounter Titan on the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(testConfig({ snapshotEvery: 50 }));
  });
  afterAll(async () => {
    await server.close();
  });

  it('CE: a 3-seat game (2 socket players, 1 bot, N+1 powers) is played to its end; no bid is seen early', async () => {
    const { log, spectator, game } = await playWholeGame(server, 3, 2, 1717, {
      options: { variant: 'ceTitan', powersDrawn: 'N+1', handicapMulligans: {}, broadcastDelaySeconds: 0 },
    });
    expect(log.at(-1)?.type).toBe('gameOver');
    const drawn = log.find((e) => e.type === 'powersDrawn');
    expect(drawn?.type === 'powersDrawn' ? drawn.powers.length : 0).toBe(4);
    expect(log.filter((e) => e.type === 'powerAssigned')).toHaveLength(3);
    // The spectator got each sealed bid as a stub only, and the bids once revealed.
    const seen = spectator.received.filter((m) => 'game' in m && m.game === game && m.type === 'event');
    expect(seen.some((m) => m.type === 'event' && m.event.type === 'bidSubmitted')).toBe(false);
    expect(seen.some((m) => m.type === 'event' && m.event.type === 'bidsRevealed')).toBe(true);
  }, 300_000);
});
