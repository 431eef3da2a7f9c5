// Seeded random positions on all eleven battlelands: maneuver (11.x), contact (11.3) and strike (12.x) rules
// never throw and always keep their invariants.
import { describe, expect, it } from 'vitest';
import { CHARACTERS } from '../../shared/data/characters';
import { hexDistance, neighbours } from '../../shared/data/hexGeometry';
import type { HexLabel, Terrain } from '../../shared/data/types';
import { CHARACTER_NAMES, HEX_LABELS, TERRAINS } from '../../shared/data/types';
import { excessHits, legalCarryOverAllocations } from '../../shared/engine/battle/carryOver';
import { cliffBetween, hexsideBetween, hexTerrain, isNative } from '../../shared/engine/battle/hazards';
import { arrival, inContact, maneuverMoves } from '../../shared/engine/battle/maneuver';
import type { BattleCharacter, BattlePosition, StrikeOption } from '../../shared/engine/battle/position';
import { hitsToSlay, isSlain } from '../../shared/engine/battle/position';
import { strikeFactors, strikeOptions, strikeTargets } from '../../shared/engine/battle/strike';
import { seededRandom } from '../../shared/engine/random';

/** May a character of this type stand on this hex at all (Tree, Volcano, Bog)? */
function mayStand(terrain: Terrain, type: BattleCharacter['type'], hex: HexLabel): boolean {
  const inside = hexTerrain(terrain, hex);
  if (inside === 'Tree') return false;
  if (inside === 'Volcano') return isNative(type, 'Volcano');
  if (inside === 'Bog') return isNative(type, 'Bog');
  return true;
}

function randomPosition(
  terrain: Terrain,
  random: () => number,
  phase: 'maneuver' | 'strike',
): BattlePosition {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const count = 2 + Math.floor(random() * 10);
  const used = new Set<HexLabel>();
  const characters: BattleCharacter[] = [];
  for (let i = 0; i < count; i++) {
    const type = pick(CHARACTER_NAMES);
    const side = random() < 0.5 ? 'attacker' : 'defender';
    const power = CHARACTERS[type].power ?? 6 + Math.floor(random() * 5);
    const free = HEX_LABELS.filter((h) => !used.has(h) && mayStand(terrain, type, h));
    const hex = random() < 0.12 || free.length === 0 ? null : pick(free);
    if (hex !== null) used.add(hex);
    const hits = phase === 'strike' && random() < 0.15 ? power : Math.floor(random() * power);
    characters.push({ id: `c${i}`, side, type, power, hex, hits });
  }
  const attackerEntry = terrain === 'Tower' ? 'bottom' : pick(['left', 'right', 'bottom'] as const);
  return { terrain, attackerEntry, characters };
}

const POSITIONS_PER_LAND = 150;

