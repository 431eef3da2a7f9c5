// Normal strikes (12.0–12.5, 12.7, Hazards Chart 11.7 and errata 11.7/12.x): targets, Strike-numbers, dice,
// the weakened strikes the errata allow only to open carry-over, and who could receive carried-over damage.
import { hexDistance } from '../../data/hexGeometry';
import { strikeNumber as chartStrikeNumber } from '../../data/strikeChart';
import type { NativeHazard } from '../../data/types';
import { adjustStrike, discountedHits, mayStrike, nativeTo } from '../ce/hooks';
import { compareIds } from '../order';
import { cliffBetween, crossesDown, crossesUp, skillOf, terrainAt } from './hazards';
import type { BattleCharacter, BattleCharacterId, BattlePosition, StrikeOption } from './position';
import { characterById, hitsToSlay, isSlain } from './position';

export type { StrikeOption };

/** The most effective strike against one target: its Strike-number and dice (12.2, 12.7, 11.7). */
export interface StrikeFactors {
  readonly strikeNumber: number;
  readonly dice: number;
  /** CE Titan: the strike's first hits that do not count (ce/hooks.ts `discountedHits`). */
  readonly discounted: number;
}

/** Errata 12.7: each die equal to or above the Strike-number hits, and a six always hits. */
export function hits(rolls: readonly number[], strikeNumber: number): number {
  return rolls.filter((r) => r >= strikeNumber || r === 6).length;
}

/**
 * 12.0, 12.1, Hazards Chart Cliff, errata 12.0: the enemies this character may strike: on an adjacent hex, not
 * across a Cliff, not already slain. [] for an off-board character. (A slain striker still strikes, 12.0.)
 */
export function strikeTargets(pos: BattlePosition, strikerId: BattleCharacterId): BattleCharacter[] {
  const s = characterById(pos, strikerId);
  const from = s.hex;
  if (from === null) return [];
  return pos.characters.filter(
    (t) =>
      t.side !== s.side &&
      t.hex !== null &&
      !isSlain(t) &&
      hexDistance(from, t.hex) === 1 &&
      !cliffBetween(pos.terrain, from, t.hex) &&
      mayStrike(pos, s, t), // CE Titan: a power may forbid it (ce/hooks.ts)
  );
}

/** 10.6, 12.0: a character that can strike must (unless every adjacent enemy is already slain). */
export function mustStrike(pos: BattlePosition, strikerId: BattleCharacterId): boolean {
  return strikeTargets(pos, strikerId).length > 0;
}

/**
 * 12.2 and the Hazards Chart: the Strike-number and dice of `striker`'s most effective strike at the adjacent
 * `target` (both on the board).
 */
export function strikeFactors(
  pos: BattlePosition,
  striker: BattleCharacter,
  target: BattleCharacter,
): StrikeFactors {
  const t = pos.terrain;
  const from = striker.hex;
  const to = target.hex;
  if (from === null || to === null) throw new Error('strikeFactors: both characters must be on the board');
  let skill = skillOf(striker.type);
  let targetSkill = skillOf(target.type);
  let dice = striker.power; // 12.0: a strike rolls the Power-factor in dice
  // 11.7, and a CE power's nativities (ce/hooks.ts).
  const native = (c: BattleCharacter, hazard: NativeHazard) => nativeTo(pos, c.side, c.type, hazard);
  const nativeToBramble = native(striker, 'Bramble');
  // Bramble: a native defending in Bramble against a non-native striker has its Skill-factor raised by 1
  // (errata 11.7: the skill, not the Strike-number); a non-native striking out of Bramble loses 1 skill.
  if (terrainAt(pos, to) === 'Bramble' && native(target, 'Bramble') && !nativeToBramble) targetSkill += 1;
  if (terrainAt(pos, from) === 'Bramble' && !nativeToBramble) skill -= 1;
  // Volcano: a Dragon striking from the Volcano adds two dice.
  if (terrainAt(pos, from) === 'Volcano' && native(striker, 'Volcano')) dice += 2;
  // Slope: a native adds a die striking down; a non-native loses a skill striking up.
  if (crossesDown(t, from, to, 'slope') && native(striker, 'Slope')) dice += 1;
  if (crossesUp(t, from, to, 'slope') && !native(striker, 'Slope')) skill -= 1;
  // Wall: anyone gains a skill striking down and loses one striking up.
  if (crossesDown(t, from, to, 'wall')) skill += 1;
  if (crossesUp(t, from, to, 'wall')) skill -= 1;
  // Dune: a native adds two dice striking down; a non-native loses a die striking up.
  if (crossesDown(t, from, to, 'dune') && native(striker, 'Sand')) dice += 2;
  if (crossesUp(t, from, to, 'dune') && !native(striker, 'Sand')) dice -= 1;
  // Cosmic Encounter Titan: the powers' B hooks (ce/hooks.ts).
  const ctx = { pos, striker, target, rangestrike: false };
  const parts = adjustStrike(ctx, { skill, targetSkill, dice });
  return {
    strikeNumber: chartStrikeNumber(parts.skill, parts.targetSkill),
    dice: Math.max(0, parts.dice),
    discounted: discountedHits(ctx, parts),
  };
}

