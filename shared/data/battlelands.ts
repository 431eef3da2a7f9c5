// The eleven Battlelands (10.0, 11.7), typed; the data is generated from the reference by
// tools/import-reference.ts (generated/battlelands.ts). Every hex not listed there is Plains at elevation 0.

import { BATTLELAND_DATA } from './generated/battlelands';
import { directionTo } from './hexGeometry';
import type { BattleHex, Battleland, HexLabel, Hexside, Terrain } from './types';

/** One Battleland per terrain, 27 hexes each (errata 2.2 labels). */
export const BATTLELANDS: Readonly<Record<Terrain, Battleland>> = BATTLELAND_DATA;

export function battleland(terrain: Terrain): Battleland {
  return BATTLELANDS[terrain];
}

export function battleHex(terrain: Terrain, label: HexLabel): BattleHex {
  return BATTLELANDS[terrain].hexes[label];
}

/**
 * 11.7: the hazard on the hexside between two adjacent hexes as seen from `from` (`top` tells whether `from`
 * is atop it), or null when the hexside has none. Throws when the hexes are not adjacent (a bug).
 */
export function hexsideBetween(terrain: Terrain, from: HexLabel, to: HexLabel): Hexside | null {
  const dir = directionTo(from, to);
  if (dir === null) throw new Error(`hexsideBetween: ${from} and ${to} are not adjacent`);
  return BATTLELANDS[terrain].hexes[from].hexsides[dir];
}
