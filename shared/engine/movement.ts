// Moving Legions on the Masterboard (7.0–7.5, the Movement Chart) and Teleportation (8.0–8.3, errata 7.1/8.2,
// 8.0, 8.1, 10.4). Pure functions: the game's state machine lists and validates moves with `legalMoves`.

import { isLord, isRaisedTitan } from '../data/characters';
import { LAND_NUMBERS, land, TOWER_LANDS } from '../data/masterboard';
import type { AttackerSide, CharacterName, Exit, LandNumber } from '../data/types';
import { ATTACKER_SIDES } from '../data/types';
import { sortShort } from './order';

export const MOVE_VIAS = ['normal', 'towerTeleport', 'titanTeleport'] as const;
/** How a legion reaches its destination: by following the Signs (7.2) or by one of the teleports (8.1, 8.2). */
export type MoveVia = (typeof MOVE_VIAS)[number];

/** One legal destination. `entry` is the attacker's battleland side, non-null only when the move ends on an
 *  enemy legion (an Engagement); a destination reachable from several sides is listed once per side. */
export interface LegionMove {
  readonly land: LandNumber;
  readonly via: MoveVia;
  readonly entry: AttackerSide | null;
  /** A Tower Teleport that needs no Lord and so shows none (CE 27 M1); absent for every standard move. */
  readonly showsNoLord?: true;
}

export interface MoveContext {
  /** The land the legion begins its move on. */
  readonly from: LandNumber;
  /** The Movement Roll (6.2), 1..6. */
  readonly roll: number;
  /** The moving legion's characters. */
  readonly characters: readonly CharacterName[];
  /** Its owner's score (8.2: Titan Teleportation at 400+). */
  readonly score: number;
  /** Lands holding the mover's other legions, which block ending there (7.1); never the moving legion itself. */
  readonly friendly: readonly LandNumber[];
  /** Lands holding other players' legions. */
  readonly enemy: readonly LandNumber[];
  /** Lands where an Engagement was already created this phase: no movement into or across them (7.1), no Titan
   *  Teleportation onto them (errata 7.1/8.2). */
  readonly engaged: readonly LandNumber[];
  /** 8.0: only one legion may teleport per Movement Phase. */
  readonly teleportUsed: boolean;
}

/** 8.1, 8.2: both teleports need a Movement Roll of 6. */
export const TELEPORT_ROLL = 6;
/** 8.1: a Tower Teleportation reaches any vacant land up to six lands distant. */
export const TOWER_TELEPORT_DISTANCE = 6;
/** 8.2, 19.2: Titan Teleportation from a score of 400. */
export const TITAN_TELEPORT_SCORE = 400;

export function isTowerLand(n: LandNumber): boolean {
  return TOWER_LANDS.includes(n);
}

/** Every legal move for the legion: normal moves (7.x), then the optional teleports (8.3). Sorted by land, then
 *  via (in MOVE_VIAS order), then entry (none first, then left, right, bottom). The engine accepts a move iff
 *  it is in this list. */
export function legalMoves(ctx: MoveContext): LegionMove[] {
  checkContext(ctx);
  return sortShort([...normalMoves(ctx), ...towerTeleports(ctx), ...titanTeleports(ctx)], compareMoves);
}

/** Errata 6.2: a player with no legal move for any legion without teleporting need not move at all. */
export function hasNormalMove(ctx: MoveContext): boolean {
  checkContext(ctx);
  return normalMoves(ctx).length > 0;
}

/** 7.1–7.5, the Movement Chart: the moves that follow the Signs for exactly `roll` lands, or fewer when an
 *  enemy legion is met. Not sorted. */
export function normalMoves(ctx: MoveContext): LegionMove[] {
  const walk: Walk = { friendly: ctx.friendly, enemy: ctx.enemy, engaged: ctx.engaged, found: new Map() };
  walkSigns(walk, signsOf(ctx.from).starting, ctx.from, ctx.roll, null);
  return [...walk.found.values()];
}

/** One walk along the Signs: the lands that matter to it, and the moves found so far (one per land and entry
 *  side: `foundKey`). Its steps are a module function, not a closure: esbuild's keepNames (the server's bundle)
 *  names each named closure as it is made, once per legion listed (issue 16). The lands are a few, so they are
 *  searched as they are rather than put in sets. */
