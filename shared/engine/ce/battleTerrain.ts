// Where a character stands, as CE Titan's powers read it: inside a hazard it is native to, or atop ("onside of") a
// hexside hazard it is native to. Nativity as the powers change it (hooks.ts nativeTo).
import { neighbours } from '../../data/hexGeometry';
import { hexNativeHazard, hexsideBetween, hexTerrain } from '../battle/hazards';
import type { BattleCharacter, BattlePosition } from '../battle/position';
import { nativeTo } from './hooks';

/** Inside a hex whose hazard (Bog, Bramble, Drift, Sand, Volcano) the character is native to. */
export function insideNativeHazard(pos: BattlePosition, c: BattleCharacter): boolean {
  if (c.hex === null) return false;
  const hazard = hexNativeHazard(hexTerrain(pos.terrain, c.hex));
  return hazard !== null && nativeTo(pos, c.side, c.type, hazard);
}

/** On the upper side of a Slope or Dune hexside it is native to (Dunes: Sand natives, 11.7). */
export function onsideNativeHazard(pos: BattlePosition, c: BattleCharacter): boolean {
  const hex = c.hex;
  if (hex === null) return false;
  return neighbours(hex).some(({ hex: other }) => {
    const side = hexsideBetween(pos.terrain, hex, other);
    if (side === null || !side.fromIsTop) return false;
    if (side.hazard === 'slope') return nativeTo(pos, c.side, c.type, 'Slope');
    if (side.hazard === 'dune') return nativeTo(pos, c.side, c.type, 'Sand');
    return false;
  });
}
