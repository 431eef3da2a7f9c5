// Concession (9.4, errata 9.1/9.4/9.5/10.0/10.5/11.1/14.2): only at the points of the Complete Sequence of Play.
// Unconditional before the battle (2.5.6.2, 2.5.6.3), in the negotiation (2.5.4, 2.5.5), before one's first
// counterstrike (2.5.6.4.x.5), before drift damage that would slay (2.5.6.4.x.3.1) and when the battle is ending
// (2.5.6.4.x.8.1, preempting a time loss); in place of maneuvering or striking it is only an ATTEMPT, which the
// opponent accepts or preempts by conceding himself (2.5.6.4.x.2, .4.4, .6.4). Conceding after the opponent's
// Titan or all his characters in the battle were slain is a mutual elimination (errata 9.4/9.5).
// 2.5.6.4.x.8.1 gives the concession as the battle ends to the player whose battle turn it is; errata 9.4/10.0
// says "the nonphasing player". They agree when "phasing" is read per strike phase: the battle turn ends with
// the other player's counterstrikes, whose non-phasing player is the owner of the battle turn (the same reading
// makes "just before becoming the phasing player" the unconditional concession before counterstriking, x.5).
// The engine follows the Sequence's wording: the owner of the battle turn (battle.phasing) may concede.
import type { BattleSide } from './battle/position';
import { opponent } from './battle/position';
import { concessionIsMutual, ownerOfSide, requireEngagement } from './engagementState';
import type { GameEvent } from './events';
import { foldEvents } from './evolve';
import { afterDecision } from './resolution';
import type { GameState } from './types';

/** `side` concedes the engagement: his legion is eliminated (9.4), then the engagement is resolved. */
export function concede(state: GameState, side: BattleSide): GameEvent[] {
  const engagement = requireEngagement(state);
  const events: GameEvent[] = [
    {
      type: 'engagementConceded',
      player: ownerOfSide(engagement, side),
      side,
      mutual: concessionIsMutual(state, side),
    },
  ];
  return [...events, ...afterDecision(foldEvents(state, events))];
}

/** Errata 9.4, 10.0: the phasing player attempts to concede; his opponent accepts or concedes instead. */
export function attemptConcession(
  state: GameState,
  side: BattleSide,
  resume: 'maneuver' | 'strike' | 'counterstrike',
): GameEvent[] {
  const engagement = requireEngagement(state);
  const other = opponent(side);
  return [
    { type: 'concessionAttempted', player: ownerOfSide(engagement, side), side },
    {
      type: 'stepBegan',
      step: { kind: 'concessionAttempted', actor: ownerOfSide(engagement, other), side: other, resume },
    },
  ];
}
