// Issue 12: every malformed input is a 400 with a clear message, and a 500 is always a bug. REST and the
// websocket are fed generated garbage (fast-check): never a 500, never an error in the log, nothing in
// the database changes, and the server answers the next well-formed request.
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { rulesEngine } from '../../server/engine';
import type { ClientMessage } from '../../shared/protocol/messages';
import { REST_ROUTES, type Tokens } from '../../shared/protocol/rest';
import { call, guest, ok, startedGame } from './support/api';
import { TestClient } from './support/client';
import { testConfig } from './support/server';

let app: FastifyInstance;
let wsUrl: string;
/** Log lines at error level or above (pino level >= 50). */
const errors: string[] = [];
let token: string;
let game: string;
let openGame: string;

beforeAll(async () => {
  app = await buildApp({
    config: testConfig(),
    engine: rulesEngine,
    logger: {
      level: 'error',
      stream: { write: (line: string) => void errors.push(line) },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  wsUrl = `ws://127.0.0.1:${address.port}/ws`;
  const started = await startedGame(app, 2, 2);
  game = started.game.id;
  const eve: Tokens = await guest(app, 'Eve');
  token = eve.accessToken;
  openGame = (await ok(call<{ id: string }>(app, 'POST', '/api/games', { token, body: { seats: 3 } }), 201))
    .id;
}, 60_000);
afterAll(async () => {
  await app.close();
});

/** Everything the database holds that a refused request must leave alone. */
async function databaseState(): Promise<string> {
  const p = app.titan.db.prisma;
  return JSON.stringify(
    await Promise.all([
      p.user.count(),
      p.refreshToken.findMany({
        select: { id: true, usedAt: true, revokedAt: true },
        orderBy: { id: 'asc' },
      }),
      p.game.findMany({ select: { id: true, status: true, seq: true }, orderBy: { id: 'asc' } }),
      p.seat.findMany({ select: { gameId: true, index: true, userId: true, bot: true, name: true } }),
      p.gameEvent.count(),
      p.gameEvent.count({ where: { intentId: { not: null } } }),
      p.tournament.count(),
      p.tournamentEntrant.count(),
    ]),
  );
}

/** Issue 14: a refusal a player may read is written for him: sentences, no zod notation, no developer words. */
function expectPlayerWords(message: string, context: string): void {
  expect(message, context).toMatch(/^["A-Z]/);
  expect(message, context).toMatch(/[.!?)]$/);
  expect(message, context).not.toMatch(
    /✖|→|Invalid input|expected (string|number|object|array|boolean)|received [a-z]|\d{16,}|FST_|Route [A-Z]|\bundefined\b|\bNaN\b|Too (small|big)|\bat (body|query|path)\b/,
  );
}

/** Text a client might send: printable, any Unicode, lone surrogates, control characters, huge numbers. */
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '\ud800',
    'a\udfffb',
    '\u202eevil',
    '4294967296',
    '-1',
    '1e400',
    'NaN',
    '%E0%A4%A',
    '%ED%A0%80',
    '%00',
    '../../etc/passwd',
    '{}',
    '00000000-0000-4000-8000-000000000000',
  ),
  fc.integer().map(String),
  fc.double().map(String),
);

/** Percent-encodes every byte of the text's UTF-8 (a lone surrogate becomes U+FFFD's bytes). */
const pct = (s: string) => [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const segment = (params: () => string[]) => fc.oneof(fc.constantFrom(...params()), nasty.map(pct), nasty);

const routes = Object.values(REST_ROUTES);

const request = fc.record({
  route: fc.constantFrom(...routes),
  params: fc.array(
    segment(() => [game, openGame, 'p1', 'p7', '1', '0']),
    { minLength: 4, maxLength: 4 },
  ),
  query: fc.dictionary(fc.oneof(fc.constantFrom('after', 'limit', 'invite', 'status'), fc.string()), nasty, {
    maxKeys: 3,
  }),
  body: fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc
      .record(
        {
          displayName: nasty,
          username: nasty,
          password: nasty,
          refreshToken: nasty,
          seats: fc.oneof(fc.integer(), nasty),
          seat: nasty,
          inviteCode: nasty,
          code: nasty,
        },
        { requiredKeys: [] },
      )
      .map((v) => JSON.stringify(v)),
    fc.string({ unit: 'binary' }),
    fc.constant(undefined),
  ),
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-16',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    undefined,
  ),
  auth: fc.oneof(
    fc.constant('valid'),
    fc.constant(undefined),
    nasty.map((s) => `Bearer ${s}`),
  ),
});

describe('REST fuzz', () => {
  it('no 500, nothing logged as an error, nothing changed by a refusal, and the next call is answered', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        let i = 0;
        const url =
          r.route.path.replace(/:[a-z]+/g, () => String(r.params[i++])) +
          (Object.keys(r.query).length > 0
            ? `?${Object.entries(r.query)
                .map(([k, v]) => `${pct(k)}=${pct(v)}`)
                .join('&')}`
            : '');
        const before = await databaseState();
        const headers: Record<string, string> = {};
        if (r.contentType) headers['content-type'] = r.contentType;
        if (r.auth === 'valid') headers.authorization = `Bearer ${token}`;
        else if (r.auth !== undefined) headers.authorization = r.auth;
        let res: Awaited<ReturnType<FastifyInstance['inject']>>;
        try {
          res = await app.inject({
            method: r.route.method,
            url,
            headers,
            ...(r.body === undefined || r.route.method === 'GET' ? {} : { payload: r.body }),
          });
        } catch (error) {
          // inject itself refuses what no HTTP client could send (e.g. a header with a newline).
          if (error instanceof TypeError) return;
          throw error;
        }
        expect(res.statusCode, `${r.route.method} ${url}: ${res.body}`).toBeLessThan(500);
        expect(errors).toEqual([]);
        if (res.statusCode >= 400) {
          expect(res.json()).toMatchObject({
            error: { code: expect.any(String), message: expect.any(String) },
          });
          expect(res.body).not.toMatch(/\n\s+at /); // no stack trace
          expectPlayerWords(res.json().error.message, `${r.route.method} ${url}`);
          expect(await databaseState()).toBe(before);
        }
      }),
      { numRuns: 250 },
    );
    expect((await call(app, 'GET', '/api/me', { token })).status).toBe(200);
  }, 300_000);

  it('answers the cases found by hand with a 400 and a clear message', async () => {
    const cases: [string, string, string | undefined, RegExp][] = [
      [
        'POST',
        '/api/auth/guest',
        '{"displayName":"\\ud800"}',
        /^The display name is not valid Unicode text\.$/,
      ],
      ['POST', '/api/auth/guest', '{"displayName":"\\u202eevil"}', /direction/],
      ['POST', '/api/auth/guest', '{"displayName":"Server"}', /reserved/],
      ['GET', `/api/games/${game}/history?after=4294967296`, undefined, /after/],
      ['GET', '/api/games/%E0%A4%A', undefined, /address/],
      // Issue 14: what zod finds wrong, in player words.
      ['POST', '/api/auth/guest', undefined, /^The display name is missing\.$/],
      ['POST', '/api/auth/guest', '{"displayName":""}', /^The display name may not be empty\.$/],
      ['POST', '/api/auth/guest', '{"displayName":7}', /^The display name must be text\.$/],
      ['POST', '/api/auth/login', '{"username":"ann"}', /^The password is missing\.$/],
      ['POST', '/api/games', '{"seats":9}', /^The seats must be at most 6\.$/],
      ['POST', '/api/games', '{"seats":2.5}', /^The seats must be a whole number\.$/],
      [
        'POST',
        '/api/games',
        '{"seats":2,"options":{"timeControl":{"incrementSeconds":5,"onExpiry":"refuse"}}}',
        /^An increment \(incrementSeconds\) needs a bank \(bankSeconds\)\.$/,
      ],
      [
        'GET',
        '/api/games?status=done',
        undefined,
        /^The status must be one of "open", "running", "finished", "active"\.$/,
      ],
      ['GET', '/api/games/not-a-game', undefined, /^The game is not an id\.$/],
      ['POST', '/api/auth/guest', '{"displayName":', /JSON/],
    ];
    for (const [method, url, payload, message] of cases) {
      const res = await app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalidRequest', message });
      expectPlayerWords(res.json().error.message, `${method} ${url}`);
    }
    expect(errors).toEqual([]);
  });
});

