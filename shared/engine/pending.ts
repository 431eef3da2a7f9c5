// Who must act now, and which kinds of intent he may send (errata 1.3/1.4: one player at a time). The
// tournament director may also send `callTime` and `stopGame` at any point before the end (21.1, 20.5).
import { isLord } from '../data/characters';
import { engagementPending } from './engagementSteps';
import type { IntentType } from './intents';
import { currentTurn, legionsOf, playerOf } from './lookups';
import { doneMovingProblem, legionMoves } from './movementPhase';
import { mulliganProblem } from './mulligan';
import { musterIntents } from './musterPhase';
import { FIRST_SPLIT_SIZE, firstSplitPending, isFirstTurn, MIN_SPLIT_SIZE } from './split';
import { isEngagementStep, type Pending } from './steps';

export type { Pending };

import type { GameState, PlayerId } from './types';

export function pending(state: GameState): Pending {
  const step = state.step;
  if (isEngagementStep(step)) return engagementPending(state);
  switch (step.kind) {
    case 'rollTower':
      // Errata 5.1: no withdrawing while rolling for towers.
      return { actor: step.actor, step: step.kind, intents: ['rollTower'] };
    case 'chooseColor':
      return { actor: step.actor, step: step.kind, intents: ['chooseColor', 'withdraw'] };
    case 'split': {
      const intents: IntentType[] = [];
      if (maySplit(state, step.actor)) intents.push('split');
      if (!firstSplitPending(state)) intents.push('rollMovement');
      intents.push('withdraw');
      return { actor: step.actor, step: step.kind, intents };
    }
    case 'move': {
      const intents: IntentType[] = [];
      if (mulliganProblem(state, step.actor) === null) intents.push('takeMulligan');
      if (legionsOf(state, step.actor).some((l) => legionMoves(state, l.id).length > 0))
        intents.push('moveLegion');
      if (currentTurn(state).moves.length > 0) intents.push('undoMove');
      if (doneMovingProblem(state, step.actor) === null) intents.push('doneMoving');
      intents.push('withdraw');
      return { actor: step.actor, step: step.kind, intents };
    }
    case 'muster': {
      const intents: IntentType[] = musterIntents(state, step.actor).length > 0 ? ['muster'] : [];
      return { actor: step.actor, step: step.kind, intents: [...intents, 'endTurn', 'withdraw'] };
    }
    case 'gameOver':
      return { actor: null, step: step.kind, intents: [] };
    default: {
      const unhandled: never = step;
      throw new Error(`pending: unknown step ${JSON.stringify(unhandled)}`);
    }
  }
}

/** A cheap test that some split is possible (split.ts's `splitIntents` lists them). */
function maySplit(state: GameState, player: PlayerId): boolean {
  if (playerOf(state, player).markersAvailable.length === 0) return false;
  const legions = legionsOf(state, player);
  if (isFirstTurn(state)) {
    return (
      firstSplitPending(state) &&
      legions.some(
        (l) => l.characters.length === 2 * FIRST_SPLIT_SIZE && l.characters.filter(isLord).length === 2,
      )
    );
  }
  // 4.3: any legion of four or more, even one split this turn.
  return legions.some((l) => l.characters.length >= 2 * MIN_SPLIT_SIZE);
}
