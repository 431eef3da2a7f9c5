// Teleportation: 8.0–8.3, errata 8.0, 8.1, 7.1/8.2, 10.4.
// Board facts (shared/data/masterboard.ts, neighbours = lands sharing a signed border):
//   100 borders 3, 41, 101; 41–42, 42–1, 1–1000, 1000–2000, 2000–3000, 3000–4000; 3–2, 2–7, 7–8, 8–9, 9–10,
//   10–11. So from 100: 3000 and 10 are 6 lands away, 4000 and 11 are 7 (no shorter route: 4000 borders only
//   22, 3000 and 5000; 11 borders only 10, 12 and 110).
import { describe, expect, it } from 'vitest';
import type { LandNumber } from '../../shared/data/types';
import type { MoveContext } from '../../shared/engine/movement';
import {
  landDistances,
  legalMoves,
  towerTeleportLord,
  towerTeleportLords,
} from '../../shared/engine/movement';
import { moveContext } from './context';

/** A legion with an Angel as its only Lord, unless `more` says otherwise. */
function ctx(from: LandNumber, roll: number, more: Partial<MoveContext> = {}): MoveContext {
  return moveContext(from, roll, { characters: ['Angel', 'Ogre', 'Ogre'], ...more });
}

function via(c: MoveContext, kind: 'towerTeleport' | 'titanTeleport'): string[] {
  return legalMoves(c)
    .filter((m) => m.via === kind)
    .map((m) => (m.entry === null ? `${m.land}` : `${m.land}:${m.entry}`));
}

describe('8.1 Tower Teleportation', () => {
  it('8.1: the distances the rule counts, over borders and ignoring signs', () => {
    const d = landDistances(100);
    expect(d.get(41)).toBe(1);
    expect(d.get(3000)).toBe(6);
    expect(d.get(10)).toBe(6);
    expect(d.get(4000)).toBe(7);
    expect(d.get(11)).toBe(7);
  });

  it('8.1: any vacant land within six lands, and every vacant Tower however far', () => {
    const lands = via(ctx(100, 6), 'towerTeleport');
    expect(lands).toContain('3000');
    expect(lands).toContain('10');
    expect(lands).not.toContain('4000');
    expect(lands).not.toContain('11');
    for (const tower of ['200', '300', '400', '500', '600']) expect(lands).toContain(tower);
  });

  it('errata 8.1: never back to the Tower it started in', () => {
    expect(via(ctx(100, 6), 'towerTeleport')).not.toContain('100');
  });

  it('8.1: only onto vacant lands: not onto friendly or enemy legions, nor an engaged land', () => {
    const lands = via(ctx(100, 6, { friendly: [42, 300], enemy: [1, 400], engaged: [2] }), 'towerTeleport');
    for (const taken of ['42', '300', '1', '400', '2']) expect(lands).not.toContain(taken);
    expect(lands).toContain('1000');
  });

  it('8.1: the count ignores signs and enemy legions, engaged or not', () => {
    // Every land bordering 100 holds an enemy (41 and 3 engaged): the teleport still reaches past them.
    const lands = via(ctx(100, 6, { enemy: [3, 41, 101], engaged: [3, 41] }), 'towerTeleport');
    expect(lands).toContain('42');
    expect(lands).toContain('102');
    expect(lands).toContain('3000');
    expect(lands).not.toContain('41');
  });

  it('8.1: needs a roll of 6, a start in a Tower and a Lord', () => {
    expect(via(ctx(100, 5), 'towerTeleport')).toEqual([]);
    expect(via(ctx(3, 6), 'towerTeleport')).toEqual([]);
    expect(via(ctx(100, 6, { characters: ['Ogre', 'Troll', 'Guardian'] }), 'towerTeleport')).toEqual([]);
    expect(via(ctx(100, 6, { characters: ['Archangel', 'Ogre'] }), 'towerTeleport')).toContain('200');
    expect(via(ctx(100, 6, { characters: ['Titan', 'Ogre'] }), 'towerTeleport')).toContain('200');
  });

  it('8.0: only one legion teleports per Movement Phase', () => {
    expect(via(ctx(100, 6, { teleportUsed: true }), 'towerTeleport')).toEqual([]);
  });

  it('8.3: teleporting is optional: a land reached both ways is listed once per way', () => {
    const to138 = legalMoves(ctx(100, 6)).filter((m) => m.land === 138);
    expect(to138).toEqual([
      { land: 138, via: 'normal', entry: null },
      { land: 138, via: 'towerTeleport', entry: null },
    ]);
  });

  it('8.1: the Lord the mover reveals', () => {
    expect(towerTeleportLord(['Titan', 'Angel', 'Ogre'])).toBe('Angel');
    expect(towerTeleportLord(['Titan', 'Archangel'])).toBe('Archangel');
    expect(towerTeleportLord(['Titan', 'Ogre'])).toBe('Titan');
    expect(towerTeleportLord(['Guardian', 'Warlock'])).toBeNull();
    expect(towerTeleportLords(['Titan', 'Angel', 'Angel', 'Ogre'])).toEqual(['Angel', 'Titan']);
  });
});