interface Walk {
  readonly friendly: readonly LandNumber[];
  readonly enemy: readonly LandNumber[];
  readonly engaged: readonly LandNumber[];
  readonly found: Map<number, LegionMove>;
}

/** The walk on from `at` through `exits` (but back to `back`), `left` lands still to go. */
function walkSigns(
  walk: Walk,
  exits: readonly Exit[],
  at: LandNumber,
  left: number,
  back: LandNumber | null,
): void {
  const { friendly, enemy, engaged, found } = walk;
  for (const exit of exits) {
    const to = exit.to;
    if (to === back) continue;
    // 7.1: no movement into or across the land of an Engagement made this phase.
    if (engaged.includes(to)) continue;
    if (enemy.includes(to)) {
      // 7.1: meeting another player's legion ends the move there: an Engagement, entered from the side of
      // the last step's exit (errata 2.2/10.1). A land also holding a friendly legion cannot be ended on.
      if (!friendly.includes(to)) {
        found.set(foundKey(to, exit.entry), { land: to, via: 'normal', entry: exit.entry });
      }
      continue;
    }
    if (left === 1) {
      // 7.1: the full count of the roll; it may not end on another of the mover's legions. Ending on the
      // starting land is a move too (errata 6.2, 18.0): `friendly` excludes the moving legion itself.
      if (!friendly.includes(to)) found.set(foundKey(to, null), { land: to, via: 'normal', entry: null });
      continue;
    }
    // 7.1: friendly legions may be passed through.
    const signs = signsOf(to);
    walkSigns(walk, signs.continuing, to, left - 1, signs.noBacktrack ? at : null);
  }
}

/** One number per land and entry side (none, left, right, bottom). */
function foundKey(to: LandNumber, entry: AttackerSide | null): number {
  return to * 4 + entryRank(entry) + 1;
}

/** The Movement Chart's exits of one land. */
interface Signs {
  /** The first step: a Block must be followed (so then nothing else may be); otherwise any Arch, Arrow (a
   *  Tower's Arrows) or Triple Arrow may begin the move ("unless the Land also contains a Block"). */
  readonly starting: readonly Exit[];
  /** Later steps: Blocks and Arches no longer count (7.5); a Triple Arrow must be followed; otherwise one of
   *  the single Arrows, */
  readonly continuing: readonly Exit[];
  /** but not back to the land just left (no backtracking): true when `continuing` are single Arrows. */
  readonly noBacktrack: boolean;
}

/** A land's Signs, found once: the Masterboard never changes, and every step of every walk asks (issue 16). */
function signsOf(n: LandNumber): Signs {
  let signs = SIGNS_OF.get(n);
  if (signs === undefined) {
    signs = findSigns(n);
    SIGNS_OF.set(n, signs);
  }
  return signs;
}

const SIGNS_OF = new Map<LandNumber, Signs>();

function findSigns(n: LandNumber): Signs {
  const exits = land(n).exits;
  const blocks = exits.filter((e) => e.sign === 'block');
  const triple = exits.filter((e) => e.sign === 'arrows');
  return {
    starting: blocks.length > 0 ? blocks : exits,
    continuing: triple.length > 0 ? triple : exits.filter((e) => e.sign === 'arrow'),
    noBacktrack: triple.length === 0,
  };
}

/** 8.1: the Lords in the legion that allow a Tower Teleportation (any one of them is revealed). */
export function towerTeleportLords(characters: readonly CharacterName[]): CharacterName[] {
  return [...new Set(characters.filter(isLord))].sort();
}

/** 8.1: the Lord to reveal for a Tower Teleportation, or null if the legion has none. When there is a choice
 *  the least telling one: an Angel, then an Archangel, then a raised Titan (CE 13 B3), the Titan last. */
export function towerTeleportLord(characters: readonly CharacterName[]): CharacterName | null {
  const preference: readonly CharacterName[] = ['Angel', 'Archangel'];
  const lord = preference.find((l) => characters.includes(l)) ?? characters.find(isRaisedTitan);
  return lord ?? (characters.includes('Titan') ? 'Titan' : null);
}

