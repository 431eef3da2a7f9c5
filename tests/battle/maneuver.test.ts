// The Maneuver Phase: contact (11.3, Cliff), movement (11.2–11.6), every Hazards Chart movement row (11.7,
// errata 11.7), entering (10.1, 11.1), Tower deployment (10.2), reinforcements (14.0) and summoned Angels (15.1).
import { describe, expect, it } from 'vitest';
import { hexDistance } from '../../shared/data/hexGeometry';
import type { HexLabel } from '../../shared/data/types';
import { HEX_LABELS } from '../../shared/data/types';
import { arrivalMoves, inContact, maneuverMoves } from '../../shared/engine/battle/maneuver';
import { attacker, battle, defender } from './build';

/** Hexes within `steps` of any of `from` (own hexes excluded), in label order: open Plains movement. */
function within(from: readonly HexLabel[], steps: number, exclude: readonly HexLabel[] = []): HexLabel[] {
  return HEX_LABELS.filter(
    (h) => !exclude.includes(h) && from.some((f) => hexDistance(f, h) <= steps && (steps === 0 || f !== h)),
  );
}

describe('11.3 contact', () => {
  it('11.3: adjacent enemies are locked in contact and cannot move', () => {
    const pos = battle('Plains', [attacker('ogre', 'Ogre', 'C3'), defender('lion', 'Lion', 'C4')]);
    expect(inContact(pos, 'ogre')).toBe(true);
    expect(inContact(pos, 'lion')).toBe(true);
    expect(maneuverMoves(pos, 'ogre')).toEqual([]);
  });

  it('11.3: a slain enemy not yet removed still holds a character in contact', () => {
    const pos = battle('Plains', [attacker('ogre', 'Ogre', 'C3'), defender('lion', 'Lion', 'C4', 5)]);
    expect(inContact(pos, 'ogre')).toBe(true);
  });

  it('11.3: friends do not lock; enemies two hexes away do not lock', () => {
    const pos = battle('Plains', [
      attacker('ogre', 'Ogre', 'C3'),
      attacker('friend', 'Troll', 'C4'),
      defender('lion', 'Lion', 'C5'),
    ]);
    expect(inContact(pos, 'ogre')).toBe(false);
    expect(maneuverMoves(pos, 'ogre').length).toBeGreaterThan(0);
  });

  it('Hazards Chart Cliff: characters separated by a cliff are not in contact (Desert D3/D4, Mountains B1/C2)', () => {
    const desert = battle('Desert', [attacker('ogre', 'Ogre', 'D3'), defender('lion', 'Lion', 'D4')]);
    expect(inContact(desert, 'ogre')).toBe(false);
    expect(inContact(desert, 'lion')).toBe(false);
    expect(maneuverMoves(desert, 'ogre').length).toBeGreaterThan(0);
    const mountains = battle('Mountains', [attacker('ogre', 'Ogre', 'B1'), defender('troll', 'Troll', 'C2')]);
    expect(inContact(mountains, 'ogre')).toBe(false);
  });

  it('11.3: an off-board character is never in contact', () => {
    const pos = battle('Plains', [attacker('ogre', 'Ogre', null), defender('lion', 'Lion', 'A1')]);
    expect(inContact(pos, 'ogre')).toBe(false);
  });

  it('11.3: moving through hexes adjacent to an enemy is allowed, and the move may end there', () => {
    // C2 to C5 is a straight line whose only 3-hex path (C3, C4) runs beside the Troll on D4.
    const pos = battle('Plains', [attacker('centaur', 'Centaur', 'C2'), defender('troll', 'Troll', 'D4')]);
    const moves = maneuverMoves(pos, 'centaur');
    expect(moves).toContain('C3');
    expect(moves).toContain('C5');
  });
});

describe('11.2, 11.5 movement on open ground', () => {
  it('11.2: up to the Skill-factor in hexes (Centaur, skill 4, on the Plains)', () => {
    const pos = battle('Plains', [attacker('centaur', 'Centaur', 'D3'), defender('far', 'Ogre', 'A1')]);
    expect(maneuverMoves(pos, 'centaur')).toEqual(within(['D3'], 4, ['A1']));
  });

  it('11.5: a non-flyer enters no occupied hex, friendly or not, and cannot pass through one', () => {
    const pos = battle('Plains', [
      attacker('ogre', 'Ogre', 'A1'),
      attacker('f1', 'Troll', 'A2'),
      attacker('f2', 'Troll', 'B2'),
      attacker('f3', 'Troll', 'B1'),
    ]);
    expect(maneuverMoves(pos, 'ogre')).toEqual([]);
  });

  it('11.5: a flyer crosses occupied hexes but never lands on one', () => {
    const pos = battle('Plains', [
      attacker('gargoyle', 'Gargoyle', 'A1'),
      attacker('f1', 'Troll', 'A2'),
      attacker('f2', 'Troll', 'B2'),
      attacker('f3', 'Troll', 'B1'),
    ]);
    expect(maneuverMoves(pos, 'gargoyle')).toEqual(within(['A1'], 3, ['A1', 'A2', 'B1', 'B2']));
  });

  it('11.3: a slain character does not move', () => {
    const pos = battle('Plains', [attacker('ogre', 'Ogre', 'A1', 6)]);
    expect(maneuverMoves(pos, 'ogre')).toEqual([]);
  });
});

