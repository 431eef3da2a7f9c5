// Tournaments over REST (routes in rest.ts): the director's settings, the stages, and what the tournament
// page shows (entrants, stages, tables with their games, standings, the log). Built the way Titan
// tournaments are run (../shared/notes/tournaments.md): heats with a cut, Swiss rounds, seeded brackets.
import { z } from 'zod';
import { DEFAULT_PLACEMENT_POINTS, DEFAULT_TIE_BREAKS, TIE_BREAKS } from '../tournament/standings';
import { timeControlSchema } from './messages';

/** Table sizes 2–6, most preferred first (WBC heats: 4 and 3 before 5). */
const tableSizesSchema = z.array(z.number().int().min(2).max(6)).min(1).max(5);

const played = {
  /** The stage's time control, each table's game's `options.timeControl` (POST /api/games). */
  timeControl: timeControlSchema.optional(),
  /** Each next round starts as soon as the last one is over; false: the director starts each round. */
  autoAdvance: z.boolean().default(true),
};

export const stageSettingsSchema = z.discriminatedUnion('kind', [
  /** Open heats (WBC): random tables with the top-ranked kept apart; only the first `countedGames` count. */
  z.object({
    kind: z.literal('heats'),
    heats: z.number().int().min(1).max(100),
    tableSizes: tableSizesSchema.default([4, 3, 5]),
    countedGames: z.number().int().min(1).nullable().default(null),
    /** 'all': every entrant plays every heat; 'optIn': entrants enter the heats they want. */
    entry: z.enum(['all', 'optIn']).default('all'),
    ...played,
  }),
  /** Swiss-style rounds: the first seated randomly with the seeds apart, then by standings. */
  z.object({
    kind: z.literal('swiss'),
    rounds: z.number().int().min(1).max(30),
    tableSizes: tableSizesSchema.default([4, 3, 5]),
    ...played,
  }),
  /** Single elimination: each table's winner goes on until one is left. Two players: a seeded bracket
   *  (top seeds meet last); more: tables with the top seeds kept apart. Byes go to the top seeds. */
  z.object({
    kind: z.literal('bracket'),
    tableSize: z.number().int().min(2).max(6).default(2),
    ...played,
  }),
  /** A cut: the best `advance` of the previous stage go on. */
  z.object({ kind: z.literal('cut'), advance: z.number().int().min(1) }),
]);
export type StageSettings = z.output<typeof stageSettingsSchema>;

export const tieBreakSchema = z.enum(TIE_BREAKS);

export const createTournamentBody = z.object({
  name: z.string().trim().min(1).max(80),
  /** The tables' game options as POST /api/games takes them (variant, house rules). */
  gameOptions: z.record(z.string(), z.unknown()).default({}),
  stages: z.array(stageSettingsSchema).min(1).max(10),
  inviteOnly: z.boolean().default(false),
  registrationOpensAt: z.iso.datetime().nullable().default(null),
  registrationClosesAt: z.iso.datetime().nullable().default(null),
  /** Passed to every table's game: spectators see its events this many seconds late. */
  broadcastDelaySeconds: z.number().int().min(0).max(86_400).default(0),
  /** A table short of entrants is filled with bots instead of giving byes. */
  botsFill: z.boolean().default(false),
  tieBreaks: z
    .array(tieBreakSchema)
    .min(1)
    .default([...DEFAULT_TIE_BREAKS]),
  /** Placement points for 1st..6th (last place at a table earns none). */
  placementPoints: z
    .array(z.number().int().min(0))
    .length(6)
    .default([...DEFAULT_PLACEMENT_POINTS]),
  /** The published seed; drawn at random when not given. */
  seed: z.string().min(1).max(64).optional(),
});
export type CreateTournament = z.output<typeof createTournamentBody>;

export const tournamentStatusSchema = z.enum(['registration', 'running', 'finished']);

