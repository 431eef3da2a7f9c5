// Rangestrikes (13.0–13.5, the Hazards Chart's "EFFECT ON RANGESTRIKING" rows, errata 11.7/12.0/13.x): every
// option worked out by hand. Strike-number = 4 − attacker skill + defender skill (12.7 chart, bounded 1..6); dice
// = half the Power-factor, rounded down (13.1). Axial coordinates (q, r) as in lineOfSight.test.ts.
import { describe, expect, it } from 'vitest';
import { CHARACTERS } from '../../shared/data/characters';
import { range } from '../../shared/data/hexGeometry';
import type { CharacterName, HexLabel } from '../../shared/data/types';
import { CHARACTER_NAMES, HEX_LABELS, TERRAINS } from '../../shared/data/types';
import { lineOfSightBlocked } from '../../shared/engine/battle/lineOfSight';
import { inContact } from '../../shared/engine/battle/maneuver';
import type { BattleCharacter } from '../../shared/engine/battle/position';
import { isSlain } from '../../shared/engine/battle/position';
import { rangestrikeOptions, rangestrikeVerdict } from '../../shared/engine/battle/rangestrike';
import { seededRandom } from '../../shared/engine/random';
import { attacker, battle, ch, defender } from './build';

describe("errata 12.0–12.5 example 6 and 11.7/13.2 (the errata's rangestrike examples)", () => {
  it('errata 13.3 example 6 (Brush): hydra D4 vs centaur B3 and gargoyle B4: gargoyle 5s; centaur 5s or 6s; 5 dice', () => {
    // D4 (3,1) → B3 (1,2), range 3, runs along the C3/C4 hexside: by C3 (plain) skill 3 vs 4 → 5; by C4
    // (Bramble, the hydra is not native) skill 2 vs 4 → 6. Both paths are open, so both choices are listed.
    // D4 → B4 (1,1), range 3, straight through C4 (Bramble): skill 2 vs the gargoyle's 3 → 5 (B4 is no Bramble,
    // so no defensive benefit). Dice: 10 / 2 = 5.
    const pos = battle('Brush', [
      attacker('hydra', 'Hydra', 'D4'),
      defender('centaur', 'Centaur', 'B3'),
      defender('gargoyle', 'Gargoyle', 'B4'),
    ]);
    expect(rangestrikeOptions(pos, 'hydra')).toEqual([
      { target: 'centaur', strikeNumber: 5, dice: 5 },
      { target: 'centaur', strikeNumber: 6, dice: 5 },
      { target: 'gargoyle', strikeNumber: 5, dice: 5 },
    ]);
  });

  it('errata 11.7/13.2: a ranger in Brush B3 may rangestrike E5; terrain-reduced skill does not shorten range', () => {
    // B3 (1,2) → E5 (4,−1): NE through C4 and D5, both Bramble; range 4. Skill 4 − 1 (range 4) − 2 (two
    // intervening Brambles, the ranger is not native) = 1, against an ogre's 2: 4 − 1 + 2 = 5. Dice 4 / 2 = 2.
    const pos = battle('Brush', [attacker('ranger', 'Ranger', 'B3'), defender('ogre', 'Ogre', 'E5')]);
    expect(rangestrikeOptions(pos, 'ranger')).toEqual([{ target: 'ogre', strikeNumber: 5, dice: 2 }]);
  });
});

