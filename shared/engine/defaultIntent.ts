// Errata 20.4, "refusing to play": the first legal action of withdraw, flee, concede, refuse a muster, refuse
// an angel, pick the lowest-numbered engagement, refuse carry-over, refuse the mulligan; partial movement is
// undone and the player withdraws (withdrawing at the movement step undoes the moves itself, withdraw.ts).

import { defaultEngagementIntent } from './engagementSteps';
import type { Intent } from './intents';
import { isEngagementStep } from './steps';
import type { GameState, PlayerId } from './types';
import { mayWithdraw } from './withdraw';

export function defaultIntent(state: GameState, player: PlayerId): Intent | null {
  const step = state.step;
  if (step.kind === 'gameOver') return null;
  if (isEngagementStep(step)) return defaultEngagementIntent(state, player);
  if (step.actor !== player) return null;
  // Errata 5.1: a player who will not roll for his tower has the roll made for him.
  if (step.kind === 'rollTower') return { type: 'rollTower' };
  if (mayWithdraw(state, player)) return { type: 'withdraw' };
  return null;
}
