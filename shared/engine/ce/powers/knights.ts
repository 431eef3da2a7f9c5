// 25 KNIGHTS + (CE Titan, rules 004): "Superior IMPACT is your forte."
import { skillOf } from '../../battle/hazards';
import { enemyOnBattleland } from '../battleTerrain';
import { entry } from '../catalogueEntry';
import type { Power } from '../power';

/** CE 25 B2: the dice a skill 2/3/4 character adds to its strikes. */
const IMPACT_DICE: Readonly<Record<number, number>> = { 2: 4, 3: 3, 4: 2 };

export const knights: Power = {
  ...entry(25),
  // CE 25 B1: every character moves one hex more. "However, if you move first, you must not force any more
  // enemy pieces off the board than is normally possible": only the side that moves first (the defender, 10.3),
  // before the enemy has entered, can keep enemy pieces off the board; so while no enemy stands on the
  // battleland the Knights move normally, which never forces off more than normal movement could (the reading
  // in docs/ce-titan.md).
  moveAllowance: (pos, c, points) => (enemyOnBattleland(pos, c.side) ? points + 1 : points),
  // CE 25 B2: skill 2/3/4 characters (Lords included) gain 4/3/2 dice striking; a rangestrike is not a strike.
  strikeOut: (ctx, parts) =>
    ctx.rangestrike ? parts : { ...parts, dice: parts.dice + (IMPACT_DICE[skillOf(ctx.striker.type)] ?? 0) },
};
