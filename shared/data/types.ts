// The vocabulary of Titan's static data: characters, the Masterboard, the Battlelands.
// Everything here is plain readonly data; the values live in the sibling modules.

export const TERRAINS = [
  'Brush',
  'Desert',
  'Hills',
  'Jungle',
  'Marsh',
  'Mountains',
  'Plains',
  'Swamp',
  'Tower',
  'Tundra',
  'Woods',
] as const;
export type Terrain = (typeof TERRAINS)[number];

/** CE Titan 13 ZOMBIE B3: an enemy Titan raised from the dead, an ordinary Lord; one per player colour
 *  (data/characters.ts). */
export const RAISED_TITANS = [
  'Raised Titan (Black)',
  'Raised Titan (Blue)',
  'Raised Titan (Brown)',
  'Raised Titan (Gold)',
  'Raised Titan (Green)',
  'Raised Titan (Red)',
] as const;

// 3.5, errata 3.5
export const CHARACTER_NAMES = [
  'Angel',
  'Archangel',
  'Behemoth',
  'Centaur',
  'Colossus',
  'Cyclops',
  'Dragon',
  'Gargoyle',
  'Giant',
  'Gorgon',
  'Griffon',
  'Guardian',
  'Hydra',
  'Lion',
  'Minotaur',
  'Ogre',
  'Ranger',
  'Serpent',
  'Titan',
  'Troll',
  'Unicorn',
  'Warbear',
  'Warlock',
  'Wyvern',
  ...RAISED_TITANS,
] as const;
export type CharacterName = (typeof CHARACTER_NAMES)[number];

/** 15.0: the characters that may be summoned: Angels and Archangels, and (CE 13 B3) raised Titans. */
export const SUMMONABLE = ['Angel', 'Archangel', ...RAISED_TITANS] as const;
export type Summonable = (typeof SUMMONABLE)[number];

/** 3.0: Lords (Titan, Angel, Archangel), Demi-Lords (Guardian, Warlock), Creatures. */
export type CharacterClass = 'lord' | 'demilord' | 'creature';

/** Hazards a character may be native to (hazards chart 11.7). Sand natives are also Dune natives. */
export const NATIVE_HAZARDS = ['Bramble', 'Drift', 'Bog', 'Sand', 'Slope', 'Volcano'] as const;
export type NativeHazard = (typeof NATIVE_HAZARDS)[number];

export interface CharacterType {
  readonly name: CharacterName;
  readonly pluralName: string;
  readonly class: CharacterClass;
  /** Power-factor; null for the Titan, whose power is 6 + score div 100 (19.1), and a raised Titan, whose power is
   *  the slain Titan's last one (CE 13 B3). */
  readonly power: number | null;
  readonly skill: number;
  readonly flies: boolean;
  readonly rangestrikes: boolean;
  readonly natives: readonly NativeHazard[];
  /** Point value, power × skill (16.0); null for the Titan (its value is its current power × 4). */
  readonly points: number | null;
  /** How many the caretaker holds at the start (errata 3.5); the Titan is 1 per player: null; a raised Titan is
   *  never the caretaker's: null. */
  readonly count: number | null;
}

// ---------------------------------------------------------------- Masterboard

/** A land's printed number: 1..42, 101..142, 100..600 (towers), 1000..6000. */
export type LandNumber = number;

/** 7.3: the four kinds of sign; 'arrow' is a single arrow, 'arrows' a triple arrow. */
export const SIGNS = ['block', 'arch', 'arrow', 'arrows'] as const;
export type Sign = (typeof SIGNS)[number];

/** The attacker's entry side of a battleland (errata 2.2, 10.1). */
export const ATTACKER_SIDES = ['left', 'right', 'bottom'] as const;
export type AttackerSide = (typeof ATTACKER_SIDES)[number];

