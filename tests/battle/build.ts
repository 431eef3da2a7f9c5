// Builders for hand-made battle positions in the battle tests.
import { CHARACTERS } from '../../shared/data/characters';
import type { AttackerSide, CharacterName, HexLabel, Terrain } from '../../shared/data/types';
import type { BattleCharacter, BattlePosition, BattleSide } from '../../shared/engine/battle/position';

/** A character; power from the chart (a Titan gets 6 unless told). */
export function ch(
  id: string,
  side: BattleSide,
  type: CharacterName,
  hex: HexLabel | null,
  hits = 0,
  power?: number,
): BattleCharacter {
  return { id, side, type, hex, hits, power: power ?? CHARACTERS[type].power ?? 6 };
}

export function attacker(id: string, type: CharacterName, hex: HexLabel | null, hits = 0): BattleCharacter {
  return ch(id, 'attacker', type, hex, hits);
}

export function defender(id: string, type: CharacterName, hex: HexLabel | null, hits = 0): BattleCharacter {
  return ch(id, 'defender', type, hex, hits);
}

export function battle(
  terrain: Terrain,
  characters: readonly BattleCharacter[],
  attackerEntry: AttackerSide = 'bottom',
): BattlePosition {
  return { terrain, attackerEntry, characters };
}
