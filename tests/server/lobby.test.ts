// The lobby over REST (inject): creating, listing, joining, leaving, bots, the start, invitations,
// spectator rules, the history a caller may see, and the OpenAPI/protocol documents.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { botIntent } from '../../shared/bot/index';
import { legalIntents } from '../../shared/engine/index';
import type { Intent } from '../../shared/engine/intents';
import type { GameSummary, History, Replay } from '../../shared/protocol/rest';
import { call, createGame, guest, ok } from './support/api';
import { seeded } from './support/player';
import { buildTestApp, testConfig } from './support/server';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp(testConfig());
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const path = (game: GameSummary, rest = '') => `/api/games/${game.id}${rest}`;

describe('lobby', () => {
  it('creates a game with its options; others join, leave, and the creator seats bots and starts it', async () => {
    const ann = await guest(app, 'Ann');
    const bob = await guest(app, 'Bob');
    const game = await createGame(app, ann.accessToken, {
      seats: 3,
      options: { variant: 'titanPlus', handicapMulligans: { p2: 2 } },
    });
    expect(game).toMatchObject({
      status: 'open',
      yourSeat: 'p1',
      yourMove: false,
      inviteOnly: false,
      spectatorsAllowed: true,
    });
    expect(game.options).toEqual({
      variant: 'titanPlus',
      handicapMulligans: { p2: 2 },
      broadcastDelaySeconds: 0,
      timeControl: null,
    });
    expect(game.seats.map((s) => s.occupant.kind)).toEqual(['user', 'empty', 'empty']);

    const listed = await ok(
      call<{ games: GameSummary[] }>(app, 'GET', '/api/games', { token: bob.accessToken }),
    );
    expect(listed.games.map((g) => g.id)).toContain(game.id);

    const joined = await ok(
      call<GameSummary>(app, 'POST', path(game, '/join'), { token: bob.accessToken, body: {} }),
    );
    expect(joined.yourSeat).toBe('p2');
    const twice = await call<{ error: { code: string } }>(app, 'POST', path(game, '/join'), {
      token: bob.accessToken,
      body: {},
    });
    expect(twice.body.error.code).toBe('alreadySeated');
    const left = await ok(call<GameSummary>(app, 'POST', path(game, '/leave'), { token: bob.accessToken }));
    expect(left.yourSeat).toBeNull();
    await ok(call(app, 'POST', path(game, '/join'), { token: bob.accessToken, body: { seat: 'p3' } }));

    // Only the creator seats bots and starts; a start needs every seat taken.
    expect((await call(app, 'POST', path(game, '/bots'), { token: bob.accessToken, body: {} })).status).toBe(
      403,
    );
    const early = await call<{ error: { code: string } }>(app, 'POST', path(game, '/start'), {
      token: ann.accessToken,
    });
    expect(early.body.error.code).toBe('seatsEmpty');
    // Issue 15: the bot's level is chosen when it is seated (a level that does not exist is refused).
    const badLevel = await call(app, 'POST', path(game, '/bots'), {
      token: ann.accessToken,
      body: { level: 'grandmaster' },
    });
    expect(badLevel.status).toBe(400);
    const withBot = await ok(
      call<GameSummary>(app, 'POST', path(game, '/bots'), {
        token: ann.accessToken,
        body: { level: 'strong' },
      }),
    );
    expect(withBot.seats[1]!.occupant).toEqual({ kind: 'bot', name: 'Bot 2', level: 'strong' });
    expect((await call(app, 'POST', path(game, '/start'), { token: bob.accessToken })).status).toBe(403);

    const started = await ok(
      call<GameSummary>(app, 'POST', path(game, '/start'), { token: ann.accessToken }),
    );
    expect(started.status).toBe('running');
    expect(started.dice.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(started.dice.seed).toBeNull();
    expect(started.seq).toBeGreaterThan(0);
    // Seats are fixed once the game runs.
    const late = await call<{ error: { code: string } }>(app, 'POST', path(game, '/leave'), {
      token: bob.accessToken,
    });
    expect(late.body.error.code).toBe('gameNotOpen');
    const running = await ok(
      call<{ games: GameSummary[] }>(app, 'GET', '/api/games?status=running', { token: bob.accessToken }),
    );
    expect(running.games.map((g) => g.id)).toContain(game.id);
    // Issue 14: "your move" in the lobby: Ann rolls first for her tower (1.3), Bob waits.
    expect(running.games.find((g) => g.id === game.id)?.yourMove).toBe(false);
    const annsList = await ok(
      call<{ games: GameSummary[] }>(app, 'GET', '/api/games?status=running', { token: ann.accessToken }),
    );
    expect(annsList.games.find((g) => g.id === game.id)?.yourMove).toBe(true);
  });

  it('refuses handicap mulligans for a seat the game does not have', async () => {
    const ann = await guest(app, 'Ann');
    const res = await call(app, 'POST', '/api/games', {
      token: ann.accessToken,
      body: { seats: 2, options: { handicapMulligans: { p5: 1 } } },
    });
    expect(res.status).toBe(400);
  });

  it('hides invite-only games from others unless they hold the code', async () => {
    const ann = await guest(app, 'Ann');
    const eve = await guest(app, 'Eve');
    const game = await createGame(app, ann.accessToken, { seats: 2, inviteOnly: true });
    expect(game.inviteCode).toMatch(/\S{6,}/);
    const list = await ok(
      call<{ games: GameSummary[] }>(app, 'GET', '/api/games', { token: eve.accessToken }),
    );
    expect(list.games.map((g) => g.id)).not.toContain(game.id);
    expect((await call(app, 'GET', path(game), { token: eve.accessToken })).status).toBe(404);
    const seen = await ok(
      call<GameSummary>(app, 'GET', `${path(game)}?invite=${game.inviteCode}`, { token: eve.accessToken }),
    );
    expect(seen.inviteCode).toBeNull(); // only members see the code
    expect((await call(app, 'POST', path(game, '/join'), { token: eve.accessToken, body: {} })).status).toBe(
      403,
    );
    const joined = await ok(
      call<GameSummary>(app, 'POST', path(game, '/join'), {
        token: eve.accessToken,
        body: { inviteCode: game.inviteCode },
      }),
    );
    expect(joined.yourSeat).toBe('p2');
  });

  it('every lobby route needs a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/games'],
      ['POST', '/api/games'],
      ['GET', '/api/games/00000000-0000-4000-8000-000000000000/history'],
    ] as const) {
      expect((await call(app, method, url, method === 'POST' ? { body: { seats: 2 } } : {})).status).toBe(
        401,
      );
    }
  });

  it('history: every seq for a seated player (his seat) and for a spectator (the public view), paged', async () => {
    const ann = await guest(app, 'Ann');
    const bob = await guest(app, 'Bob');
    const watcher = await guest(app, 'Watcher');
    const game = await createGame(app, ann.accessToken, { seats: 2 });
    await ok(call(app, 'POST', path(game, '/join'), { token: bob.accessToken, body: {} }));
    await ok(call(app, 'POST', path(game, '/start'), { token: ann.accessToken }));
    const mine = await ok(call<History>(app, 'GET', path(game, '/history'), { token: ann.accessToken }));
    const theirs = await ok(
      call<History>(app, 'GET', path(game, '/history'), { token: watcher.accessToken }),
    );
    expect(mine).toMatchObject({ as: 'player', seat: 'p1' });
    expect(theirs).toMatchObject({ as: 'spectator', seat: null });
    expect(mine.events.map((e) => e.seq)).toEqual(Array.from({ length: mine.seq }, (_, i) => i + 1));
    expect(mine.events[0]!.event.type).toBe('gameCreated');
    const page = await ok(
      call<History>(app, 'GET', `${path(game, '/history')}?after=1&limit=1`, { token: ann.accessToken }),
    );
    expect(page.events.map((e) => e.seq)).toEqual([2]);
  });

  it("history: a spectator of a delayed game gets only the events as old as the game's broadcast delay", async () => {
    const ann = await guest(app, 'Ann');
    const bob = await guest(app, 'Bob');
    const watcher = await guest(app, 'Watcher');
    const game = await createGame(app, ann.accessToken, { seats: 2, options: { broadcastDelaySeconds: 30 } });
    expect(game.options.broadcastDelaySeconds).toBe(30);
    await ok(call(app, 'POST', path(game, '/join'), { token: bob.accessToken, body: {} }));
    await ok(call(app, 'POST', path(game, '/start'), { token: ann.accessToken }));
    const history = async (token: string) =>
      ok(call<History>(app, 'GET', `${path(game, '/history')}`, { token }));
    expect(await history(watcher.accessToken)).toMatchObject({ as: 'spectator', seq: 0, events: [] });
    // The summary too tells a spectator the broadcast's seq only.
    const summary = (token: string) => ok(call<GameSummary>(app, 'GET', path(game), { token }));
    expect((await summary(watcher.accessToken)).seq).toBe(0);
    const start = (await history(ann.accessToken)).seq;
    expect(start).toBeGreaterThan(0);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    try {
      expect((await history(watcher.accessToken)).seq).toBe(start);
      // Ann plays now: she sees it at once, the watcher 30 seconds later.
      const room = (await app.titan.rooms.get(game.id))!;
      const intent = botIntent(room.currentState, 'p1', 'random', seeded(1))!;
      expect((await room.submit({ user: ann.user.id }, { id: 'a1', intent })).type).toBe('accepted');
      expect((await history(ann.accessToken)).seq).toBeGreaterThan(start);
      vi.setSystemTime(Date.now() + 29_000);
      const early = await history(watcher.accessToken);
      expect([early.seq, early.events.at(-1)?.seq]).toEqual([start, start]);
      vi.setSystemTime(Date.now() + 1_000);
      const late = await history(watcher.accessToken);
      expect(late.seq).toBe(room.currentSeq);
      expect(late.events.map((e) => e.seq)).toEqual(Array.from({ length: late.seq }, (_, i) => i + 1));
      expect((await summary(ann.accessToken)).seq).toBe(room.currentSeq);

      // Issue 11: the game ends (the director stops it). Ann knows at once; the watcher learns it from no
      // route (status, end time, dice seed, replay, lists) before the end is as old as the delay.
      expect((await room.stopGame()).type).toBe('accepted');
      const list = async (token: string, status: string) =>
        (await ok(call<{ games: GameSummary[] }>(app, 'GET', `/api/games?status=${status}`, { token }))).games
          .map((g) => g.id)
          .includes(game.id);
      const seen = async (token: string) => ({
        status: (await summary(token)).status,
        ended: (await summary(token)).finishedAt !== null,
        seed: (await summary(token)).dice.seed !== null,
        proof:
          (await ok(call<{ seed: string | null }>(app, 'GET', path(game, '/dice'), { token }))).seed !== null,
        replay: (await call(app, 'GET', path(game, '/replay'), { token })).status,
        running: await list(token, 'running'),
        finished: await list(token, 'finished'),
      });
      const over = {
        status: 'finished',
        ended: true,
        seed: true,
        proof: true,
        replay: 200,
        running: false,
        finished: true,
      };
      expect(await seen(ann.accessToken)).toEqual(over);
      vi.setSystemTime(Date.now() + 29_000);
      expect(await seen(watcher.accessToken)).toEqual({
        status: 'running',
        ended: false,
        seed: false,
        proof: false,
        replay: 409,
        running: true,
        finished: false,
      });
      vi.setSystemTime(Date.now() + 1_000);
      expect(await seen(watcher.accessToken)).toEqual(over);
    } finally {
      vi.useRealTimers();
    }
  });

  it('replay: refused while the game runs; once it is over, every event to anyone who may read the game', async () => {
    const ann = await guest(app, 'Ann');
    const bob = await guest(app, 'Bob');
    const watcher = await guest(app, 'Watcher');
    const game = await createGame(app, ann.accessToken, { seats: 2 });
    await ok(call(app, 'POST', path(game, '/join'), { token: bob.accessToken, body: {} }));
    await ok(call(app, 'POST', path(game, '/start'), { token: ann.accessToken }));
    const replay = (token: string, query = '') =>
      call<Replay>(app, 'GET', path(game, `/replay${query}`), { token });
    // Nothing unfiltered leaves the server while the game is played, not even to its players.
    for (const token of [ann.accessToken, watcher.accessToken]) {
      const refused = await replay(token);
      expect([refused.status, (refused.body as unknown as { error: { code: string } }).error.code]).toEqual([
        409,
        'gameNotFinished',
      ]);
    }
    // Both play (random picks, no withdrawal) until each has made a turn (the first one splits, 4.3), then
    // on until Ann may withdraw; she does and Bob wins (errata 20.4).
    const room = (await app.titan.rooms.get(game.id))!;
    const users: Record<string, string> = { p1: ann.user.id, p2: bob.user.id };
    const random = seeded(7);
    const play = async (done: () => boolean) => {
      while (!done()) {
        const step = room.currentState.step;
        if (step.kind === 'gameOver') throw new Error('the game ended early');
        const state = room.currentState;
        const engages = (x: Intent) =>
          x.type === 'moveLegion' &&
          Object.values(state.legions).some((l) => l.land === x.land && l.owner !== step.actor);
        const allowed = legalIntents(state, step.actor).filter(
          (x) => x.type !== 'withdraw' && x.type !== 'concede',
        );
        // Random picks that do not engage (where some move does not), so the game cannot end before Ann withdraws.
        const peaceful = allowed.filter((x) => !engages(x));
        const legal = peaceful.length > 0 ? peaceful : allowed;
        const intent = legal[Math.floor(random() * legal.length)]!;
        const id = `r${room.currentSeq}`;
        expect((await room.submit({ user: users[step.actor]! }, { id, intent })).type).toBe('accepted');
      }
    };
    await play(() => room.currentState.players.every((p) => p.turnsTaken >= 2));
    await play(() => legalIntents(room.currentState, 'p1').some((x) => x.type === 'withdraw'));
    expect(
      (await room.submit({ user: ann.user.id }, { id: 'quit', intent: { type: 'withdraw' } })).type,
    ).toBe('accepted');
    expect(room.finished).toBe(true);
    const whole = await ok(replay(watcher.accessToken));
    expect(whole.seq).toBe(room.currentSeq);
    expect(whole.events.map((e) => e.seq)).toEqual(Array.from({ length: whole.seq }, (_, i) => i + 1));
    // The private events too: the splits' contents of both players, shown to a spectator after the game.
    expect(
      new Set(whole.events.flatMap((e) => (e.event.type === 'splitContents' ? [e.event.player] : []))),
    ).toEqual(new Set(['p1', 'p2']));
    expect(whole.events.at(-1)?.event.type).toBe('gameOver');
    const page = await ok(replay(ann.accessToken, '?after=2&limit=3'));
    expect(page.events.map((e) => e.seq)).toEqual([3, 4, 5]);
  });

  it('lists the live battles of public games (none here)', async () => {
    const ann = await guest(app, 'Ann');
    expect(await ok(call(app, 'GET', '/api/battles', { token: ann.accessToken }))).toEqual({ battles: [] });
    expect((await call(app, 'GET', '/api/battles')).status).toBe(401);
  });

  it('spectating needs the game to allow it', async () => {
    const ann = await guest(app, 'Ann');
    const eve = await guest(app, 'Eve');
    const game = await createGame(app, ann.accessToken, {
      seats: 2,
      spectatorsAllowed: false,
      takeSeat: true,
    });
    await ok(call(app, 'POST', path(game, '/bots'), { token: ann.accessToken, body: {} }));
    await ok(call(app, 'POST', path(game, '/start'), { token: ann.accessToken }));
    expect((await call(app, 'GET', path(game, '/history'), { token: eve.accessToken })).status).toBe(403);
    expect((await call(app, 'GET', path(game, '/history'), { token: ann.accessToken })).status).toBe(200);
  });

  it('serves /health, /openapi.json generated from the route table, and /protocol.json', async () => {
    const health = await ok(
      call<{ status: string; database: { kind: string; reachable: boolean } }>(app, 'GET', '/health'),
    );
    expect(health).toMatchObject({ status: 'ok', database: { kind: 'pglite', reachable: true } });
    const doc = await ok(
      call<{ openapi: string; paths: Record<string, Record<string, { operationId: string }>> }>(
        app,
        'GET',
        '/openapi.json',
      ),
    );
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/games/{game}/join']?.post?.operationId).toBe('joinGame');
    expect(doc.paths['/api/auth/register']?.post).toBeDefined();
    const protocol = await ok(
      call<{ protocolVersion: number; clientMessage: { oneOf?: unknown[]; anyOf?: unknown[] } }>(
        app,
        'GET',
        '/protocol.json',
      ),
    );
    expect(protocol.protocolVersion).toBe(1);
    expect(JSON.stringify(protocol.clientMessage)).toContain('expectedSeq');
  });
});
