// The Hazards Chart's vocabulary (11.7) as lookups on a Battleland: a hex's terrain and elevation, the hazard
// on the hexside between two adjacent hexes (and which of them is atop it), and which characters are natives.
// The effects of the hazards live with the rules they change: maneuver.ts, strike.ts, rangestrike.ts.
import { battleHex, hexsideBetween as hexsideFrom } from '../../data/battlelands';
import { CHARACTERS, isNative as isNativeTo } from '../../data/characters';
import type {
  CharacterName,
  HexLabel,
  HexsideHazard,
  HexTerrain,
  NativeHazard,
  Terrain,
} from '../../data/types';
import type { BattlePosition } from './position';

/** The terrain inside a battle hex (Plains, Tree, Bramble, Sand, Bog, Drift, Volcano, Tower). */
export function hexTerrain(terrain: Terrain, hex: HexLabel): HexTerrain {
  return battleHex(terrain, hex).terrain;
}

/** The terrain inside a hex of this battle: the battleland's, or a Tree planted for the battle (CE 10 ENT B2). */
export function terrainAt(pos: Pick<BattlePosition, 'terrain' | 'trees'>, hex: HexLabel): HexTerrain {
  return pos.trees?.includes(hex) === true ? 'Tree' : hexTerrain(pos.terrain, hex);
}

/** A battle hex's elevation (errata 11.7: bog, bramble, drift and sand are at plain height). */
export function elevation(terrain: Terrain, hex: HexLabel): number {
  return battleHex(terrain, hex).elevation;
}

export interface HexsideCrossing {
  readonly hazard: HexsideHazard;
  /** True when `from` is the hex atop the hazard (errata 11.7: the hex the dune or wall is connected to). */
  readonly fromIsTop: boolean;
}

/**
 * 11.7: the hazard on the hexside between two adjacent hexes, seen from `from`, or null when that hexside has
 * none. Moving or striking from `from` to `to` goes DOWN across it when `fromIsTop`, UP otherwise (cliffs and
 * dunes between equal elevations have a marked top too). Throws when the hexes are not adjacent (a bug).
 */
export function hexsideBetween(terrain: Terrain, from: HexLabel, to: HexLabel): HexsideCrossing | null {
  const side = hexsideFrom(terrain, from, to);
  return side === null ? null : { hazard: side.hazard, fromIsTop: side.top };
}

/** Does going from `from` to the adjacent `to` cross `hazard` upward (into the hex atop it)? */
export function crossesUp(terrain: Terrain, from: HexLabel, to: HexLabel, hazard: HexsideHazard): boolean {
  const side = hexsideBetween(terrain, from, to);
  return side !== null && side.hazard === hazard && !side.fromIsTop;
}

/** Does going from `from` to the adjacent `to` cross `hazard` downward (out of the hex atop it)? */
export function crossesDown(terrain: Terrain, from: HexLabel, to: HexLabel, hazard: HexsideHazard): boolean {
  const side = hexsideBetween(terrain, from, to);
  return side !== null && side.hazard === hazard && side.fromIsTop;
}

/** Hazards chart Cliff: adjacent hexes separated by a cliff are not in contact and cannot strike each other. */
export function cliffBetween(terrain: Terrain, a: HexLabel, b: HexLabel): boolean {
  return hexsideBetween(terrain, a, b)?.hazard === 'cliff';
}

/** 11.7 natives (Sand natives are also Dune natives: use 'Sand' for dunes, 'Slope' for slopes). */
export function isNative(type: CharacterName, hazard: NativeHazard): boolean {
  return isNativeTo(type, hazard);
}

/** The native hazard a hex terrain stands for, or null for Plains, Tree and Tower hexes. */
export function hexNativeHazard(hex: HexTerrain): NativeHazard | null {
  switch (hex) {
    case 'Bramble':
    case 'Drift':
    case 'Bog':
    case 'Sand':
    case 'Volcano':
      return hex;
    case 'Plains':
    case 'Tree':
    case 'Tower':
      return null;
  }
}

/** 3.5 character chart: can it fly? */
export function flies(type: CharacterName): boolean {
  return CHARACTERS[type].flies;
}

/** 3.5 character chart: its unmodified Skill-factor. */
export function skillOf(type: CharacterName): number {
  return CHARACTERS[type].skill;
}
