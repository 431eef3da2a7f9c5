// The rules engine as the server uses it. The app receives it as an option (main.ts passes the real
// one) so the rooms depend on this contract, not on the engine's files.
import { type BotLevel, botIntent, botSight } from '../shared/bot/index';
import {
  createGame,
  type Decision,
  type DescribedChoice,
  decide,
  decideForced,
  defaultIntent,
  describedChoices,
  evolve,
  type ForcedBy,
  type ForcedPlay,
  type GameEvent,
  type GameSetup,
  type GameState,
  type GameView,
  type Intent,
  type LogNumbering,
  legalIntents,
  numberLog,
  outsideNegotiation,
  type Pending,
  type PlayerId,
  pending,
  replay,
  type TimedPhase,
  timedPhase,
  type Viewer,
  view,
  visibleTo,
} from '../shared/engine/index';
import type { Actor, Dice } from '../shared/engine/types';
import { botPool } from './botPool';

export interface RulesEngine {
  createGame(setup: GameSetup): { state: GameState; events: readonly GameEvent[] };
  replay(events: readonly GameEvent[]): GameState;
  evolve(state: GameState, event: GameEvent): GameState;
  decide(state: GameState, actor: Actor, intent: Intent, dice: Dice): Decision;
  pending(state: GameState): Pending;
  legalIntents(state: GameState, player: PlayerId): readonly Intent[];
  /** What `legalIntents` lists in one form only, described exactly (a split's markers, sets of proposals). */
  describedChoices(state: GameState, player: PlayerId): readonly DescribedChoice[];
  view(state: GameState, viewer: Viewer): GameView;
  visibleTo(event: GameEvent): 'all' | readonly PlayerId[];
  /** Errata 9.3: a negotiation is going on and `viewer` is not one of its two players (its steps are
   *  secret from him: not even their number may reach him before it ends). */
  outsideNegotiation(state: GameState, viewer: Viewer): boolean;
  /** The numbering of the log after `events` (errata 9.3: each viewer numbers the events he is dealt; those
   *  outside a negotiation number one event for all its steps). */
  numberLog(n: LogNumbering, events: readonly GameEvent[]): LogNumbering;
  defaultIntent(state: GameState, player: PlayerId): Intent | null;
  /** The server acting for `player` (his time ran out, he is absent, the director ruled): errata 20.4, 21.2. */
  decideForced(state: GameState, player: PlayerId, by: ForcedBy, play: ForcedPlay, dice: Dice): Decision;
  /** The Law 21.2 phase under way (movement, maneuver), or null. */
  timedPhase(state: GameState): TimedPhase | null;
  /** A bot seat's choice at its level (null: nothing to do), from the seat's sight only (shared/bot), within
   *  `budgetMs`; deterministic given `seed`. */
  botIntent(
    state: GameState,
    seat: PlayerId,
    level: BotLevel,
    seed: number,
    budgetMs: number,
  ): Promise<Intent | null>;
}

export const rulesEngine: RulesEngine = {
  createGame,
  replay,
  evolve,
  decide,
  // Both found once per state by the engine itself (shared/engine/perState.ts).
  pending,
  legalIntents,
  describedChoices,
  view,
  visibleTo,
  outsideNegotiation,
  numberLog,
  defaultIntent,
  decideForced,
  timedPhase,
  // The random pick takes microseconds; the other levels think in the bot worker, off the event loop.
  botIntent: async (state, seat, level, seed, budgetMs) =>
    level === 'random'
      ? botIntent(state, seat, level, seed, budgetMs)
      : botPool.choose(botSight(state, seat), level, seed, budgetMs),
};