export const tournamentSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: tournamentStatusSchema,
  director: z.object({ id: z.uuid(), name: z.string() }),
  /** Every seating, bye, bracket draw and roll is drawn from it (shared/tournament). */
  seed: z.string(),
  inviteOnly: z.boolean(),
  /** Shown to the director and the entrants only. */
  inviteCode: z.string().nullable(),
  entrantCount: z.number().int(),
  stageKinds: z.array(z.enum(['heats', 'swiss', 'bracket', 'cut'])),
  registrationOpensAt: z.iso.datetime().nullable(),
  registrationClosesAt: z.iso.datetime().nullable(),
  youDirect: z.boolean(),
  youAreEntered: z.boolean(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type TournamentSummary = z.infer<typeof tournamentSummarySchema>;

const placeCountsSchema = z.array(z.number().int()).length(6);

export const standingRowSchema = z.object({
  rank: z.number().int(),
  entrant: z.uuid(),
  name: z.string(),
  games: z.number().int(),
  /** Firsts, seconds, thirds, fourths, fifths (never last place at a table), Titans killed. */
  counts: placeCountsSchema,
  opponents: placeCountsSchema,
  placementPoints: z.number().int(),
  score: z.number().int(),
  /** The seeded roll (1 = best), the last tie-break. */
  roll: z.number().int(),
});

export const tableResultSchema = z.object({
  /** The game's ending (lastTitan, noTitans, timeLimit 21.1, stopped 20.5), forfeit or correction. */
  reason: z.string(),
  source: z.enum(['game', 'forfeit', 'correction']),
  seats: z.array(
    z.object({
      entrant: z.uuid(),
      place: z.number().int().min(1).max(6),
      titansKilled: z.number().int().min(0),
      score: z.number().int(),
    }),
  ),
});
export type TableResultDto = z.infer<typeof tableResultSchema>;

export const tournamentTableSchema = z.object({
  id: z.uuid(),
  round: z.number().int(),
  number: z.number().int(),
  /** The game to watch (null for a bye). */
  game: z.uuid().nullable(),
  /** The game's invite code when the tournament is invite-only (to watch it). */
  invite: z.string().nullable(),
  entrants: z.array(z.object({ entrant: z.uuid(), name: z.string() })),
  /** Bots filling the table (not entrants). */
  bots: z.number().int(),
  status: z.enum(['playing', 'finished', 'bye']),
  result: tableResultSchema.nullable(),
});

export const tournamentStageSchema = z.object({
  index: z.number().int(),
  settings: stageSettingsSchema,
  status: z.enum(['pending', 'running', 'adjourned', 'finished']),
  round: z.number().int(),
  tables: z.array(tournamentTableSchema),
  standings: z.array(standingRowSchema),
  /** The entrants who go on to the next stage (known once the stage is over). */
  advancing: z.array(z.uuid()),
});

export const tournamentEntrantSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(['user', 'bot']),
  userId: z.uuid().nullable(),
  seed: z.number().int().nullable(),
  status: z.enum(['active', 'removed']),
});

export const tournamentLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  actor: z.uuid().nullable(),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()),
});

export const tournamentDetailSchema = tournamentSummarySchema.extend({
  settings: createTournamentBody.omit({ seed: true }),
  entrants: z.array(tournamentEntrantSchema),
  stages: z.array(tournamentStageSchema),
  /** The tournament's standings: those in the latest stage first, then those out earlier. */
  standings: z.array(z.object({ rank: z.number().int(), entrant: z.uuid(), name: z.string() })),
  log: z.array(tournamentLogEntrySchema),
});
export type TournamentDetail = z.infer<typeof tournamentDetailSchema>;

export const tournamentParams = z.object({ tournament: z.uuid() });
export const stageParams = z.object({ tournament: z.uuid(), stage: z.coerce.number().int().min(0) });
export const heatParams = stageParams.extend({ round: z.coerce.number().int().min(1) });
export const tableParams = z.object({ tournament: z.uuid(), table: z.uuid() });
export const entrantParams = z.object({ tournament: z.uuid(), entrant: z.uuid() });

export const tournamentListQuery = z.object({
  status: z.enum(['registration', 'running', 'finished', 'all']).default('all'),
});
export const tournamentListSchema = z.object({ tournaments: z.array(tournamentSummarySchema) });
export const registerTournamentBody = z.object({ inviteCode: z.string().max(64).optional() });
export const addBotEntrantBody = z.object({ name: z.string().trim().min(1).max(40).optional() });
export const seedEntrantBody = z.object({ seed: z.number().int().min(1).nullable() });
export const reasonBody = z.object({ reason: z.string().trim().min(1).max(500) });
export const forfeitBody = reasonBody.extend({
  /** The entrant awarded the table; everyone else at it is placed last. */
  winner: z.uuid(),
});
export const correctResultBody = reasonBody.extend({
  seats: z
    .array(
      z.object({
        entrant: z.uuid(),
        place: z.number().int().min(1).max(6),
        titansKilled: z.number().int().min(0).default(0),
        score: z.number().int().default(0),
      }),
    )
    .min(1),
});
export const replaceEntrantBody = reasonBody.extend({ entrant: z.uuid() });
