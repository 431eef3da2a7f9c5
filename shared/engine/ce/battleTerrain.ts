// Where a character stands, as CE Titan's powers read it: inside a hazard it is native to, or atop ("onside of") a
// hexside hazard it is native to. `native` is the nativity the power reads (its own rule for its characters).

import { neighbours } from '../../data/hexGeometry';
import { MASTERCHARTS } from '../../data/mastercharts';
import type { CharacterName, NativeHazard } from '../../data/types';
import { hexNativeHazard, hexsideBetween, isNative, terrainAt } from '../battle/hazards';
import type { BattleCharacter, BattlePosition } from '../battle/position';

/** "Tree-native" (CE 10 B1, 32 B2): recruitable in a treed land (the Jungle, Hills, Woods and Swamp charts). */
export const TREE_NATIVES: ReadonlySet<CharacterName> = new Set(
  (['Jungle', 'Hills', 'Woods', 'Swamp'] as const).flatMap((t) => MASTERCHARTS[t].map((s) => s.creature)),
);

export type Nativity = (c: BattleCharacter, hazard: NativeHazard) => boolean;

/** 11.7: the chart's nativity in a battle (none at all when the battle was declared without it: CE 48 B3). */
export function chartNativity(pos: BattlePosition): Nativity {
  return (c, hazard) => pos.nonNative !== true && isNative(c.type, hazard);
}

/** Inside a hex whose hazard (Bog, Bramble, Drift, Sand, Volcano) the character is native to. */
export function insideNativeHazard(pos: BattlePosition, c: BattleCharacter, native: Nativity): boolean {
  if (c.hex === null) return false;
  const hazard = hexNativeHazard(terrainAt(pos, c.hex));
  return hazard !== null && native(c, hazard);
}

/** On the upper side of a Slope or Dune hexside it is native to (Dunes: Sand natives, 11.7). */
export function onsideNativeHazard(pos: BattlePosition, c: BattleCharacter, native: Nativity): boolean {
  const hex = c.hex;
  if (hex === null) return false;
  return neighbours(hex).some(({ hex: other }) => {
    const side = hexsideBetween(pos.terrain, hex, other);
    if (side === null || !side.fromIsTop) return false;
    if (side.hazard === 'slope') return native(c, 'Slope');
    if (side.hazard === 'dune') return native(c, 'Sand');
    return false;
  });
}