describe('Hazards Chart 11.7: effects on movement', () => {
  it('Bramble slows non-natives (Brush: an Ogre from C1), not natives (a Cyclops from C1)', () => {
    const ogre = battle('Brush', [attacker('x', 'Ogre', 'C1')]);
    expect(maneuverMoves(ogre, 'x')).toEqual(['A1', 'B1', 'C2', 'C3', 'D1', 'D2', 'D3']);
    const cyclops = battle('Brush', [attacker('x', 'Cyclops', 'C1')]);
    expect(maneuverMoves(cyclops, 'x')).toEqual(['A1', 'B1', 'B2', 'C2', 'C3', 'D1', 'D2', 'D3', 'E1', 'E2']);
  });

  it('Bramble slows a landing flyer that is not native (Griffon, skill 4, lands in Bramble at 3 hexes only)', () => {
    const pos = battle('Brush', [attacker('griffon', 'Griffon', 'A1')]);
    const moves = maneuverMoves(pos, 'griffon');
    expect(moves).toContain('C4'); // Bramble 3 hexes away: 2 + 2
    expect(moves).not.toContain('D5'); // Bramble 4 hexes away: 3 + 2
    expect(moves).toContain('E4'); // plain 4 hexes away
    const gargoyle = battle('Brush', [attacker('gargoyle', 'Gargoyle', 'A1')]);
    expect(maneuverMoves(gargoyle, 'gargoyle')).toContain('D2'); // a native lands in Bramble 3 away
  });

  it('Drift slows non-natives (Tundra: an Ogre from C1), not natives (a Troll from C1)', () => {
    const ogre = battle('Tundra', [attacker('x', 'Ogre', 'C1')]);
    expect(maneuverMoves(ogre, 'x')).toEqual(['B1', 'C2', 'D1', 'D2', 'E2']);
    const troll = battle('Tundra', [attacker('x', 'Troll', 'C1')]);
    expect(maneuverMoves(troll, 'x')).toEqual(['A1', 'B1', 'B2', 'C2', 'C3', 'D1', 'D2', 'D3', 'E1', 'E2']);
  });

  it('Bog: forbidden to non-flying non-natives, natives walk in, flying non-natives cross but never land', () => {
    // Marsh: C2 and C3 are Bog; C4 lies 3 hexes up column C, through both.
    const warbear = maneuverMoves(battle('Marsh', [attacker('x', 'Warbear', 'C1')]), 'x');
    expect(warbear).not.toContain('C2');
    expect(warbear).not.toContain('C4');
    const ogre = maneuverMoves(battle('Marsh', [attacker('x', 'Ogre', 'C1')]), 'x');
    expect(ogre).toContain('C2');
    expect(ogre).toContain('C3');
    const gargoyle = maneuverMoves(battle('Marsh', [attacker('x', 'Gargoyle', 'C1')]), 'x');
    expect(gargoyle).not.toContain('C2');
    expect(gargoyle).not.toContain('C3');
    expect(gargoyle).toContain('C4');
    const wyvern = maneuverMoves(battle('Marsh', [attacker('x', 'Wyvern', 'C1')]), 'x');
    expect(wyvern).toContain('C2');
    expect(wyvern).toContain('C3');
    expect(wyvern).toContain('C4');
  });

  it('Sand slows non-flying non-natives; errata 11.7: natives and flyers land in Sand for one move', () => {
    // Desert: A1 (Sand) is 3 hexes from D2 along plain D2-C2-B1.
    expect(maneuverMoves(battle('Desert', [attacker('x', 'Warbear', 'D2')]), 'x')).not.toContain('A1');
    expect(maneuverMoves(battle('Desert', [attacker('x', 'Lion', 'D2')]), 'x')).toContain('A1');
    expect(maneuverMoves(battle('Desert', [attacker('x', 'Gargoyle', 'D2')]), 'x')).toContain('A1');
  });

  it('Slope slows non-flying non-natives moving up only (Hills: a Troll and an Ogre from B2)', () => {
    const troll = battle('Hills', [attacker('x', 'Troll', 'B2')]);
    expect(maneuverMoves(troll, 'x')).toEqual(['A1', 'A2', 'A3', 'B1', 'B3', 'C3', 'D3', 'D4']);
    const ogre = battle('Hills', [attacker('x', 'Ogre', 'B2')]);
    expect(maneuverMoves(ogre, 'x')).toEqual(['A1', 'A2', 'A3', 'B1', 'B3', 'B4', 'C1', 'C3', 'D3', 'D4']);
    // moving down is never slowed: from atop B3 the Troll goes two hexes wherever no slope leads up again
    const down = battle('Hills', [attacker('x', 'Troll', 'B3')]);
    expect(maneuverMoves(down, 'x')).toEqual(['A1', 'A2', 'A3', 'B2', 'B4', 'C3', 'C5', 'D3', 'D4']);
  });

  it('Slope: a flyer is not slowed moving up (Hills: a Guardian, skill 2, from B2 reaches B4 over B3)', () => {
    expect(maneuverMoves(battle('Hills', [attacker('x', 'Guardian', 'B2')]), 'x')).toContain('B4');
    expect(maneuverMoves(battle('Hills', [attacker('x', 'Troll', 'B2')]), 'x')).not.toContain('B4');
  });

  it('Wall slows every non-flyer moving up; flyers are not slowed (Tower from C2)', () => {
    const ogre = maneuverMoves(battle('Tower', [attacker('x', 'Ogre', 'C2')]), 'x');
    expect(ogre).toContain('C3');
    expect(ogre).toContain('D3');
    expect(ogre).not.toContain('D4');
    expect(maneuverMoves(battle('Tower', [attacker('x', 'Warbear', 'C2')]), 'x')).not.toContain('D4');
    expect(maneuverMoves(battle('Tower', [attacker('x', 'Centaur', 'C2')]), 'x')).toContain('D4');
    expect(maneuverMoves(battle('Tower', [attacker('x', 'Gargoyle', 'C2')]), 'x')).toContain('D4');
    // down the walls costs nothing extra: from the centre an Ogre reaches the plain ring two walls below
    expect(maneuverMoves(battle('Tower', [attacker('x', 'Ogre', 'D4')]), 'x')).toContain('C2');
  });

  it('Tree: forbidden to non-flyers; flyers cross it but cannot land (Woods E2 to E4 over the Tree E3)', () => {
    const ogre = maneuverMoves(battle('Woods', [attacker('x', 'Ogre', 'E2')]), 'x');
    expect(ogre).not.toContain('E3');
    expect(ogre).not.toContain('E4');
    expect(maneuverMoves(battle('Plains', [attacker('x', 'Ogre', 'E2')]), 'x')).toContain('E4');
    const guardian = maneuverMoves(battle('Woods', [attacker('x', 'Guardian', 'E2')]), 'x');
    expect(guardian).not.toContain('E3');
    expect(guardian).toContain('E4');
  });

  it('Volcano: only Dragons enter or cross it (Mountains D4)', () => {
    // D3 and D5 have only the Volcano between them.
    const guardian = maneuverMoves(battle('Mountains', [attacker('x', 'Guardian', 'D3')]), 'x');
    expect(guardian).not.toContain('D4');
    expect(guardian).not.toContain('D5');
    expect(maneuverMoves(battle('Mountains', [attacker('x', 'Griffon', 'D3')]), 'x')).not.toContain('D4');
    expect(maneuverMoves(battle('Mountains', [attacker('x', 'Ogre', 'D3')]), 'x')).not.toContain('D4');
    const dragon = maneuverMoves(battle('Mountains', [attacker('x', 'Dragon', 'D3')]), 'x');
    expect(dragon).toContain('D4');
  });

  it('Cliff: non-flyers may not cross; flyers may (Desert D3 to D4, other ways blocked by friends)', () => {
    const friends = [attacker('f1', 'Troll', 'E3'), attacker('f2', 'Troll', 'C3')];
    const lion = maneuverMoves(battle('Desert', [attacker('x', 'Lion', 'D3'), ...friends]), 'x');
    expect(lion).not.toContain('D4');
    const griffon = maneuverMoves(battle('Desert', [attacker('x', 'Griffon', 'D3'), ...friends]), 'x');
    expect(griffon).toContain('D4');
  });
});

