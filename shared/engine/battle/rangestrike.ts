// Rangestrikes (13.0–13.5, the Hazards Chart's "EFFECT ON RANGESTRIKING" rows, errata 11.7/12.0/13.x): who may
// rangestrike whom, along which paths, with which Strike-number and dice. Rangestrikes never carry over (13.0).
import { CHARACTERS } from '../../data/characters';
import { hexDistance, range } from '../../data/hexGeometry';
import { strikeNumber as chartStrikeNumber } from '../../data/strikeChart';
import type { HexLabel } from '../../data/types';
import {
  adjustStrike,
  discountedHits,
  mayRangestrike,
  nativeTo,
  rangestrikeRange,
  sidePower,
  throughTrees,
} from '../ce/hooks';
import type { Thrown } from '../ce/power';
import { compareIds } from '../order';
import { withArticle } from '../rejections';
import { cliffBetween, skillOf, terrainAt } from './hazards';
import { hazardCrossings, pathObstruction, rangestrikePaths } from './lineOfSight';
import { inContact } from './maneuver';
import type { BattleCharacter, BattleCharacterId, BattlePosition } from './position';
import { characterById, isSlain } from './position';

export interface RangestrikeOption {
  readonly target: BattleCharacterId;
  readonly strikeNumber: number;
  readonly dice: number;
  /** CE Titan: the rangestrike's first hits that do not count (ce/hooks.ts `discountedHits`); absent: none. */
  readonly discounted?: number;
}

/** 13.2: no rangestrike reaches beyond four hexes (counting both end hexes). */
export const MAX_RANGESTRIKE_RANGE = 4;

/** Why a rangestrike at a target is not allowed, with the rule that forbids it. */
export interface RangestrikeRefusal {
  readonly rule: string;
  readonly reason: string;
}

export type RangestrikeVerdict =
  | { readonly allowed: true; readonly options: readonly RangestrikeOption[] }
  | { readonly allowed: false; readonly refusal: RangestrikeRefusal };

function refuse(rule: string, reason: string): RangestrikeVerdict {
  return { allowed: false, refusal: { rule, reason } };
}

/**
 * Whether `strikerId` may rangestrike `targetId` in this position, and if so each distinct (Strike-number, dice)
 * choice: one per target, except where two unblocked paths give different Strike-numbers (errata 13.3: the
 * rangestriker picks the path, each at its own maximum effectiveness, errata 11.7/12.0). `thrown`: a CE power's
 * thrown attack (power.ts `Thrown`, battle/volley.ts) in place of the character's own rangestrike: any character
 * throws, in contact too, with the dice and skill given and none of a Warlock's privileges; the rest is 13.0–13.5.
 */
export function rangestrikeVerdict(
  pos: BattlePosition,
  strikerId: BattleCharacterId,
  targetId: BattleCharacterId,
  thrown: Thrown | null = null,
): RangestrikeVerdict {
  const striker = characterById(pos, strikerId);
  const target = characterById(pos, targetId);
  const from = striker.hex;
  const to = target.hex;
  const warlock = striker.type === 'Warlock' && thrown === null;
  if (thrown === null && !CHARACTERS[striker.type].rangestrikes) {
    return refuse('13.0', `${withArticle(striker.type)} cannot rangestrike (no lightning bolt)`);
  }
  if (thrown === null && !mayRangestrike(pos, striker)) {
    // CE Titan: the enemy's power takes the rangestrike away (48 IMMOBILISER B1).
    const power = sidePower(pos, striker.side === 'attacker' ? 'defender' : 'attacker');
    return refuse(
      `CE ${power?.id ?? ''}`.trim(),
      `${withArticle(striker.type)} cannot rangestrike against ${power?.name ?? 'this enemy'}`,
    );
  }
  if (from === null) return refuse('13.0', 'the rangestriker is not on the battleland');
  if (thrown === null && inContact(pos, strikerId)) {
    return refuse('13.0, 13.5', 'a character in contact with an enemy may not rangestrike');
  }
  if (target.side === striker.side) return refuse('12.1, 13.0', 'a rangestrike must be directed at an enemy');
  if (to === null) return refuse('13.0', 'the target is not on the battleland');
  if (isSlain(target)) return refuse('errata 12.0', 'a slain character may not be struck again');
  if (CHARACTERS[target.type].class === 'lord' && !warlock) {
    return refuse('13.5, errata 13.5', 'Lords are immune to rangestrikes except from a Warlock');
  }
  // 13.0: the target is not adjacent. Errata 11.7/13.5: across a Cliff adjacent characters are not in contact,
  // and a Warlock may rangestrike there; any other rangestriker is blocked by the Cliff itself (Cliff row).
  const distance = hexDistance(from, to);
  if (distance === 0 || (distance === 1 && !cliffBetween(pos.terrain, from, to))) {
    return refuse('13.0', 'an adjacent enemy is struck, not rangestruck');
  }
  // 13.2, errata 11.7/13.2: the range is limited by the chart Skill-factor (never by a hazard-reduced one) and 4.
  // CE general notes: skill 2 reaches 3; a power may change the range (ce/hooks.ts).
  const reach = Math.min(rangestrikeRange(pos, striker, skillOf(striker.type)), MAX_RANGESTRIKE_RANGE);
  if (range(from, to) > reach) {
    return refuse('13.2', `the target is at range ${range(from, to)}; this rangestriker reaches ${reach}`);
  }
  const paths = rangestrikePaths(pos.terrain, from, to);
  const trees = throughTrees(pos, striker); // CE Titan (10 ENT B1)
  const open = paths.filter((path) => pathObstruction(pos, from, to, path, warlock, trees) === null);
  if (open.length === 0) {
    const first = pathObstruction(pos, from, to, paths[0] ?? [], warlock, trees);
    return refuse(first?.rule ?? '13.3', 'every path to the target is blocked');
  }
  // CE Titan: of two paths with the same Strike-number and dice, the one whose hits the target's power discounts
  // least (ce/hooks.ts) is the more effective.
  const options = open
    .map((path) => pathFactors(pos, striker, target, from, to, path, thrown))
    .sort((a, b) => b.discounted - a.discounted);
  const unique = [...new Map(options.map((o) => [`${o.strikeNumber}/${o.dice}`, o])).values()];
  unique.sort((a, b) => a.strikeNumber - b.strikeNumber || a.dice - b.dice);
  return {
    allowed: true,
    options: unique.map(({ discounted, ...o }) => ({
      target: target.id,
      ...o,
      ...(discounted > 0 ? { discounted } : {}),
    })),
  };
}

