// Who must act now, and which kinds of intent he may send (errata 1.3/1.4: one player at a time): the kinds of
// the step's legal choices. The tournament director may also send `callTime` and `stopGame` at any point before
// the end (21.1, 20.5).
import type { IntentType } from './intents';
import { legalIntents } from './legal';
import { perState } from './perState';
import type { GameState, PlayerId, StepKind } from './types';

export interface Pending {
  /** The one player who may act now; null when the game is over (or, in a view, when who acts is secret from
   *  the viewer: the turns of a negotiation he takes no part in, errata 9.3). */
  readonly actor: PlayerId | null;
  readonly step: StepKind;
  /** What the actor may send; a view gives them to the actor alone (view.ts pendingSeenBy, 4.5, errata 9.3). */
  readonly intents: readonly IntentType[];
}

/** Found once per state (perState.ts): the server asks it several times of each state (who receives the legal
 *  intents, whether a bot, a clock or an absence must act), and it lists every legal intent. */
const pendingOnce = perState((state: GameState, _: null): Pending => {
  const step = state.step;
  if (step.kind === 'gameOver') return { actor: null, step: step.kind, intents: [] };
  const intents: IntentType[] = [];
  for (const intent of legalIntents(state, step.actor)) {
    if (!intents.includes(intent.type)) intents.push(intent.type);
  }
  return { actor: step.actor, step: step.kind, intents };
});

export function pending(state: GameState): Pending {
  return pendingOnce(state, null);
}