describe('random legal positions on every battleland', () => {
  for (const terrain of TERRAINS) {
    it(`11.x: maneuverMoves never throws and never lands on an occupied or forbidden hex (${terrain})`, () => {
      const random = seededRandom(terrain.length * 7919 + terrain.charCodeAt(0));
      for (let n = 0; n < POSITIONS_PER_LAND; n++) {
        const pos = randomPosition(terrain, random, 'maneuver');
        const occupied = new Set(pos.characters.map((c) => c.hex).filter((h) => h !== null));
        for (const c of pos.characters) {
          const moves = maneuverMoves(pos, c.id);
          const skill = CHARACTERS[c.type].skill;
          expect(new Set(moves).size).toBe(moves.length);
          expect([...moves].sort()).toEqual(moves);
          for (const h of moves) {
            expect(occupied.has(h)).toBe(false); // 11.5
            expect(mayStand(terrain, c.type, h)).toBe(true); // Tree, Volcano, Bog
          }
          if (c.hex === null) {
            const way = arrival(pos, c.side);
            const reach = way.kind === 'deploy' ? 0 : skill - 1; // 11.1: the entry hex counts
            for (const h of moves) expect(way.hexes.some((e) => hexDistance(e, h) <= reach)).toBe(true);
            continue;
          }
          const start = c.hex;
          if (isSlain(c) || inContact(pos, c.id)) {
            expect(moves).toEqual([]); // 11.3
            continue;
          }
          for (const h of moves) expect(hexDistance(start, h) <= skill && h !== start).toBe(true); // 11.2
          // an open neighbour (free Plains, no hazard hexside) is always reachable
          for (const { hex } of neighbours(start)) {
            if (
              !occupied.has(hex) &&
              hexTerrain(terrain, hex) === 'Plains' &&
              !hexsideBetween(terrain, start, hex)
            ) {
              expect(moves).toContain(hex);
            }
          }
        }
      }
    });

    it(`11.3, 12.x: contact is mutual; strikeOptions never throws and only targets adjacent living enemies (${terrain})`, () => {
      const random = seededRandom(terrain.length * 104729 + terrain.charCodeAt(1));
      for (let n = 0; n < POSITIONS_PER_LAND; n++) {
        const pos = randomPosition(terrain, random, 'strike');
        for (const c of pos.characters) {
          for (const e of pos.characters) {
            if (c.hex === null || e.hex === null || c.side === e.side || hexDistance(c.hex, e.hex) !== 1)
              continue;
            if (cliffBetween(terrain, c.hex, e.hex)) continue;
            expect(inContact(pos, c.id) && inContact(pos, e.id)).toBe(true);
          }
          const options = strikeOptions(pos, c.id);
          const targets = strikeTargets(pos, c.id);
          const byId = new Map(pos.characters.map((x) => [x.id, x]));
          for (const o of options) {
            const t = byId.get(o.target) as BattleCharacter;
            expect(t.side).not.toBe(c.side);
            expect(isSlain(t)).toBe(false); // errata 12.0
            expect(c.hex !== null && t.hex !== null && hexDistance(c.hex, t.hex) === 1).toBe(true);
            expect(cliffBetween(terrain, c.hex as HexLabel, t.hex as HexLabel)).toBe(false);
            expect(o.strikeNumber >= 1 && o.strikeNumber <= 6 && o.dice >= 1).toBe(true);
            expect([...o.carryTo].sort()).toEqual(o.carryTo);
            for (const id of o.carryTo) {
              expect(id).not.toBe(o.target);
              expect(targets.map((x) => x.id)).toContain(id); // 12.4: adjacent, living, not across a cliff
            }
            // errata 11.7/12.4: the best strike, or a weaker one that opens carry-over
            const best = strikeFactors(pos, c, t);
            const isBest = o.strikeNumber === best.strikeNumber && o.dice === best.dice;
            if (!isBest) {
              expect(o.strikeNumber >= best.strikeNumber && o.dice <= best.dice).toBe(true);
              expect(o.carryTo.length).toBeGreaterThan(0);
            }
            // any roll, errata 12.4: the carry-over allocations listed start with none; each goes character by
            // character among those the option reaches, each taking what is left or what slays it, and goes on
            // only past a slain one
            const rolls = Array.from({ length: o.dice }, () => 1 + Math.floor(random() * 6));
            const allocations = legalCarryOverAllocations(pos, c.id, o, rolls);
            expect(allocations[0]).toEqual([]);
            for (const allocation of allocations) {
              let left = excessHits(pos, o, rolls);
              for (const step of allocation) {
                expect(o.carryTo).toContain(step.target);
                const need = hitsToSlay(byId.get(step.target) as BattleCharacter);
                expect(step.damage).toBe(Math.min(left, need));
                left -= step.damage;
              }
              expect(new Set(allocation.map((a) => a.target)).size).toBe(allocation.length);
            }
          }
          // one best option per target, and the options sorted by target, Strike-number, dice
          expect(new Set(options.map((o) => o.target))).toEqual(new Set(targets.map((t) => t.id)));
          for (let i = 1; i < options.length; i++) {
            const a = options[i - 1] as StrikeOption;
            const b = options[i] as StrikeOption;
            const order =
              a.target < b.target
                ? -1
                : a.target > b.target
                  ? 1
                  : a.strikeNumber - b.strikeNumber || a.dice - b.dice;
            expect(order).toBeLessThan(0);
          }
        }
      }
    });
  }
});
