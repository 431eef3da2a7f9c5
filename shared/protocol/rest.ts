// The REST API (accounts and lobby): one table of routes with their zod schemas. The server registers
// its handlers against this table and `/openapi.json` is generated from it, so the two cannot drift.
import { z } from 'zod';
import { BOT_LEVELS } from '../bot/index';
import { deliveredEventSchema, gameEventSchema } from './game';
import { diceSchema, liveBattleSchema, seatSchema, timeControlSchema } from './messages';
import {
  addBotEntrantBody,
  correctResultBody,
  createTournamentBody,
  entrantParams,
  forfeitBody,
  heatParams,
  reasonBody,
  registerTournamentBody,
  replaceEntrantBody,
  seedEntrantBody,
  stageParams,
  tableParams,
  tournamentDetailSchema,
  tournamentListQuery,
  tournamentListSchema,
  tournamentParams,
} from './tournament';
import { inWords } from './words';

// ------------------------------------------------------------------------------------ accounts

export const usernameSchema = z
  .string()
  .min(3)
  .max(32)
  .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, "_", "." and "-" only');
export const passwordSchema = z.string().min(8).max(200);
/** A lone UTF-16 surrogate: not text (no database stores it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Characters that hide or reorder text (controls, bidi overrides and isolates, invisible formatting): a
 *  name with one may pass for another. */
const HIDING = /[\p{Cc}\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;
/** Names that speak for the server or stand for a seat or a bot elsewhere ("p2", "Bot 3"). */
const RESERVED_NAME =
  /^(server|system|admin|administrator|moderator|referee|titan|bot|bot ?\d+|p[1-6]|spectator)$/i;

/** True when `text` is well-formed Unicode (no lone surrogate). */
export const wellFormed = (text: string): boolean => !LONE_SURROGATE.test(text);

/** How two display names are compared (a seat's name is unique in its game). */
export const nameKey = (name: string): string => name.normalize('NFKC').trim().toLowerCase();

export const displayNameSchema = z
  .string()
  .max(200)
  .refine(wellFormed, 'it is not valid Unicode text')
  .transform((name) => name.normalize('NFKC').trim())
  .pipe(
    z
      .string()
      .min(1)
      .max(40)
      .refine((name) => !HIDING.test(name), 'it holds control, text-direction or invisible characters')
      .refine((name) => !RESERVED_NAME.test(name), 'this name is reserved'),
  );

export const userSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  guest: z.boolean(),
  username: z.string().nullable(),
});
export type UserDto = z.infer<typeof userSchema>;

export const registerBody = z
  .object({
    username: usernameSchema,
    password: passwordSchema,
    displayName: displayNameSchema.optional(),
  })
  // Without a display name the username is shown instead: it must then pass the display-name rule.
  .superRefine((body, ctx) => {
    if (body.displayName !== undefined) return;
    const shown = displayNameSchema.safeParse(body.username);
    if (shown.success) return;
    ctx.addIssue({
      code: 'custom',
      path: ['username'],
      message: `${inWords(shown.error, 'username').replace(/\.$/, '')}, as your display name: give a display name, or choose another username.`,
    });
  });
export const loginBody = z.object({
  username: z.string().min(1).max(32),
  password: z.string().min(1).max(200),
});
export const guestBody = z.object({ displayName: displayNameSchema });
export const refreshBody = z.object({ refreshToken: z.string().min(1).max(200) });
export const reclaimBody = z.object({ code: z.string().min(1).max(200) });

export const tokensSchema = z.object({
  user: userSchema,
  /** A short-lived JWT: send it as `Authorization: Bearer <token>` and as the websocket `token`. */
  accessToken: z.string(),
  accessTokenExpiresAt: z.iso.datetime(),
  /** Exchange it at /api/auth/refresh for a new pair; it is then spent (rotated). */
  refreshToken: z.string(),
  refreshTokenExpiresAt: z.iso.datetime(),
  /** A guest's seat-reclaim code: `POST /api/auth/reclaim` with it signs the guest in again from any browser. */
  reclaimCode: z.string().optional(),
});
export type Tokens = z.infer<typeof tokensSchema>;

