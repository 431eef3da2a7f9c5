// The bots of shared/bot (issue 15): every level plays whole games of legal intents, deterministically given
// its seed; the sim seats named levels in rotation and reports wins and decision times per level.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, botIntent } from '../../shared/bot/index';
import { decide, evolve, pending, seededDice } from '../../shared/engine/index';
import { createGame } from '../../shared/engine/setup';
import type { GameState } from '../../shared/engine/types';
import { playGame, seatsFor } from '../../tools/sim';

/** A state some way into a seeded game of random bots (a battle or a muster phase, whichever comes first). */
function midGame(seed: number, until: (s: GameState) => boolean): GameState {
  let state = createGame({
    players: [
      { id: 'p1', name: 'A' },
      { id: 'p2', name: 'B' },
    ],
  }).state;
  const dice = seededDice(seed);
  for (let k = 0; k < 20_000 && !until(state); k++) {
    const actor = pending(state).actor;
    if (actor === null) break;
    const intent = botIntent(state, actor, 'random', seed * 1000 + k);
    if (intent === null) break;
    const d = decide(state, actor, intent, dice);
    if ('rejected' in d) throw new Error(d.rejected.message);
    for (const e of d.events) state = evolve(state, e);
  }
  return state;
}

describe('bot levels (errata 1.3/1.4)', () => {
  it('errata 1.3/1.4: a game of normal against strong bots ends with every choice accepted and the invariants kept', () => {
    const r = playGame({ players: 2, seed: 7, bots: ['normal', 'strong'], check: true, turnLimit: 60 });
    expect(r.error).toBeNull();
    expect(r.completed).toBe(true);
  });

  it('each level chooses the same intent from the same state and seed', () => {
    const state = midGame(3, (s) => s.battle !== null);
    const actor = pending(state).actor as string;
    for (const level of BOT_LEVELS) {
      // A budget no decision reaches: the work bound alone ends the search (GreedyOptions.work).
      const a = botIntent(state, actor, level, 42, 600_000);
      expect(a).not.toBeNull();
      expect(botIntent(state, actor, level, 42, 600_000)).toEqual(a);
    }
  });

  it('the sim rotates the seat order of the named levels across games', () => {
    expect(seatsFor(['strong', 'random'], 2, 0)).toEqual(['strong', 'random']);
    expect(seatsFor(['strong', 'random'], 2, 1)).toEqual(['random', 'strong']);
    expect(seatsFor(['strong', 'random'], 4, 1)).toEqual(['random', 'strong', 'random', 'strong']);
    expect(seatsFor(['strong', 'random', 'random', 'random'], 4, 2)).toEqual([
      'random',
      'random',
      'strong',
      'random',
    ]);
  });

  it('npm run sim --bots adds winsByBot, decisionMs and decisionCpuMs per level to the summary', () => {
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'tools/sim.ts',
        '--games',
        '2',
        '--players',
        '2',
        '--seed',
        '5',
        '--bots',
        'normal,random',
      ],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    const summary = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '') as {
      games: number;
      winsByBot: Record<string, number>;
      decisionMs: Record<string, { p50: number; p99: number }>;
      decisionCpuMs: Record<string, { p50: number; p99: number }>;
    };
    expect(Object.values(summary.winsByBot).reduce((a, b) => a + b, 0)).toBe(2);
    for (const level of ['normal', 'random']) {
      expect(summary.decisionMs[level]?.p50).toBeGreaterThanOrEqual(0);
      expect(summary.decisionMs[level]?.p99).toBeGreaterThanOrEqual(summary.decisionMs[level]?.p50 ?? 0);
      expect(summary.decisionCpuMs[level]?.p99).toBeGreaterThanOrEqual(
        summary.decisionCpuMs[level]?.p50 ?? 0,
      );
    }
  });
});