/** A sign on a land pointing toward a neighbour: a legion on `from` may step to `to` along it. */
export interface Exit {
  readonly to: LandNumber;
  readonly sign: Sign;
  /** The battleland side an attacker entering `to` by this step comes in on (entry-sides.json). */
  readonly entry: AttackerSide;
}

export interface Land {
  readonly number: LandNumber;
  readonly terrain: Terrain;
  /** The signs printed on this land, each pointing to a neighbour. */
  readonly exits: readonly Exit[];
  /** Every land sharing a border with this one (with or without a sign on either side). */
  readonly neighbours: readonly LandNumber[];
  /** For drawing: the land's place in the reference grid (column, row) and whether its triangle points up. */
  readonly drawing: { readonly col: number; readonly row: number; readonly pointsUp: boolean };
}

// ---------------------------------------------------------------- Battlelands

export const HEX_LABELS = [
  'A1',
  'A2',
  'A3',
  'B1',
  'B2',
  'B3',
  'B4',
  'C1',
  'C2',
  'C3',
  'C4',
  'C5',
  'D1',
  'D2',
  'D3',
  'D4',
  'D5',
  'D6',
  'E1',
  'E2',
  'E3',
  'E4',
  'E5',
  'F1',
  'F2',
  'F3',
  'F4',
] as const;
/** Standard battle hex label (errata 2.2): column A..F left to right, row 1 at the bottom. */
export type HexLabel = (typeof HEX_LABELS)[number];

export const HEX_TERRAINS = [
  'Plains',
  'Tree',
  'Bramble',
  'Sand',
  'Bog',
  'Drift',
  'Volcano',
  'Tower',
] as const;
export type HexTerrain = (typeof HEX_TERRAINS)[number];

export const HEXSIDE_HAZARDS = ['slope', 'cliff', 'dune', 'wall'] as const;
export type HexsideHazard = (typeof HEXSIDE_HAZARDS)[number];

/** Hexside directions of a flat-topped hex, map drawn A-left / row-1-bottom: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW. */
export type Direction = 0 | 1 | 2 | 3 | 4 | 5;

/** One hexside as seen from a hex: the hazard on it (if any) and whether this hex is on its upper side. */
export interface Hexside {
  readonly hazard: HexsideHazard;
  /** True when this hex is the hex atop the hazard (the hex the hazard is "connected to", errata 11.7). */
  readonly top: boolean;
}

export interface BattleHex {
  readonly label: HexLabel;
  readonly terrain: HexTerrain;
  readonly elevation: number;
  /** Indexed by Direction; null where the hexside has no hazard or leads off the board. Both hexes of a
   *  hazard hexside carry it, with `top` telling which one is atop it. */
  readonly hexsides: readonly [
    Hexside | null,
    Hexside | null,
    Hexside | null,
    Hexside | null,
    Hexside | null,
    Hexside | null,
  ];
}

export interface Battleland {
  readonly terrain: Terrain;
  readonly hexes: Readonly<Record<HexLabel, BattleHex>>;
  /** Tower only: the defender's deployment hexes (errata 2.2, 10.2). */
  readonly startHexes: readonly HexLabel[] | null;
}

// ---------------------------------------------------------------- Mastercharts

/** One step of a terrain's recruit tree (18.2): the creature, and how many of it muster the next one up. */
export interface RecruitStep {
  readonly creature: CharacterName;
  /** How many of this creature a legion must reveal to muster the next creature (null for the last). */
  readonly toMusterNext: number | null;
}

// ---------------------------------------------------------------- Legion markers

export const PLAYER_COLORS = ['Black', 'Blue', 'Brown', 'Gold', 'Green', 'Red'] as const;
export type PlayerColor = (typeof PLAYER_COLORS)[number];

/** A legion marker id such as 'Bk01' (4.2: 12 markers per colour). */
export type MarkerId = string;

export interface Marker {
  readonly id: MarkerId;
  readonly color: PlayerColor;
  readonly name: string;
}