describe('13.0–13.2 who may rangestrike whom, and how far', () => {
  it('13.2: range 3 at full skill, range 4 at one less, nothing beyond 4; never beyond the chart skill', () => {
    // Plains. A1 → A3 (up column A): range 3. A1 (0,4) → D4 (3,1) through B2, C3: range 4. A1 → E4 (4,0):
    // range 5. Minotaur (skill 4): 4 − 4 + 4 = 4 at range 3; 4 − 3 + 4 = 5 at range 4. Dice 4 / 2 = 2.
    const pos = (type: CharacterName) =>
      battle('Plains', [
        attacker('s', type, 'A1'),
        defender('near', 'Centaur', 'A3'),
        defender('far', 'Centaur', 'D4'),
        defender('beyond', 'Centaur', 'E4'),
      ]);
    expect(rangestrikeOptions(pos('Minotaur'), 's')).toEqual([
      { target: 'far', strikeNumber: 5, dice: 2 },
      { target: 'near', strikeNumber: 4, dice: 2 },
    ]);
    // Hydra: chart skill 3 reaches range 3 only: 4 − 3 + 4 = 5 with 5 dice.
    expect(rangestrikeOptions(pos('Hydra'), 's')).toEqual([{ target: 'near', strikeNumber: 5, dice: 5 }]);
    // 13.5: a Warlock rangestrikes four hexes with no reduction: 4 − 4 + 4 = 4 at both ranges; dice 5 / 2 = 2.
    expect(rangestrikeOptions(pos('Warlock'), 's')).toEqual([
      { target: 'far', strikeNumber: 4, dice: 2 },
      { target: 'near', strikeNumber: 4, dice: 2 },
    ]);
  });

  it('13.0: only characters with the lightning bolt rangestrike; off the board nobody does', () => {
    const pos = battle('Plains', [
      attacker('centaur', 'Centaur', 'A1'),
      attacker('waiting', 'Minotaur', null),
      defender('target', 'Ogre', 'A3'),
    ]);
    expect(rangestrikeOptions(pos, 'centaur')).toEqual([]);
    expect(rangestrikeOptions(pos, 'waiting')).toEqual([]);
  });

  it('13.0: a character in contact with an enemy may not rangestrike (not even a Warlock, 13.5)', () => {
    // Plains: the enemy ogre on A2 is adjacent to A1; the centaur on C1 (A1 → C1 through B1) is at range 3.
    for (const type of ['Minotaur', 'Warlock'] as const) {
      const pos = battle('Plains', [
        attacker('s', type, 'A1'),
        defender('adjacent', 'Ogre', 'A2'),
        defender('centaur', 'Centaur', 'C1'),
      ]);
      expect(rangestrikeOptions(pos, 's')).toEqual([]);
      expect(rangestrikeVerdict(pos, 's', 'centaur')).toMatchObject({ allowed: false });
    }
  });

  it('13.0, errata 12.0: only living enemies on the board are targets', () => {
    // Plains: A1 → A3 and A1 → C1 are at range 3 (clear lines). The ogre on A3 is slain (6 hits of 6).
    const pos = battle('Plains', [
      attacker('s', 'Minotaur', 'A1'),
      attacker('friend', 'Centaur', 'C1'),
      defender('slain', 'Ogre', 'A3', 6),
      defender('waiting', 'Ogre', null),
    ]);
    expect(rangestrikeOptions(pos, 's')).toEqual([]);
    expect(rangestrikeVerdict(pos, 's', 'slain')).toMatchObject({
      allowed: false,
      refusal: { rule: 'errata 12.0' },
    });
  });

  it('10.6, Drift row: a rangestriker already slain (by drift damage) may still rangestrike this phase', () => {
    const pos = battle('Tundra', [attacker('s', 'Minotaur', 'A1', 4), defender('ogre', 'Ogre', 'A3')]);
    // Tundra A1 is Drift, A2 plain: 4 − 4 + 2 = 2.
    expect(rangestrikeOptions(pos, 's')).toEqual([{ target: 'ogre', strikeNumber: 2, dice: 2 }]);
  });

  it('13.5, errata 13.5: Lords are immune except to a Warlock; demi-lords are not immune', () => {
    // Plains, all at range 3 from A1 on clear lines: A3 (column A), C1 (through B1), C3 (through B2).
    const pos = (type: CharacterName) =>
      battle('Plains', [
        attacker('s', type, 'A1'),
        defender('angel', 'Angel', 'A3'),
        ch('titan', 'defender', 'Titan', 'C3', 0, 8),
        defender('guardian', 'Guardian', 'C1'),
      ]);
    // Minotaur: only the Guardian (skill 2): 4 − 4 + 2 = 2. The attempt at a lord is refused, not listed.
    expect(rangestrikeOptions(pos('Minotaur'), 's')).toEqual([
      { target: 'guardian', strikeNumber: 2, dice: 2 },
    ]);
    expect(rangestrikeVerdict(pos('Minotaur'), 's', 'angel')).toMatchObject({
      allowed: false,
      refusal: { rule: '13.5, errata 13.5' },
    });
    // Warlock: angel and titan (skill 4): 4 − 4 + 4 = 4; guardian 2.
    expect(rangestrikeOptions(pos('Warlock'), 's')).toEqual([
      { target: 'angel', strikeNumber: 4, dice: 2 },
      { target: 'guardian', strikeNumber: 2, dice: 2 },
      { target: 'titan', strikeNumber: 4, dice: 2 },
    ]);
  });

  it('13.1: dice are half the current Power-factor, rounded down', () => {
    const pos = battle('Plains', [
      ch('giant', 'attacker', 'Giant', 'A1', 0, 7),
      defender('ogre', 'Ogre', 'A3'),
    ]);
    // Giant power 7 → 3 dice; skill 4 vs 2 → 2.
    expect(rangestrikeOptions(pos, 'giant')).toEqual([{ target: 'ogre', strikeNumber: 2, dice: 3 }]);
  });
});

