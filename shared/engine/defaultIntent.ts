// Errata 20.4, "refusing to play": the first legal action of withdraw, flee, concede, refuse a muster, refuse
// an angel, pick the lowest-numbered engagement, refuse carry-over, refuse the mulligan; partial movement is
// undone and the player withdraws (withdrawing at the movement step undoes the moves itself, withdraw.ts). Each
// step's default is its entry's `onRefusal` (steps.ts). null when it is not `player`'s turn to act.
import type { Intent } from './intents';
import { ruleOf } from './steps';
import type { GameState, PlayerId } from './types';

export function defaultIntent(state: GameState, player: PlayerId): Intent | null {
  const step = state.step;
  if (step.kind === 'gameOver' || step.actor !== player) return null;
  return ruleOf(step).onRefusal(state, step);
}