/** Frames a client might send: garbage text, any JSON, and messages that are almost right. */
const frame = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc
    .record(
      {
        type: fc.constantFrom('hello', 'auth', 'join', 'leave', 'intent', 'sync', 'ping', 'nope'),
        id: nasty,
        game: fc.oneof(fc.constant('GAME'), fc.constant('OPEN'), nasty),
        as: fc.constantFrom('player', 'spectator', 'king'),
        lastSeq: fc.oneof(fc.integer(), fc.double(), nasty),
        expectedSeq: fc.oneof(fc.integer(), fc.double()),
        intent: fc.oneof(
          fc.record({ type: fc.constantFrom('rollTower', 'pass', 'split', 'moveLegion', 'strike') }),
          fc.jsonValue(),
        ),
        token: nasty,
        protocolVersion: fc.oneof(fc.integer(), nasty),
        nonce: nasty,
      },
      { requiredKeys: ['type'] },
    )
    .map((m) =>
      JSON.stringify(m)
        .replaceAll('"GAME"', JSON.stringify(game))
        .replaceAll('"OPEN"', JSON.stringify(openGame)),
    ),
);

describe('websocket fuzz', () => {
  it('no crash, no error logged, the game unchanged, and the next well-formed message is answered', async () => {
    const room = (await app.titan.rooms.get(game))!;
    const state = JSON.stringify(room.currentState);
    const seq = room.currentSeq;
    let socket: TestClient | null = null;
    const fresh = async () => {
      const c = await TestClient.open(wsUrl, { token });
      c.send({ type: 'join', game, as: 'spectator' } satisfies ClientMessage);
      await c.nextOpen('joined');
      return c;
    };
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 8 }), async (frames) => {
        socket ??= await fresh();
        const c: TestClient = socket;
        for (const f of frames) c.send(f);
        // The socket may have been closed for its malformed frames (4009): then a new one must work.
        const nonce = String(Math.random());
        c.send({ type: 'ping', nonce });
        const answered = await Promise.race([
          c.next('pong', (m) => m.nonce === nonce).then(() => true),
          c.closed.then(() => false),
        ]);
        if (!answered) {
          socket = await fresh();
          socket.send({ type: 'ping', nonce });
          await socket.nextOpen('pong', (m) => m.nonce === nonce);
        }
        expect(errors).toEqual([]);
        expect(room.currentSeq).toBe(seq);
        // Every refusal of a frame is in player words (issue 14).
        for (const m of [c, socket].flatMap((x) => x.received)) {
          if (m.type === 'error' || m.type === 'rejected') expectPlayerWords(m.message, JSON.stringify(m));
        }
      }),
      { numRuns: 150 },
    );
    expect(JSON.stringify(room.currentState)).toBe(state);
    expect(await app.titan.db.prisma.game.findUniqueOrThrow({ where: { id: game } })).toMatchObject({ seq });
    await (socket as TestClient | null)?.close();
  }, 300_000);
});
