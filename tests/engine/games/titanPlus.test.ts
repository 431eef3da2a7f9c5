// TITANplus (21.3) as a game option, end to end: complete games of 2 to 6 players through decide/evolve only.
// Cyclops, Lions and Trolls are the Tower Creatures (two of each in every starting legion, mustered in a Tower
// revealing nothing, errata 18.0), each player has eight legion markers, and Centaurs, Gargoyles and Ogres never
// appear.
import { describe, expect, it } from 'vitest';
import { land } from '../../../shared/data/masterboard';
import { replay } from '../../../shared/engine/evolve';
import { playGame } from '../../../tools/sim';

describe('21.3 TITANplus, complete games', () => {
  it('21.3: games of 2 to 6 players end without an engine error, with the TITANplus creatures and markers', () => {
    const towerMusters: string[] = [];
    for (let players = 2; players <= 6; players++) {
      const r = playGame({
        players,
        seed: 2100 + players,
        check: true,
        keepEvents: true,
        turnLimit: 100,
        variant: 'titanPlus',
      });
      expect(r.error, `${players} players`).toBeNull();
      expect(r.completed).toBe(true);
      expect(replay(r.events)).toEqual(r.state);
      // 21.3: Centaurs, Gargoyles and Ogres are not used at all.
      expect(JSON.stringify(r.events)).not.toMatch(/Centaur|Gargoyle|Ogre/);
      for (const e of r.events) {
        if (e.type === 'colorChosen') expect(e.markers).toHaveLength(8);
        if (e.type === 'startingLegionPlaced') {
          expect([...e.characters].sort()).toEqual([
            'Angel',
            'Cyclops',
            'Cyclops',
            'Lion',
            'Lion',
            'Titan',
            'Troll',
            'Troll',
          ]);
        }
      }
      // Errata 18.0: a Tower Creature mustered in a Tower shows nothing.
      const where = new Map<string, number>();
      for (const e of r.events) {
        if (e.type === 'legionMoved') where.set(e.legion, e.to);
        const at = e.type === 'legionMustered' ? where.get(e.legion) : undefined;
        if (e.type === 'legionMustered' && at !== undefined && land(at).terrain === 'Tower') {
          if (['Cyclops', 'Lion', 'Troll'].includes(e.creature)) {
            expect(e.reveal).toEqual([]);
            towerMusters.push(e.creature);
          }
        }
      }
    }
    expect(new Set(towerMusters).size).toBeGreaterThan(1);
  });
});