/** 8.1, errata 8.0, 8.1: on a 6, a legion with a Lord that begins in a Tower may teleport to any vacant Tower or
 *  any vacant land within six lands (counted over the borders, ignoring Signs and enemy legions), never back
 *  to its own land. Not sorted. */
export function towerTeleports(ctx: MoveContext): LegionMove[] {
  if (towerTeleportLord(ctx.characters) === null) return [];
  return towerTeleportsWithoutLord(ctx);
}

/** 8.1 without its Lord: the Tower Teleports of a legion that begins in a Tower, on a 6, one per phase. */
export function towerTeleportsWithoutLord(ctx: MoveContext): LegionMove[] {
  if (ctx.teleportUsed || ctx.roll !== TELEPORT_ROLL || !isTowerLand(ctx.from)) return [];
  const occupied = new Set([...ctx.friendly, ...ctx.enemy, ...ctx.engaged]);
  const distance = landDistances(ctx.from);
  return LAND_NUMBERS.filter(
    (n) =>
      n !== ctx.from &&
      !occupied.has(n) &&
      (isTowerLand(n) || (distance.get(n) ?? Number.POSITIVE_INFINITY) <= TOWER_TELEPORT_DISTANCE),
  ).map((n) => ({ land: n, via: 'towerTeleport', entry: null }));
}

/** 8.2, errata 7.1/8.2, 10.4: on a 6, a Titan legion of a player with 400+ points may teleport onto any other
 *  player's legion that is not already engaged (never onto a land holding one of the mover's legions), entering
 *  from any side it chooses, except a Tower: always the bottom (10.2, errata 10.4). Not sorted. */
export function titanTeleports(ctx: MoveContext): LegionMove[] {
  if (ctx.teleportUsed || ctx.roll !== TELEPORT_ROLL || ctx.score < TITAN_TELEPORT_SCORE) return [];
  if (!ctx.characters.includes('Titan')) return [];
  const blocked = new Set([...ctx.friendly, ...ctx.engaged, ctx.from]);
  const targets = [...new Set(ctx.enemy)].filter((n) => !blocked.has(n));
  return targets.flatMap((n) =>
    (isTowerLand(n) ? (['bottom'] as const) : ATTACKER_SIDES).map(
      (entry): LegionMove => ({ land: n, via: 'titanTeleport', entry }),
    ),
  );
}

/** Distances in lands from `from` to every land, counted across shared borders whatever their Signs (8.1). The
 *  Masterboard never changes: each land's are found once (a Tower Teleport's listing asks, issue 16). */
export function landDistances(from: LandNumber): ReadonlyMap<LandNumber, number> {
  let found = DISTANCES.get(from);
  if (found === undefined) {
    found = findLandDistances(from);
    DISTANCES.set(from, found);
  }
  return found;
}

const DISTANCES = new Map<LandNumber, ReadonlyMap<LandNumber, number>>();

function findLandDistances(from: LandNumber): ReadonlyMap<LandNumber, number> {
  const distance = new Map<LandNumber, number>([[from, 0]]);
  const queue: LandNumber[] = [from];
  for (let i = 0; i < queue.length; i++) {
    const at = queue[i] as LandNumber;
    const d = distance.get(at) as number;
    for (const next of land(at).neighbours) {
      if (distance.has(next)) continue;
      distance.set(next, d + 1);
      queue.push(next);
    }
  }
  return distance;
}

export function compareMoves(a: LegionMove, b: LegionMove): number {
  return (
    a.land - b.land ||
    MOVE_VIAS.indexOf(a.via) - MOVE_VIAS.indexOf(b.via) ||
    entryRank(a.entry) - entryRank(b.entry)
  );
}

function entryRank(entry: AttackerSide | null): number {
  return entry === null ? -1 : ATTACKER_SIDES.indexOf(entry);
}

/** A bad context is a bug in the caller (the state machine validates intents first). */
function checkContext(ctx: MoveContext): void {
  if (!Number.isInteger(ctx.roll) || ctx.roll < 1 || ctx.roll > 6) {
    throw new Error(`a movement roll is 1..6, got ${ctx.roll}`);
  }
  land(ctx.from);
}