describe('10.1, 11.1 entering the battleland', () => {
  it('11.1: the attacker enters on its side (left: A3 B4 C5 D6) and the entry hex counts as a move', () => {
    const pos = battle('Plains', [attacker('centaur', 'Centaur', null)], 'left');
    expect(maneuverMoves(pos, 'centaur')).toEqual(within(['A3', 'B4', 'C5', 'D6'], 3));
  });

  it('10.1: the attacker enters on F1–F4 from the right and A1–D1 from the bottom', () => {
    const right = battle('Plains', [attacker('ogre', 'Ogre', null)], 'right');
    expect(maneuverMoves(right, 'ogre')).toEqual(within(['F1', 'F2', 'F3', 'F4'], 1));
    const bottom = battle('Plains', [attacker('ogre', 'Ogre', null)], 'bottom');
    expect(maneuverMoves(bottom, 'ogre')).toEqual(within(['A1', 'B1', 'C1', 'D1'], 1));
  });

  it('10.1: the defender enters on the narrow side opposite (D1 E1 F1 / A1 A2 A3 / D6 E5 F4)', () => {
    const vsLeft = battle('Plains', [defender('ogre', 'Ogre', null)], 'left');
    expect(maneuverMoves(vsLeft, 'ogre')).toEqual(within(['D1', 'E1', 'F1'], 1));
    const vsRight = battle('Plains', [defender('ogre', 'Ogre', null)], 'right');
    expect(maneuverMoves(vsRight, 'ogre')).toEqual(within(['A1', 'A2', 'A3'], 1));
    const vsBottom = battle('Plains', [defender('ogre', 'Ogre', null)], 'bottom');
    expect(maneuverMoves(vsBottom, 'ogre')).toEqual(within(['D6', 'E5', 'F4'], 1));
  });

  it('11.1, 11.4: hazards of the entry hex count (Desert bottom: A1 and D1 are Sand, B1/B2 a cliff)', () => {
    const pos = battle('Desert', [attacker('ogre', 'Ogre', null)], 'bottom');
    expect(maneuverMoves(pos, 'ogre')).toEqual(['A1', 'B1', 'C1', 'C2', 'D1', 'D2']);
  });

  it('11.5: a walker cannot enter on an occupied entry hex; a flyer may fly in over it', () => {
    const blockers = [
      attacker('f1', 'Troll', 'A1'),
      attacker('f2', 'Troll', 'B1'),
      attacker('f3', 'Troll', 'C1'),
    ];
    const ogre = battle('Plains', [attacker('ogre', 'Ogre', null), ...blockers], 'bottom');
    expect(maneuverMoves(ogre, 'ogre')).toEqual(['D1', 'D2', 'E1']);
    const gargoyle = battle('Plains', [attacker('gargoyle', 'Gargoyle', null), ...blockers], 'bottom');
    expect(maneuverMoves(gargoyle, 'gargoyle')).toEqual(
      within(['A1', 'B1', 'C1', 'D1'], 2).filter((h) => !['A1', 'B1', 'C1'].includes(h)),
    );
  });

  it('10.2, errata 10.2: in a Tower the defender deploys on any free start hex and moves no further', () => {
    const pos = battle('Tower', [defender('ogre', 'Ogre', null), defender('guardian', 'Guardian', 'D4')]);
    expect(maneuverMoves(pos, 'ogre')).toEqual(['C3', 'C4', 'D3', 'D5', 'E3', 'E4']);
  });

  it('10.2: in a Tower the attacker enters on A1–D1', () => {
    const pos = battle('Tower', [attacker('ogre', 'Ogre', null)]);
    expect(maneuverMoves(pos, 'ogre')).toEqual(within(['A1', 'B1', 'C1', 'D1'], 1));
  });

  it('10.2, 14.0: a Tower reinforcement enters from the name side (D6 E5 F4), walls slowing it', () => {
    const pos = battle('Tower', [defender('ogre', 'Ogre', null)]);
    expect(maneuverMoves(pos, 'ogre', { firstManeuver: false })).toEqual(['C5', 'D6', 'E5', 'F3', 'F4']);
    expect(arrivalMoves(pos, { side: 'defender', type: 'Ogre' }, { firstManeuver: false })).toEqual([
      'C5',
      'D6',
      'E5',
      'F3',
      'F4',
    ]);
  });

  it("14.0: elsewhere a reinforcement enters from the defender's side, like the first characters", () => {
    const pos = battle('Plains', [defender('d1', 'Troll', 'E1')], 'left');
    expect(arrivalMoves(pos, { side: 'defender', type: 'Ogre' }, { firstManeuver: false })).toEqual(
      within(['D1', 'E1', 'F1'], 1, ['E1']).filter((h) => h !== 'E1'),
    );
  });

  it("15.1: a summoned Angel enters from the attacker's side, flying over occupied entry hexes", () => {
    const pos = battle(
      'Woods',
      [attacker('troll', 'Troll', 'B4'), attacker('angel', 'Angel', null), defender('d', 'Ogre', 'F1')],
      'left',
    );
    const moves = maneuverMoves(pos, 'angel', { firstManeuver: false });
    expect(moves).toEqual(arrivalMoves(pos, { side: 'attacker', type: 'Angel' }));
    expect(moves).not.toContain('B4');
    expect(moves).not.toContain('A3'); // a Tree
    expect(moves).toContain('C5');
    const side: readonly HexLabel[] = ['A3', 'B4', 'C5', 'D6'];
    expect(moves.every((h) => side.some((e) => hexDistance(e, h) <= 3))).toBe(true);
  });
});
