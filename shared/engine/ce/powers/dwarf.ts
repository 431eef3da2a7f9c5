// 39 DWARF (CE Titan, rules 004): "Although clumsy of movement, you excel in building protection."
import { skillOf, terrainAt } from '../../battle/hazards';
import { entry } from '../catalogueEntry';
import type { Power } from '../power';

/** CE 39 B1 (and the clarification on lowered movement): the base skills that move normally onto the battleland. */
const ENTER_NORMALLY: readonly number[] = [2, 3];

export const dwarf: Power = {
  ...entry(39),
  // CE 39 B1: every character has one movement point fewer than its Skill-factor, except a skill 2 or 3 character
  // (by the chart) on its move onto the battleland ("Skill 2/3 chars move normally on turn 1"; the clarification:
  // "on their very first move onto the battle board", which is also a reinforcement's or an Angel's entry).
  moveAllowance: (_pos, c, points) =>
    c.hex === null && ENTER_NORMALLY.includes(skillOf(c.type)) ? points : points - 1,
  // CE 39 B1: "never hindered by any hazards (except the volcano) in movement": every free hex costs one point
  // and may be ended on, walking or landing (Bramble, Drift, Sand, Bog, Tree, and Slope, Wall and Cliff
  // crossings included); the Volcano keeps its rule; an occupied hex stays closed (11.5).
  passage: (pos, _c, _from, to, standard) => {
    if (terrainAt(pos, to) === 'Volcano' || pos.characters.some((o) => o.hex === to)) return standard;
    return { cost: 1, end: true };
  },
  // CE 39 B2: armoured, every character defends at +1 skill (strikes and rangestrikes).
  struckBy: (_ctx, parts) => ({ ...parts, targetSkill: parts.targetSkill + 1 }),
  // CE 39 B2: "defending at +3 skill" is the defending Skill-factor 3 more than the attacker's, both final (after
  // every hazard and power, armour included): the Strike-number would be 7, which the chart caps at 6; the first
  // hit of the attack does not count, and at +n (n >= 3) its first n - 2 hits ("if +4, 2 hits ignored").
  hitsDiscounted: (_ctx, _native, parts) => Math.max(0, parts.targetSkill - parts.skill - 2),
  // CE 39 B3: the Angel summoned and the reinforcement mustered in battle are announced at the usual time and
  // arrive one battle turn later, in the side's next maneuver phase, where they must enter or go back (errata
  // 14.1, 15.1); while one waits the side stays in the battle even with no other survivor (16.0), and an enemy's
  // concession is no mutual elimination (errata 9.4). One still to come when the battle ends never arrived: after
  // winning the usual addition is offered (15.2, 14.0), joining at once as for any player (the battle is over); a
  // victorious legion left with no character is eliminated (4.4) and scores all the same.
  arrivalDelay: 1,
};
