// Tournaments: a director's sequence of stages (open heats, Swiss rounds, brackets, cuts), each round's
// tables seated by the pure rules of shared/tournament from the published seed, each table an ordinary game
// of this server (created and started through the lobby), and the results of finished games feeding the
// standings and the next round or stage. Every start, advance and director's act is written to the
// tournament's log. One tournament's changes go through its own queue, one at a time.
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { createGameBody, gameOptionsSchema } from '../../shared/protocol/rest';
import {
  type CreateTournament,
  type correctResultBody,
  createTournamentBody,
  type forfeitBody,
  type StageSettings,
  stageSettingsSchema,
  type TableResultDto,
  type TournamentDetail,
  type TournamentSummary,
} from '../../shared/protocol/tournament';
import {
  drawRandom,
  gameRecord,
  nextBracketRound,
  planTables,
  type Seating,
  type StandingRow,
  type StandingsRules,
  seatBracket,
  seatByStandings,
  seatKeepApart,
  shuffled,
  standings,
  type TableResult,
} from '../../shared/tournament';
import type { AccessClaims } from '../auth/tokens';
import type { Locked } from '../cluster/lock';
import type { Database } from '../db/database';
import type { Prisma } from '../generated/prisma/client';
import { conflict, forbidden, HttpError, notFound } from '../http/errors';
import type { Lobby } from '../lobby/lobby';
import type { Reply } from '../rooms/room';
import type { DirectorAct, Rooms } from '../rooms/rooms';
import type { StandInPlay } from '../rooms/standIns';
import type { GameLog } from '../rooms/store';
import { seatName } from '../rooms/store';

type Settings = Omit<CreateTournament, 'seed'>;
const storedSettingsSchema = createTournamentBody.omit({ seed: true });

const withEverything = {
  director: { select: { id: true, displayName: true } },
  entrants: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
  stages: {
    orderBy: { index: 'asc' },
    include: {
      tables: {
        orderBy: [{ round: 'asc' }, { number: 'asc' }],
        include: { game: { select: { status: true, seq: true, inviteCode: true } } },
      },
      heatEntries: true,
    },
  },
  log: { orderBy: { id: 'asc' } },
} as const satisfies Prisma.TournamentInclude;
type Row = Prisma.TournamentGetPayload<{ include: typeof withEverything }>;
type StageRow = Row['stages'][number];
type TableRow = StageRow['tables'][number];

/** A table's seats in order: an entrant's id, or null for a bot filling the table. */
type TableSeats = (string | null)[];

export interface Tournaments {
  create(user: AccessClaims, body: z.output<typeof createTournamentBody>): Promise<TournamentDetail>;
  list(
    user: AccessClaims,
    status: 'registration' | 'running' | 'finished' | 'all',
  ): Promise<TournamentSummary[]>;
  detail(user: AccessClaims, id: string, invite?: string): Promise<TournamentDetail>;
  register(user: AccessClaims, id: string, inviteCode?: string): Promise<TournamentDetail>;
  withdraw(user: AccessClaims, id: string): Promise<TournamentDetail>;
  addBot(user: AccessClaims, id: string, name?: string): Promise<TournamentDetail>;
  seedEntrant(
    user: AccessClaims,
    id: string,
    entrant: string,
    seed: number | null,
  ): Promise<TournamentDetail>;
  start(user: AccessClaims, id: string): Promise<TournamentDetail>;
  startStage(user: AccessClaims, id: string, stage: number): Promise<TournamentDetail>;
  adjourn(user: AccessClaims, id: string, stage: number, reason: string): Promise<TournamentDetail>;
  resume(user: AccessClaims, id: string, stage: number): Promise<TournamentDetail>;
  enterHeat(user: AccessClaims, id: string, stage: number, round: number): Promise<TournamentDetail>;
  forfeit(
    user: AccessClaims,
    id: string,
    table: string,
    body: z.output<typeof forfeitBody>,
  ): Promise<TournamentDetail>;
  correct(
    user: AccessClaims,
    id: string,
    table: string,
    body: z.output<typeof correctResultBody>,
  ): Promise<TournamentDetail>;
  remove(user: AccessClaims, id: string, entrant: string, reason: string): Promise<TournamentDetail>;
  /** The bot plays an absent entrant's seat at a table from now on. */
  replace(
    user: AccessClaims,
    id: string,
    table: string,
    entrant: string,
    reason: string,
  ): Promise<TournamentDetail>;
  /** Law 21.1 at one table: time is called (the player on turn finishes, then one more turn each). */
  endGame(user: AccessClaims, id: string, table: string, reason: string): Promise<TournamentDetail>;
  /** A game ended: if it is a tournament table, its result is recorded and the tournament moves on. */
  gameFinished(gameId: string): Promise<void>;
  /** After a restart: every running tournament catches up with the games that ended meanwhile. */
  catchUp(): Promise<void>;
  /** A game's room was built here (cluster mode: e.g. adopted from a process that is gone): if it is a
   *  tournament table in play, what only its room held is put back: its stand-ins. */
  roomLoaded(gameId: string): Promise<void>;
}

/** Whether this game is in play at a table of a stage the director adjourned: its room is rebuilt adjourned
 *  (RoomDeps `adjourned`). */
export function stageAdjourned(db: Database): (gameId: string) => Promise<boolean> {
  return async (gameId) =>
    (
      await db.prisma.$queryRawUnsafe<unknown[]>(
        `SELECT 1 FROM "TournamentTable" t JOIN "TournamentStage" s ON s."id" = t."stageId"
         WHERE t."gameId" = $1::uuid AND t."status" = 'playing' AND s."status" = 'adjourned'`,
        gameId,
      )
    ).length > 0;
}

