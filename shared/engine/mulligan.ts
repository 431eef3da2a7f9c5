// The mulligan (7.6, errata 7.6, Complete Sequence 2.2.1): one reroll of the movement roll on a player's first
// turn, or the handicap count agreed for him; whether one may be taken now, and what is left after a turn.
import { currentTurn, playerOf } from './lookups';
import { rejection } from './rejections';
import type { GameOptions, GameState, PlayerId, PlayerState, Rejection } from './types';

function isHandicapped(options: GameOptions, player: PlayerId): boolean {
  return options.handicapMulligans[player] !== undefined;
}

/** 7.6, errata 7.6, Complete Sequence 2.2.1: may the player reroll his movement roll now? */
export function mulliganProblem(state: GameState, player: PlayerId): Rejection | null {
  const turn = currentTurn(state);
  const p = playerOf(state, player);
  if (turn.movementRoll === null) {
    return rejection(
      'notAllowed',
      'Roll for movement before asking for a mulligan.',
      'Complete Sequence 2.2.1',
    );
  }
  if (turn.mulliganUsed) {
    return rejection(
      'notAllowed',
      'Only one mulligan may be used in a turn; keep the new roll.',
      '7.6, errata 7.6',
    );
  }
  // Law 7.6: the mulligan comes before any move; taking the moves back does not bring it back.
  if (turn.legionMoved) {
    return rejection(
      'notAllowed',
      'A mulligan rerolls the movement roll before any legion has moved; once one has moved (even if taken back) it is too late.',
      '7.6, Complete Sequence 2.2.1',
    );
  }
  if (p.mulligansLeft <= 0) {
    return rejection('notAllowed', 'You have no mulligan left.', '7.6, errata 7.6');
  }
  if (!isHandicapped(state.options, player) && p.turnsTaken !== 1) {
    return rejection('notAllowed', 'The mulligan may be used only on your very first turn.', '7.6');
  }
  return null;
}

/** 7.6, errata 7.6: the first-turn mulligan not used is lost at the end of the first turn; handicap mulligans
 *  stay until used. */
export function mulligansAfterTurn(options: GameOptions, player: PlayerState): number {
  return isHandicapped(options, player.id) ? player.mulligansLeft : 0;
}