describe('13.3, errata 13.3: paths', () => {
  it('errata 13.3: two open paths with the same Strike-number give one option', () => {
    // Plains C3 → E3 runs along the D3/D4 hexside; neither path has any hazard: 4 − 4 + 4 = 4 once.
    const pos = battle('Plains', [attacker('s', 'Minotaur', 'C3'), defender('centaur', 'Centaur', 'E3')]);
    expect(rangestrikeOptions(pos, 's')).toEqual([{ target: 'centaur', strikeNumber: 4, dice: 2 }]);
  });

  it('13.3 ("two paths to E"): if one path is blocked the rangestrike takes the other; if both, none', () => {
    const pos = (blockers: readonly HexLabel[]) =>
      battle('Plains', [
        attacker('s', 'Minotaur', 'C3'),
        defender('centaur', 'Centaur', 'E3'),
        ...blockers.map((hex) => attacker(`b${hex}`, 'Ogre', hex)),
      ]);
    expect(rangestrikeOptions(pos(['D3']), 's')).toEqual([{ target: 'centaur', strikeNumber: 4, dice: 2 }]);
    expect(rangestrikeOptions(pos(['D4']), 's')).toEqual([{ target: 'centaur', strikeNumber: 4, dice: 2 }]);
    expect(rangestrikeOptions(pos(['D3', 'D4']), 's')).toEqual([]);
  });

  it('Tree and Bramble rows, 13.3: Jungle C3→E3 must go by the Bramble D4 because the Tree D3 blocks', () => {
    // The hydra's own Bramble hex (C3) costs nothing; the intervening Bramble D4 costs 1: 4 − 2 + 4 = 6 only.
    const pos = battle('Jungle', [attacker('hydra', 'Hydra', 'C3'), defender('centaur', 'Centaur', 'E3')]);
    expect(rangestrikeOptions(pos, 'hydra')).toEqual([{ target: 'centaur', strikeNumber: 6, dice: 5 }]);
  });
});

