// 55 COLOSSUS (CE Titan, rules 004): "You are simple yet feared, for your SIZE."
import { entry } from '../catalogueEntry';
import type { Power } from '../power';

/** CE 55 S: gain 399 points at the beginning of the game. */
export const COLOSSUS_BONUS = 399;

export const colossus: Power = {
  ...entry(55),
  // CE 55 S: the 399 points are part of the starting score, so they are not "gained since the start" (CE bidding
  // rules: the first Angel comes at the first multiple of 100 at least 100 above it).
  startingScore: (score) => score + COLOSSUS_BONUS,
};
