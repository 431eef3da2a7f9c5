// 42 NINJA (CE Titan, rules 004): "You are well-trained in projectile weapons and camouflaging."
import type { NativeHazard } from '../../../data/types';
import type { BattleCharacter, BattlePosition } from '../../battle/position';
import { applyHits } from '../battleEffects';
import type { Nativity } from '../battleTerrain';
import { chartNativity, nativeHexHazard, onsideNativeHazards } from '../battleTerrain';
import { entry } from '../catalogueEntry';
import type { Power, Volley } from '../power';

const NINJA = 42;

/**
 * CE 42 B1 "in a Native hazard hex ... This applies for favorable (onside) hazard lines also": the hazards that
 * cover the character: its hex's hazard when it is native to it (Bog, Bramble, Drift, Sand, Volcano), and each
 * Slope or Dune hexside of its hex that it stands atop and is native to ('Slope', 'Sand'), whatever the direction
 * of the attack (the reading of 32 REGENERATOR B3).
 */
function cover(pos: BattlePosition, c: BattleCharacter, native: Nativity): NativeHazard[] {
  const inside = nativeHexHazard(pos, c, native);
  return [...(inside === null ? [] : [inside]), ...onsideNativeHazards(pos, c, native)];
}

/** CE 42 B2: the shuriken, thrown in every strike phase, the Ninja's and the enemy's (battle/volley.ts). */
const SHURIKEN: Volley = {
  name: 'Shuriken',
  act: 'shuriken',
  // CE 42 B2 "strength (1/3)-, down 1 skill": a third of the Power-factor rounded down, at Skill-factor - 1.
  thrown: (c) => ({ dice: Math.floor(c.power / 3), skill: -1 }),
};

export const ninja: Power = {
  ...entry(NINJA),
  // CE 42 B1: a character covered by a native hazard gains 1 die striking out (a rangestrike is not a strike,
  // the reading of 31 VIPER B1).
  strikeOut: (ctx, parts) =>
    !ctx.rangestrike && cover(ctx.pos, ctx.striker, chartNativity(ctx.pos)).length > 0
      ? { ...parts, dice: parts.dice + 1 }
      : parts,
  // CE 42 B1: a covered character attacked (struck or rangestruck) by an enemy not native to a hazard covering it
  // does not count the attack's first hit (hits carried over from it to another character are not discounted
  // again).
  hitsDiscounted: (ctx, native) =>
    cover(ctx.pos, ctx.target, native).some((hazard) => !native(ctx.striker, hazard)) ? 1 : 0,
  // CE 42 B2: in every half turn, as the counterstrikes begin (after the phasing player's strikes and
  // rangestrikes), every Ninja character on the battleland, in contact or not, throws shuriken at every non-Lord
  // enemy it could rangestrike (range: its usual one, skill 2 reaching 3; line of sight and hazards as a
  // rangestrike's, 13.2-13.5).
  volley: (moment) => (moment.kind === 'counterstrikes' ? SHURIKEN : null),
  apply: applyHits,
};
