// Engine benchmark: complete random-legal games per second through decide/evolve (issue 5), and the cost of
// one decision and of replaying a log (what a room pays per intent and on restart).
import { performance } from 'node:perf_hooks';
import { replay } from '../../shared/engine/evolve';
import { playGame, simulate } from '../sim';

export interface EngineBench {
  readonly gamesPerSecond: number;
  readonly games: number;
  readonly intentsPerSecond: number;
  readonly replayEventsPerSecond: number;
}

export function benchEngine(games = 60, seed = 1000): EngineBench {
  simulate(5, 2, 6, seed - 100); // warm-up
  const summary = simulate(games, 2, 6, seed);

  let intents = 0;
  let events = 0;
  let decideMs = 0;
  let replayMs = 0;
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    const r = playGame({ players: 2 + (i % 5), seed: seed + 500 + i, keepEvents: true });
    decideMs += performance.now() - t0;
    intents += r.intents;
    const t1 = performance.now();
    replay(r.events);
    replayMs += performance.now() - t1;
    events += r.events.length;
  }
  return {
    gamesPerSecond: summary.gamesPerSecond,
    games: summary.games,
    intentsPerSecond: Math.round(intents / (decideMs / 1000)),
    replayEventsPerSecond: Math.round(events / (replayMs / 1000)),
  };
}
