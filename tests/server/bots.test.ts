// The bot seats' fallback and recovery, with the real engine behind a wrapper that makes the bot's own
// choice refused (as an engine bug would): the bot then plays the engine's default intent, even one of
// the same type, and a bot that had nothing to play acts again once the game has moved on. Bots of the
// normal and strong levels think in the bot worker (server/botPool.ts) and play on like any seat.
import { afterAll, describe, expect, it } from 'vitest';
import { type RulesEngine, rulesEngine } from '../../server/engine';
import type { Room } from '../../server/rooms/room';
import type { Intent } from '../../shared/engine/intents';
import { startedGame } from './support/api';
import { TestClient } from './support/client';
import { logOf, waitFor } from './support/games';
import { startServer, type TestServer, testConfig } from './support/server';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => undefined);
});

const stalled = (room: Room) => (room as unknown as { botStalled: boolean }).botStalled;

describe('bots', () => {
  it('issue 15: normal and strong bot seats play on through the bot worker, every choice accepted', async () => {
    const server = await startServer(testConfig());
    servers.push(server);
    const { game: a } = await startedGame(server.app, 2, 0, {}, 'normal');
    const { game: b } = await startedGame(server.app, 2, 0, {}, 'strong');
    const rooms = [(await server.app.titan.rooms.get(a.id))!, (await server.app.titan.rooms.get(b.id))!];
    await waitFor(
      () => rooms.every((r) => r.currentSeq > 150 || r.finished),
      'both bot games to play 150 events',
      90_000,
    );
    for (const room of rooms) expect(stalled(room)).toBe(false);
    expect(server.app.titan.metrics.read().botIntents).toBeGreaterThan(20);
  }, 120_000);

  it('falls back to the default intent when its choice is refused, even one of the same type', async () => {
    // Every intent the bot chooses is refused; the engine's default intent (the same rollTower) is not.
    const chosen = new WeakSet<Intent>();
    const engine: RulesEngine = {
      ...rulesEngine,
      botIntent: async (state, player, level, seed, budgetMs) => {
        const intent = await rulesEngine.botIntent(state, player, level, seed, budgetMs);
        if (intent === null) return null;
        const copy = { ...intent };
        chosen.add(copy);
        return copy;
      },
      decide: (state, actor, intent, dice) =>
        chosen.has(intent)
          ? { rejected: { code: 'wrongStep', message: 'refused for the test', rule: 'test' } }
          : rulesEngine.decide(state, actor, intent, dice),
    };
    const server = await startServer(testConfig(), engine);
    servers.push(server);
    const { game, players } = await startedGame(server.app, 2, 1);
    const room = (await server.app.titan.rooms.get(game.id))!;
    const ann = await TestClient.open(server.wsUrl, { token: players[0]!.accessToken });
    // Ann rolls for her tower (1.3.1.1); then it is the bot's turn to roll for his.
    const reply = await ann.intent(game.id, { type: 'rollTower' });
    expect(reply.type).toBe('accepted');
    const annSeq = (reply as { seq: number }).seq;
    // (The bot may already have rolled by now: it acts as soon as its turn comes.)
    await waitFor(() => room.currentSeq > annSeq || stalled(room), 'the bot to act or give up');
    expect(stalled(room)).toBe(false);
    // The bot's own roll is in the log right after Ann's: its refused choice fell back to the default.
    const log = await logOf(server, game.id);
    expect(log[annSeq]).toMatchObject({ type: 'towerRolled', player: 'p2' });
    await ann.close();
  }, 120_000);

  it('a bot that had nothing to play acts again once the game has moved on', async () => {
    // At first the engine says it is the bot's turn when it is Ann's: the bot finds nothing it may do.
    let lying = true;
    const engine: RulesEngine = {
      ...rulesEngine,
      pending: (state) =>
        lying ? { ...rulesEngine.pending(state), actor: 'p2' } : rulesEngine.pending(state),
    };
    const server = await startServer(testConfig(), engine);
    servers.push(server);
    const { game, players } = await startedGame(server.app, 2, 1);
    const room = (await server.app.titan.rooms.get(game.id))!;
    await waitFor(() => stalled(room), 'the bot to give up');
    lying = false;
    // Ann acts; then it is really the bot's turn, and it plays.
    const ann = await TestClient.open(server.wsUrl, { token: players[0]!.accessToken });
    const reply = await ann.intent(game.id, { type: 'rollTower' });
    expect(reply.type).toBe('accepted');
    const annSeq = (reply as { seq: number }).seq;
    await waitFor(() => room.currentSeq > annSeq || stalled(room), 'the bot to act or give up');
    expect(stalled(room)).toBe(false);
    expect(room.currentSeq).toBeGreaterThan(annSeq);
    await ann.close();
  }, 120_000);
});
