// Seeded games of random-legal bots driven through `decide` (engagements and battles included), for the
// property tests: the logs, and a sample of the states met on the way.
import { botIntent } from '../../../shared/bot/index';
import { decide } from '../../../shared/engine/decide';
import type { GameEvent } from '../../../shared/engine/events';
import { evolve } from '../../../shared/engine/evolve';
import type { Intent } from '../../../shared/engine/intents';
import { checkInvariants } from '../../../shared/engine/invariants';
import { pending } from '../../../shared/engine/pending';
import { seededDice, seededRandom } from '../../../shared/engine/random';
import { createGame } from '../../../shared/engine/setup';
import type { GameOptions, GameState } from '../../../shared/engine/types';
import { NAMES, playerIds } from './game';

export interface BotGame {
  readonly seed: number;
  readonly events: GameEvent[];
  readonly state: GameState;
  /** Every `sampleEvery`-th state before a decision, with the intent the bot then chose. */
  readonly samples: {
    readonly state: GameState;
    readonly actor: string;
    readonly intent: Intent;
    /** How many events of the log built this state. */
    readonly at: number;
  }[];
}

/** Bot games (2 to 6 players in turn) until `turns` player-turns have started over all of them; `choose` is
 *  the bot (shared/bot); `options` the game's (a variant, say). */
export function botGames(
  turns: number,
  sampleEvery = 7,
  maxDecisions = 50_000,
  choose: (state: GameState, player: string, random: () => number) => Intent | null = (
    state,
    player,
    random,
  ) => botIntent(state, player, 'random', random),
  options?: Partial<GameOptions>,
): BotGame[] {
  const games: BotGame[] = [];
  let started = 0;
  for (let seed = 1; started < turns; seed++) {
    const n = 2 + ((seed - 1) % 5);
    const created = createGame({
      players: playerIds(n).map((id, i) => ({ id, name: NAMES[i] ?? id })),
      ...(options === undefined ? {} : { options }),
    });
    let state = created.state;
    const events: GameEvent[] = [...created.events];
    const samples: BotGame['samples'][number][] = [];
    const dice = seededDice(seed * 7919);
    const random = seededRandom(seed);
    for (let k = 0; state.result === null; k++) {
      if (k >= maxDecisions) throw new Error(`bot game ${seed} did not end in ${maxDecisions} decisions`);
      const actor = pending(state).actor;
      if (actor === null) throw new Error(`nobody to act at ${JSON.stringify(state.step)}`);
      const intent = choose(state, actor, random);
      if (intent === null) throw new Error(`${actor} has no legal intent at ${JSON.stringify(state.step)}`);
      if (k % sampleEvery === 0) samples.push({ state, actor, intent, at: events.length });
      const decision = decide(state, actor, intent, dice);
      if ('rejected' in decision) {
        throw new Error(
          `game ${seed}: the listed intent ${JSON.stringify(intent)} was rejected: ${JSON.stringify(decision.rejected)}`,
        );
      }
      for (const e of decision.events) {
        state = evolve(state, e);
        events.push(e);
        if (e.type === 'turnStarted') started++;
      }
      const problems = [...checkInvariants(state), ...markerProblems(state)];
      if (problems.length > 0) throw new Error(`game ${seed} after ${intent.type}: ${problems.join('; ')}`);
    }
    games.push({ seed, events, state, samples });
  }
  return games;
}

/** 4.2, 4.4, 4.6: every marker is either under one legion or available to at most one player, never both. */
export function markerProblems(state: GameState): string[] {
  const problems: string[] = [];
  const inPlay = new Set(Object.keys(state.legions));
  const seen = new Map<string, string>();
  for (const p of state.players) {
    for (const m of p.markersAvailable) {
      if (inPlay.has(m)) problems.push(`${m} is both in play and available to ${p.id}`);
      const other = seen.get(m);
      if (other !== undefined) problems.push(`${m} is available to ${other} and ${p.id}`);
      seen.set(m, p.id);
    }
  }
  for (const [key, l] of Object.entries(state.legions)) {
    if (key !== l.id) problems.push(`legion ${l.id} is filed under ${key}`);
    const owner = state.players.find((p) => p.id === l.owner);
    if (owner === undefined || owner.eliminated) problems.push(`${l.id} belongs to no player in the game`);
  }
  return problems;
}
