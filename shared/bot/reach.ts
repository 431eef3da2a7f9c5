// Where other players' legions can strike next: for each Movement Roll (6.2: one die, 1..6), the lands each of
// their legions could move onto (7.x, 8.1, 8.2: the teleports on a 6), as the engine's own move generator
// lists them on a state the bot guessed from its sight. The strong bot weighs the danger to its legions, and the
// Titan's above all, by the rolls that bring a stronger stack onto them.
import { isLord } from '../data/characters';
import { type GameState, type Legion, legalMoves, TITAN_TELEPORT_SCORE } from '../engine/index';

/** The rolls (1..6) on which `legion` could move onto `land` (an engagement, 7.1), by the engine's move rules. */
export type Reach = ReadonlyMap<number, readonly number[]>;

/** Each legion not `me`'s: for each land it could engage on, the rolls that take it there. */
export function enemyReach(state: GameState, me: string): Map<string, Reach> {
  const legions = Object.values(state.legions);
  const out = new Map<string, Reach>();
  for (const e of legions) {
    if (e.owner === me) continue;
    out.set(e.id, reachOf(state, e, legions));
  }
  return out;
}

/** Reaches already worked out, by what they depend on (the legion's land, Lords and teleport right, and where
 *  every legion stands); bounded, emptied when full. */
const known = new Map<string, Reach>();
const KNOWN_MAX = 20_000;

function reachOf(state: GameState, legion: Legion, legions: readonly Legion[]): Reach {
  const score = state.players.find((p) => p.id === legion.owner)?.score ?? 0;
  const friendly = legions.filter((l) => l.owner === legion.owner && l.id !== legion.id).map((l) => l.land);
  const enemy = legions.filter((l) => l.owner !== legion.owner).map((l) => l.land);
  const lords = legion.characters.filter(isLord).sort().join(',');
  const key = `${legion.land}|${lords}|${score >= TITAN_TELEPORT_SCORE}|${friendly.sort().join(',')}|${enemy.sort().join(',')}`;
  const cached = known.get(key);
  if (cached !== undefined) return cached;
  const reach = new Map<number, number[]>();
  for (let roll = 1; roll <= 6; roll++) {
    const moves = legalMoves({
      from: legion.land,
      roll,
      characters: legion.characters,
      score,
      friendly,
      enemy,
      engaged: [],
      teleportUsed: false,
    });
    for (const m of moves) {
      if (m.entry === null) continue;
      const rolls = reach.get(m.land) ?? [];
      if (!rolls.includes(roll)) rolls.push(roll);
      reach.set(m.land, rolls);
    }
  }
  if (known.size >= KNOWN_MAX) known.clear();
  known.set(key, reach);
  return reach;
}