/**
 * Every legal (target, Strike-number, dice) choice for a normal strike, sorted by target, Strike-number, dice:
 * for each target its most effective strike, plus each weakened strike errata 11.7/12.0/12.2/12.4 allows —
 * one that opens carry-over to a character the stronger choices could not reach, can do at least one excess
 * hit with all sixes, and takes no penalty that could be dropped while reaching the same characters.
 */
export function strikeOptions(pos: BattlePosition, strikerId: BattleCharacterId): StrikeOption[] {
  const striker = characterById(pos, strikerId);
  const targets = strikeTargets(pos, strikerId);
  const factors = new Map(targets.map((t) => [t.id, strikeFactors(pos, striker, t)]));
  const options: StrikeOption[] = [];
  for (const target of targets) {
    const best = factors.get(target.id) as StrikeFactors;
    const others = targets.filter((c) => c.id !== target.id && mayCarryAcrossDunes(pos, striker, target, c));
    const carryTo = (sn: number, dice: number): BattleCharacterId[] =>
      // errata 11.7: without a possible excess hit (all sixes) no carry-over is possible
      dice > hitsToSlay(target) + best.discounted
        ? others
            .filter((c) => {
              const f = factors.get(c.id) as StrikeFactors;
              return f.strikeNumber <= sn && f.dice >= dice; // errata 12.2, 12.4, 12.5
            })
            .map((c) => c.id)
        : [];
    // The weakenings worth considering: any higher Strike-number (12.4), and forsaking dice down to what the
    // striker would roll at another adjacent enemy (12.5: forgoing hazard benefits).
    const diceChoices = [
      ...new Set([
        best.dice,
        ...others.map((c) => (factors.get(c.id) as StrikeFactors).dice).filter((d) => d < best.dice),
      ]),
    ];
    const choices: { sn: number; dice: number; reach: BattleCharacterId[] }[] = [];
    for (let sn = best.strikeNumber; sn <= 6; sn++) {
      for (const dice of diceChoices) choices.push({ sn, dice, reach: carryTo(sn, dice) });
    }
    for (const choice of choices) {
      const isBest = choice.sn === best.strikeNumber && choice.dice === best.dice;
      // errata 11.7/12.x: a penalty only if it opens carry-over no lesser penalty (nor none) opens.
      const needed =
        isBest ||
        choices.every(
          (lesser) =>
            lesser === choice ||
            !(lesser.sn <= choice.sn && lesser.dice >= choice.dice) ||
            lesser.reach.length < choice.reach.length,
        );
      if (needed) {
        options.push({
          target: target.id,
          strikeNumber: choice.sn,
          dice: choice.dice,
          carryTo: [...choice.reach].sort(compareIds),
          ...(best.discounted > 0 ? { discounted: best.discounted } : {}),
        });
      }
    }
  }
  return options.sort(
    (a, b) => compareIds(a.target, b.target) || a.strikeNumber - b.strikeNumber || a.dice - b.dice,
  );
}

/**
 * Hazards Chart Dune, errata 11.7, 12.2/12.4/12.5: damage may carry over up a Dune (into the hex atop it) only
 * when the strike itself goes up a Dune; otherwise carry-over is free in any order.
 */
function mayCarryAcrossDunes(
  pos: BattlePosition,
  striker: BattleCharacter,
  target: BattleCharacter,
  candidate: BattleCharacter,
): boolean {
  const from = striker.hex;
  if (from === null || target.hex === null || candidate.hex === null) return false;
  return (
    !crossesUp(pos.terrain, from, candidate.hex, 'dune') || crossesUp(pos.terrain, from, target.hex, 'dune')
  );
}
