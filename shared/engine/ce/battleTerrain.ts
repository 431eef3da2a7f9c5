// Where a character stands, as CE Titan's powers read it: inside a hazard it is native to, or atop ("onside of") a
// hexside hazard it is native to. `native` is the nativity the power reads (its own rule for its characters).

import { neighbours } from '../../data/hexGeometry';
import { MASTERCHARTS } from '../../data/mastercharts';
import type { CharacterName, NativeHazard } from '../../data/types';
import { hexNativeHazard, hexsideBetween, isNative, terrainAt } from '../battle/hazards';
import type { BattleCharacter, BattlePosition, BattleSide } from '../battle/position';

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
  return nativeHexHazard(pos, c, native) !== null;
}

/** The hazard of the character's hex when it is native to it (Bog, Bramble, Drift, Sand, Volcano), or null. */
export function nativeHexHazard(
  pos: BattlePosition,
  c: BattleCharacter,
  native: Nativity,
): NativeHazard | null {
  if (c.hex === null) return null;
  const hazard = hexNativeHazard(terrainAt(pos, c.hex));
  return hazard !== null && native(c, hazard) ? hazard : null;
}

/** On the upper side of a Slope or Dune hexside it is native to (Dunes: Sand natives, 11.7). */
export function onsideNativeHazard(pos: BattlePosition, c: BattleCharacter, native: Nativity): boolean {
  return onsideNativeHazards(pos, c, native).length > 0;
}

/** The hazards of the Slope and Dune hexsides the character stands atop and is native to ('Slope', 'Sand'). */
export function onsideNativeHazards(
  pos: BattlePosition,
  c: BattleCharacter,
  native: Nativity,
): NativeHazard[] {
  const hex = c.hex;
  if (hex === null) return [];
  const found = new Set<NativeHazard>();
  for (const { hex: other } of neighbours(hex)) {
    const side = hexsideBetween(pos.terrain, hex, other);
    if (side === null || !side.fromIsTop) continue;
    if (side.hazard === 'slope' && native(c, 'Slope')) found.add('Slope');
    if (side.hazard === 'dune' && native(c, 'Sand')) found.add('Sand');
  }
  return [...found];
}

/** An enemy of `side` stands on the battleland (CE clarification on powers adding movement, 25 B1, 47 B1: while
 *  none does, moving farther could only force more enemy pieces off the board). */
export function enemyOnBattleland(pos: BattlePosition, side: BattleSide): boolean {
  return pos.characters.some((e) => e.side !== side && e.hex !== null);
}