describe('Hazards Chart "EFFECT ON RANGESTRIKING": skill and Strike-number', () => {
  it("Bramble row (errata 11.7/13.2): neither the rangestriker's hex nor the target's hex counts as intervening", () => {
    // Brush D5 (Bramble) → D3 through D4 (plain): 4 − 3 + 4 = 5, not 6.
    const own = battle('Brush', [attacker('hydra', 'Hydra', 'D5'), defender('centaur', 'Centaur', 'D3')]);
    expect(rangestrikeOptions(own, 'hydra')).toEqual([{ target: 'centaur', strikeNumber: 5, dice: 5 }]);
    // Brush D3 → D5 (Bramble) through D4: a centaur is not a Bramble native, so no benefit either: 5.
    const theirs = battle('Brush', [attacker('hydra', 'Hydra', 'D3'), defender('centaur', 'Centaur', 'D5')]);
    expect(rangestrikeOptions(theirs, 'hydra')).toEqual([{ target: 'centaur', strikeNumber: 5, dice: 5 }]);
  });

  it('Bramble row: a Bramble native rangestrikes through Bramble at full skill', () => {
    // Brush D4 → B4 straight through C4 (Bramble): the gorgon is native: 4 − 3 + 4 = 5 (a hydra needs 6).
    const pos = (type: CharacterName) =>
      battle('Brush', [attacker('s', type, 'D4'), defender('centaur', 'Centaur', 'B4')]);
    expect(rangestrikeOptions(pos('Gorgon'), 's')).toEqual([{ target: 'centaur', strikeNumber: 5, dice: 3 }]);
    expect(rangestrikeOptions(pos('Hydra'), 's')).toEqual([{ target: 'centaur', strikeNumber: 6, dice: 5 }]);
  });

  it('Bramble row, errata 11.7: a native in Bramble gains a skill against a non-native, not against natives or Warlocks', () => {
    // Brush C3 → E3 (Bramble) along the D3/D4 hexside (both plain). Gargoyle (skill 3, Bramble native) on E3.
    const pos = (type: CharacterName) =>
      battle('Brush', [attacker('s', type, 'C3'), defender('gargoyle', 'Gargoyle', 'E3')]);
    // Minotaur (not native): 4 − 4 + (3 + 1) = 4.
    expect(rangestrikeOptions(pos('Minotaur'), 's')).toEqual([
      { target: 'gargoyle', strikeNumber: 4, dice: 2 },
    ]);
    // Gorgon (native): no benefit: 4 − 3 + 3 = 4.
    expect(rangestrikeOptions(pos('Gorgon'), 's')).toEqual([
      { target: 'gargoyle', strikeNumber: 4, dice: 3 },
    ]);
    // Warlock (13.5): 4 − 4 + 3 = 3.
    expect(rangestrikeOptions(pos('Warlock'), 's')).toEqual([
      { target: 'gargoyle', strikeNumber: 3, dice: 2 },
    ]);
  });

  it('Wall row: a rangestrike loses a skill for each Wall it crosses going up, none going down', () => {
    // Tower A1 (0,4) → C3 (2,2) through B2: up C3's Wall: 4 − 3 + 4 = 5. C3 → A1: down it: 4 − 4 + 4 = 4.
    const up = battle('Tower', [attacker('s', 'Minotaur', 'A1'), defender('centaur', 'Centaur', 'C3')]);
    expect(rangestrikeOptions(up, 's')).toEqual([{ target: 'centaur', strikeNumber: 5, dice: 2 }]);
    const down = battle('Tower', [attacker('s', 'Minotaur', 'C3'), defender('centaur', 'Centaur', 'A1')]);
    expect(rangestrikeOptions(down, 's')).toEqual([{ target: 'centaur', strikeNumber: 4, dice: 2 }]);
    // A1 → D4 (range 4) through B2, C3: up two Walls into the centre hex: giant skill 4 − 1 − 2 = 1 vs an ogre's
    // 2: 4 − 1 + 2 = 5; dice 7 / 2 = 3.
    const centre = battle('Tower', [attacker('giant', 'Giant', 'A1'), defender('ogre', 'Ogre', 'D4')]);
    expect(rangestrikeOptions(centre, 'giant')).toEqual([{ target: 'ogre', strikeNumber: 5, dice: 3 }]);
  });

  it('Volcano row, errata 11.7/13.5: a Dragon in the Volcano is harder to hit, except by a Warlock', () => {
    // Mountains D6 (e2) → D4 (the Volcano) through D5: down D6's Slope, up the Volcano's: open.
    const pos = (type: CharacterName) =>
      battle('Mountains', [attacker('s', type, 'D6'), defender('dragon', 'Dragon', 'D4')]);
    // Ranger: 4 − 4 + 3 = 3, + 1 = 4.
    expect(rangestrikeOptions(pos('Ranger'), 's')).toEqual([{ target: 'dragon', strikeNumber: 4, dice: 2 }]);
    // Another Dragon (errata: the benefit holds against dragons): 4 − 3 + 3 = 4, + 1 = 5; dice 9 / 2 = 4.
    expect(rangestrikeOptions(pos('Dragon'), 's')).toEqual([{ target: 'dragon', strikeNumber: 5, dice: 4 }]);
    // Warlock: 4 − 4 + 3 = 3, no benefit.
    expect(rangestrikeOptions(pos('Warlock'), 's')).toEqual([{ target: 'dragon', strikeNumber: 3, dice: 2 }]);
  });

  it('Volcano and Cliff rows: a Dragon rangestriking from the Volcano adds two dice, over the Cliff it is atop', () => {
    // Mountains D4 (3,1) → B2 (1,3) through C3: down the Volcano's Cliff, up B2's Slope (open, the striker atop
    // the Cliff). A soldier at the foot of the Cliff (C3) is at its base with the striker directly atop: no block.
    // 4 − 3 + 4 = 5; dice 9 / 2 + 2 = 6.
    const pos = battle('Mountains', [
      attacker('dragon', 'Dragon', 'D4'),
      attacker('friend', 'Ogre', 'C3'),
      defender('centaur', 'Centaur', 'B2'),
    ]);
    expect(rangestrikeOptions(pos, 'dragon')).toEqual([{ target: 'centaur', strikeNumber: 5, dice: 6 }]);
  });
});

