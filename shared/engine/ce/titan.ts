// The variant's frame for the score (CE bidding rules): the Angels count only points gained since the start, and a
// Titan's strength is 6 + floor(score / 100) as usual, a player whose Titan strength falls to 0 or less being out.
import { titanPower } from '../../data/characters';
import { ANGEL_MULTIPLE, ARCHANGEL_MULTIPLE, angelsEarned } from '../scoring';
import type { GameState, PlayerId } from '../types';
import { powerOf } from './hooks';

export const CE_SCORE_RULE = 'CE bidding rules (Angels, Titan strength)';

/**
 * 17.0 with the CE bidding rules: "To acquire an Angel, a player must be at a multiple of 100 and have _at least_
 * gained that many points since the start of the game. So someone starting at -87 will not acquire an angel at
 * 0, but someone who started at -100 will." Reading: an Angel at the multiple M only when M is at least 100 above
 * the starting score. Then the player's power may change them (CE T hooks `angelsDue`).
 */
export function angelsDue(state: GameState, player: PlayerId, before: number, after: number): boolean[] {
  const standard = angelsEarned(before, after);
  if (state.ce === null) return standard;
  const start = state.ce.startScores[player] ?? 0;
  const due: boolean[] = [];
  for (let m = Math.floor(before / ANGEL_MULTIPLE) + 1; m * ANGEL_MULTIPLE <= after; m++) {
    const score = m * ANGEL_MULTIPLE;
    // 17.3: an Archangel at the multiples of 500 above 0 (reaching 0 from a negative start is only an Angel).
    if (score - start >= ANGEL_MULTIPLE) due.push(score > 0 && score % ARCHANGEL_MULTIPLE === 0);
  }
  const hook = powerOf(state, player)?.angelsDue;
  return hook === undefined ? due : hook(before, after, start, due);
}

/** CE bidding rules: "anytime anyone end up with a Titan strength of 0 or less, s/he is eliminated". */
export function titanTooWeak(state: GameState, player: PlayerId): boolean {
  if (state.ce === null) return false;
  const p = state.players.find((x) => x.id === player);
  return p !== undefined && !p.eliminated && titanPower(p.score) <= 0;
}
