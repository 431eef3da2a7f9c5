// The lobby's live list of battles over the websocket (issue 11): a socket that sends `watchBattles` gets the
// list at once and again on every change, as a public game's battles begin and end; an invite-only game's
// battles never appear, and `watchBattles off` stops the messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessageOf } from '../../shared/protocol/messages';
import { guest, startedGame } from './support/api';
import { TestClient } from './support/client';
import { startServer, type TestServer, testConfig } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(testConfig());
});
afterAll(async () => {
  await server.close();
});

describe('live battles over the websocket', () => {
  it('are pushed as they begin and end; invite-only games never appear', async () => {
    const sam = await guest(server.app, 'Sam');
    const watcher = await TestClient.open(server.wsUrl, { token: sam.accessToken });
    watcher.send({ type: 'watchBattles', on: true });
    expect(await watcher.next('battles')).toEqual({ type: 'battles', battles: [] });

    // Two games of bots: one public, one by invitation.
    const hidden = await startedGame(server.app, 2, 0, { inviteOnly: true });
    const open = await startedGame(server.app, 2, 0);
    const listed = (m: ServerMessageOf<'battles'>) => m.battles.find((b) => b.game === open.game.id);
    const first = await watcher.next('battles', (m) => listed(m) !== undefined, 120_000);
    const battle = listed(first)!;
    expect(battle).toMatchObject({ round: expect.any(Number), players: [{ seat: 'p1' }, { seat: 'p2' }] });
    expect(battle.attacker.height).toBeGreaterThan(0);
    // Later the battle is over: it leaves the list (or another battle of that game replaces it).
    await watcher.next(
      'battles',
      (m) => {
        const now = listed(m);
        return (
          now === undefined || now.land !== battle.land || now.attacker.marker !== battle.attacker.marker
        );
      },
      120_000,
    );
    const seen = watcher.received.filter((m) => m.type === 'battles') as ServerMessageOf<'battles'>[];
    expect(seen.some((m) => m.battles.some((b) => b.game === hidden.game.id))).toBe(false);

    watcher.send({ type: 'watchBattles', on: false });
    watcher.send({ type: 'ping', nonce: 'after-off' });
    await watcher.next('pong');
    const before = watcher.received.length;
    // Nothing more arrives once off: a later ping's pong is the only message.
    watcher.send({ type: 'ping', nonce: 'later' });
    await watcher.next('pong', (m) => m.nonce === 'later');
    expect(watcher.received.slice(before).map((m) => m.type)).toEqual(['pong']);
    await watcher.close();
  }, 300_000);
});