export function tournaments(
  db: Database,
  lobby: Lobby,
  log: GameLog,
  rooms: Rooms,
  logger: FastifyBaseLogger,
  /** Cluster mode: the lock every process takes to change a tournament (server/cluster/lock.ts). */
  locked: Locked = (_id, work) => work(),
): Tournaments {
  const { prisma } = db;
  const queues = new Map<string, Promise<unknown>>();

  /** One tournament's changes, one at a time: in this process, and in cluster mode over every process (a
   *  game that ends on one while the director acts on another: each would seat the next round). */
  function serial<T>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = queues.get(id) ?? Promise.resolve();
    const held = () => locked(id, work);
    const next = previous.then(held, held);
    const settled = next.catch(() => undefined);
    queues.set(id, settled);
    void settled.then(() => {
      if (queues.get(id) === settled) queues.delete(id);
    });
    return next;
  }

  async function load(id: string): Promise<Row> {
    const t = await prisma.tournament.findUnique({ where: { id }, include: withEverything });
    if (!t) throw notFound('tournament');
    return t;
  }

  // Reads from the database are parsed, not cast: a row the schemas refuse fails loudly.
  const settingsOf = (t: Row): Settings => storedSettingsSchema.parse(t.settings);
  const stageSettingsOf = (s: StageRow): StageSettings => stageSettingsSchema.parse(s.settings);
  const seatsOf = (table: { entrants: unknown }) => table.entrants as TableSeats;
  const stageEntrants = (s: StageRow) => (s.entrants ?? []) as string[];
  const resultOf = (table: TableRow) => table.result as TableResultDto | null;

  const isEntered = (t: Row, userId: string) => t.entrants.some((e) => e.userId === userId);

  function mayRead(t: Row, user: AccessClaims, invite: string | undefined): void {
    if (!t.inviteOnly || t.directorId === user.userId || isEntered(t, user.userId)) return;
    if (invite !== undefined && invite === t.inviteCode) return;
    throw notFound('tournament');
  }

  function mustDirect(t: Row, user: AccessClaims): void {
    if (t.directorId !== user.userId) throw forbidden('Only the tournament director may do that.');
  }

  async function record(
    tx: Prisma.TransactionClient | typeof prisma,
    tournamentId: string,
    actorId: string | null,
    action: string,
    detail: Record<string, unknown>,
  ): Promise<void> {
    await tx.tournamentLogEntry.create({
      data: { tournamentId, actorId, action, detail: detail as Prisma.InputJsonValue },
    });
  }

  // ------------------------------------------------------------------------------------ standings

  function rulesOf(t: Row, stage: StageRow): StandingsRules {
    const settings = settingsOf(t);
    const s = stageSettingsOf(stage);
    return {
      tieBreaks: settings.tieBreaks,
      placementPoints: settings.placementPoints,
      countedGames: s.kind === 'heats' ? s.countedGames : null,
    };
  }

  function resultsOf(stage: StageRow): TableResult[] {
    return stage.tables.flatMap((table) => {
      const result = resultOf(table);
      if (table.status !== 'finished' || !result) return [];
      return [
        {
          table: table.id,
          order: table.round * 1000 + table.number,
          players: seatsOf(table).length,
          entrants: result.seats.map((s) => ({
            entrant: s.entrant,
            place: s.place,
            titansKilled: s.titansKilled,
            score: s.score,
          })),
        },
      ];
    });
  }

  /** Entrants who lost a table of this bracket stage: the round, and their place there. */
  function bracketLosses(stage: StageRow): Map<string, { round: number; place: number }> {
    const lost = new Map<string, { round: number; place: number }>();
    for (const table of stage.tables) {
      for (const s of resultOf(table)?.seats ?? []) {
        if (s.place > 1) lost.set(s.entrant, { round: table.round, place: s.place });
      }
    }
    return lost;
  }

  /** A stage's standings; a cut stands as the stage before it did; a bracket by the round reached. */
  function stageStandings(t: Row, stage: StageRow): StandingRow[] {
    const s = stageSettingsOf(stage);
    if (s.kind === 'cut') {
      const before = t.stages[stage.index - 1];
      const mine = new Set(stageEntrants(stage));
      const rows = before ? stageStandings(t, before).filter((r) => mine.has(r.entrant)) : [];
      return rows.map((r, i) => ({ ...r, rank: i + 1 }));
    }
    const rows = standings(
      stageEntrants(stage),
      resultsOf(stage),
      rulesOf(t, stage),
      t.seed,
      `stage ${stage.index}`,
    );
    if (s.kind !== 'bracket') return rows;
    const lost = bracketLosses(stage);
    const key = (r: StandingRow) => lost.get(r.entrant) ?? { round: Number.POSITIVE_INFINITY, place: 0 };
    return [...rows]
      .sort((a, b) => key(b).round - key(a).round || key(a).place - key(b).place || a.rank - b.rank)
      .map((r, i) => ({ ...r, rank: i + 1 }));
  }

  const removed = (t: Row) => new Set(t.entrants.filter((e) => e.status === 'removed').map((e) => e.id));

  /** Who goes on from a finished stage, best first. */
  function advancing(t: Row, stage: StageRow): string[] {
    const out = removed(t);
    const s = stageSettingsOf(stage);
    const ranked = stageStandings(t, stage)
      .map((r) => r.entrant)
      .filter((e) => !out.has(e));
    if (s.kind === 'cut') return ranked.slice(0, s.advance);
    if (s.kind === 'bracket') return survivors(stage, out);
    return ranked;
  }

  /** A bracket's entrants still in: the stage's entrants less those who lost a table (or were removed). */
  function survivors(stage: StageRow, out: ReadonlySet<string>): string[] {
    const lost = bracketLosses(stage);
    return stageEntrants(stage).filter((e) => !lost.has(e) && !out.has(e));
  }

  /** The tournament's standings: those in the latest stage reached by its standings, then the others by
   *  their rank in the stage where they went out. */
  function overallStandings(t: Row): { entrant: string; rank: number }[] {
    const placed: string[] = [];
    const seen = new Set<string>();
    const started = t.stages.filter((s) => s.status !== 'pending');
    for (const stage of [...started].reverse()) {
      for (const row of stageStandings(t, stage)) {
        if (!seen.has(row.entrant)) {
          seen.add(row.entrant);
          placed.push(row.entrant);
        }
      }
    }
    const out = removed(t);
    const ranked = [...placed.filter((e) => !out.has(e)), ...placed.filter((e) => out.has(e))];
    for (const e of t.entrants) if (!seen.has(e.id)) ranked.push(e.id);
    return ranked.map((entrant, i) => ({ entrant, rank: i + 1 }));
  }

  // ------------------------------------------------------------------------------------ the read side

  function summarise(t: Row, user: AccessClaims): TournamentSummary {
    const member = t.directorId === user.userId || isEntered(t, user.userId);
    return {
      id: t.id,
      name: t.name,
      status: t.status as TournamentSummary['status'],
      director: { id: t.director.id, name: t.director.displayName },
      seed: t.seed,
      inviteOnly: t.inviteOnly,
      inviteCode: member ? t.inviteCode : null,
      entrantCount: t.entrants.filter((e) => e.status === 'active').length,
      stageKinds: t.stages.map((s) => stageSettingsOf(s).kind),
      registrationOpensAt: t.registrationOpensAt?.toISOString() ?? null,
      registrationClosesAt: t.registrationClosesAt?.toISOString() ?? null,
      youDirect: t.directorId === user.userId,
      youAreEntered: isEntered(t, user.userId),
      createdAt: t.createdAt.toISOString(),
      startedAt: t.startedAt?.toISOString() ?? null,
      finishedAt: t.finishedAt?.toISOString() ?? null,
    };
  }

  /**
   * What a spectator of a tournament with a broadcast delay may see: the tournament as it was `delay` seconds
   * ago, read from its log (a round's tables once their seating is that old, a table's result once its
   * recording is, the stage and tournament ends likewise), so the page never tells him a game's end before
   * the game's own delayed broadcast does. The director and the entrants see it live (players are never
   * delayed).
   */
  function delayedView(t: Row, user: AccessClaims): Row {
    const delayMs = settingsOf(t).broadcastDelaySeconds * 1000;
    if (delayMs === 0 || t.directorId === user.userId || isEntered(t, user.userId)) return t;
    const cutoff = Date.now() - delayMs;
    const log = t.log.filter((l) => l.createdAt.getTime() <= cutoff);
    const seen = (action: string, match: (d: Record<string, unknown>) => boolean) =>
      log.some((l) => l.action === action && match(l.detail as Record<string, unknown>));
    const settled = (tableId: string) =>
      ['tableFinished', 'forfeit', 'corrected'].some((a) => seen(a, (d) => d.table === tableId));
    const finished = log.some((l) => l.action === 'tournamentFinished');
    return {
      ...t,
      log,
      status: t.status === 'finished' && !finished ? 'running' : t.status,
      finishedAt: finished ? t.finishedAt : null,
      stages: t.stages.map((stage) => {
        const seated = (round: number) =>
          seen('roundSeated', (d) => d.stage === stage.index && d.round === round);
        const tables = stage.tables
          .filter((table) => seated(table.round))
          .map((table) =>
            table.status === 'finished' && !settled(table.id)
              ? { ...table, status: 'playing', result: null }
              : table,
          );
        const started = seen('stageStarted', (d) => d.stage === stage.index);
        const over = seen('stageFinished', (d) => d.stage === stage.index);
        return {
          ...stage,
          tables,
          round: Math.max(0, ...tables.map((table) => table.round)),
          status: stage.status === 'finished' && !over ? 'running' : started ? stage.status : 'pending',
        };
      }),
    };
  }

  function describe(t: Row, user: AccessClaims): TournamentDetail {
    const names = new Map(t.entrants.map((e) => [e.id, e.name]));
    const nameOf = (id: string) => names.get(id) ?? '?';
    return {
      ...summarise(t, user),
      settings: settingsOf(t),
      entrants: t.entrants.map((e) => ({
        id: e.id,
        name: e.name,
        kind: e.userId ? 'user' : 'bot',
        userId: e.userId,
        seed: e.seed,
        status: e.status as 'active' | 'removed',
      })),
      stages: t.stages.map((stage) => ({
        index: stage.index,
        settings: stageSettingsOf(stage),
        status: stage.status as 'pending' | 'running' | 'adjourned' | 'finished',
        round: stage.round,
        tables: stage.tables.map((table) => {
          const seats = seatsOf(table);
          return {
            id: table.id,
            round: table.round,
            number: table.number,
            game: table.gameId,
            // Whoever may read an invite-only tournament may watch its tables.
            invite: table.game?.inviteCode ?? null,
            entrants: seats
              .filter((e): e is string => e !== null)
              .map((e) => ({ entrant: e, name: nameOf(e) })),
            bots: seats.filter((e) => e === null).length,
            status: table.status as 'playing' | 'finished' | 'bye',
            result: resultOf(table),
          };
        }),
        standings:
          stage.status === 'pending'
            ? []
            : stageStandings(t, stage).map((r) => ({
                ...r,
                name: nameOf(r.entrant),
                counts: [...r.counts],
                opponents: [...r.opponents],
              })),
        advancing: stage.status === 'finished' ? advancing(t, stage) : [],
      })),
      standings: overallStandings(t).map((r) => ({ ...r, name: nameOf(r.entrant) })),
      log: t.log.map((l) => ({
        id: l.id,
        at: l.createdAt.toISOString(),
        actor: l.actorId,
        action: l.action,
        detail: l.detail as Record<string, unknown>,
      })),
    };
  }

  // ------------------------------------------------------------------------------------ seating

  /** Byes so far in this stage, per entrant. */
  function byesOf(stage: StageRow): Map<string, number> {
    const byes = new Map<string, number>();
    for (const table of stage.tables) {
      if (table.status !== 'bye') continue;
      for (const e of seatsOf(table)) if (e) byes.set(e, (byes.get(e) ?? 0) + 1);
    }
    return byes;
  }

  /** Heats and Swiss rounds: the byes (the lowest-ranked of those with the fewest byes so far) and the
   *  table sizes, bots filling instead when the director allows it. */
  function planRound(
    t: Row,
    stage: StageRow,
    ranked: readonly string[],
    sizes: readonly number[],
  ): { seated: string[]; byes: string[]; tableSizes: readonly number[]; bots: number } {
    const plan = planTables(ranked.length, sizes);
    if (plan.byes > 0 && settingsOf(t).botsFill) {
      for (let bots = 1; bots <= 6; bots++) {
        const filled = planTables(ranked.length + bots, sizes);
        if (filled.byes === 0) return { seated: [...ranked], byes: [], tableSizes: filled.sizes, bots };
      }
    }
    const had = byesOf(stage);
    const byes = [...ranked]
      .map((e, rank) => ({ e, rank, had: had.get(e) ?? 0 }))
      .sort((a, b) => a.had - b.had || b.rank - a.rank)
      .slice(0, plan.byes)
      .map((x) => x.e);
    return { seated: ranked.filter((e) => !byes.includes(e)), byes, tableSizes: plan.sizes, bots: 0 };
  }

  /** How often two entrants have sat at the same table in this stage. */
  function meetings(stage: StageRow): (a: string, b: string) => number {
    const met = new Map<string, number>();
    for (const table of stage.tables) {
      const seats = seatsOf(table).filter((e): e is string => e !== null);
      for (const a of seats)
        for (const b of seats) if (a !== b) met.set(`${a} ${b}`, (met.get(`${a} ${b}`) ?? 0) + 1);
    }
    return (a, b) => met.get(`${a} ${b}`) ?? 0;
  }

  type Round = { seats: TableSeats; bye: boolean }[];
  const played = (tables: TableSeats[], byes: readonly string[]): Round => [
    ...tables.map((seats) => ({ seats, bye: false })),
    ...byes.map((e) => ({ seats: [e], bye: true })),
  ];

  const BOT = '#bot';
  const withBots = (ranked: readonly string[], bots: number) => [
    ...ranked,
    ...Array.from({ length: bots }, (_, i) => `${BOT}${i}`),
  ];
  const botsToNull = (seating: Seating): TableSeats[] =>
    seating.map((table) => table.map((e) => (e.startsWith(BOT) ? null : e)));

  /** The next round's tables in order (seats in order; a bye is a table of one), or null when the stage
   *  has no more rounds. */
  function seatRound(t: Row, stage: StageRow): Round | null {
    const s = stageSettingsOf(stage);
    const round = stage.round + 1;
    const out = removed(t);
    const random = drawRandom(t.seed, `stage ${stage.index} round ${round}`);
    const entrants = stageEntrants(stage).filter((e) => !out.has(e));
    if (s.kind === 'cut') return null;
    if (s.kind === 'heats' || s.kind === 'swiss') {
      const total = s.kind === 'heats' ? s.heats : s.rounds;
      if (round > total) return null;
      const optedIn = new Set(stage.heatEntries.filter((h) => h.round === round).map((h) => h.entrantId));
      const players =
        s.kind === 'heats' && s.entry === 'optIn' ? entrants.filter((e) => optedIn.has(e)) : entrants;
      // Ranked by the standings so far (the first round: by seeding).
      const order = round === 1 ? entrants : stageStandings(t, stage).map((r) => r.entrant);
      const ranked = order.filter((e) => players.includes(e));
      const plan = planRound(t, stage, ranked, s.tableSizes);
      const seated = withBots(plan.seated, plan.bots);
      const seating =
        s.kind === 'swiss' && round > 1
          ? seatByStandings(seated, plan.tableSizes, meetings(stage))
          : seatKeepApart(seated, plan.tableSizes, random);
      return played(botsToNull(seating), plan.byes);
    }
    // A bracket: the survivors (in seeding order) until one is left.
    const alive = survivors(stage, out);
    if (round > 1 && alive.length <= 1) return null;
    if (s.tableSize === 2) {
      const seating =
        round === 1
          ? seatBracket(alive)
          : nextBracketRound(
              stage.tables
                .filter((table) => table.round === round - 1)
                .map((table) => seatsOf(table).find((e) => e !== null && alive.includes(e)))
                .filter((e): e is string => typeof e === 'string'),
            );
      return seating.map((seats) => ({ seats, bye: seats.length === 1 }));
    }
    if (alive.length <= s.tableSize) return played([alive], []);
    const plan = planTables(alive.length, [s.tableSize]);
    // The top seeds have the byes (they go on), unless bots fill the tables.
    const bots = plan.byes > 0 && settingsOf(t).botsFill ? s.tableSize - plan.byes : 0;
    const byes = bots > 0 ? [] : alive.slice(0, plan.byes);
    const seated = withBots(
      alive.filter((e) => !byes.includes(e)),
      bots,
    );
    const sizes = bots > 0 ? planTables(seated.length, [s.tableSize]).sizes : plan.sizes;
    return played(botsToNull(seatKeepApart(seated, sizes, random)), byes);
  }

  // ------------------------------------------------------------------------------------ tables and games

  /** An ordinary game of this server for a table, created and started through the lobby by the director. */
  async function openGame(t: Row, stage: StageRow, seats: TableSeats): Promise<string> {
    const settings = settingsOf(t);
    const s = stageSettingsOf(stage);
    const director: AccessClaims = { userId: t.directorId, name: t.director.displayName, guest: false };
    const body = createGameBody.parse({
      seats: seats.length,
      options: {
        ...settings.gameOptions,
        ...('timeControl' in s && s.timeControl ? { timeControl: s.timeControl } : {}),
        // The tournament's broadcast delay holds for every table's spectators.
        broadcastDelaySeconds: settings.broadcastDelaySeconds,
      },
      inviteOnly: t.inviteOnly,
      spectatorsAllowed: true,
      takeSeat: false,
    });
    const game = await lobby.create(director, body);
    const byId = new Map(t.entrants.map((e) => [e.id, e]));
    for (const [index, entrantId] of seats.entries()) {
      const entrant = entrantId ? byId.get(entrantId) : undefined;
      await prisma.seat.update({
        where: { gameId_index: { gameId: game.id, index } },
        data: entrant?.userId
          ? { userId: entrant.userId, name: entrant.name }
          : { bot: true, name: entrant?.name ?? `Bot ${index + 1}` },
      });
    }
    await lobby.start(director, game.id);
    return game.id;
  }

  async function seatNextRound(t: Row, stage: StageRow, actorId: string | null): Promise<boolean> {
    const next = seatRound(t, stage);
    if (next === null) return false;
    const round = stage.round + 1;
    const tables = next.map((table) => ({ ...table, id: randomUUID() }));
    await prisma.$transaction(async (tx) => {
      await tx.tournamentStage.update({ where: { id: stage.id }, data: { round } });
      for (const [i, table] of tables.entries()) {
        await tx.tournamentTable.create({
          data: {
            id: table.id,
            stageId: stage.id,
            round,
            number: i + 1,
            entrants: table.seats,
            status: table.bye ? 'bye' : 'playing',
          },
        });
      }
      await record(tx, t.id, actorId, 'roundSeated', {
        stage: stage.index,
        round,
        tables: tables.filter((x) => !x.bye).map((x) => x.seats),
        byes: tables.filter((x) => x.bye).flatMap((x) => x.seats),
      });
    });
    // Each table's game: created and started after the seating is recorded, so a failure leaves a table
    // without a game that the next advance opens again.
    for (const table of tables) if (!table.bye) await attachGame(t, stage, table.id, table.seats);
    return true;
  }

  async function attachGame(t: Row, stage: StageRow, tableId: string, seats: TableSeats): Promise<void> {
    const gameId = await openGame(t, stage, seats);
    await prisma.tournamentTable.update({ where: { id: tableId }, data: { gameId } });
  }

  /** The result of a table's finished game, from its event log. */
  async function gameResult(t: Row, table: TableRow): Promise<TableResultDto | null> {
    if (!table.gameId || table.game?.status !== 'finished') return null;
    const events = (await log.events(table.gameId, 0, table.game.seq)).map((e) => e.event);
    const seats = seatsOf(table);
    const game = gameRecord(
      seats.map((_, i) => seatName(i)),
      events,
      drawRandom(t.seed, `table ${table.id}`),
    );
    if (!game) return null;
    return {
      reason: game.reason,
      source: 'game',
      seats: game.seats.flatMap((s, i) => {
        const entrant = seats[i];
        return entrant ? [{ entrant, place: s.place, titansKilled: s.titansKilled, score: s.total }] : [];
      }),
    };
  }

  // ------------------------------------------------------------------------------------ moving on

  /**
   * Brings the tournament up to date: results of finished games recorded, the next round seated when the
   * last is over (or when the director says so), stages finished and the next started, the tournament
   * finished. `directed`: the director asked to start stage N (or its next round).
   */
  async function advance(id: string, actorId: string | null, directed: number | null): Promise<void> {
    let push = directed;
    for (let guard = 0; guard < 1000; guard++) {
      const t = await load(id);
      if (t.status !== 'running') return;
      let changed = false;
      for (const stage of t.stages) {
        for (const table of stage.tables) {
          if (table.status === 'playing' && !table.gameId) {
            await attachGame(t, stage, table.id, seatsOf(table));
            changed = true;
          }
          if (table.status !== 'playing') continue;
          const result = await gameResult(t, table);
          if (!result) continue;
          await prisma.$transaction(async (tx) => {
            const done = await tx.tournamentTable.updateMany({
              where: { id: table.id, status: 'playing' },
              data: { status: 'finished', result: result as unknown as Prisma.InputJsonValue },
            });
            if (done.count === 1) {
              await record(tx, id, null, 'tableFinished', { table: table.id, game: table.gameId, result });
            }
          });
          changed = true;
        }
      }
      if (changed) continue;
      const stage = t.stages.find((s) => s.status !== 'finished');
      if (!stage) {
        await prisma.$transaction(async (tx) => {
          await tx.tournament.update({ where: { id }, data: { status: 'finished', finishedAt: new Date() } });
          await record(tx, id, null, 'tournamentFinished', { standings: overallStandings(t) });
        });
        return;
      }
      const s = stageSettingsOf(stage);
      const auto = s.kind === 'cut' || s.autoAdvance;
      const pushed = push === stage.index;
      if (stage.status === 'pending') {
        if (!(stage.index === 0 || auto || pushed)) return;
        const before = t.stages[stage.index - 1];
        const entrants = before ? advancing(t, before) : seeding(t);
        await prisma.$transaction(async (tx) => {
          await tx.tournamentStage.update({ where: { id: stage.id }, data: { status: 'running', entrants } });
          await record(tx, id, pushed ? actorId : null, 'stageStarted', { stage: stage.index, entrants });
        });
        if (pushed) push = null;
        continue;
      }
      if (stage.status === 'adjourned') return;
      const roundOver = stage.tables.every(
        (table) => table.round < stage.round || table.status !== 'playing',
      );
      if (!roundOver) return;
      if (stage.round === 0 || auto || pushed) {
        if (await seatNextRound(t, stage, pushed ? actorId : null)) {
          if (pushed) push = null;
          continue;
        }
      } else if (seatRound(t, stage) !== null) {
        return; // the director starts each round of this stage
      }
      await prisma.$transaction(async (tx) => {
        await tx.tournamentStage.update({ where: { id: stage.id }, data: { status: 'finished' } });
        await record(tx, id, null, 'stageFinished', { stage: stage.index, advancing: advancing(t, stage) });
      });
    }
    throw new Error(`tournament ${id}: advancing did not settle`);
  }

  /** The first stage's entrants: the seeded ones by seed, then the others in an order drawn from the seed. */
  function seeding(t: Row): string[] {
    const active = t.entrants.filter((e) => e.status === 'active');
    const seeded = active.filter((e) => e.seed !== null).sort((a, b) => (a.seed ?? 0) - (b.seed ?? 0));
    const unseeded = shuffled(
      active
        .filter((e) => e.seed === null)
        .map((e) => e.id)
        .sort(),
      drawRandom(t.seed, 'seeding'),
    );
    return [...seeded.map((e) => e.id), ...unseeded];
  }

  /** A director's act on a running tournament: checked, done, logged, then the tournament moves on. */
  function directed(
    user: AccessClaims,
    id: string,
    act: (t: Row) => Promise<void>,
    then: number | null = null,
  ): Promise<TournamentDetail> {
    return serial(id, async () => {
      const t = await load(id);
      mustDirect(t, user);
      await act(t);
      await advance(id, user.userId, then);
      return describe(await load(id), user);
    });
  }

  function stageAt(t: Row, index: number): StageRow {
    const stage = t.stages[index];
    if (!stage) throw notFound('stage');
    return stage;
  }

  function tableAt(t: Row, tableId: string): { stage: StageRow; table: TableRow } {
    for (const stage of t.stages) {
      const table = stage.tables.find((x) => x.id === tableId);
      if (table) return { stage, table };
    }
    throw notFound('table');
  }

  function mustRun(t: Row): void {
    if (t.status !== 'running') throw conflict('tournamentNotRunning', 'The tournament is not running.');
  }

  function mustRegister(t: Row): void {
    if (t.status !== 'registration') {
      throw conflict('registrationClosed', 'Registration is over: the tournament has started.');
    }
  }

  async function setResult(
    t: Row,
    user: AccessClaims,
    table: TableRow,
    result: TableResultDto,
    action: string,
    reason: string,
  ): Promise<void> {
    const seated = new Set(seatsOf(table).filter((e) => e !== null));
    if (table.status === 'bye') throw conflict('bye', 'A bye has no result to set.');
    for (const s of result.seats) {
      if (!seated.has(s.entrant))
        throw new HttpError(400, 'invalidRequest', 'That entrant is not at this table.');
    }
    if (result.seats.length !== seated.size) {
      throw new HttpError(400, 'invalidRequest', 'Give a place to every entrant at the table.');
    }
    await prisma.$transaction(async (tx) => {
      await tx.tournamentTable.update({
        where: { id: table.id },
        data: { status: 'finished', result: result as unknown as Prisma.InputJsonValue },
      });
      await record(tx, t.id, user.userId, action, { table: table.id, game: table.gameId, reason, result });
    });
  }

  /** The playing tables (with a game) where the entrant sits. */
  function playingTablesOf(t: Row, entrant: string): { stage: StageRow; table: TableRow }[] {
    return t.stages.flatMap((stage) =>
      stage.tables
        .filter((table) => table.status === 'playing' && table.gameId && seatsOf(table).includes(entrant))
        .map((table) => ({ stage, table })),
    );
  }

  const seatOf = (table: TableRow, entrant: string) => seatName(seatsOf(table).indexOf(entrant));

  /** The stand-ins the log asked for at the tables still playing (after a restart), or at one game's. */
  async function restoreStandIns(t: Row, gameId?: string): Promise<void> {
    for (const entry of t.log) {
      const d = entry.detail as { entrant?: string; table?: string };
      const plays: [string, StandInPlay][] =
        entry.action === 'removed' && d.entrant
          ? playingTablesOf(t, d.entrant).map(({ table }) => [table.id, 'refuse'])
          : entry.action === 'replacedByBot' && d.table
            ? [[d.table, 'bot']]
            : [];
      for (const [tableId, play] of plays) {
        const table = t.stages.flatMap((s) => s.tables).find((x) => x.id === tableId);
        if (table?.status !== 'playing' || !table.gameId || !d.entrant) continue;
        if (gameId !== undefined && table.gameId !== gameId) continue;
        await rooms.direct(table.gameId, { act: 'standIn', seat: seatOf(table, d.entrant), play });
      }
    }
  }

  /** The games in play at an adjourned stage stop (their clocks too) until it resumes (Room.adjourn); also
   *  after a restart, for the stages the database says are adjourned. Resuming reaches every loaded game of
   *  the stage, also one whose table got its result meanwhile (a forfeit). In cluster mode each game's owner
   *  does it; one that cannot be reached now is left (its stage's status is recorded). */
  async function adjournGames(stage: StageRow, on: boolean): Promise<void> {
    for (const table of stage.tables) {
      if (!table.gameId) continue;
      if (on && table.status !== 'playing') continue;
      await rooms.direct(table.gameId, { act: 'adjourn', on }).catch((error: unknown) => {
        logger.warn({ err: error, game: table.gameId, on }, 'the game could not be adjourned or resumed');
      });
    }
  }

  /** A director's act on the running game of a table (refused when there is none). */
  async function directTable(table: TableRow, act: DirectorAct): Promise<Reply | 'done'> {
    const done = table.gameId && table.status === 'playing' ? await rooms.direct(table.gameId, act) : null;
    if (done === null) throw conflict('notPlaying', 'That table has no game in play.');
    return done;
  }

  return {
    async create(user, body) {
      if (user.guest) throw forbidden('Guests cannot direct a tournament: register an account first.');
      const options = gameOptionsSchema.safeParse(body.gameOptions);
      if (!options.success) {
        throw new HttpError(400, 'invalidRequest', `Invalid game options: ${options.error.message}`);
      }
      if (body.stages[0]?.kind === 'cut') {
        throw new HttpError(400, 'invalidRequest', 'A cut needs a stage before it to rank the entrants.');
      }
      const id = randomUUID();
      const { seed, ...settings } = body;
      await prisma.$transaction(async (tx) => {
        await tx.tournament.create({
          data: {
            id,
            directorId: user.userId,
            name: body.name,
            status: 'registration',
            seed: seed ?? randomBytes(16).toString('hex'),
            inviteOnly: body.inviteOnly,
            inviteCode: body.inviteOnly ? randomBytes(6).toString('base64url') : null,
            settings: settings as unknown as Prisma.InputJsonValue,
            registrationOpensAt: body.registrationOpensAt ? new Date(body.registrationOpensAt) : null,
            registrationClosesAt: body.registrationClosesAt ? new Date(body.registrationClosesAt) : null,
            stages: {
              create: body.stages.map((stage, index) => ({
                id: randomUUID(),
                index,
                kind: stage.kind,
                settings: stage as unknown as Prisma.InputJsonValue,
                status: 'pending',
              })),
            },
          },
        });
        await record(tx, id, user.userId, 'created', { name: body.name });
      });
      return describe(await load(id), user);
    },

    async list(user, status) {
      const rows = await prisma.tournament.findMany({
        where: {
          ...(status === 'all' ? {} : { status }),
          OR: [
            { inviteOnly: false },
            { directorId: user.userId },
            { entrants: { some: { userId: user.userId } } },
          ],
        },
        include: withEverything,
        orderBy: { createdAt: 'desc' },
        take: 100,
      });
      return rows.map((t) => summarise(delayedView(t, user), user));
    },

    async detail(user, id, invite) {
      const t = await load(id);
      mayRead(t, user, invite);
      return describe(delayedView(t, user), user);
    },

    register: (user, id, inviteCode) =>
      serial(id, async () => {
        const t = await load(id);
        mayRead(t, user, inviteCode);
        mustRegister(t);
        const now = Date.now();
        if (t.registrationOpensAt && now < t.registrationOpensAt.getTime()) {
          throw conflict('registrationNotOpen', 'Registration has not opened yet.');
        }
        if (t.registrationClosesAt && now > t.registrationClosesAt.getTime()) {
          throw conflict('registrationClosed', 'Registration has closed.');
        }
        if (isEntered(t, user.userId)) throw conflict('alreadyEntered', 'You are already entered.');
        await prisma.tournamentEntrant.create({
          data: {
            id: randomUUID(),
            tournamentId: id,
            userId: user.userId,
            name: user.name,
            status: 'active',
          },
        });
        return describe(await load(id), user);
      }),

    withdraw: (user, id) =>
      serial(id, async () => {
        const t = await load(id);
        mustRegister(t);
        const gone = await prisma.tournamentEntrant.deleteMany({
          where: { tournamentId: id, userId: user.userId },
        });
        if (gone.count !== 1) throw conflict('notEntered', 'You are not entered.');
        return describe(await load(id), user);
      }),

    addBot: (user, id, name) =>
      serial(id, async () => {
        const t = await load(id);
        mustDirect(t, user);
        mustRegister(t);
        const bots = t.entrants.filter((e) => e.userId === null).length;
        await prisma.tournamentEntrant.create({
          data: { id: randomUUID(), tournamentId: id, name: name ?? `Bot ${bots + 1}`, status: 'active' },
        });
        return describe(await load(id), user);
      }),

    seedEntrant: (user, id, entrant, seed) =>
      serial(id, async () => {
        const t = await load(id);
        mustDirect(t, user);
        mustRegister(t);
        if (!t.entrants.some((e) => e.id === entrant)) throw notFound('entrant');
        await prisma.tournamentEntrant.update({ where: { id: entrant }, data: { seed } });
        await record(prisma, id, user.userId, 'seeded', { entrant, seed });
        return describe(await load(id), user);
      }),

    start: (user, id) =>
      serial(id, async () => {
        const t = await load(id);
        mustDirect(t, user);
        mustRegister(t);
        const active = t.entrants.filter((e) => e.status === 'active').length;
        if (active < 2) throw conflict('tooFewEntrants', 'A tournament needs at least two entrants.');
        const started = await prisma.tournament.updateMany({
          where: { id, status: 'registration' },
          data: { status: 'running', startedAt: new Date() },
        });
        if (started.count !== 1) throw conflict('registrationClosed', 'The tournament has already started.');
        await record(prisma, id, user.userId, 'started', { seed: t.seed, entrants: active });
        await advance(id, user.userId, 0);
        return describe(await load(id), user);
      }),

    startStage: (user, id, index) =>
      directed(
        user,
        id,
        async (t) => {
          mustRun(t);
          const stage = stageAt(t, index);
          const current = t.stages.find((s) => s.status !== 'finished');
          if (current !== stage) throw conflict('notCurrentStage', 'Only the current stage can be started.');
          if (stage.status === 'adjourned') throw conflict('adjourned', 'The stage is adjourned: resume it.');
          const busy = stage.tables.some(
            (table) => table.round === stage.round && table.status === 'playing',
          );
          if (busy) throw conflict('roundInPlay', 'The round is still being played.');
        },
        index,
      ),

    adjourn: (user, id, index, reason) =>
      directed(user, id, async (t) => {
        mustRun(t);
        const stage = stageAt(t, index);
        if (stage.status !== 'running')
          throw conflict('notRunning', 'Only a running stage can be adjourned.');
        await prisma.$transaction(async (tx) => {
          await tx.tournamentStage.update({ where: { id: stage.id }, data: { status: 'adjourned' } });
          await record(tx, id, user.userId, 'adjourned', { stage: index, reason });
        });
        await adjournGames(stage, true);
      }),

    resume: (user, id, index) =>
      directed(user, id, async (t) => {
        mustRun(t);
        const stage = stageAt(t, index);
        if (stage.status !== 'adjourned') throw conflict('notAdjourned', 'The stage is not adjourned.');
        await prisma.$transaction(async (tx) => {
          await tx.tournamentStage.update({ where: { id: stage.id }, data: { status: 'running' } });
          await record(tx, id, user.userId, 'resumed', { stage: index });
        });
        await adjournGames(stage, false);
      }),

    enterHeat: (user, id, index, round) =>
      serial(id, async () => {
        const t = await load(id);
        const entrant = t.entrants.find((e) => e.userId === user.userId && e.status === 'active');
        if (!entrant) throw forbidden('Only an entrant may enter a heat.');
        const stage = stageAt(t, index);
        const s = stageSettingsOf(stage);
        if (s.kind !== 'heats' || s.entry !== 'optIn')
          throw conflict('notOptIn', 'This stage has no heats to enter.');
        if (round > s.heats) throw notFound('heat');
        if (stage.status === 'finished' || round <= stage.round) {
          throw conflict('heatSeated', 'That heat is already seated.');
        }
        await prisma.tournamentHeatEntry.upsert({
          where: { stageId_round_entrantId: { stageId: stage.id, round, entrantId: entrant.id } },
          create: { stageId: stage.id, round, entrantId: entrant.id },
          update: {},
        });
        return describe(await load(id), user);
      }),

    forfeit: (user, id, tableId, body) =>
      directed(user, id, async (t) => {
        mustRun(t);
        const { table } = tableAt(t, tableId);
        const seats = seatsOf(table).filter((e): e is string => e !== null);
        if (!seats.includes(body.winner))
          throw new HttpError(400, 'invalidRequest', 'The winner must sit at this table.');
        // The winner first; everyone else shares last place, which never counts as a place.
        const last = seatsOf(table).length;
        await setResult(
          t,
          user,
          table,
          {
            reason: 'forfeit',
            source: 'forfeit',
            seats: seats.map((e) => ({
              entrant: e,
              place: e === body.winner ? 1 : last,
              titansKilled: 0,
              score: 0,
            })),
          },
          'forfeit',
          body.reason,
        );
        // A game still in play at the table ends now (the table's result is the forfeit, not the game's).
        const stopped =
          table.gameId && table.status === 'playing'
            ? await rooms.direct(table.gameId, { act: 'stopGame' })
            : null;
        if (stopped !== null && stopped !== 'done' && stopped.type === 'rejected') {
          logger.warn({ game: table.gameId, reply: stopped }, 'the forfeited game could not be stopped');
        }
      }),

    correct: (user, id, tableId, body) =>
      directed(user, id, async (t) => {
        mustRun(t);
        const { table } = tableAt(t, tableId);
        await setResult(
          t,
          user,
          table,
          { reason: 'correction', source: 'correction', seats: body.seats },
          'corrected',
          body.reason,
        );
      }),

    remove: (user, id, entrantId, reason) =>
      directed(user, id, async (t) => {
        mustRun(t);
        const entrant = t.entrants.find((e) => e.id === entrantId);
        if (!entrant) throw notFound('entrant');
        if (entrant.status === 'removed')
          throw conflict('alreadyRemoved', 'That entrant is already removed.');
        await prisma.$transaction(async (tx) => {
          await tx.tournamentEntrant.update({ where: { id: entrantId }, data: { status: 'removed' } });
          // Errata 20.0: treated as refusing to play; he is seated in no later round.
          await record(tx, id, user.userId, 'removed', { entrant: entrantId, reason, rule: 'errata 20.0' });
        });
        // His games in play: his seat refuses whenever it must act.
        for (const { table } of playingTablesOf(t, entrantId)) {
          const seat = seatOf(table, entrantId);
          await rooms.direct(table.gameId as string, { act: 'standIn', seat, play: 'refuse' });
        }
      }),

    replace: (user, id, tableId, entrant, reason) =>
      directed(user, id, async (t) => {
        mustRun(t);
        const { table } = tableAt(t, tableId);
        if (!seatsOf(table).includes(entrant)) {
          throw new HttpError(400, 'invalidRequest', 'That entrant is not at this table.');
        }
        await directTable(table, { act: 'standIn', seat: seatOf(table, entrant), play: 'bot' });
        await record(prisma, id, user.userId, 'replacedByBot', {
          table: table.id,
          game: table.gameId,
          entrant,
          reason,
        });
      }),

    endGame: (user, id, tableId, reason) =>
      directed(user, id, async (t) => {
        mustRun(t);
        const { table } = tableAt(t, tableId);
        const reply = await directTable(table, { act: 'callTime' });
        if (reply !== 'done' && reply.type === 'rejected')
          throw conflict(reply.code, `${reply.message} (${reply.rule})`);
        await record(prisma, id, user.userId, 'timeCalled', {
          table: table.id,
          game: table.gameId,
          reason,
          rule: 'Law 21.1',
        });
      }),

    async gameFinished(gameId) {
      const table = await prisma.tournamentTable.findUnique({
        where: { gameId },
        select: { stage: { select: { tournamentId: true } } },
      });
      if (!table) return;
      const id = table.stage.tournamentId;
      await serial(id, () => advance(id, null, null));
    },

    async roomLoaded(gameId) {
      const table = await prisma.tournamentTable.findUnique({
        where: { gameId },
        select: { status: true, stage: { select: { tournamentId: true } } },
      });
      if (table?.status !== 'playing') return;
      const id = table.stage.tournamentId;
      await serial(id, async () => {
        const t = await load(id);
        await restoreStandIns(t, gameId);
      });
    },

    async catchUp() {
      const running = await prisma.tournament.findMany({
        where: { status: 'running' },
        select: { id: true },
      });
      for (const { id } of running) {
        await serial(id, async () => {
          await advance(id, null, null);
          const t = await load(id);
          for (const stage of t.stages) if (stage.status === 'adjourned') await adjournGames(stage, true);
          await restoreStandIns(t);
        });
      }
    },
  };
}
