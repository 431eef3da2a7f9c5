// A finished table's record for the standings, read from the game's own events: each seat's place, the Titans
// it killed and its total. Places: the winner first; at a game cut off by time (21.1) or stopped (20.5) the
// players still in by their totals (score plus the value of their legions on the masterboard); then the
// eliminated players, the later out the better. Players out together (a mutual elimination, errata 19.3)
// or level on totals are separated by a roll-off drawn from the tournament's seed (WBC practice). Pure.
import type { GameEvent } from '../engine/events';
import type { GameResult, PlayerId } from '../engine/types';
import { shuffled } from './random';

export interface SeatRecord {
  readonly seat: PlayerId;
  /** 1 = first; every seat has its own place. */
  readonly place: number;
  /** Titans this seat's legions slew; a mutual elimination credits both (WBC practice). */
  readonly titansKilled: number;
  /** The game's total for the seat: the score, plus the legions' value when time was called or the game
   *  was stopped (21.1, 20.5). */
  readonly total: number;
}

export interface GameRecord {
  readonly reason: GameResult['reason'];
  readonly seats: readonly SeatRecord[];
}

/** The record of a finished game from its complete event log (in order), or null while it is not over. */
export function gameRecord(
  seats: readonly PlayerId[],
  events: readonly GameEvent[],
  random: () => number,
): GameRecord | null {
  const kills = new Map<PlayerId, number>(seats.map((s) => [s, 0]));
  const slainTitans = new Set<PlayerId>();
  const slayerOf = new Map<PlayerId, PlayerId | null>();
  /** Groups of players eliminated together, in order. */
  const outGroups: PlayerId[][] = [];
  let previous: GameEvent['type'] | null = null;
  let result: GameResult | null = null;
  for (const event of events) {
    if (event.type === 'legionEliminated' && event.reason === 'titanSlain') slainTitans.add(event.owner);
    if (event.type === 'playerEliminated') {
      if (previous === 'playerEliminated') outGroups[outGroups.length - 1]?.push(event.player);
      else outGroups.push([event.player]);
      slayerOf.set(event.player, event.by);
      if (event.by !== null) kills.set(event.by, (kills.get(event.by) ?? 0) + 1);
    }
    if (event.type === 'gameOver') result = event.result;
    previous = event.type;
  }
  if (result === null) return null;
  // Errata 19.3: two Titans slain in one battle leave nobody the slayer; each is credited with the kill.
  for (const group of outGroups) {
    const mutual = group.filter((p) => slainTitans.has(p) && slayerOf.get(p) === null);
    if (mutual.length === 2) for (const p of mutual) kills.set(p, (kills.get(p) ?? 0) + 1);
  }
  const totals = result.totals;
  const out = new Set(outGroups.flat());
  const standing = seats.filter((s) => !out.has(s));
  // Still in at the end: the winner first, then by totals (21.1, 20.5), level totals by roll-off.
  const byTotals = shuffled(standing, random).sort((a, b) => {
    if (a === result?.winner) return -1;
    if (b === result?.winner) return 1;
    return (totals[b] ?? 0) - (totals[a] ?? 0);
  });
  const order = [...byTotals, ...[...outGroups].reverse().flatMap((group) => shuffled(group, random))];
  return {
    reason: result.reason,
    seats: seats.map((seat) => ({
      seat,
      place: order.indexOf(seat) + 1,
      titansKilled: kills.get(seat) ?? 0,
      total: totals[seat] ?? 0,
    })),
  };
}
