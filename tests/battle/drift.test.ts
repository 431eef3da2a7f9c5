// Hazards Chart Drift; errata 9.4/11.7 and Complete Sequence of Play 2.5.6.4.x.3 (drift damage, phasing side).
import { describe, expect, it } from 'vitest';
import { driftDamage } from '../../shared/engine/battle/drift';
import { attacker, battle, defender } from './build';

describe('Hazards Chart Drift: damage at the start of the strike phase', () => {
  // Tundra drifts: A1 B2 C2 C4 C5 D3 E1 E4 F2.
  const pos = battle('Tundra', [
    attacker('ogre', 'Ogre', 'C2'),
    attacker('troll', 'Troll', 'D3'),
    attacker('centaur', 'Centaur', 'C3'),
    attacker('offBoard', 'Lion', null),
    attacker('slainLion', 'Lion', 'E4', 5),
    defender('gargoyle', 'Gargoyle', 'B2'),
    defender('warbear', 'Warbear', 'C4'),
  ]);

  it('11.7 Drift: each non-native of the phasing side in a Drift hex takes one hit; natives take none', () => {
    expect(driftDamage(pos, 'attacker')).toEqual([{ id: 'ogre', hits: 1 }]);
  });

  it("errata 9.4/11.7: only the phasing side's characters suffer it (flyers too)", () => {
    expect(driftDamage(pos, 'defender')).toEqual([{ id: 'gargoyle', hits: 1 }]);
  });

  it('11.7 Drift: no drift anywhere else', () => {
    const plains = battle('Plains', [attacker('ogre', 'Ogre', 'C2')]);
    expect(driftDamage(plains, 'attacker')).toEqual([]);
  });
});
