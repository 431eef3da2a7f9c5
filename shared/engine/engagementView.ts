// What a viewer may see of the engagement phase: the engagement being resolved (its negotiation only to its two
// players, errata 9.3) and the battle (public, 9.1, errata 9.3). The losses are
// public (errata 9.5); legion contents are never shown here (view.ts shows `known` and the owner's own).
import type { CharacterName, LandNumber, MarkerId } from '../data/types';
import type {
  BattleState,
  EngagementResult,
  GameState,
  Negotiation,
  PendingEngagement,
  PlayerId,
  Step,
  Viewer,
} from './types';

export interface ActiveEngagementView {
  readonly land: LandNumber;
  readonly attacker: MarkerId;
  readonly defender: MarkerId;
  readonly attackerOwner: PlayerId;
  readonly defenderOwner: PlayerId;
  readonly entry: PendingEngagement['entry'];
  readonly attackerMaySummon: boolean;
  readonly defenderMayReinforce: boolean;
  readonly attackerLosses: readonly CharacterName[];
  readonly defenderLosses: readonly CharacterName[];
  readonly result: EngagementResult | null;
  /** Errata 9.3: the proposals are seen only by the two players of the engagement (null for anyone else). */
  readonly negotiation: Negotiation | null;
}

/** The engagement part of GameView (the engagements still to come are in the turn, public). */
export interface EngagementView {
  readonly engagement: ActiveEngagementView | null;
  readonly battle: BattleState | null;
}

export function viewEngagement(state: GameState, viewer: Viewer): EngagementView {
  const e = state.engagement;
  const player = 'player' in viewer ? viewer.player : null;
  // Errata 9.3: the negotiation's steps (proposals, a declaration of no more) earn the attacker the right to
  // summon (2.5.3.1); outside it, that right is shown as it stood when the negotiation began until it is over.
  const outside = outsideNegotiation(state, viewer);
  const engagement: ActiveEngagementView | null =
    e === null
      ? null
      : {
          land: e.land,
          attacker: e.attacker,
          defender: e.defender,
          attackerOwner: e.attackerOwner,
          defenderOwner: e.defenderOwner,
          entry: e.entry,
          attackerMaySummon: outside ? false : e.attackerMaySummon,
          defenderMayReinforce: e.defenderMayReinforce,
          attackerLosses: e.attackerLosses,
          defenderLosses: e.defenderLosses,
          result: e.result,
          negotiation: player === e.attackerOwner || player === e.defenderOwner ? e.negotiation : null,
        };
  return { engagement, battle: state.battle };
}

/**
 * The step as `viewer` may know it. Errata 9.3: the negotiation is secret between its two players; to anyone
 * else it is `negotiate` between the defender (`actor`) and the attacker (`opponent`) all through, whoever's
 * turn it is and whether one of them declared he makes no more proposals (2.5.5). Every other step is public as
 * it is (it holds nothing hidden: see Step).
 */
export function stepSeenBy(state: GameState, viewer: Viewer): Step {
  const e = state.engagement;
  if (e === null || !outsideNegotiation(state, viewer)) return state.step;
  return { kind: 'negotiate', actor: e.defenderOwner, opponent: e.attackerOwner };
}

/** Errata 9.3: a negotiation is going on and `viewer` is not one of its two players. */
export function outsideNegotiation(state: GameState, viewer: Viewer): boolean {
  const step = state.step;
  if (step.kind !== 'negotiate' && step.kind !== 'negotiateFinal') return false;
  const player = 'player' in viewer ? viewer.player : null;
  return player !== step.actor && player !== step.opponent;
}
