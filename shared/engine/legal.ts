// The concrete legal choices of a player now (bots and the client use them). Each list comes from the same
// check `decide` applies (style 4): the split, move and muster checks of their modules.

import { legalEngagementIntents } from './engagementSteps';
import type { Intent } from './intents';
import { moveIntents } from './movementPhase';
import { musterIntents } from './musterPhase';
import { availableColors } from './setup';
import { firstSplitPending, splitIntents } from './split';
import { isEngagementStep } from './steps';
import type { Actor, GameState } from './types';
import { DIRECTOR } from './types';
import { mayWithdraw } from './withdraw';

export function legalIntents(state: GameState, player: Actor): Intent[] {
  const step = state.step;
  if (step.kind === 'gameOver') return [];
  if (player === DIRECTOR) {
    // 21.1, 20.5: the tournament director's two acts.
    return state.timeCalled === null ? [{ type: 'callTime' }, { type: 'stopGame' }] : [{ type: 'stopGame' }];
  }
  if (isEngagementStep(step)) return legalEngagementIntents(state, player);
  if (step.actor !== player) return [];
  const withdraw: Intent[] = mayWithdraw(state, player) ? [{ type: 'withdraw' }] : [];
  switch (step.kind) {
    case 'rollTower':
      return [{ type: 'rollTower' }];
    case 'chooseColor':
      return [
        ...availableColors(state).map((color): Intent => ({ type: 'chooseColor', color })),
        ...withdraw,
      ];
    case 'split': {
      const roll: Intent[] = firstSplitPending(state) ? [] : [{ type: 'rollMovement' }];
      return [...splitIntents(state, player), ...roll, ...withdraw];
    }
    case 'move':
      return [...moveIntents(state, player), ...withdraw];
    case 'muster':
      return [...musterIntents(state, player), { type: 'endTurn' }, ...withdraw];
    default: {
      const unhandled: never = step;
      throw new Error(`legalIntents: unknown step ${JSON.stringify(unhandled)}`);
    }
  }
}
