// Scoring engagements (16.0–16.2, errata 10.5, 19.3/19.4) and the Angels a score earns (17.0–17.3, errata 17.0).
import type { BattleSide } from './battle/position';
import { opponent } from './battle/position';
import { lostValue, scoresOnTime } from './ce/hooks';
import { ownerOfSide, slainOf } from './engagementState';
import { charactersValue, halfPoints } from './lookups';
import type { ActiveEngagement, EngagementResult, EngagementScore, GameState } from './types';

/**
 * 2.5.6.8, 16.0–16.1, 9.2, errata 10.5, 19.3: what the victor of a decided engagement scores: the full value of
 * the loser's characters lost in it (a Titan and the companions slain with it, 19.3), half of it when the
 * defender fled; nothing for a mutual elimination or a time loss. null when nobody scores.
 */
export function engagementPoints(
  state: GameState,
  engagement: ActiveEngagement,
  result: EngagementResult,
): EngagementScore | null {
  const winner = result.winner;
  if (winner === null) return null;
  // 10.5: a win on time scores nothing, unless the winner's power says so (CE 13 B2); a mutual elimination has a
  // winner only by a power (CE 13 B2: scored on the enemy's losses).
  if (result.outcome === 'timeLoss' && !scoresOnTime(state, ownerOfSide(engagement, winner))) return null;
  const loser: BattleSide = opponent(winner);
  // CE Titan: the loser's power may change what his losses are worth (36 COMMUNIST B1).
  const value = lostValue(
    state,
    loser,
    charactersValue(state, slainOf(engagement, loser), ownerOfSide(engagement, loser)),
  );
  const fled = result.outcome === 'fled';
  const points = fled ? halfPoints(value) : value;
  if (points <= 0) return null;
  return { player: ownerOfSide(engagement, winner), points, reason: fled ? 'fled' : 'engagement' };
}

/** 17.0: the score at which an Archangel may be taken instead of an Angel. */
export const ARCHANGEL_MULTIPLE = 500;
/** 17.0: an Angel for each multiple of 100 reached. */
export const ANGEL_MULTIPLE = 100;

/**
 * 17.0, 17.2, 17.3, errata 17.0: the Angels earned by raising a score from `before` to `after`: one per multiple
 * of 100 crossed, in order; `true` where the multiple is one of 500 (an Archangel, or an Angel instead).
 */
export function angelsEarned(before: number, after: number): boolean[] {
  const due: boolean[] = [];
  for (let m = Math.floor(before / ANGEL_MULTIPLE) + 1; m * ANGEL_MULTIPLE <= after; m++) {
    due.push((m * ANGEL_MULTIPLE) % ARCHANGEL_MULTIPLE === 0);
  }
  return due;
}