describe('13.5: the Warlock', () => {
  it("13.5: a Warlock's rangestrike is never blocked by Walls or characters", () => {
    // Tower B2 → D4 through C3, where a friendly ogre stands; two Walls with B2 beneath C3's outer Wall.
    const pos = (type: CharacterName) =>
      battle('Tower', [
        attacker('s', type, 'B2'),
        attacker('friend', 'Ogre', 'C3'),
        defender('ogre', 'Ogre', 'D4'),
      ]);
    expect(rangestrikeOptions(pos('Minotaur'), 's')).toEqual([]);
    // 4 − 4 + 2 = 2, no Wall penalty either.
    expect(rangestrikeOptions(pos('Warlock'), 's')).toEqual([{ target: 'ogre', strikeNumber: 2, dice: 2 }]);
  });

  it("13.5: a Warlock's rangestrike passes through a Tree", () => {
    // Woods B2 → D4 straight through the Tree C3.
    const pos = (type: CharacterName) =>
      battle('Woods', [attacker('s', type, 'B2'), defender('centaur', 'Centaur', 'D4')]);
    expect(rangestrikeOptions(pos('Minotaur'), 's')).toEqual([]);
    expect(rangestrikeOptions(pos('Warlock'), 's')).toEqual([
      { target: 'centaur', strikeNumber: 4, dice: 2 },
    ]);
  });

  it('errata 11.7/13.5: a Warlock at the base of a Cliff may rangestrike the character atop it (not in contact)', () => {
    // Mountains C3 is at the base of the Volcano's Cliff; adjacent across a Cliff is not contact (Cliff row).
    // Warlock: 4 − 4 + 3 = 3 (no Volcano benefit against a Warlock). Any other rangestriker is blocked by the
    // Cliff row (the rangestriker is at the base of the Cliff the target is atop).
    const pos = (type: CharacterName) =>
      battle('Mountains', [attacker('s', type, 'C3'), defender('dragon', 'Dragon', 'D4')]);
    expect(rangestrikeOptions(pos('Warlock'), 's')).toEqual([{ target: 'dragon', strikeNumber: 3, dice: 2 }]);
    expect(rangestrikeOptions(pos('Minotaur'), 's')).toEqual([]);
    expect(rangestrikeVerdict(pos('Minotaur'), 's', 'dragon')).toMatchObject({ allowed: false });
  });
});

// ---------------------------------------------------------------- properties on random positions

describe('rangestrikes on random positions of all 11 battlelands', () => {
  it('13.x: every option is legal, and every legal target with an open line has an option', () => {
    const next = seededRandom(7);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
    let listed = 0;
    for (const land of TERRAINS) {
      for (let n = 0; n < 150; n++) {
        const hexes = [...HEX_LABELS].sort(() => next() - 0.5);
        const characters: BattleCharacter[] = [];
        const count = 2 + Math.floor(next() * 8);
        for (let i = 0; i < count; i++) {
          const type = pick(CHARACTER_NAMES);
          const power = CHARACTERS[type].power ?? 6 + Math.floor(next() * 5);
          const hits = next() < 0.1 ? power : 0;
          const hex = next() < 0.1 ? null : (hexes[i] ?? null); // some still off the board
          characters.push(ch(`c${i}`, next() < 0.5 ? 'attacker' : 'defender', type, hex, hits, power));
        }
        const pos = battle(land, characters);
        for (const s of characters) {
          const options = rangestrikeOptions(pos, s.id);
          listed += options.length;
          for (const o of options) {
            const t = characters.find((c) => c.id === o.target) as BattleCharacter;
            expect(t.side).not.toBe(s.side);
            expect(isSlain(t)).toBe(false);
            expect(s.hex).not.toBeNull();
            expect(t.hex).not.toBeNull();
            const r = range(s.hex as HexLabel, t.hex as HexLabel);
            expect(r).toBeLessThanOrEqual(Math.min(4, CHARACTERS[s.type].skill));
            expect(o.strikeNumber).toBeGreaterThanOrEqual(1);
            expect(o.strikeNumber).toBeLessThanOrEqual(6);
            expect(o.dice).toBeGreaterThanOrEqual(1);
            if (s.type !== 'Warlock') {
              expect(CHARACTERS[t.type].class).not.toBe('lord');
              expect(r).toBeGreaterThanOrEqual(3);
              expect(lineOfSightBlocked(pos, s.hex as HexLabel, t.hex as HexLabel)).toBe(false);
            }
          }
          // The converse: a rangestriker free to strike, a living non-lord enemy at range 3..reach with an open
          // line must be offered.
          if (!CHARACTERS[s.type].rangestrikes || s.hex === null || inContact(pos, s.id)) continue;
          for (const t of characters) {
            if (t.side === s.side || t.hex === null || isSlain(t) || CHARACTERS[t.type].class === 'lord')
              continue;
            const r = range(s.hex, t.hex);
            if (r < 3 || r > Math.min(4, CHARACTERS[s.type].skill)) continue;
            const open = s.type === 'Warlock' || !lineOfSightBlocked(pos, s.hex, t.hex);
            expect(options.some((o) => o.target === t.id)).toBe(open);
            expect(rangestrikeVerdict(pos, s.id, t.id).allowed).toBe(open);
          }
        }
      }
    }
    expect(listed).toBeGreaterThan(50);
  });
});
