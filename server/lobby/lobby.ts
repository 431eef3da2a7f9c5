// The lobby: games before they start (seats, bots, options, invitations), the start itself (the
// creation events, the dice seed and its published commitment), and the read side every caller may
// use on any game: its summary, the history he may see, and the dice proof once it is over.
import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { BotLevel } from '../../shared/bot/index';
import { EMPTY_NUMBERING, type LogNumbering, seqSeenBy } from '../../shared/engine/index';
import type { GameOptions } from '../../shared/engine/types';
import type { Seat } from '../../shared/protocol/messages';
import {
  type createGameBody,
  type GameSummary,
  gameOptionsSchema,
  gameStatusSchema,
  type History,
  type joinGameBody,
  type LiveBattle,
  nameKey,
  type Replay,
} from '../../shared/protocol/rest';
import type { AccessClaims } from '../auth/tokens';
import type { Limits } from '../config';
import type { Database } from '../db/database';
import type { RulesEngine } from '../engine';
import type { Prisma } from '../generated/prisma/client';
import { conflict, forbidden, HttpError, notFound, tooManyRequests } from '../http/errors';
import { commitmentOf, newSeed } from '../rooms/dice';
import type { GameFacts, Rooms } from '../rooms/rooms';
import { botLevelOf, type GameLog, json, seatIndex, seatName } from '../rooms/store';
import { historyPage, type Recipient } from '../rooms/visibility';

type CreateGame = z.output<typeof createGameBody>;
type JoinGame = z.output<typeof joinGameBody>;

/** The engine options chosen in the lobby, as the `options` column holds them. */
type StoredOptions = z.output<typeof gameOptionsSchema>;

const gameWithSeats = {
  seats: { orderBy: { index: 'asc' } },
  creator: { select: { id: true, displayName: true } },
} as const satisfies Prisma.GameInclude;
type GameRow = Prisma.GameGetPayload<{ include: typeof gameWithSeats }>;

export interface DiceProof {
  game: string;
  commitment: string | null;
  seed: string | null;
  rolls: { seq: number; dice: number[] }[] | null;
}

export interface Lobby {
  /** Refuses (429) a user who has as many games waiting to start, or created in the last hour, as the
   *  limits allow (a player's own creations; a tournament's tables are not his). */
  /** A new open game; `capped`: within the creator's caps (openGamesPerUser, gamesPerHour), checked
   *  atomically with the insert. */
  create(user: AccessClaims, body: CreateGame, capped?: boolean): Promise<GameSummary>;
  list(user: AccessClaims, status: 'open' | 'running' | 'finished' | 'active'): Promise<GameSummary[]>;
  summary(user: AccessClaims, gameId: string, invite?: string): Promise<GameSummary>;
  join(user: AccessClaims, gameId: string, body: JoinGame): Promise<GameSummary>;
  leave(user: AccessClaims, gameId: string): Promise<GameSummary>;
  addBot(user: AccessClaims, gameId: string, seat?: Seat, level?: BotLevel): Promise<GameSummary>;
  removeBot(user: AccessClaims, gameId: string, seat: Seat): Promise<GameSummary>;
  start(user: AccessClaims, gameId: string): Promise<GameSummary>;
  history(
    user: AccessClaims,
    gameId: string,
    after: number,
    limit: number,
    invite?: string,
  ): Promise<History>;
  /** A finished game's whole log (everything is public after the game); refused while it runs. */
  replay(user: AccessClaims, gameId: string, after: number, limit: number, invite?: string): Promise<Replay>;
  diceProof(user: AccessClaims, gameId: string, invite?: string): Promise<DiceProof>;
  /** Who `user` may watch or play `gameId` as: his seat's player, a spectator, or nobody (an error). */
  viewerOf(
    user: AccessClaims,
    gameId: string,
    as: 'player' | 'spectator',
    invite?: string,
  ): Promise<Recipient>;
  runningGameIds(): Promise<string[]>;
  /** The battles being fought now in public games, newest first (behind each game's broadcast delay). */
  liveBattles(): LiveBattle[];
}