/** 13.1: half the Power-factor, rounded down; Volcano row: a Dragon adds two dice rangestriking from the Volcano.
 *  A thrown attack (CE) rolls the dice its power gives. */
function rangestrikeDice(pos: BattlePosition, striker: BattleCharacter, thrown: Thrown | null): number {
  if (thrown !== null) return thrown.dice;
  const base = Math.floor(striker.power / 2);
  const fromVolcano = striker.hex !== null && terrainAt(pos, striker.hex) === 'Volcano';
  return striker.type === 'Dragon' && fromVolcano ? base + 2 : base;
}

/**
 * The Strike-number and dice of a rangestrike along one path (12.2, 12.7). A Warlock's is never affected by
 * hazards (13.5, errata 11.7/13.5) nor by range (13.5). Otherwise: range 4 costs a Skill-factor (13.2); a
 * non-native loses one per intervening Bramble hex (Bramble row, errata 11.7/13.2); one per Wall crossed going up
 * (Wall row); a Bramble native defending in Bramble against a non-native gains a Skill-factor (errata 11.7: skill,
 * not Strike-number); a Dragon in the Volcano raises the Strike-number by 1 (Volcano row), to at most 6 (errata
 * 12.7). Cosmic Encounter Titan: the powers' B hooks adjust the skills and dice (ce/hooks.ts).
 */
function pathFactors(
  pos: BattlePosition,
  striker: BattleCharacter,
  target: BattleCharacter,
  from: HexLabel,
  to: HexLabel,
  path: readonly HexLabel[],
  thrown: Thrown | null,
): { strikeNumber: number; dice: number; discounted: number } {
  let attack = skillOf(striker.type) + (thrown?.skill ?? 0);
  let defence = skillOf(target.type);
  const t = pos.terrain;
  const warlock = striker.type === 'Warlock' && thrown === null;
  if (!warlock) {
    const nativeToBramble = nativeTo(pos, striker.side, striker.type, 'Bramble');
    const brambles = nativeToBramble ? 0 : path.filter((hex) => terrainAt(pos, hex) === 'Bramble').length;
    const wallsUp = hazardCrossings(t, from, to, path).filter((c) => c.hazard === 'wall' && c.up).length;
    const longRange = range(from, to) === MAX_RANGESTRIKE_RANGE ? 1 : 0;
    const inBramble =
      terrainAt(pos, to) === 'Bramble' &&
      nativeTo(pos, target.side, target.type, 'Bramble') &&
      !nativeToBramble;
    attack -= longRange + brambles + wallsUp;
    defence += inBramble ? 1 : 0;
  }
  const ctx = { pos, striker, target, rangestrike: true };
  const parts = adjustStrike(ctx, {
    skill: attack,
    targetSkill: defence,
    dice: rangestrikeDice(pos, striker, thrown),
  });
  const number = chartStrikeNumber(parts.skill, parts.targetSkill);
  const dragonInVolcano = !warlock && target.type === 'Dragon' && terrainAt(pos, to) === 'Volcano';
  return {
    strikeNumber: dragonInVolcano ? Math.min(6, number + 1) : number,
    dice: Math.max(0, parts.dice),
    // CE Titan: the target's power may discount the first hits (ce/hooks.ts).
    discounted: discountedHits(ctx, parts),
  };
}

/**
 * 13.0–13.5: every legal rangestrike choice for this character: each enemy it may rangestrike with each distinct
 * (Strike-number, dice) choice (see rangestrikeVerdict), ordered by target id then Strike-number. [] when the
 * character cannot rangestrike at all (no lightning bolt, off the board, or in contact).
 */
export function rangestrikeOptions(pos: BattlePosition, strikerId: BattleCharacterId): RangestrikeOption[] {
  const striker = characterById(pos, strikerId);
  const targets = pos.characters
    .filter((c) => c.side !== striker.side)
    .map((c) => c.id)
    .sort(compareIds);
  return targets.flatMap((id) => {
    const verdict = rangestrikeVerdict(pos, strikerId, id);
    return verdict.allowed ? [...verdict.options] : [];
  });
}