// ------------------------------------------------------------------------------------ lobby

export const variantSchema = z.enum(['default', 'titanPlus', 'ceTitan']);

export const gameOptionsSchema = z.object({
  /** 21.3: TITANplus, the shortened game; 'ceTitan': Cosmic Encounter Titan (rules 004, docs/ce-titan.md). */
  variant: variantSchema.default('default'),
  /** Cosmic Encounter Titan: N powers drawn for N players, or N+1 (absent: N; ignored in other variants). */
  powersDrawn: z.enum(['N', 'N+1']).optional(),
  /** Errata 7.6 handicap: a fixed number of mulligans for some seats (instead of the first-turn one). */
  handicapMulligans: z.partialRecord(seatSchema, z.number().int().min(0).max(6)).default({}),
  /** Time limits (errata 20.4, 21.0; Law 21.1, 21.2); absent: untimed. Fixed once the game starts. */
  timeControl: timeControlSchema.optional(),
  /** Spectators (live, on reconnect and in the history) receive every event only once it is this many
   *  seconds old, so that a watcher cannot relay the game to a player in time; players are never delayed.
   *  A tournament passes its own delay here. */
  broadcastDelaySeconds: z.number().int().min(0).max(86_400).default(0),
});

export const createGameBody = z.object({
  seats: z.number().int().min(2).max(6),
  options: gameOptionsSchema.default({ variant: 'default', handicapMulligans: {}, broadcastDelaySeconds: 0 }),
  /** Invite-only games are not listed; joining or spectating needs the invite code. */
  inviteOnly: z.boolean().default(false),
  spectatorsAllowed: z.boolean().default(true),
  /** The creator takes the first seat (default), or only organises. */
  takeSeat: z.boolean().default(true),
});

export const gameStatusSchema = z.enum(['open', 'running', 'finished']);

export const seatSummarySchema = z.object({
  seat: seatSchema,
  occupant: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('empty') }),
    z.object({ kind: z.literal('user'), userId: z.uuid(), name: z.string() }),
    z.object({ kind: z.literal('bot'), name: z.string(), level: z.enum(BOT_LEVELS) }),
  ]),
});

export const gameSummarySchema = z.object({
  id: z.uuid(),
  status: gameStatusSchema,
  creator: z.object({ id: z.uuid(), name: z.string() }),
  seats: z.array(seatSummarySchema),
  options: z.object({
    variant: variantSchema,
    /** Cosmic Encounter Titan: how many powers are drawn (absent in other variants). */
    powersDrawn: z.enum(['N', 'N+1']).optional(),
    handicapMulligans: z.partialRecord(seatSchema, z.number()),
    /** null: untimed. */
    timeControl: timeControlSchema.nullable(),
    broadcastDelaySeconds: z.number().int(),
  }),
  inviteOnly: z.boolean(),
  /** Shown to the creator and the seated players only. */
  inviteCode: z.string().nullable(),
  spectatorsAllowed: z.boolean(),
  /** The caller's seat in this game, if any. */
  yourSeat: seatSchema.nullable(),
  /** A running game where the caller must act now (the lobby's "your move"). */
  yourMove: z.boolean(),
  /** The game's seq as the caller numbers it (the socket's numbers: errata 9.3, docs/protocol.md 5). */
  seq: z.number().int(),
  dice: diceSchema,
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type GameSummary = z.infer<typeof gameSummarySchema>;

export const gameListQuery = z.object({
  status: z.enum(['open', 'running', 'finished', 'active']).default('active'),
});
export const gameListSchema = z.object({ games: z.array(gameSummarySchema) });

export const gameParams = z.object({ game: z.uuid() });
export const seatParams = z.object({ game: z.uuid(), seat: seatSchema });

export const joinGameBody = z.object({
  /** A particular seat; the first empty one otherwise. */
  seat: seatSchema.optional(),
  inviteCode: z.string().max(64).optional(),
});
/** `level`: how well the bot plays (shared/bot): `random` (the random-legal bot, the default), `normal`, `strong`. */
export const addBotBody = z.object({ seat: seatSchema.optional(), level: z.enum(BOT_LEVELS).optional() });

export const inviteQuery = z.object({ invite: z.string().max(64).optional() });
export const historyQuery = z.object({
  /** A seq is a 32-bit integer in the database. */
  after: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(0),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
  invite: z.string().max(64).optional(),
});

export const historySchema = z.object({
  game: z.uuid(),
  /** The game's current seq as the caller numbers it (the socket's numbers; `after` is one of them too); fetch
   *  again with `after` = the last seq received while it is larger. */
  seq: z.number().int(),
  as: z.enum(['player', 'spectator']),
  seat: seatSchema.nullable(),
  events: z.array(z.object({ seq: z.number().int().min(1), event: deliveredEventSchema })),
});
export type History = z.infer<typeof historySchema>;

/** A finished game's whole log: after the game every event is public (the dice, every legion, every split,
 *  every step of every negotiation), numbered as the log is (a viewer's own numbers are the history's). */
export const replaySchema = z.object({
  game: z.uuid(),
  /** The game's last seq; fetch again with `after` = the last seq received while it is larger. */
  seq: z.number().int(),
  events: z.array(z.object({ seq: z.number().int().min(1), event: gameEventSchema })),
});
export type Replay = z.infer<typeof replaySchema>;

export const diceProofSchema = z.object({
  game: z.uuid(),
  commitment: z.string().nullable(),
  /** Revealed once the game is over (null before, and `rolls` too). */
  seed: z.string().nullable(),
  /** Each accepted intent's dice in order: `seq` is the last event it produced. */
  rolls: z
    .array(z.object({ seq: z.number().int(), dice: z.array(z.number().int().min(1).max(6)) }))
    .nullable(),
});

export type { LiveBattle } from './messages';
export const liveBattleListSchema = z.object({ battles: z.array(liveBattleSchema) });

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }),
  uptimeSeconds: z.number(),
  rooms: z.number().int(),
  sockets: z.number().int(),
});

