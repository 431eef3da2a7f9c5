// A stage's standings by the director's chain of tie-breaks (WBC practice): firsts, then seconds, thirds,
// fourths, fifths (last place at a table never counts as a place), Titans killed (a mutual elimination
// credits both), the same counts summed over one's opponents, placement points (e.g. 1,000/100/10/1), total
// score, and a roll drawn from the tournament's seed, which is always the last word so no tie remains. Pure.
import { drawRandom, shuffled } from './random';

export const TIE_BREAKS = [
  'wins',
  'seconds',
  'thirds',
  'fourths',
  'fifths',
  'titansKilled',
  'opponents',
  'placementPoints',
  'score',
  'roll',
] as const;
export type TieBreak = (typeof TIE_BREAKS)[number];

export const DEFAULT_TIE_BREAKS: readonly TieBreak[] = TIE_BREAKS;
/** Points for 1st..6th (WBC: 1,000/100/10/1); last place at a table earns none. */
export const DEFAULT_PLACEMENT_POINTS: readonly number[] = [1000, 100, 10, 1, 0, 0];

export interface StandingsRules {
  readonly tieBreaks: readonly TieBreak[];
  readonly placementPoints: readonly number[];
  /** Only each entrant's first N games count (open heats); null: all. */
  readonly countedGames: number | null;
}

/** One finished table: who sat there and how each did. `order` sorts the tables (which games come first). */
export interface TableResult {
  readonly table: string;
  readonly order: number;
  /** Players in the game, bots filling the table included (default: the entrants). */
  readonly players?: number;
  readonly entrants: readonly {
    readonly entrant: string;
    readonly place: number;
    readonly titansKilled: number;
    readonly score: number;
  }[];
}

/** Firsts..fifths that count (never last place at a table), then Titans killed. */
export type PlaceCounts = readonly [number, number, number, number, number, number];

export interface StandingRow {
  readonly rank: number;
  readonly entrant: string;
  readonly games: number;
  /** Firsts, seconds, thirds, fourths, fifths, Titans killed. */
  readonly counts: PlaceCounts;
  /** The same counts summed over the opponents met in counted games (each meeting once). */
  readonly opponents: PlaceCounts;
  readonly placementPoints: number;
  readonly score: number;
  /** 1 = the best roll; distinct for every entrant. */
  readonly roll: number;
}

interface Line {
  readonly place: number;
  readonly players: number;
  readonly titansKilled: number;
  readonly score: number;
  readonly opponents: readonly string[];
}

/** The standings of `entrants` from the finished tables: every entrant a distinct rank. */
export function standings(
  entrants: readonly string[],
  tables: readonly TableResult[],
  rules: StandingsRules,
  seed: string,
  purpose: string,
): StandingRow[] {
  const lines = new Map<string, Line[]>(entrants.map((e) => [e, []]));
  for (const table of [...tables].sort((a, b) => a.order - b.order || (a.table < b.table ? -1 : 1))) {
    for (const seat of table.entrants) {
      const own = lines.get(seat.entrant);
      if (!own || (rules.countedGames !== null && own.length >= rules.countedGames)) continue;
      own.push({
        place: seat.place,
        players: table.players ?? table.entrants.length,
        titansKilled: seat.titansKilled,
        score: seat.score,
        opponents: table.entrants.map((s) => s.entrant).filter((e) => e !== seat.entrant),
      });
    }
  }
  const countsOf = new Map<string, PlaceCounts>();
  for (const [entrant, own] of lines) {
    const c = [0, 0, 0, 0, 0, 0];
    for (const line of own) {
      // Last place at a table never counts as a place.
      if (line.place < line.players && line.place <= 5) c[line.place - 1]! += 1;
      c[5]! += line.titansKilled;
    }
    countsOf.set(entrant, c as unknown as PlaceCounts);
  }
  const rolls = new Map(
    shuffled([...entrants].sort(), drawRandom(seed, `roll ${purpose}`)).map((e, i) => [e, i + 1]),
  );
  const rows = entrants.map((entrant) => {
    const own = lines.get(entrant) ?? [];
    const opponents = [0, 0, 0, 0, 0, 0];
    for (const line of own) {
      for (const o of line.opponents) {
        (countsOf.get(o) ?? []).forEach((n, i) => {
          opponents[i]! += n;
        });
      }
    }
    return {
      rank: 0,
      entrant,
      games: own.length,
      counts: countsOf.get(entrant) ?? [0, 0, 0, 0, 0, 0],
      opponents: opponents as unknown as PlaceCounts,
      placementPoints: own.reduce(
        (sum, l) => sum + (l.place < l.players ? (rules.placementPoints[l.place - 1] ?? 0) : 0),
        0,
      ),
      score: own.reduce((sum, l) => sum + l.score, 0),
      roll: rolls.get(entrant) ?? 0,
    } satisfies StandingRow;
  });
  const chain: TieBreak[] = [...rules.tieBreaks.filter((t) => t !== 'roll'), 'roll'];
  rows.sort((a, b) => {
    for (const key of chain) {
      const d = compareBy(key, a, b);
      if (d !== 0) return d;
    }
    return 0;
  });
  return rows.map((row, i) => ({ ...row, rank: i + 1 }));
}

/** Negative when `a` ranks above `b` by this tie-break. */
function compareBy(key: TieBreak, a: StandingRow, b: StandingRow): number {
  switch (key) {
    case 'wins':
      return b.counts[0] - a.counts[0];
    case 'seconds':
      return b.counts[1] - a.counts[1];
    case 'thirds':
      return b.counts[2] - a.counts[2];
    case 'fourths':
      return b.counts[3] - a.counts[3];
    case 'fifths':
      return b.counts[4] - a.counts[4];
    case 'titansKilled':
      return b.counts[5] - a.counts[5];
    case 'opponents': {
      const i = a.opponents.findIndex((n, k) => n !== b.opponents[k]);
      return i < 0 ? 0 : (b.opponents[i] ?? 0) - (a.opponents[i] ?? 0);
    }
    case 'placementPoints':
      return b.placementPoints - a.placementPoints;
    case 'score':
      return b.score - a.score;
    case 'roll':
      return a.roll - b.roll;
  }
}
