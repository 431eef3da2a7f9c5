// The Engagement Phase begins (Complete Sequence 2.5, 9.0, errata 9.1): the engagements of this turn still open,
// and after movement either the Mover's choice of the first one or, with none, the muster phase (2.6).
import type { GameEvent } from './events';
import { currentTurn, playerOf } from './lookups';
import { beginMusterPhase } from './musterPhase';
import type { GameState, PendingEngagement } from './types';

/** The engagements of this turn still to be resolved, in the order they were made (both legions still there). */
export function openEngagements(state: GameState): PendingEngagement[] {
  if (state.turn === null) return [];
  return state.turn.engagements.filter((e) => {
    const a = state.legions[e.attacker];
    const d = state.legions[e.defender];
    return (
      a !== undefined &&
      d !== undefined &&
      a.owner !== d.owner &&
      !playerOf(state, a.owner).eliminated &&
      !playerOf(state, d.owner).eliminated
    );
  });
}

/** Called when movement ends (after recombination, 2.4): 2.5 if there are engagements, else 2.6. */
export function beginEngagementPhase(state: GameState): GameEvent[] {
  if (openEngagements(state).length === 0) return beginMusterPhase(state);
  return [{ type: 'stepBegan', step: { kind: 'chooseEngagement', actor: currentTurn(state).player } }];
}
