// 17 MARINES (CE Titan, rules 004): "Your valiant soldiers are the best in the land."
import type { NativeHazard } from '../../../data/types';
import { skillOf } from '../../battle/hazards';
import type { BattleCharacter, BattlePosition } from '../../battle/position';
import { characterAt, isSlain } from '../../battle/position';
import type { Nativity } from '../battleTerrain';
import { chartNativity, insideNativeHazard, onsideNativeHazard } from '../battleTerrain';
import { entry } from '../catalogueEntry';
import type { Power } from '../power';

/** CE 17 B1: "all-nativity": bog, bramble, drift, sand (Sand natives are Dune natives, 11.7) and slope. */
const ALL_NATIVITY: readonly NativeHazard[] = ['Bog', 'Bramble', 'Drift', 'Sand', 'Slope'];

/** CE 17 B1: a Marine's nativity. */
function marineNative(standard: boolean, hazard: NativeHazard): boolean {
  return standard || ALL_NATIVITY.includes(hazard);
}

/** CE 17 B1: a Marine's nativity in this battle (the chart's part gone in a battle declared without it, 48 B3). */
function nativity(pos: BattlePosition): Nativity {
  const chart = chartNativity(pos);
  return (c, hazard) => marineNative(chart(c, hazard), hazard);
}

/** 16.0: a character's points in the battle (a Titan at its current power, 19.1). */
function points(c: BattleCharacter): number {
  return c.power * skillOf(c.type);
}

/** CE 17 B2: `carrier` may convoy `mover` over its hex: a friendly native inside or onside of its native
 *  terrain, worth at least as many points. */
function convoys(pos: BattlePosition, carrier: BattleCharacter, mover: BattleCharacter): boolean {
  return (
    carrier.side === mover.side &&
    !isSlain(carrier) &&
    points(mover) <= points(carrier) &&
    (insideNativeHazard(pos, carrier, nativity(pos)) || onsideNativeHazard(pos, carrier, nativity(pos)))
  );
}

export const marines: Power = {
  ...entry(17),
  // CE 17 B1: every character fights at +1 strength: a strike rolls one die more, a rangestrike half of the
  // Power-factor plus one (13.1). The hits it can take and its points are unchanged (general notes: "fights at"
  // changes no point counting; reading in docs/ce-titan.md).
  strikeOut: (ctx, parts) => {
    const p = ctx.striker.power;
    const extra = ctx.rangestrike ? Math.floor((p + 1) / 2) - Math.floor(p / 2) : 1;
    return { ...parts, dice: parts.dice + extra };
  },
  // CE 17 B1: native to bog, bramble, drift, sand, dune and slope.
  native: (_type, hazard, standard) => marineNative(standard, hazard),
  // CE 17 B2: a walker passes over a convoying friend's hex at no movement cost (it may not stop there).
  passage: (pos, c, _from, to, standard, flying) => {
    if (flying) return standard;
    const carrier = characterAt(pos, to);
    return carrier !== null && carrier.id !== c.id && convoys(pos, carrier, c)
      ? { cost: 0, end: false }
      : standard;
  },
};