const HOUR_MS = 3600_000;
/** Numberings of running games kept by the lobby (numberingFromLog; the oldest goes first). */
const NUMBERINGS_KEPT = 1_000;
type Transaction = Prisma.TransactionClient;
/** The longest broadcast delay a game may have (gameOptionsSchema). */
const MAX_DELAY_MS = 86_400_000;

/** What decides who may watch or play a game (a lobby row, or a loaded room's game). */
export interface GameAccess {
  readonly creatorId: string;
  readonly inviteOnly: boolean;
  readonly inviteCode: string | null;
  readonly spectatorsAllowed: boolean;
  readonly seats: readonly { readonly seat: Seat; readonly userId: string | null }[];
}

/** Who `userId` may watch or play this game as: his seat's player, a spectator, or nobody (an error).
 *  Invite-only games are unknown to all but their members and holders of the code. */
export function viewerIn(
  game: GameAccess,
  userId: string,
  as: 'player' | 'spectator',
  invite: string | undefined,
): Recipient {
  const seat = game.seats.find((s) => s.userId === userId);
  const member = game.creatorId === userId || seat !== undefined;
  if (game.inviteOnly && !member && (invite === undefined || invite !== game.inviteCode)) {
    throw notFound('game');
  }
  if (as === 'player') {
    if (!seat) throw forbidden('You have no seat in this game.');
    return { player: seat.seat };
  }
  if (!game.spectatorsAllowed && !member) throw forbidden('This game does not allow spectators.');
  return { spectator: true };
}

