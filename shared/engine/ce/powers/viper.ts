// 31 VIPER (CE Titan, rules 004): "Your enemies are drained of their strength by poison."
import { cliffBetween, terrainAt } from '../../battle/hazards';
import type { BattleCharacter } from '../../battle/position';
import { isSlain } from '../../battle/position';
import { requireBattle } from '../../engagementState';
import { applyHits, hitsEvents } from '../battleEffects';
import { chartNativity, insideNativeHazard } from '../battleTerrain';
import { entry } from '../catalogueEntry';
import type { Power } from '../power';

const VIPER = 31;

/** CE 31 B2: an enemy that has taken more than half its Power-factor ("constitution") in hits. */
function poisoned(c: BattleCharacter): boolean {
  return c.hits * 2 > c.power;
}

export const viper: Power = {
  ...entry(VIPER),
  strikeOut: (ctx, parts) => ({
    skill: parts.skill,
    // CE 31 B2: a poisoned enemy fights at -1 skill, when struck too.
    targetSkill: poisoned(ctx.target) ? parts.targetSkill - 1 : parts.targetSkill,
    // CE 31 B1: a Viper inside a native hazard gains 2 dice striking out (a rangestrike is not a strike).
    dice:
      !ctx.rangestrike && insideNativeHazard(ctx.pos, ctx.striker, chartNativity(ctx.pos))
        ? parts.dice + 2
        : parts.dice,
  }),
  struckBy: (ctx, parts) => ({
    // CE 31 B2: a poisoned enemy fights (strikes and rangestrikes) at -1 skill.
    skill: poisoned(ctx.striker) ? parts.skill - 1 : parts.skill,
    targetSkill: parts.targetSkill,
    // CE 31 B1: every enemy striking into a Viper inside a native hazard loses 1 die.
    dice:
      !ctx.rangestrike && insideNativeHazard(ctx.pos, ctx.target, chartNativity(ctx.pos))
        ? parts.dice - 1
        : parts.dice,
  }),
  // CE 31 B2: a poisoned enemy moves at -1 skill.
  enemyMoveAllowance: (_pos, c, points) => (poisoned(c) ? points - 1 : points),
  // CE 31 B2: an enemy with ONE hit left cannot strike (it may still rangestrike, at its chart range: the
  // rangestrike range never reads the lowered skill).
  enemyMayStrike: (_pos, striker) => striker.power - striker.hits !== 1,
  // CE 31 B1: Vipers walk through Trees and Bogs at the normal cost, but may not end on a Tree, nor on a Bog
  // unless native to it.
  passage: (pos, _c, from, to, standard, flying) => {
    if (flying || standard.cost !== null) return standard;
    const inside = terrainAt(pos, to);
    const free = !pos.characters.some((o) => o.hex === to);
    const acrossCliff = from !== null && cliffBetween(pos.terrain, from, to);
    return free && !acrossCliff && (inside === 'Tree' || inside === 'Bog')
      ? { cost: 1, end: false }
      : standard;
  },
  // CE 31 B3: before the Viper's counterstrikes, one die per hit already on each enemy; each 6 is one hit more.
  atMoment: (state, side, moment, dice) => {
    if (moment.kind !== 'counterstrikes' || moment.side !== side || dice === null) return [];
    const wounded = requireBattle(state).characters.filter(
      (c) => c.side !== side && c.hex !== null && c.hits > 0 && !isSlain(c),
    );
    const rolls = wounded.map((c) => dice.roll(c.hits));
    const changes = wounded.map((c, i) => ({
      id: c.id,
      hits: (rolls[i] ?? []).filter((r) => r === 6).length,
    }));
    const words = wounded.map((c, i) => `${c.type} ${c.id} rolls ${(rolls[i] ?? []).join(', ')}`).join('; ');
    return hitsEvents(
      state,
      side,
      VIPER,
      'venom',
      `Venom before the counterstrikes: ${words}.`,
      changes,
      rolls.flat(),
    );
  },
  apply: applyHits,
};
