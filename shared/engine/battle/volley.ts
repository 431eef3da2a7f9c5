// CE Titan: a volley (ce/power.ts `Volley`, 42 NINJA B2), the ranged attacks a power's characters make at a moment
// of the battle, each at every enemy it may rangestrike (rangestrike.ts, with the power's thrown dice and skill).
// The characters throw in ascending id order, each at its targets in ascending id order, and each attack is rolled
// at once (through the powers' attack rolls, ce/hooks.ts `strikeRolls`, like any rangestrike): a character slain by
// an earlier attack of the volley is not attacked again (errata 12.0). A thrower slain earlier in this strike phase
// still throws, as it still strikes (12.0). Each attack takes the most effective of its paths (lowest
// Strike-number, then most dice; errata 13.3: the rangestriker's choice).
import { strikeRolls } from '../ce/hooks';
import type { Volley } from '../ce/power';
import { battlePosition, ownerOfSide, requireBattle, requireEngagement } from '../engagementState';
import type { GameEvent } from '../events';
import { andThen } from '../evolve';
import { compareIds } from '../order';
import type { Dice, GameState, PowerId } from '../types';
import type { BattleCharacterId, BattleSide } from './position';
import { attackHits, characterById } from './position';
import { rangestrikeVerdict } from './rangestrike';

/** The volley's events: one `powerUsed` per attack made (none when no character had a target). */
export function volleyEvents(
  state: GameState,
  side: BattleSide,
  power: PowerId,
  volley: Volley,
  dice: Dice,
): GameEvent[] {
  const characters = battlePosition(requireBattle(state)).characters;
  const ids = (mine: boolean) =>
    characters
      .filter((c) => (c.side === side) === mine)
      .map((c) => c.id)
      .sort(compareIds);
  let events: GameEvent[] = [];
  for (const thrower of ids(true)) {
    for (const target of ids(false)) {
      events = andThen(state, events, (s) => thrownAt(s, side, power, volley, thrower, target, dice));
    }
  }
  return events;
}

/** One attack of the volley, if the thrower may make it: the rolls (any power's events showing them first) and a
 *  `powerUsed` with the hits, whose `data.rolls` are the dice unless a power's event already showed them. */
function thrownAt(
  state: GameState,
  side: BattleSide,
  power: PowerId,
  volley: Volley,
  throwerId: BattleCharacterId,
  targetId: BattleCharacterId,
  dice: Dice,
): GameEvent[] {
  const pos = battlePosition(requireBattle(state));
  const thrower = characterById(pos, throwerId);
  const target = characterById(pos, targetId);
  const thrown = volley.thrown(thrower);
  if (thrower.hex === null || thrown === null || thrown.dice <= 0) return [];
  const verdict = rangestrikeVerdict(pos, throwerId, targetId, thrown);
  if (!verdict.allowed) return [];
  const best = [...verdict.options].sort((a, b) => a.strikeNumber - b.strikeNumber || b.dice - a.dice)[0];
  if (best === undefined || best.dice <= 0) return [];
  const { rolls, events: shown, either } = strikeRolls(state, thrower, best, dice);
  // A volley cannot stop for a decision: its power's own `rollStrike` never leaves a choice of two rolls.
  if (either !== null) throw new Error(`power ${power}'s volley rolled an attack twice`);
  const last = shown.at(-1);
  const picked = last?.type === 'powerUsed' ? last.data.picked : undefined;
  const alreadyShown = Array.isArray(picked) && picked.join() === rolls.join();
  const hits = attackHits(rolls, best);
  return [
    ...shown,
    {
      type: 'powerUsed',
      player: ownerOfSide(requireEngagement(state), side),
      power,
      act: volley.act,
      words: `${volley.name}: ${thrower.type} ${thrower.id} at ${target.type} ${target.id} needing ${best.strikeNumber}s rolls ${rolls.join(', ')}: ${hits === 1 ? '1 hit' : `${hits} hits`}.`,
      audience: 'all',
      data: {
        ids: hits > 0 ? [target.id] : [],
        hits: hits > 0 ? [hits] : [],
        rolls: alreadyShown ? [] : rolls,
        kept: rolls,
        targets: [target.id],
      },
    },
  ];
}
