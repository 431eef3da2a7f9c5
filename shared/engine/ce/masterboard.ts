// The variant's frame on the masterboard (CE general notes), then the powers' M hooks (hooks.ts powerMoves).
import { isTowerLand, type LegionMove, type MoveContext } from '../movement';
import type { GameState, Legion } from '../types';
import { powerMoves } from './hooks';

/** CE general notes: "No T T-T T on T1 rule": the Titan cannot teleport Tower-to-Tower on its player's first turn. */
export const NO_TITAN_TOWER_HOP_RULE = 'CE general notes (no Tower-to-Tower Titan teleport on turn 1)';

function towerHopOnFirstTurn(state: GameState, legion: Legion, move: LegionMove): boolean {
  const player = state.players.find((p) => p.id === legion.owner);
  return (
    (player?.turnsTaken ?? 0) <= 1 &&
    legion.characters.includes('Titan') &&
    move.via === 'towerTeleport' &&
    isTowerLand(move.land)
  );
}

/** A legion's legal moves in this game: the standard ones (movement.ts), then the variant's. */
export function variantMoves(
  state: GameState,
  legion: Legion,
  context: MoveContext,
  moves: LegionMove[],
): LegionMove[] {
  if (state.ce === null) return moves;
  const frame = moves.filter((m) => !towerHopOnFirstTurn(state, legion, m));
  return powerMoves(state, legion, context, frame);
}
