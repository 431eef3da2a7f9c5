// The Character Chart (3.5, rear cover of the Law), the counts of errata 3.5 and the natives of the Hazards
// Chart (11.7). Checked against reference/colossus-default/DefaultCre.xml: power, skill, flight and
// rangestriking agree with the Law; its Titan count (6) is replaced by errata 3.5's "1 per player" (null here),
// and its 'river' natives (a variant hazard) are not used. Where they differ the Law and errata win.

import type { CharacterClass, CharacterName, CharacterType, NativeHazard, PlayerColor } from './types';
import { CHARACTER_NAMES } from './types';

/** What the chart gives; the name is the key and the points follow from power and skill (16.0). */
type ChartRow = Omit<CharacterType, 'name' | 'points'>;

const lord = 'lord';
const demilord = 'demilord';
const creature = 'creature';

// 3.5 chart (power, skill, flies, rangestrikes); errata 3.5 counts; 11.7 natives. Plural names as in errata 3.5.
const CHART: Readonly<Record<CharacterName, ChartRow>> = {
  Angel: row('Angels', lord, 6, 4, true, false, [], 18),
  Archangel: row('Archangels', lord, 9, 4, true, false, [], 6),
  Titan: row('Titans', lord, null, 4, false, false, [], null),
  Guardian: row('Guardians', demilord, 12, 2, true, false, [], 6),
  Warlock: row('Warlocks', demilord, 5, 4, false, true, [], 6),
  Behemoth: row('Behemoths', creature, 8, 3, false, false, ['Bramble'], 18),
  Centaur: row('Centaurs', creature, 3, 4, false, false, [], 25),
  Colossus: row('Colossi', creature, 10, 4, false, false, ['Drift', 'Slope'], 10),
  Cyclops: row('Cyclops', creature, 9, 2, false, false, ['Bramble'], 28),
  Dragon: row('Dragons', creature, 9, 3, true, true, ['Slope', 'Volcano'], 18),
  Gargoyle: row('Gargoyles', creature, 4, 3, true, false, ['Bramble'], 21),
  Giant: row('Giants', creature, 7, 4, false, true, ['Drift'], 18),
  Gorgon: row('Gorgons', creature, 6, 3, true, true, ['Bramble'], 25),
  Griffon: row('Griffons', creature, 5, 4, true, false, ['Sand'], 18),
  Hydra: row('Hydras', creature, 10, 3, false, true, ['Bog', 'Sand'], 10),
  Lion: row('Lions', creature, 5, 3, false, false, ['Sand', 'Slope'], 28),
  Minotaur: row('Minotaurs', creature, 4, 4, false, true, ['Slope'], 21),
  Ogre: row('Ogres', creature, 6, 2, false, false, ['Bog', 'Slope'], 25),
  Ranger: row('Rangers', creature, 4, 4, true, true, ['Bog'], 28),
  Serpent: row('Serpents', creature, 18, 2, false, false, ['Bramble'], 10),
  Troll: row('Trolls', creature, 8, 2, false, false, ['Drift', 'Bog'], 28),
  Unicorn: row('Unicorns', creature, 6, 4, false, false, ['Slope'], 12),
  Warbear: row('Warbears', creature, 6, 3, false, false, ['Drift'], 21),
  Wyvern: row('Wyverns', creature, 7, 3, true, false, ['Bog'], 18),
  // CE 13 B3: "If you raise an enemy Titan, it becomes an ordinary Lord (can be summoned and teleport) at its last
  // pointage": a Lord of the Titan's Skill-factor 4, flying and rangestriking no more than a Titan, its
  // Power-factor the slain Titan's last one (the game's `raised`), never mustered (no count).
  'Raised Titan (Black)': row('Raised Titans (Black)', lord, null, 4, false, false, [], null),
  'Raised Titan (Blue)': row('Raised Titans (Blue)', lord, null, 4, false, false, [], null),
  'Raised Titan (Brown)': row('Raised Titans (Brown)', lord, null, 4, false, false, [], null),
  'Raised Titan (Gold)': row('Raised Titans (Gold)', lord, null, 4, false, false, [], null),
  'Raised Titan (Green)': row('Raised Titans (Green)', lord, null, 4, false, false, [], null),
  'Raised Titan (Red)': row('Raised Titans (Red)', lord, null, 4, false, false, [], null),
};

function row(
  pluralName: string,
  cls: CharacterClass,
  power: number | null,
  skill: number,
  flies: boolean,
  rangestrikes: boolean,
  natives: readonly NativeHazard[],
  count: number | null,
): ChartRow {
  return { pluralName, class: cls, power, skill, flies, rangestrikes, natives, count };
}

function characterType(name: CharacterName): CharacterType {
  const r = CHART[name];
  // 16.0: a character's value is power × skill; the Titan's depends on its score (19.1).
  return { name, ...r, points: r.power === null ? null : r.power * r.skill };
}

export const CHARACTERS: Readonly<Record<CharacterName, CharacterType>> = Object.fromEntries(
  CHARACTER_NAMES.map((name) => [name, characterType(name)]),
) as Record<CharacterName, CharacterType>;

/** 19.1: a Titan's Power-factor is 6 plus one for each full 100 points of its player's score. */
export function titanPower(score: number): number {
  return 6 + Math.floor(score / 100);
}

/** CE 13 B3: the Power-factors of the game's raised Titans (each the slain Titan's last one), by name. */
export type RaisedPowers = Readonly<Partial<Record<CharacterName, number>>>;

/** CE 13 B3: the raised Titan of a player colour (an ordinary Lord). */
export function raisedTitan(color: PlayerColor): CharacterName {
  return `Raised Titan (${color})`;
}

/** CE 13 B3: is this a raised Titan (an ordinary Lord of a Titan's last power)? */
export function isRaisedTitan(name: CharacterName): boolean {
  return name.startsWith('Raised Titan (');
}

/** The Power-factor of a character; for the Titan it depends on its player's score (19.1); for a raised Titan it
 *  is the one the game keeps for it (CE 13 B3; a Titan's at a score of 0 where none is known). */
export function characterPower(name: CharacterName, score: number, raised: RaisedPowers = {}): number {
  const power = CHARACTERS[name].power;
  if (power !== null) return power;
  return isRaisedTitan(name) ? (raised[name] ?? titanPower(0)) : titanPower(score);
}

/** Point value (16.0: power × skill); the Titan is worth its current power × 4 (rules-notes, 19.1). */
export function characterPoints(name: CharacterName, score: number, raised: RaisedPowers = {}): number {
  return characterPower(name, score, raised) * CHARACTERS[name].skill;
}

/** 13.1: Range-strength (dice thrown in a rangestrike) = half the Power-factor, rounded down; null if none. */
export function rangeStrength(name: CharacterName): number | null {
  const c = CHARACTERS[name];
  return c.rangestrikes && c.power !== null ? Math.floor(c.power / 2) : null;
}

/** 3.1: Titans, Angels and Archangels are Lords. */
export function isLord(name: CharacterName): boolean {
  return CHARACTERS[name].class === 'lord';
}

/** 11.7: is the character native to this hazard? (Sand natives are Dune natives too.) */
export function isNative(name: CharacterName, hazard: NativeHazard): boolean {
  return CHARACTERS[name].natives.includes(hazard);
}