export function lobby(
  db: Database,
  engine: RulesEngine,
  log: GameLog,
  rooms: Rooms,
  limits: Pick<Limits, 'openGamesPerUser' | 'gamesPerHour'>,
): Lobby {
  const { prisma } = db;

  /** Nor fill other people's tables (issue 12): the seats he holds in games not started are capped like the
   *  games he created, under his row lock as in `mayCreate` (seats taken at once cannot all pass). */
  async function maySit(tx: Transaction, user: AccessClaims): Promise<void> {
    await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${user.userId}::uuid FOR UPDATE`;
    const seated = await tx.seat.count({ where: { userId: user.userId, game: { status: 'open' } } });
    if (seated >= limits.openGamesPerUser) {
      throw tooManyRequests(
        `You hold seats in ${seated} games waiting to start (at most ${limits.openGamesPerUser}): leave one first.`,
        60,
      );
    }
  }

  /** One user may not drown the lobby: a cap on his games not started, and on games created per hour. Checked
   *  inside the creating transaction, after taking the creator's row lock, so two requests at once (on one
   *  process or several) cannot both pass the cap: the second counts the first's game. */
  async function mayCreate(tx: Transaction, user: AccessClaims): Promise<void> {
    await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${user.userId}::uuid FOR UPDATE`;
    const [open, lastHour] = await Promise.all([
      tx.game.count({ where: { creatorId: user.userId, status: 'open' } }),
      tx.game.findMany({
        where: { creatorId: user.userId, createdAt: { gt: new Date(Date.now() - HOUR_MS) } },
        orderBy: { createdAt: 'asc' },
        select: { createdAt: true },
        take: limits.gamesPerHour,
      }),
    ]);
    if (open >= limits.openGamesPerUser) {
      throw tooManyRequests(
        `You have ${open} games waiting to start (at most ${limits.openGamesPerUser}): start one first.`,
        60,
      );
    }
    const oldest = lastHour[0];
    if (oldest && lastHour.length >= limits.gamesPerHour) {
      throw tooManyRequests(
        `You have created ${lastHour.length} games in the last hour (at most ${limits.gamesPerHour}).`,
        (oldest.createdAt.getTime() + HOUR_MS - Date.now()) / 1000,
      );
    }
  }

  async function load(gameId: string): Promise<GameRow> {
    const game = await prisma.game.findUnique({ where: { id: gameId }, include: gameWithSeats });
    if (!game) throw notFound('game');
    return game;
  }

  const isMember = (game: GameRow, userId: string) =>
    game.creatorId === userId || game.seats.some((s) => s.userId === userId);

  /** Public games are visible to all; invite-only ones to their members and holders of the code. */
  function mayRead(game: GameRow, user: AccessClaims, invite: string | undefined): void {
    if (
      !game.inviteOnly ||
      isMember(game, user.userId) ||
      (invite !== undefined && invite === game.inviteCode)
    ) {
      return;
    }
    throw notFound('game');
  }

  /** Whether `user` may know the game is over: its players at once; everybody else once the end is as old as
   *  the broadcast delay (issue 11; the room knows, else the end's time does). */
  function overFor(game: GameRow, user: AccessClaims): boolean {
    if (game.status !== 'finished') return false;
    const seat = game.seats.find((s) => s.userId === user.userId);
    if (seat) return true;
    const room = rooms.loaded(game.id);
    if (room) return room.finishedFor({ spectator: true });
    const delayMs = gameOptionsSchema.parse(game.options).broadcastDelaySeconds * 1000;
    return (game.finishedAt?.getTime() ?? 0) + delayMs <= Date.now();
  }

  /** What `viewer` is shown of a game whose room is not in memory here: who must act, and the seq he may
   *  know, as he numbers it (errata 9.3). A running game's room tells (loaded for it, rooms are loaded on
   *  demand; in cluster mode the process owning it is asked); else, for a finished game or an owner that does
   *  not answer, the seq comes from the log (a spectator of a delayed game gets the last seq as old as the
   *  delay). */
  async function factsShown(game: GameRow, viewer: Recipient): Promise<GameFacts | undefined> {
    if (game.status === 'open' || rooms.loaded(game.id)) return undefined;
    if (game.status === 'running') {
      const facts = await rooms.factsOf(game.id, viewer);
      if (facts) return facts;
    }
    const delayMs = gameOptionsSchema.parse(game.options).broadcastDelaySeconds * 1000;
    const seq = await loggedSeq(game);
    const upto = 'player' in viewer || delayMs === 0 ? seq : await log.seqAt(game.id, Date.now() - delayMs);
    // The viewer's own number (errata 9.3), from the log.
    const numbering = await numberingFromLog(game.id, game.status, seq);
    return { actor: rooms.actorOf(game.id), seq: seqSeenBy(numbering, viewer, upto) };
  }

  /** The seq of a game's log: a running game's row holds the seq of its start only (its appends write the
   *  log alone, store.ts), a finished game's its last. */
  async function loggedSeq(game: GameRow): Promise<number> {
    return game.status === 'running' ? ((await log.game(game.id))?.seq ?? game.seq) : game.seq;
  }

  /** Running games' numberings read from the log lately (their rooms are on other processes), each
   *  extended by the events since when asked again, instead of reading the whole log each time. */
  const numberings = new Map<string, LogNumbering>();

  /** How each viewer numbers a game's log without its room: a finished game's is kept (finishedGames.ts). */
  async function numberingFromLog(gameId: string, status: string, seq: number): Promise<LogNumbering> {
    if (status === 'finished') {
      numberings.delete(gameId);
      return rooms.finished.numbering(gameId, seq);
    }
    const known = numberings.get(gameId);
    const from = known !== undefined && known.seq <= seq ? known : EMPTY_NUMBERING;
    const logged = from.seq === seq ? [] : await log.events(gameId, from.seq, seq);
    const numbering = engine.numberLog(
      from,
      logged.map((e) => e.event),
    );
    numberings.delete(gameId);
    numberings.set(gameId, numbering);
    if (numberings.size > NUMBERINGS_KEPT) numberings.delete(numberings.keys().next().value!);
    return numbering;
  }

  const viewerOfSeat = (game: GameRow, user: AccessClaims): Recipient => {
    const seat = game.seats.find((s) => s.userId === user.userId);
    return seat ? { player: seatName(seat.index) } : { spectator: true };
  };

  async function summariseShown(game: GameRow, user: AccessClaims): Promise<GameSummary> {
    return summarise(game, user, await factsShown(game, viewerOfSeat(game, user)));
  }

  function summarise(game: GameRow, user: AccessClaims, shown?: GameFacts): GameSummary {
    const options = gameOptionsSchema.parse(game.options);
    const yourSeat = game.seats.find((s) => s.userId === user.userId);
    const over = overFor(game, user);
    // Whoever is not seated in a delayed game learns the broadcast's seq, not how far the players are; a
    // player outside a negotiation its start's (errata 9.3): the room knows (`shown` when it was not in
    // memory, seqShown).
    const room = rooms.loaded(game.id);
    const viewer = viewerOfSeat(game, user);
    return {
      id: game.id,
      status: game.status === 'finished' && !over ? 'running' : gameStatusSchema.parse(game.status),
      creator: { id: game.creator.id, name: game.creator.displayName },
      seats: game.seats.map((s) => ({
        seat: seatName(s.index),
        occupant: s.bot
          ? { kind: 'bot', name: s.name ?? seatName(s.index), level: botLevelOf(s.botLevel) }
          : s.userId
            ? { kind: 'user', userId: s.userId, name: s.name ?? '' }
            : { kind: 'empty' },
      })),
      options: {
        variant: options.variant,
        ...(options.variant === 'ceTitan' ? { powersDrawn: options.powersDrawn ?? 'N' } : {}),
        handicapMulligans: options.handicapMulligans,
        timeControl: options.timeControl ?? null,
        broadcastDelaySeconds: options.broadcastDelaySeconds,
      },
      inviteOnly: game.inviteOnly,
      inviteCode: isMember(game, user.userId) ? game.inviteCode : null,
      spectatorsAllowed: game.spectatorsAllowed,
      yourSeat: yourSeat ? seatName(yourSeat.index) : null,
      yourMove:
        yourSeat !== undefined &&
        game.status === 'running' &&
        (room ? room.actor : shown ? shown.actor : rooms.actorOf(game.id)) === seatName(yourSeat.index),
      seq: room ? room.seqFor(viewer) : (shown?.seq ?? game.seq),
      dice: { commitment: game.diceCommitment, seed: over ? game.diceSeed : null },
      createdAt: game.createdAt.toISOString(),
      startedAt: game.startedAt?.toISOString() ?? null,
      finishedAt: over ? (game.finishedAt?.toISOString() ?? null) : null,
    };
  }

  function mustBeOpen(game: GameRow): void {
    if (game.status !== 'open') throw conflict('gameNotOpen', 'The game has already started.');
  }

  function mustBeCreator(game: GameRow, user: AccessClaims): void {
    if (game.creatorId !== user.userId) throw forbidden('Only the creator of the game may do that.');
  }

  async function reread(gameId: string, user: AccessClaims) {
    return summariseShown(await load(gameId), user);
  }

  async function viewerOf(user: AccessClaims, gameId: string, as: 'player' | 'spectator', invite?: string) {
    const game = await load(gameId);
    return viewerIn(
      { ...game, seats: game.seats.map((s) => ({ seat: seatName(s.index), userId: s.userId })) },
      user.userId,
      as,
      invite,
    );
  }

  return {
    async create(user, body, capped = false) {
      for (const seat of Object.keys(body.options.handicapMulligans) as Seat[]) {
        if (seatIndex(seat) >= body.seats) {
          throw new HttpError(
            400,
            'invalidRequest',
            `There is no seat ${seat} in a ${body.seats}-player game.`,
          );
        }
      }
      const id = randomUUID();
      const options: StoredOptions = {
        variant: body.options.variant,
        ...(body.options.variant === 'ceTitan' ? { powersDrawn: body.options.powersDrawn ?? 'N' } : {}),
        handicapMulligans: body.options.handicapMulligans,
        ...(body.options.timeControl ? { timeControl: body.options.timeControl } : {}),
        broadcastDelaySeconds: body.options.broadcastDelaySeconds,
      };
      await prisma.$transaction(async (tx) => {
        if (capped) await mayCreate(tx, user);
        await tx.game.create({
          data: {
            id,
            creatorId: user.userId,
            status: 'open',
            seatCount: body.seats,
            options: json(options),
            inviteOnly: body.inviteOnly,
            inviteCode: body.inviteOnly ? randomBytes(6).toString('base64url') : null,
            spectatorsAllowed: body.spectatorsAllowed,
            seats: {
              create: Array.from({ length: body.seats }, (_, index) =>
                index === 0 && body.takeSeat ? { index, userId: user.userId, name: user.name } : { index },
              ),
            },
          },
        });
      });
      return reread(id, user);
    },

    async list(user, status) {
      const statuses: string[] = status === 'active' ? ['open', 'running'] : [status];
      // A game over less than the longest broadcast delay ago may still be running for this user (overFor).
      const recent = {
        status: 'finished',
        finishedAt: { gt: new Date(Date.now() - MAX_DELAY_MS) },
        options: { path: ['broadcastDelaySeconds'], gt: 0 },
      };
      const games = await prisma.game.findMany({
        where: {
          AND: [{ OR: [{ status: { in: statuses } }, ...(statuses.includes('running') ? [recent] : [])] }],
          OR: [
            { inviteOnly: false },
            { creatorId: user.userId },
            { seats: { some: { userId: user.userId } } },
          ],
        },
        include: gameWithSeats,
        orderBy: { createdAt: 'desc' },
        take: 100,
      });
      const shown = await Promise.all(games.map((g) => summariseShown(g, user)));
      return shown.filter((g) => statuses.includes(g.status));
    },

    async summary(user, gameId, invite) {
      const game = await load(gameId);
      mayRead(game, user, invite);
      return summariseShown(game, user);
    },

    async join(user, gameId, { seat, inviteCode }) {
      const game = await load(gameId);
      if (game.inviteOnly && !isMember(game, user.userId) && inviteCode !== game.inviteCode) {
        throw forbidden('This game is by invitation: the invite code is missing or wrong.');
      }
      mustBeOpen(game);
      if (game.seats.some((s) => s.userId === user.userId)) {
        throw conflict('alreadySeated', 'You already have a seat in this game.');
      }
      // No one may pass for another player at the table: a name is unique among the game's seats.
      const namesake = game.seats.find((s) => s.name !== null && nameKey(s.name) === nameKey(user.name));
      if (namesake) {
        throw conflict(
          'nameTaken',
          `Seat ${seatName(namesake.index)} is already held by "${namesake.name}": change your display name to join.`,
        );
      }
      const empty = game.seats.filter((s) => !s.userId && !s.bot).map((s) => s.index);
      const index = seat === undefined ? empty[0] : seatIndex(seat);
      if (index === undefined) throw conflict('gameFull', 'Every seat is taken.');
      if (index >= game.seatCount) throw notFound('seat');
      const taken = await prisma.$transaction(async (tx) => {
        await maySit(tx, user);
        return tx.seat.updateMany({
          where: { gameId, index, userId: null, bot: false, game: { status: 'open' } },
          data: { userId: user.userId, name: user.name },
        });
      });
      if (taken.count !== 1) throw conflict('seatTaken', `Seat ${seatName(index)} is taken.`);
      return reread(gameId, user);
    },

    async leave(user, gameId) {
      const game = await load(gameId);
      mustBeOpen(game);
      const left = await prisma.seat.updateMany({
        where: { gameId, userId: user.userId, game: { status: 'open' } },
        data: { userId: null, name: null },
      });
      if (left.count !== 1) throw conflict('notSeated', 'You have no seat in this game.');
      return reread(gameId, user);
    },

    async addBot(user, gameId, seat, level = 'random') {
      const game = await load(gameId);
      mustBeCreator(game, user);
      mustBeOpen(game);
      const index = seat === undefined ? game.seats.find((s) => !s.userId && !s.bot)?.index : seatIndex(seat);
      if (index === undefined) throw conflict('gameFull', 'Every seat is taken.');
      if (index >= game.seatCount) throw notFound('seat');
      const taken = await prisma.seat.updateMany({
        where: { gameId, index, userId: null, bot: false, game: { status: 'open' } },
        data: { bot: true, botLevel: level, name: `Bot ${index + 1}` },
      });
      if (taken.count !== 1) throw conflict('seatTaken', `Seat ${seatName(index)} is taken.`);
      return reread(gameId, user);
    },

    async removeBot(user, gameId, seat) {
      const game = await load(gameId);
      mustBeCreator(game, user);
      mustBeOpen(game);
      const removed = await prisma.seat.updateMany({
        where: { gameId, index: seatIndex(seat), bot: true, game: { status: 'open' } },
        data: { bot: false, botLevel: null, name: null },
      });
      if (removed.count !== 1) throw conflict('notABot', `Seat ${seat} holds no bot.`);
      return reread(gameId, user);
    },

    async start(user, gameId) {
      const game = await load(gameId);
      mustBeCreator(game, user);
      mustBeOpen(game);
      if (game.seats.some((s) => !s.userId && !s.bot)) {
        throw conflict('seatsEmpty', 'Every seat needs a player or a bot before the start.');
      }
      const stored = gameOptionsSchema.parse(game.options);
      const options: Partial<GameOptions> = {
        variant: stored.variant,
        ...(stored.powersDrawn === undefined ? {} : { powersDrawn: stored.powersDrawn }),
        handicapMulligans: stored.handicapMulligans as Record<string, number>,
      };
      const { events } = engine.createGame({
        players: game.seats.map((s) => ({ id: seatName(s.index), name: s.name ?? seatName(s.index) })),
        options,
      });
      const seed = newSeed();
      const startedAt = new Date();
      await prisma.$transaction(async (tx) => {
        const started = await tx.game.updateMany({
          where: { id: gameId, status: 'open' },
          data: {
            status: 'running',
            seq: events.length,
            diceSeed: seed,
            diceCommitment: commitmentOf(seed),
            startedAt,
          },
        });
        if (started.count !== 1) throw conflict('gameNotOpen', 'The game has already started.');
        await tx.gameEvent.createMany({
          data: events.map((event, i) => ({
            gameId,
            seq: i + 1,
            type: event.type,
            payload: json(event),
            createdAt: startedAt,
          })),
        });
      });
      await rooms.get(gameId);
      return reread(gameId, user);
    },

    async history(user, gameId, after, limit, invite) {
      const game = await load(gameId);
      mayRead(game, user, invite);
      const seat = game.seats.find((s) => s.userId === user.userId);
      const viewer: Recipient = seat
        ? { player: seatName(seat.index) }
        : await viewerOf(user, gameId, 'spectator', invite);
      // A spectator of a delayed game gets only what is as old as the delay, a player outside a negotiation
      // what came before it (errata 9.3): the running game's room knows (as on the websocket).
      const delayMs = gameOptionsSchema.parse(game.options).broadcastDelaySeconds * 1000;
      const room = game.status === 'running' ? await rooms.get(gameId) : rooms.loaded(gameId);
      // Every seq here is the viewer's own (errata 9.3: the steps of a negotiation he was outside of are not
      // his); `after` too. The numbering is the room's, else read from the log.
      const logged = room ? room.currentSeq : await loggedSeq(game);
      const numbering = room ? room.logNumbering : await numberingFromLog(gameId, game.status, logged);
      const seq = room
        ? room.seqFor(viewer)
        : seqSeenBy(
            numbering,
            viewer,
            'player' in viewer || delayMs === 0 ? logged : await log.seqAt(gameId, Date.now() - delayMs),
          );
      const events = await historyPage(engine, log, {
        gameId,
        players: game.seats.map((s) => seatName(s.index)),
        numbering,
        viewer,
        after,
        seq,
        limit,
      });
      return {
        game: gameId,
        seq,
        as: 'player' in viewer ? 'player' : 'spectator',
        seat: 'player' in viewer ? (viewer.player as Seat) : null,
        events,
      };
    },

    async replay(user, gameId, after, limit, invite) {
      const game = await load(gameId);
      mayRead(game, user, invite);
      // Nothing of a game in play leaves the server unfiltered: its history is `history`.
      if (!overFor(game, user)) {
        throw conflict('gameNotFinished', 'The replay opens once the game is over.');
      }
      const logged = await log.events(gameId, after, Math.min(game.seq, after + limit));
      return { game: gameId, seq: game.seq, events: logged.map(({ seq, event }) => ({ seq, event })) };
    },

    async diceProof(user, gameId, invite) {
      const game = await load(gameId);
      mayRead(game, user, invite);
      const over = overFor(game, user);
      return {
        game: gameId,
        commitment: game.diceCommitment,
        seed: over ? game.diceSeed : null,
        rolls: over ? await log.rolls(gameId) : null,
      };
    },

    viewerOf,

    async runningGameIds() {
      const rows = await prisma.game.findMany({ where: { status: 'running' }, select: { id: true } });
      return rows.map((r) => r.id);
    },

    liveBattles: () => rooms.liveBattles.list(),
  };
}
