// Hits dealt and healed by CE Titan's powers outside strikes (31 VIPER B3, 32 REGENERATOR): one `powerUsed` event
// whose data lists the characters and the hits each takes (negative: heals), with the dice rolled if any; its
// fold changes the battle's characters. A heal never takes a character below 0 hits.
import type { BattleCharacterId, BattleSide } from '../battle/position';
import { withBattle } from '../engagementFold';
import { ownerOfSide, requireEngagement } from '../engagementState';
import type { EventOf, GameEvent } from '../events';
import type { GameState } from '../types';
import type { PowerId } from './power';

export interface HitChange {
  readonly id: BattleCharacterId;
  /** Hits taken; negative for hits healed. */
  readonly hits: number;
}

/** The event of a power's hits or heals (none when nothing changes and no die was rolled). */
export function hitsEvents(
  state: GameState,
  side: BattleSide,
  power: PowerId,
  act: string,
  words: string,
  changes: readonly HitChange[],
  rolls: readonly number[] = [],
): GameEvent[] {
  const real = changes.filter((c) => c.hits !== 0);
  if (real.length === 0 && rolls.length === 0) return [];
  return [
    {
      type: 'powerUsed',
      player: ownerOfSide(requireEngagement(state), side),
      power,
      act,
      words,
      audience: 'all',
      data: { ids: real.map((c) => c.id), hits: real.map((c) => c.hits), rolls: [...rolls] },
    },
  ];
}

/** The fold of such an event; `data.targets` (a volley, battle/volley.ts): the characters rangestruck, who join
 *  those struck at this strike phase (`struckAt`, as a rangestrike's target does). */
export function applyHits(state: GameState, event: EventOf<'powerUsed'>): GameState {
  const ids = event.data.ids;
  const hits = event.data.hits;
  const targets = event.data.targets;
  if (!Array.isArray(ids) || !Array.isArray(hits)) return state;
  const change = new Map(ids.map((id, i) => [String(id), Number(hits[i] ?? 0)]));
  return withBattle(state, (b) => ({
    ...b,
    characters: b.characters.map((c) => {
      const by = change.get(c.id);
      return by === undefined ? c : { ...c, hits: Math.max(0, c.hits + by) };
    }),
    struckAt: Array.isArray(targets) ? [...b.struckAt, ...targets.map(String)] : b.struckAt,
  }));
}
