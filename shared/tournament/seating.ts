// Seating a round by the stage's rule, reproducible from the tournament's published seed: random with the
// top-ranked kept apart (heats, a first Swiss round, multi-player elimination), by standings (Swiss rounds),
// or by a seeded bracket (two-player single elimination, top seeds meeting last). Pure.
import { shuffled } from './random';

/** Entrant ids, one array per table, in seat order. */
export type Seating = string[][];

/**
 * Random seating with the top-ranked kept apart (WBC heats): the entrants, best first, are dealt in pots of
 * as many as there are tables, each pot shuffled and spread over distinct tables, so no two of the top
 * `sizes.length` ever share a table. Seat order at each table is shuffled too (the tower roll decides play).
 */
export function seatKeepApart(
  ranked: readonly string[],
  sizes: readonly number[],
  random: () => number,
): Seating {
  const seats = sizes.reduce((a, b) => a + b, 0);
  if (seats !== ranked.length) throw new Error(`${ranked.length} entrants for ${seats} seats`);
  const tables: string[][] = sizes.map(() => []);
  // Each pot is as large as the tables that still have room, so the first pot puts the top-ranked one at
  // each table; the seats add up to the entrants, so the last pot fills the last seats exactly.
  for (let from = 0; from < ranked.length; ) {
    const open = shuffled(
      tables.map((_, i) => i).filter((i) => (tables[i] as string[]).length < (sizes[i] as number)),
      random,
    );
    const pot = shuffled(ranked.slice(from, from + open.length), random);
    for (const [k, entrant] of pot.entries()) tables[open[k] as number]?.push(entrant);
    from += pot.length;
  }
  return tables.map((t) => shuffled(t, random));
}

/**
 * Swiss-style seating by standings: the first table takes the leader and the entrants ranked next to him
 * he has met least, and so on down the standings (a rematch only when every candidate is one).
 */
export function seatByStandings(
  ranked: readonly string[],
  sizes: readonly number[],
  met: (a: string, b: string) => number,
): Seating {
  const seats = sizes.reduce((a, b) => a + b, 0);
  if (seats !== ranked.length) throw new Error(`${ranked.length} entrants for ${seats} seats`);
  const left = [...ranked];
  return sizes.map((size) => {
    const table = [left.shift() as string];
    while (table.length < size) {
      let best = 0;
      let bestMeetings = Number.POSITIVE_INFINITY;
      // The next ranked candidates only: a table stays among near neighbours in the standings.
      const window = Math.min(left.length, size * 2);
      for (let i = 0; i < window; i++) {
        const meetings = table.reduce((sum, seated) => sum + met(seated, left[i] as string), 0);
        if (meetings < bestMeetings) {
          best = i;
          bestMeetings = meetings;
        }
      }
      table.push(left.splice(best, 1)[0] as string);
    }
    return table;
  });
}

/** The standard seeded bracket of `size` (a power of two): the seed (1-based) in each slot, so that seeds 1
 *  and 2 can meet only in the final, the top four only in the semifinals, and so on. */
export function bracketSlots(size: number): number[] {
  if (size < 1 || (size & (size - 1)) !== 0) throw new Error('a bracket has a power-of-two size');
  let slots = [1];
  while (slots.length < size) {
    const n = slots.length * 2;
    slots = slots.flatMap((s) => [s, n + 1 - s]);
  }
  return slots;
}

/**
 * The first round of a two-player single-elimination bracket: the seeded entrants (best first) in bracket
 * order, paired slot by slot. An entrant without an opponent (the bracket is not full) has a bye: a table
 * of one. Table i's winner meets table i+1's (i even) in the next round.
 */
export function seatBracket(seeded: readonly string[]): Seating {
  let size = 1;
  while (size < seeded.length) size *= 2;
  const slots = bracketSlots(Math.max(2, size)).map((seed) => seeded[seed - 1]);
  const tables: Seating = [];
  for (let i = 0; i < slots.length; i += 2) {
    tables.push([slots[i], slots[i + 1]].filter((e): e is string => e !== undefined));
  }
  return tables;
}

/** The next bracket round: the winners of tables 2k and 2k+1 meet (a lone winner has a bye). */
export function nextBracketRound(winners: readonly string[]): Seating {
  const tables: Seating = [];
  for (let i = 0; i < winners.length; i += 2) tables.push(winners.slice(i, i + 2));
  return tables;
}