describe('8.2 Titan Teleportation', () => {
  const titan = { characters: ['Titan', 'Troll', 'Troll'] as const, score: 400 };

  it('8.2: onto any other player’s legion, however far, on a 6 with 400+ points', () => {
    // 1 → 2 (enemy, normal); 5 is far away: only the teleport reaches it.
    expect(via(ctx(1, 6, { ...titan, enemy: [5, 2] }), 'titanTeleport')).toEqual([
      '2:left',
      '2:right',
      '2:bottom',
      '5:left',
      '5:right',
      '5:bottom',
    ]);
  });

  it('errata 10.4: the teleporter chooses any side, even one normal movement cannot use', () => {
    // 2 can be entered normally only from 1 (left) or 7 (right); the teleport may also come from the bottom.
    expect(via(ctx(40, 6, { ...titan, enemy: [2] }), 'titanTeleport')).toContain('2:bottom');
  });

  it('10.2, errata 10.4: a Titan teleporting into a Tower still enters from the bottom', () => {
    expect(via(ctx(1, 6, { ...titan, enemy: [300] }), 'titanTeleport')).toEqual(['300:bottom']);
  });

  it('8.2: never onto a vacant land', () => {
    expect(via(ctx(1, 6, { ...titan }), 'titanTeleport')).toEqual([]);
  });

  it('errata 7.1, 8.2: not onto a land where an engagement was already made', () => {
    expect(via(ctx(1, 6, { ...titan, enemy: [5, 300], engaged: [5] }), 'titanTeleport')).toEqual([
      '300:bottom',
    ]);
  });

  it('8.2, 19.2: not below 400 points, not without the Titan, not on another roll', () => {
    expect(via(ctx(1, 6, { ...titan, score: 399, enemy: [5] }), 'titanTeleport')).toEqual([]);
    expect(
      via(ctx(1, 6, { score: 400, characters: ['Angel', 'Troll'], enemy: [5] }), 'titanTeleport'),
    ).toEqual([]);
    expect(via(ctx(1, 5, { ...titan, enemy: [5] }), 'titanTeleport')).toEqual([]);
  });

  it('8.0: the one teleport of the phase already used forbids it', () => {
    expect(via(ctx(1, 6, { ...titan, enemy: [5], teleportUsed: true }), 'titanTeleport')).toEqual([]);
  });

  it('8.1, 8.2: a Titan legion in a Tower may use either teleport', () => {
    const moves = legalMoves(ctx(100, 6, { ...titan, enemy: [500] }));
    expect(moves.filter((m) => m.land === 500)).toEqual([
      { land: 500, via: 'titanTeleport', entry: 'bottom' },
    ]);
    expect(moves.some((m) => m.via === 'towerTeleport' && m.land === 200)).toBe(true);
  });
});
