// A movement context for the masterboard tests (movement.ts's `MoveContext`): a lone legion, no other legions,
// no engagements, no teleport used; `more` changes any of it.
import type { LandNumber } from '../../shared/data/types';
import type { MoveContext } from '../../shared/engine/movement';

export function moveContext(from: LandNumber, roll: number, more: Partial<MoveContext> = {}): MoveContext {
  return {
    from,
    roll,
    characters: ['Titan', 'Ogre', 'Ogre'],
    score: 0,
    friendly: [],
    enemy: [],
    engaged: [],
    teleportUsed: false,
    ...more,
  };
}
