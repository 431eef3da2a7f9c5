// Drift damage (Hazards Chart Drift; errata 9.4/11.7 and the Complete Sequence of Play 2.5.6.4.x.3).
import { nativeTo } from '../ce/hooks';
import { terrainAt } from './hazards';
import type { BattleCharacterId, BattlePosition, BattleSide } from './position';
import { isSlain } from './position';

/**
 * Hazards Chart Drift: at the start of a side's Strike Phase each of that (phasing) side's non-native
 * characters standing in a Drift hex takes one hit. A character slain by it still strikes (it is removed at the
 * end of the phase, 12.6). Characters already slain take no more. Ordered as in `pos.characters`.
 */
export function driftDamage(pos: BattlePosition, side: BattleSide): { id: BattleCharacterId; hits: 1 }[] {
  return pos.characters
    .filter(
      (c) =>
        c.side === side &&
        c.hex !== null &&
        !isSlain(c) &&
        terrainAt(pos, c.hex) === 'Drift' &&
        !nativeTo(pos, c.side, c.type, 'Drift'),
    )
    .map((c) => ({ id: c.id, hits: 1 as const }));
}
