// The variant's frame on the masterboard (CE general notes), then the powers' M hooks (hooks.ts powerMoves).
import { isTowerLand, type LegionMove, legalMoves, type MoveContext } from '../movement';
import { rejection } from '../rejections';
import type { GameState, Legion, Rejection } from '../types';
import { powerMoves, powerOf } from './hooks';

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

/** Why a standard move (land, via) of the legion is not among this game's moves, in a player's words: the frame's
 *  first-turn rule, the mover's own power, or another player's power (the first in `contexts`' order that takes
 *  it away). */
export function variantRefusal(
  state: GameState,
  legion: Legion,
  contexts: readonly MoveContext[],
  land: number,
  via: string,
): Rejection {
  const hop = contexts.flatMap((ctx) =>
    legalMoves(ctx).filter((m) => m.land === land && m.via === via && towerHopOnFirstTurn(state, legion, m)),
  );
  if (hop.length > 0) {
    return rejection(
      'illegalMove',
      'Your Titan cannot teleport from Tower to Tower on your first turn.',
      NO_TITAN_TOWER_HOP_RULE,
    );
  }
  const own = powerOf(state, legion.owner);
  const allowedByOwn = contexts.some((ctx) =>
    powerMoves(state, legion, ctx, legalMoves(ctx), false).some((m) => m.land === land && m.via === via),
  );
  if (!allowedByOwn && own !== null) {
    return rejection('illegalMove', `Your power (${own.name}) does not allow this move.`, `CE ${own.id}`);
  }
  const other = state.players
    .map((p) => powerOf(state, p.id))
    .find((p) => p !== null && p.enemyMoves !== undefined && p !== own);
  return other === undefined || other === null
    ? rejection('illegalMove', 'This move is not allowed in this game.', 'CE Titan')
    : rejection('illegalMove', `${other.name}'s power forbids this move.`, `CE ${other.id}`);
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
