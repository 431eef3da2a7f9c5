// Standings by the tie-break chain (WBC practice) and game records from the engine's events (19.3, 20.5, 21.1).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MarkerId } from '../../shared/data/types';
import type { GameEvent } from '../../shared/engine/events';
import {
  DEFAULT_PLACEMENT_POINTS,
  DEFAULT_TIE_BREAKS,
  drawRandom,
  gameRecord,
  type StandingsRules,
  standings,
  type TableResult,
} from '../../shared/tournament';
import { botGames } from '../engine/support/botGames';

const RULES: StandingsRules = {
  tieBreaks: DEFAULT_TIE_BREAKS,
  placementPoints: DEFAULT_PLACEMENT_POINTS,
  countedGames: null,
};

const table = (id: string, order: number, places: [string, number, number?, number?][]): TableResult => ({
  table: id,
  order,
  entrants: places.map(([entrant, place, titansKilled = 0, score = 0]) => ({
    entrant,
    place,
    titansKilled,
    score,
  })),
});

describe('standings', () => {
  it('ranks by firsts, then seconds; last place at a table is no place', () => {
    const rows = standings(
      ['a', 'b', 'c', 'd'],
      [
        table('t1', 1, [
          ['a', 1],
          ['b', 2],
          ['c', 3],
        ]),
        table('t2', 2, [
          ['d', 1],
          ['c', 2],
        ]),
      ],
      RULES,
      's',
      'stage 1',
    );
    // a and d: a win each; a's opponents hold a second (b), d's none.
    expect(rows.map((r) => r.entrant)).toEqual(['a', 'd', 'b', 'c']);
    const c = rows.find((r) => r.entrant === 'c');
    // c was last in both games: a third of three and a second of two never count.
    expect(c?.counts).toEqual([0, 0, 0, 0, 0, 0]);
    expect(rows.find((r) => r.entrant === 'b')?.placementPoints).toBe(100);
  });

  it('Titans killed, then the opponents’ counts break a tie in places', () => {
    const rows = standings(
      ['a', 'b', 'c', 'd', 'e', 'f'],
      [
        table('t1', 1, [
          ['a', 1, 1],
          ['c', 2],
        ]),
        table('t2', 1, [
          ['b', 1, 2],
          ['d', 2],
        ]),
        table('t3', 2, [
          ['e', 1, 1],
          ['f', 2],
        ]),
        table('t4', 2, [
          ['c', 1],
          ['f', 2],
        ]),
      ],
      RULES,
      's',
      'x',
    );
    const order = rows.map((r) => r.entrant);
    expect(order.indexOf('b')).toBeLessThan(order.indexOf('a')); // two Titans to one
    // a and e: one win, one Titan each; a beat c, who won a game later; e beat f, who won none.
    expect(order.indexOf('a')).toBeLessThan(order.indexOf('e'));
  });

  it('counts only the first N games when the stage limits them (open heats)', () => {
    const rows = standings(
      ['a', 'b'],
      [
        table('t1', 1, [
          ['a', 2],
          ['b', 1],
        ]),
        table('t2', 2, [
          ['a', 1],
          ['b', 2],
        ]),
      ],
      { ...RULES, countedGames: 1 },
      's',
      'heats',
    );
    expect(rows.map((r) => [r.entrant, r.games])).toEqual([
      ['b', 1],
      ['a', 1],
    ]);
  });

  it('the chain leaves no tie: every entrant a distinct rank, the same for the same seed', () => {
    const entrant = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g');
    const results = fc.array(
      fc.uniqueArray(entrant, { minLength: 2, maxLength: 6 }).chain((seated) =>
        fc
          .tuple(
            fc.shuffledSubarray(
              seated.map((_, i) => i + 1),
              { minLength: seated.length },
            ),
            fc.nat(3),
          )
          .map(([places, kills]) =>
            table(
              seated.join(''),
              kills,
              seated.map((e, i) => [e, places[i] ?? 1, i === 0 ? kills : 0, 10 * i]),
            ),
          ),
      ),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(results, fc.string(), fc.subarray([...DEFAULT_TIE_BREAKS]), (tables, seed, chain) => {
        const entrants = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
        const rules = { ...RULES, tieBreaks: chain };
        const rows = standings(entrants, tables, rules, seed, 'p');
        expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
        expect(new Set(rows.map((r) => r.entrant)).size).toBe(7);
        expect(standings(entrants, tables, rules, seed, 'p')).toEqual(rows);
      }),
    );
  });
});

