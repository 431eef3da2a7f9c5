// 32 REGENERATOR (CE Titan, rules 004): "Leisurely soul, You enjoy The Pause That Refreshes."
import { neighbours } from '../../../data/hexGeometry';
import { terrainAt } from '../../battle/hazards';
import type { BattleCharacter, BattlePosition, BattleSide } from '../../battle/position';
import { isSlain } from '../../battle/position';
import { battlePosition, requireBattle } from '../../engagementState';
import type { GameEvent } from '../../events';
import type { GameState } from '../../types';
import { applyHits, type HitChange, hitsEvents } from '../battleEffects';
import { chartNativity, insideNativeHazard, onsideNativeHazard, TREE_NATIVES } from '../battleTerrain';
import { entry } from '../catalogueEntry';
import type { Power } from '../power';

const REGENERATOR = 32;

/** CE 32 B2: next to at least one Tree hex. */
function nextToTree(pos: BattlePosition, c: BattleCharacter): boolean {
  const hex = c.hex;
  return hex !== null && neighbours(hex).some((n) => terrainAt(pos, n.hex) === 'Tree');
}

/** CE 32 B3: inside a native hazard, on the upper side of a native Slope or Dune hexside, or in a Tower hex. */
function sheltered(pos: BattlePosition, c: BattleCharacter): boolean {
  if (c.hex !== null && terrainAt(pos, c.hex) === 'Tower') return true;
  return insideNativeHazard(pos, c, chartNativity(pos)) || onsideNativeHazard(pos, c, chartNativity(pos));
}

/** The side's living characters on the battleland with a hit to heal, each healed `heal(c)` (at most its hits). */
function heals(state: GameState, side: BattleSide, heal: (c: BattleCharacter) => number): HitChange[] {
  return requireBattle(state)
    .characters.filter((c) => c.side === side && c.hex !== null && c.hits > 0 && !isSlain(c))
    .map((c) => ({ id: c.id, hits: -Math.min(c.hits, heal(c)) }));
}

function healed(
  state: GameState,
  side: BattleSide,
  act: string,
  words: string,
  changes: HitChange[],
): GameEvent[] {
  // In a player's words: each character by its creature and hex, never its id (issue 14).
  const battle = requireBattle(state);
  const names = changes
    .filter((c) => c.hits !== 0)
    .map((c) => {
      const who = battle.characters.find((x) => x.id === c.id);
      const healed = -c.hits;
      return `${who === undefined ? 'a character' : `${who.type} in ${who.hex ?? 'its entrance'}`} heals ${healed} hit${healed === 1 ? '' : 's'}`;
    });
  return hitsEvents(state, side, REGENERATOR, act, `${words}: ${names.join(', ')}.`, changes);
}

export const regenerator: Power = {
  ...entry(REGENERATOR),
  atMoment: (state, side, moment) => {
    const battle = requireBattle(state);
    const pos = battlePosition(battle);
    switch (moment.kind) {
      case 'endOfStrikePhase': {
        // CE 32 B1: at the end of each half turn every survivor heals one hit; one not involved in any
        // hostilities (it struck or rangestruck, or was struck, rangestruck or given carried-over damage, this
        // strike phase) heals one more.
        const involved = new Set([...battle.struck, ...battle.struckAt]);
        const changes = heals(state, side, (c) => (involved.has(c.id) ? 1 : 2));
        return healed(state, side, 'regenerate', 'The survivors regenerate', changes);
      }
      case 'beforeManeuver': {
        if (moment.side === side) {
          // CE 32 B2: before the Regenerator's movement, tree-natives next to a Tree heal one hit.
          const changes = heals(state, side, (c) => (TREE_NATIVES.has(c.type) && nextToTree(pos, c) ? 1 : 0));
          return healed(state, side, 'trees', 'The trees heal', changes);
        }
        // CE 32 B3: before the enemy's movement, characters in native hazards and in the Tower heal one hit.
        const changes = heals(state, side, (c) => (sheltered(pos, c) ? 1 : 0));
        return healed(state, side, 'shelter', 'The sheltered heal', changes);
      }
      case 'strikes':
      case 'counterstrikes':
        return [];
    }
  },
  apply: applyHits,
};
