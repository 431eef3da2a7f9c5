// REST calls for tests, through fastify's inject (no socket needed).

import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { BotLevel } from '../../../shared/bot/index';
import type { createGameBody, GameSummary, Tokens } from '../../../shared/protocol/rest';

export interface Response<T> {
  readonly status: number;
  readonly body: T;
}

export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Response<T>> {
  const res = await app.inject({
    method,
    url,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return { status: res.statusCode, body: (res.body === '' ? undefined : res.json()) as T };
}

/** The body on the expected status, or a failure showing what came instead. */
export async function ok<T>(promise: Promise<Response<T>>, status = 200): Promise<T> {
  const res = await promise;
  if (res.status !== status)
    throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

export const guest = (app: FastifyInstance, displayName: string) =>
  ok(call<Tokens>(app, 'POST', '/api/auth/guest', { body: { displayName } }), 201);

/** A registered account (a tournament's director or entrant), signed in. */
export const registered = (app: FastifyInstance, username: string) =>
  ok(
    call<Tokens>(app, 'POST', '/api/auth/register', { body: { username, password: 'a long password' } }),
    201,
  );

export const createGame = (app: FastifyInstance, token: string, body: z.input<typeof createGameBody>) =>
  ok(call<GameSummary>(app, 'POST', '/api/games', { token, body }), 201);

/** A started game: `humans` seated users (the first creates it), bots in the other seats. */
export async function startedGame(
  app: FastifyInstance,
  seats: number,
  humans: number,
  extra: Partial<z.input<typeof createGameBody>> = {},
  botLevel: BotLevel = 'random',
): Promise<{ game: GameSummary; players: Tokens[] }> {
  const players: Tokens[] = [];
  for (let i = 0; i < humans; i++) players.push(await guest(app, `Player ${i + 1}`));
  const creator = players[0] ?? (await guest(app, 'Organiser'));
  const created = await createGame(app, creator.accessToken, { seats, takeSeat: humans > 0, ...extra });
  for (const p of players.slice(1)) {
    await ok(
      call(app, 'POST', `/api/games/${created.id}/join`, {
        token: p.accessToken,
        body: { inviteCode: created.inviteCode ?? undefined },
      }),
    );
  }
  for (let i = humans; i < seats; i++) {
    await ok(
      call(app, 'POST', `/api/games/${created.id}/bots`, {
        token: creator.accessToken,
        body: { level: botLevel },
      }),
    );
  }
  const game = await ok(
    call<GameSummary>(app, 'POST', `/api/games/${created.id}/start`, { token: creator.accessToken }),
  );
  return { game, players };
}
