// 12.7 Strike Chart and the 10.5 battle turn track.

/**
 * 12.2, 12.7: the Strike-number (lowest die roll that hits) for a striker of `attackerSkill` against a target
 * of `defenderSkill`. The printed chart (attacker 1..5 × defender 2..4) is exactly 4 − attacker + defender,
 * bounded to 1..6; it is extended to every skill by the same formula (skills changed by hazards, 11.7).
 * A 6 always hits (errata 12.7), and with a Strike-number of 1 every die hits.
 */
export function strikeNumber(attackerSkill: number, defenderSkill: number): number {
  return Math.min(6, Math.max(1, 4 - attackerSkill + defenderSkill));
}

/** 10.5: the turn track has seven boxes; a battle not over after the defender's 7th turn is a time-loss. */
export const BATTLE_TURNS = 7;
