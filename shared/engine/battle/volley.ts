// CE Titan: a volley (ce/power.ts `Volley`, 42 NINJA B2), the ranged attacks a power's characters make at a moment
// of the battle, each at every enemy it may rangestrike (rangestrike.ts, with the power's thrown dice and skill).
// The characters throw in ascending id order, each at its targets in ascending id order, and each attack is rolled
// at once: a character slain by an earlier attack of the volley is not attacked again (errata 12.0). A thrower
// slain earlier in this strike phase still throws, as it still strikes (12.0). Each attack takes the most
// effective of its paths (lowest Strike-number, then most dice; errata 13.3: the rangestriker's choice).
import type { Volley } from '../ce/power';
import { battlePosition, ownerOfSide, requireBattle, requireEngagement } from '../engagementState';
import type { GameEvent } from '../events';
import type { Dice, GameState, PowerId } from '../types';
import type { BattleCharacterId, BattlePosition, BattleSide } from './position';
import { attackHits } from './position';
import { rangestrikeVerdict } from './rangestrike';
import { compareIds } from './strike';

/** The volley's event (none when no character had a target): every attack's dice in `data.rolls`, in order. */
export function volleyEvents(
  state: GameState,
  side: BattleSide,
  power: PowerId,
  volley: Volley,
  dice: Dice,
): GameEvent[] {
  let pos: BattlePosition = battlePosition(requireBattle(state));
  const throwers = pos.characters
    .filter((c) => c.side === side && c.hex !== null)
    .sort((a, b) => compareIds(a.id, b.id));
  const rolls: number[] = [];
  const targets: BattleCharacterId[] = [];
  const took = new Map<BattleCharacterId, number>();
  const words: string[] = [];
  for (const thrower of throwers) {
    const thrown = volley.thrown(thrower);
    if (thrown === null || thrown.dice <= 0) continue;
    const enemies = pos.characters.filter((c) => c.side !== side).sort((a, b) => compareIds(a.id, b.id));
    for (const enemy of enemies) {
      const verdict = rangestrikeVerdict(pos, thrower.id, enemy.id, thrown);
      if (!verdict.allowed) continue;
      const best = [...verdict.options].sort((a, b) => a.strikeNumber - b.strikeNumber || b.dice - a.dice)[0];
      if (best === undefined || best.dice <= 0) continue;
      const rolled = dice.roll(best.dice);
      const hits = attackHits(rolled, best);
      rolls.push(...rolled);
      targets.push(enemy.id);
      took.set(enemy.id, (took.get(enemy.id) ?? 0) + hits);
      pos = {
        ...pos,
        characters: pos.characters.map((c) => (c.id === enemy.id ? { ...c, hits: c.hits + hits } : c)),
      };
      words.push(
        `${thrower.type} ${thrower.id} at ${enemy.type} ${enemy.id} needing ${best.strikeNumber}s rolls ${rolled.join(', ')}: ${hits === 1 ? '1 hit' : `${hits} hits`}`,
      );
    }
  }
  if (targets.length === 0) return [];
  const hit = [...took].filter(([, n]) => n > 0);
  return [
    {
      type: 'powerUsed',
      player: ownerOfSide(requireEngagement(state), side),
      power,
      act: volley.act,
      words: `${volley.name}: ${words.join('; ')}.`,
      audience: 'all',
      data: { ids: hit.map(([id]) => id), hits: hit.map(([, n]) => n), rolls, targets },
    },
  ];
}