const m = (id: string) => id as MarkerId;

describe('game records', () => {
  it('errata 19.3: a mutual Titan kill credits both; places by elimination order, the pair by roll-off', () => {
    const events: GameEvent[] = [
      {
        type: 'legionEliminated',
        legion: m('Bk01'),
        owner: 'p3',
        characters: ['Titan'],
        reason: 'titanSlain',
      },
      { type: 'playerEliminated', player: 'p3', by: 'p1' },
      {
        type: 'legionEliminated',
        legion: m('Rd01'),
        owner: 'p1',
        characters: ['Titan'],
        reason: 'titanSlain',
      },
      {
        type: 'legionEliminated',
        legion: m('Gr01'),
        owner: 'p2',
        characters: ['Titan'],
        reason: 'titanSlain',
      },
      { type: 'playerEliminated', player: 'p1', by: null },
      { type: 'playerEliminated', player: 'p2', by: null },
      {
        type: 'gameOver',
        result: { winner: null, reason: 'noTitans', totals: { p1: 50, p2: 40, p3: 10 } },
        revealed: [],
      },
    ];
    const record = gameRecord(['p1', 'p2', 'p3'], events, drawRandom('s', 'g'));
    expect(record?.seats.find((s) => s.seat === 'p1')?.titansKilled).toBe(2);
    expect(record?.seats.find((s) => s.seat === 'p2')?.titansKilled).toBe(1);
    expect(record?.seats.find((s) => s.seat === 'p3')?.place).toBe(3);
    expect(
      record?.seats
        .filter((s) => s.seat !== 'p3')
        .map((s) => s.place)
        .sort(),
    ).toEqual([1, 2]);
  });

  it('21.1/20.5: a game cut off by time ranks the players still in by their totals', () => {
    const events: GameEvent[] = [
      {
        type: 'legionEliminated',
        legion: m('Bk01'),
        owner: 'p3',
        characters: ['Titan'],
        reason: 'withdrawal',
      },
      { type: 'playerEliminated', player: 'p3', by: null },
      {
        type: 'gameOver',
        result: { winner: 'p2', reason: 'timeLimit', totals: { p1: 300, p2: 420, p3: 0 } },
        revealed: [],
      },
    ];
    const record = gameRecord(['p1', 'p2', 'p3'], events, drawRandom('s', 'g'));
    expect(record?.reason).toBe('timeLimit');
    expect(record?.seats.map((s) => [s.seat, s.place, s.titansKilled, s.total])).toEqual([
      ['p1', 2, 0, 300],
      ['p2', 1, 0, 420],
      ['p3', 3, 0, 0],
    ]);
  });

  it('no record before the game is over', () => {
    expect(gameRecord(['p1', 'p2'], [], drawRandom('s', 'g'))).toBeNull();
  });

  it('complete bot games: the winner is first, places are 1..n, and kills match the eliminations', () => {
    for (const game of botGames(300, 1_000)) {
      const seats = game.state.players.map((p) => p.id);
      const record = gameRecord(seats, game.events, drawRandom('s', String(game.seed)));
      expect(record).not.toBeNull();
      expect(record?.seats.map((s) => s.place).sort()).toEqual(seats.map((_, i) => i + 1));
      const winner = game.state.result?.winner;
      if (winner) expect(record?.seats.find((s) => s.seat === winner)?.place).toBe(1);
      const kills = record?.seats.reduce((sum, s) => sum + s.titansKilled, 0) ?? 0;
      const slain = game.events.filter((e) => e.type === 'playerEliminated' && e.by !== null).length;
      expect(kills).toBeGreaterThanOrEqual(slain);
    }
  });
});