export const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
export const emptySchema = z.object({});

// ------------------------------------------------------------------------------------ the route table

export interface RestRoute {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** Fastify syntax (`:param`). */
  readonly path: string;
  readonly summary: string;
  readonly tag: 'accounts' | 'lobby' | 'server' | 'tournaments';
  /** A bearer access token is required. */
  readonly auth: boolean;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  readonly status: 200 | 201 | 204;
}

const route = <R extends RestRoute>(r: R): R => r;

export const REST_ROUTES = {
  register: route({
    method: 'POST',
    path: '/api/auth/register',
    summary: 'Create an account (password kept as an scrypt hash) and sign in.',
    tag: 'accounts',
    auth: false,
    body: registerBody,
    response: tokensSchema,
    status: 201,
  }),
  login: route({
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in with a username and password.',
    tag: 'accounts',
    auth: false,
    body: loginBody,
    response: tokensSchema,
    status: 200,
  }),
  guest: route({
    method: 'POST',
    path: '/api/auth/guest',
    summary: 'Create a guest account with a display name and sign in.',
    tag: 'accounts',
    auth: false,
    body: guestBody,
    response: tokensSchema,
    status: 201,
  }),
  refresh: route({
    method: 'POST',
    path: '/api/auth/refresh',
    summary: 'Exchange a refresh token for a new access token and a new refresh token (rotation).',
    tag: 'accounts',
    auth: false,
    body: refreshBody,
    response: tokensSchema,
    status: 200,
  }),
  reclaim: route({
    method: 'POST',
    path: '/api/auth/reclaim',
    summary: 'Sign a guest in again (a new session) with the code of their seat-reclaim link.',
    tag: 'accounts',
    auth: false,
    body: reclaimBody,
    response: tokensSchema,
    status: 200,
  }),
  logout: route({
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'Revoke a refresh token (and every token rotated from the same sign-in).',
    tag: 'accounts',
    auth: false,
    body: refreshBody,
    response: emptySchema,
    status: 204,
  }),
  me: route({
    method: 'GET',
    path: '/api/me',
    summary: 'The signed-in user.',
    tag: 'accounts',
    auth: true,
    response: userSchema,
    status: 200,
  }),
  createGame: route({
    method: 'POST',
    path: '/api/games',
    summary: 'Create a game (2–6 seats).',
    tag: 'lobby',
    auth: true,
    body: createGameBody,
    response: gameSummarySchema,
    status: 201,
  }),
  listGames: route({
    method: 'GET',
    path: '/api/games',
    summary: "Public games plus the caller's own, newest first ('active' = open and running).",
    tag: 'lobby',
    auth: true,
    query: gameListQuery,
    response: gameListSchema,
    status: 200,
  }),
  getGame: route({
    method: 'GET',
    path: '/api/games/:game',
    summary: "A game's summary (invite-only games: members, or with ?invite=code).",
    tag: 'lobby',
    auth: true,
    params: gameParams,
    query: inviteQuery,
    response: gameSummarySchema,
    status: 200,
  }),
  joinGame: route({
    method: 'POST',
    path: '/api/games/:game/join',
    summary: 'Take a seat in an open game.',
    tag: 'lobby',
    auth: true,
    params: gameParams,
    body: joinGameBody,
    response: gameSummarySchema,
    status: 200,
  }),
  leaveGame: route({
    method: 'POST',
    path: '/api/games/:game/leave',
    summary: 'Give up your seat in an open game.',
    tag: 'lobby',
    auth: true,
    params: gameParams,
    response: gameSummarySchema,
    status: 200,
  }),
  addBot: route({
    method: 'POST',
    path: '/api/games/:game/bots',
    summary: 'Seat a bot in an open game (the creator), at a level: random (default), normal or strong.',
    tag: 'lobby',
    auth: true,
    params: gameParams,
    body: addBotBody,
    response: gameSummarySchema,
    status: 200,
  }),
  removeBot: route({
    method: 'DELETE',
    path: '/api/games/:game/bots/:seat',
    summary: 'Remove a bot from an open game (the creator).',
    tag: 'lobby',
    auth: true,
    params: seatParams,
    response: gameSummarySchema,
    status: 200,
  }),
  startGame: route({
    method: 'POST',
    path: '/api/games/:game/start',
    summary: 'Start a game whose seats are all taken (the creator). Publishes the dice commitment.',
    tag: 'lobby',
    auth: true,
    params: gameParams,
    response: gameSummarySchema,
    status: 200,
  }),
  history: route({
    method: 'GET',
    path: '/api/games/:game/history',
    summary:
      "The game's events the caller may see: public events and the private ones his seat was privy to; " +
      "the others as { type: 'hidden' } (etiquette 16, 27).",
    tag: 'lobby',
    auth: true,
    params: gameParams,
    query: historyQuery,
    response: historySchema,
    status: 200,
  }),
  replay: route({
    method: 'GET',
    path: '/api/games/:game/replay',
    summary:
      "A finished game's whole event log, every event as it happened: once the game is over the dice and " +
      'all legions are public, so a replay may show it from any seat. Refused (409 gameNotFinished) while ' +
      'the game is not over.',
    tag: 'lobby',
    auth: true,
    params: gameParams,
    query: historyQuery,
    response: replaySchema,
    status: 200,
  }),
  liveBattles: route({
    method: 'GET',
    path: '/api/battles',
    summary:
      'The battles being fought now in public games, newest first, as their spectators see them (behind ' +
      "each game's broadcast delay): land, legions' markers and heights, players.",
    tag: 'lobby',
    auth: true,
    response: liveBattleListSchema,
    status: 200,
  }),
  dice: route({
    method: 'GET',
    path: '/api/games/:game/dice',
    summary: "The dice commitment; once the game is over, the seed and each intent's rolls to verify it.",
    tag: 'lobby',
    auth: true,
    params: gameParams,
    query: inviteQuery,
    response: diceProofSchema,
    status: 200,
  }),
  // ---------------------------------------------------------------------------------- tournaments
  createTournament: route({
    method: 'POST',
    path: '/api/tournaments',
    summary:
      'Create a tournament and direct it (signed-in users, not guests): stages, game options, tie-breaks.',
    tag: 'tournaments',
    auth: true,
    body: createTournamentBody,
    response: tournamentDetailSchema,
    status: 201,
  }),
  listTournaments: route({
    method: 'GET',
    path: '/api/tournaments',
    summary: "Public tournaments plus the caller's own, newest first.",
    tag: 'tournaments',
    auth: true,
    query: tournamentListQuery,
    response: tournamentListSchema,
    status: 200,
  }),
  getTournament: route({
    method: 'GET',
    path: '/api/tournaments/:tournament',
    summary: 'A tournament: entrants, stages, tables with their games, standings and the log.',
    tag: 'tournaments',
    auth: true,
    params: tournamentParams,
    query: inviteQuery,
    response: tournamentDetailSchema,
    status: 200,
  }),
  registerTournament: route({
    method: 'POST',
    path: '/api/tournaments/:tournament/register',
    summary: 'Enter a tournament while its registration is open.',
    tag: 'tournaments',
    auth: true,
    params: tournamentParams,
    body: registerTournamentBody,
    response: tournamentDetailSchema,
    status: 200,
  }),
  withdrawTournament: route({
    method: 'POST',
    path: '/api/tournaments/:tournament/withdraw',
    summary: 'Withdraw your entry before the tournament starts.',
    tag: 'tournaments',
    auth: true,
    params: tournamentParams,
    response: tournamentDetailSchema,
    status: 200,
  }),
  addBotEntrant: route({
    method: 'POST',
    path: '/api/tournaments/:tournament/bots',
    summary: "Enter a bot (the server's bot plays its seats) before the start (the director).",
    tag: 'tournaments',
    auth: true,
    params: tournamentParams,
    body: addBotEntrantBody,
    response: tournamentDetailSchema,
    status: 200,
  }),
  seedEntrant: route({
    method: 'POST',
    path: '/api/tournaments/:tournament/entrants/:entrant/seed',
    summary: 'Seed an entrant (1 = top seed) or unseed him, before the start (the director).',
    tag: 'tournaments',
    auth: true,
    params: entrantParams,
    body: seedEntrantBody,
    response: tournamentDetailSchema,
    status: 200,
  }),
  startTournament: route({
    method: 'POST',
    path: '/api/tournaments/:tournament/start',
    summary: 'Close registration and start the first stage (the director).',
    tag: 'tournaments',
    auth: true,
    params: tournamentParams,
    response: tournamentDetailSchema,
    status: 200,
  }),
  startStage: route({
    method: 'POST',
    path: '/api/tournaments/:tournament/stages/:stage/start',
    summary: 'Start a stage, or its next round once the last is over (the director; logged).',
    tag: 'tournaments',
    auth: true,
    params: stageParams,
    response: tournamentDetailSchema,
    status: 200,
  }),
  adjournStage: route({
    method: 'POST',
    path: '/api/tournaments/:tournament/stages/:stage/adjourn',
    summary: 'Adjourn a stage: no new round starts until it is resumed (the director; logged).',
    tag: 'tournaments',
    auth: true,
    params: stageParams,
    body: reasonBody,
    response: tournamentDetailSchema,
    status: 200,
  }),
  resumeStage: route({
    method: 'POST',
    path: '/api/tournaments/:tournament/stages/:stage/resume',
    summary: 'Resume an adjourned stage (the director; logged).',
    tag: 'tournaments',
    auth: true,
    params: stageParams,
    response: tournamentDetailSchema,
    status: 200,
  }),
  enterHeat: route({
    method: 'POST',
    path: '/api/tournaments/:tournament/stages/:stage/heats/:round/enter',
    summary: 'Enter a heat of an open-heats stage before it is seated (an entrant).',
    tag: 'tournaments',
    auth: true,
    params: heatParams,
    response: tournamentDetailSchema,
    status: 200,
  }),
  forfeitTable: route({
    method: 'POST',
    path: '/api/tournaments/:tournament/tables/:table/forfeit',
    summary: 'Award a table by forfeit: the winner first, everyone else at it last (the director; logged).',
    tag: 'tournaments',
    auth: true,
    params: tableParams,
    body: forfeitBody,
    response: tournamentDetailSchema,
    status: 200,
  }),
  correctTable: route({
    method: 'POST',
    path: '/api/tournaments/:tournament/tables/:table/correct',
    summary: "Correct a table's result, with the reason (the director; logged).",
    tag: 'tournaments',
    auth: true,
    params: tableParams,
    body: correctResultBody,
    response: tournamentDetailSchema,
    status: 200,
  }),
  replaceEntrant: route({
    method: 'POST',
    path: '/api/tournaments/:tournament/tables/:table/replace',
    summary:
      'Replace an absent entrant by the bot at a table: the server plays his seat whenever it must act, each a ' +
      "public playerForced by 'director' (the director; logged).",
    tag: 'tournaments',
    auth: true,
    params: tableParams,
    body: replaceEntrantBody,
    response: tournamentDetailSchema,
    status: 200,
  }),
  endTableGame: route({
    method: 'POST',
    path: '/api/tournaments/:tournament/tables/:table/end',
    summary:
      "End a table's game by Law 21.1: time is called, the player on turn finishes, then each remaining player " +
      'has one more full turn; scored by 21.1/20.5 (the director; logged).',
    tag: 'tournaments',
    auth: true,
    params: tableParams,
    body: reasonBody,
    response: tournamentDetailSchema,
    status: 200,
  }),
  removeEntrant: route({
    method: 'POST',
    path: '/api/tournaments/:tournament/entrants/:entrant/remove',
    summary:
      'Remove an entrant for unsporting conduct (errata 20.0: treated as refusing to play); he is seated no more ' +
      '(the director; logged).',
    tag: 'tournaments',
    auth: true,
    params: entrantParams,
    body: reasonBody,
    response: tournamentDetailSchema,
    status: 200,
  }),
} as const;

