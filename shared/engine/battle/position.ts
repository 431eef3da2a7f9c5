// A battle position: the plain data every battle rule (maneuver, strike, rangestrike, line of sight) reads.
import type { AttackerSide, CharacterName, HexLabel, Terrain } from '../../data/types';

export type BattleSide = 'attacker' | 'defender';

/** A character id unique within one battle (the engine uses e.g. "Bk03-2"; the probe uses the query's ids). */
export type BattleCharacterId = string;

export interface BattleCharacter {
  readonly id: BattleCharacterId;
  readonly side: BattleSide;
  readonly type: CharacterName;
  /** The character's current power-factor (a Titan's is 6 + score div 100, 19.1; others from the chart). */
  readonly power: number;
  /** null: still off the board, waiting at its side's entrance. */
  readonly hex: HexLabel | null;
  /** Damage taken so far (12.3). A character with hits >= power is slain: it stays on its hex until the end of
   *  the strike phase (12.6) and may still strike, but may not be struck again (errata 12.0). */
  readonly hits: number;
  /** CE Titan: added to its Skill-factor in every strike and rangestrike it makes or takes, for the rest of the
   *  battle (44 VALKYRIE B3: a dead enemy recruited on the defender's fourth turn, -1); read by its power's
   *  hooks. Absent: 0. */
  readonly skillModifier?: number;
}

/** Cosmic Encounter Titan: the power of each side's player (null: none). */
export interface BattlePowers {
  readonly attacker: number | null;
  readonly defender: number | null;
  /** How many players the game began with (29 HALFLINGS B1: "in a 4-handed game or larger"); absent: two. */
  readonly seats?: number;
}

export interface BattlePosition {
  /** Cosmic Encounter Titan: each side's power, read by the powers' battle hooks (ce/hooks.ts); absent or null:
   *  not a game of the variant. */
  readonly powers?: BattlePowers | null;
  readonly terrain: Terrain;
  /** CE Titan: hexes made Tree hexes for this battle (10 ENT B2); absent: none. */
  readonly trees?: readonly HexLabel[];
  /** CE Titan: every character non-native to every hazard in this battle (48 IMMOBILISER B3); absent: false. */
  readonly nonNative?: boolean;
  /** The characters of each side slain and removed from the battleland so far (12.6; BattleState.slain): those
   *  slain in earlier strike phases (44 VALKYRIE B2). Absent: none. */
  readonly slain?: { readonly attacker: number; readonly defender: number };
  /** The attacker's entry side (errata 2.2, 10.1); always 'bottom' in a Tower (10.2). */
  readonly attackerEntry: AttackerSide;
  readonly characters: readonly BattleCharacter[];
}

export interface StrikeOption {
  readonly target: BattleCharacterId;
  readonly strikeNumber: number;
  readonly dice: number;
  /** The characters that could receive carried-over damage under this choice (12.4), ascending ids. */
  readonly carryTo: readonly BattleCharacterId[];
  /** CE Titan: the attack's first hits that do not count (ce/hooks.ts `discountedHits`); absent: none. */
  readonly discounted?: number;
}

/** CE 29 B2: hits of an attack passed from its target to another character of the target's side. */
export interface PassedHits {
  readonly target: BattleCharacterId;
  readonly hits: number;
}

/** CE 29 B2: the hits passed from an attack's target, all told. */
export function passedTotal(passed: readonly PassedHits[] | undefined): number {
  return (passed ?? []).reduce((sum, p) => sum + p.hits, 0);
}

/** Errata 12.7: each die equal to or above the Strike-number hits, and a six always hits. */
export function hits(rolls: readonly number[], strikeNumber: number): number {
  return rolls.filter((r) => r >= strikeNumber || r === 6).length;
}

/** The hits an attack (strike or rangestrike) does: its rolls' hits less the first ones a CE power discounts. */
export function attackHits(
  rolls: readonly number[],
  option: { readonly strikeNumber: number; readonly discounted?: number },
): number {
  return Math.max(0, hits(rolls, option.strikeNumber) - (option.discounted ?? 0));
}

/** Entering a hex in a maneuver (maneuver.ts): its cost in movement points (null: it may not be entered) and
 *  whether the move may end there. The standard rules give every enterable hex an end; CE Titan's powers change
 *  both (ce/hooks.ts passage). */
export interface Passage {
  readonly cost: number | null;
  readonly end: boolean;
  /** The move may go no further than this hex (CE 48 B2); absent: it may. */
  readonly stop?: boolean;
}

export function isSlain(c: BattleCharacter): boolean {
  return c.hits >= c.power;
}

export function opponent(side: BattleSide): BattleSide {
  return side === 'attacker' ? 'defender' : 'attacker';
}

/** 12.3: the hits a character can still take before it is slain (0 once slain). */
export function hitsToSlay(c: BattleCharacter): number {
  return Math.max(0, c.power - c.hits);
}

/** The character with this id; throws when there is none (asking about an unknown id is a bug). */
export function characterById(pos: BattlePosition, id: BattleCharacterId): BattleCharacter {
  const c = pos.characters.find((x) => x.id === id);
  if (c === undefined) throw new Error(`no character ${JSON.stringify(id)} in this battle`);
  return c;
}

/** The character standing on a hex (living or slain), or null. */
export function characterAt(pos: BattlePosition, hex: HexLabel): BattleCharacter | null {
  return pos.characters.find((c) => c.hex === hex) ?? null;
}

/** The hexes holding a character (living or slain): 11.5, such a hex may not be entered or landed on. */
export function occupiedHexes(pos: BattlePosition): ReadonlySet<HexLabel> {
  const hexes = new Set<HexLabel>();
  for (const c of pos.characters) if (c.hex !== null) hexes.add(c.hex);
  return hexes;
}
