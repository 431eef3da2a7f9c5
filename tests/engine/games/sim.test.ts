// The simulation command (issue 5): `npm run sim -- --games N --players 2-6 --seed S` prints, as its last line, a
// JSON summary with (at least) the keys games, completed, errors, gamesPerSecond, turns, battles, engagements and
// winners, and exits non-zero when a game fails.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { checkTransition } from '../../../shared/engine/invariants';
import { createGame } from '../../../shared/engine/setup';

function sim(...args: string[]): { status: number | null; lines: string[] } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'tools/sim.ts', ...args], { encoding: 'utf8' });
  return { status: run.status, lines: run.stdout.trim().split('\n') };
}

const KEYS = [
  'games',
  'completed',
  'errors',
  'gamesPerSecond',
  'turns',
  'battles',
  'engagements',
  'winners',
] as const;

describe('npm run sim (Complete Sequence 2–3, errata 19.0, 21.1)', () => {
  it('Complete Sequence 2–3, errata 19.0: complete games of mixed sizes, then the JSON summary as the last line; exit code 0', () => {
    const { status, lines } = sim('--games', '4', '--players', '2-6', '--seed', '11', '--check');
    expect(status).toBe(0);
    const summary = JSON.parse(lines.at(-1) ?? '') as Record<string, unknown>;
    for (const key of KEYS) expect(summary).toHaveProperty(key);
    expect(summary).toMatchObject({ games: 4, completed: 4, errors: 0 });
    expect(typeof summary.gamesPerSecond).toBe('number');
    expect(summary.turns).toBeGreaterThan(0);
    const winners = Object.values(summary.winners as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(winners).toBe(4);
  });

  it('issue 5: a failed game (here: no end within 50 intents) is reported and the exit code is non-zero', () => {
    const { status, lines } = sim('--games', '2', '--players', '2', '--seed', '3', '--max-intents', '50');
    expect(status).not.toBe(0);
    const summary = JSON.parse(lines.at(-1) ?? '') as Record<string, unknown>;
    expect(summary).toMatchObject({ games: 2, completed: 0, errors: 2 });
    expect(lines.slice(0, -1).every((l) => l.includes('no end after 50 intents'))).toBe(true);
  });

  it('issue 5: bad arguments are refused with a non-zero exit code', () => {
    expect(sim('--games', '1', '--players', '1-7').status).not.toBe(0);
  });
});

describe('16.0, 17.0, 19.4: scores only grow', () => {
  it('checkTransition reports a score that fell, and nothing when scores stay or grow', () => {
    const { state } = createGame({
      players: [
        { id: 'p1', name: 'A' },
        { id: 'p2', name: 'B' },
      ],
    });
    const scored = { ...state, players: state.players.map((p) => ({ ...p, score: p.id === 'p1' ? 40 : 0 })) };
    expect(checkTransition(state, scored)).toEqual([]);
    expect(checkTransition(scored, state)).toEqual(["p1's score fell from 40 to 0"]);
  });

  it('CE 51 B1: in Cosmic Encounter Titan points moved from one score to another (a tax) are no fall', () => {
    const { state } = createGame({
      players: [
        { id: 'p1', name: 'A' },
        { id: 'p2', name: 'B' },
      ],
    });
    const ce = {
      drawn: [],
      bids: {},
      revealed: true,
      powers: { p1: 51, p2: 10 },
      startScores: {},
      memory: {},
    };
    const scores = (a: number, b: number) => ({
      ...state,
      ce,
      players: state.players.map((p) => ({ ...p, score: p.id === 'p1' ? a : b })),
    });
    expect(checkTransition(scores(40, 0), scores(30, 10))).toEqual([]);
    expect(checkTransition(scores(40, 0), scores(30, 0))).toEqual(["p1's score fell from 40 to 30"]);
  });
});