export type RestRouteName = keyof typeof REST_ROUTES;

/** The OpenAPI 3.1 document, generated from REST_ROUTES (served at `GET /openapi.json`). */
export function openApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  // Schemas with an id (the protocol's DeliveredEvent, GameView) become shared components: a `#/$defs/…`
  // reference inside an OpenAPI document would point at the document's root.
  const components: Record<string, unknown> = {};
  const json = (schema: z.ZodType, io: 'input' | 'output') => {
    const { $defs, ...js } = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
    }) as Record<string, unknown> & { $defs?: Record<string, unknown> };
    const toComponents = (x: unknown) =>
      JSON.parse(JSON.stringify(x).replaceAll('"#/$defs/', '"#/components/schemas/')) as unknown;
    for (const [id, def] of Object.entries($defs ?? {})) components[id] = toComponents(def);
    return toComponents(js);
  };
  for (const [name, r] of Object.entries(REST_ROUTES) as [string, RestRoute][]) {
    const path = r.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['path', r.params],
      ['query', r.query],
    ] as const) {
      if (!schema) continue;
      const js = json(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [pname, pschema] of Object.entries(js.properties ?? {})) {
        parameters.push({
          name: pname,
          in: where,
          required: where === 'path' || !!js.required?.includes(pname),
          schema: pschema,
        });
      }
    }
    const responses: Record<string, unknown> = {
      [String(r.status)]:
        r.status === 204
          ? { description: 'Done.' }
          : {
              description: 'Success.',
              content: { 'application/json': { schema: json(r.response, 'output') } },
            },
      '4XX': {
        description: 'A refusal.',
        content: { 'application/json': { schema: json(errorSchema, 'output') } },
      },
    };
    const operation: Record<string, unknown> = {
      operationId: name,
      summary: r.summary,
      tags: [r.tag],
      ...(r.auth ? { security: [{ bearer: [] }] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(r.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: json(r.body, 'input') } },
            },
          }
        : {}),
      responses,
    };
    paths[path] = { ...(paths[path] ?? {}), [r.method.toLowerCase()]: operation };
  }
  paths['/health'] = {
    get: {
      operationId: 'health',
      summary: 'Liveness and database reachability (no token needed).',
      tags: ['server'],
      responses: {
        '200': {
          description: 'Alive.',
          content: { 'application/json': { schema: json(healthSchema, 'output') } },
        },
        '503': { description: 'The database is unreachable.' },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'titan-server',
      version,
      description:
        'Accounts and lobby for TITAN games. Play happens over the websocket at /ws (protocol: /protocol.json).',
    },
    components: {
      schemas: components,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    paths,
  };
}
