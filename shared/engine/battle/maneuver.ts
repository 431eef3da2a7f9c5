// The Maneuver Phase (11.0–11.6, 10.1–10.2, Hazards Chart 11.7): contact and where a character may move.
import { battleland } from '../../data/battlelands';
import { CHARACTERS } from '../../data/characters';
import { ATTACKER_ENTRY_HEXES, DEFENDER_ENTRY_HEXES, hexDistance, neighbours } from '../../data/hexGeometry';
import type { HexLabel, NativeHazard } from '../../data/types';
import { HEX_LABELS } from '../../data/types';
import { mayFly, moveAllowance, nativeTo, neverSlowed, passage } from '../ce/hooks';
import { cliffBetween, crossesUp, skillOf, terrainAt } from './hazards';
import type { BattleCharacter, BattleCharacterId, BattlePosition, BattleSide, Passage } from './position';
import { characterById, isSlain, occupiedHexes } from './position';

export interface ManeuverOptions {
  /** The side's first Maneuver Phase of the battle (default true). It only matters for a defender still off the
   *  board in a Tower: on the first phase it deploys on the start hexes (10.2); later (a reinforcement, 14.0)
   *  it enters from the name side like any defender. */
  readonly firstManeuver?: boolean;
}

/**
 * 11.3: a character is locked in contact when an enemy (living, or slain but not yet removed) stands on an
 * adjacent hex, unless a Cliff separates them (Hazards Chart, Cliff). Off-board characters are never in contact.
 */
export function inContact(pos: BattlePosition, id: BattleCharacterId): boolean {
  const c = characterById(pos, id);
  const hex = c.hex;
  if (hex === null) return false;
  return pos.characters.some(
    (e) =>
      e.side !== c.side &&
      e.hex !== null &&
      hexDistance(hex, e.hex) === 1 &&
      !cliffBetween(pos.terrain, hex, e.hex),
  );
}

/** Where an off-board character of `side` comes onto the battleland. */
export type Arrival =
  | { readonly kind: 'enter'; readonly hexes: readonly HexLabel[] }
  | { readonly kind: 'deploy'; readonly hexes: readonly HexLabel[] };

/**
 * 10.1, 11.1: the attacker enters on its side's four hexes and the defender on the opposite three.
 * 10.2: in a Tower the defender deploys on the start hexes in its first Maneuver Phase; later arrivals
 * (a reinforcement, 14.0) enter from the name side, DEFENDER_ENTRY_HEXES.bottom. 15.1: a summoned Angel
 * enters from the attacker's side.
 */
export function arrival(pos: BattlePosition, side: BattleSide, opts?: ManeuverOptions): Arrival {
  const startHexes = battleland(pos.terrain).startHexes;
  const entry = startHexes === null ? pos.attackerEntry : 'bottom'; // 10.2: a Tower is always entered from below
  if (side === 'attacker') return { kind: 'enter', hexes: ATTACKER_ENTRY_HEXES[entry] };
  if (startHexes !== null && opts?.firstManeuver !== false) return { kind: 'deploy', hexes: startHexes };
  return { kind: 'enter', hexes: DEFENDER_ENTRY_HEXES[entry] };
}

/**
 * Every hex the character may end its move on this Maneuver Phase (its own hex excluded), assuming it has not
 * moved yet: 11.1–11.6 and the Hazards Chart. [] for a character in contact (11.3) or slain.
 * A character with `hex: null` enters (or in a Tower deploys): see `arrival`.
 */
export function maneuverMoves(
  pos: BattlePosition,
  id: BattleCharacterId,
  opts?: ManeuverOptions,
): HexLabel[] {
  const c = characterById(pos, id);
  if (isSlain(c)) return [];
  if (c.hex === null) return arrivalMoves(pos, c, opts);
  if (inContact(pos, id)) return []; // 11.3
  return movesFrom(pos, c, [{ hex: c.hex, spent: 0 }]).filter((h) => h !== c.hex);
}

/**
 * The hexes an off-board character of this side and type may enter and end on: its side's first Maneuver
 * Phase, a defender's reinforcement (14.0, pass firstManeuver: false in a Tower) or a summoned Angel (15.1).
 * The character need not be in `pos` yet.
 */
export function arrivalMoves(
  pos: BattlePosition,
  newcomer: Pick<BattleCharacter, 'side' | 'type'>,
  opts?: ManeuverOptions,
): HexLabel[] {
  const way = arrival(pos, newcomer.side, opts);
  const occupied = occupiedHexes(pos);
  // 10.2: deployed directly onto any free start hex; no further movement that phase.
  if (way.kind === 'deploy') return way.hexes.filter((h) => !occupied.has(h));
  // 11.1: the first hex entered lies on the entry side and counts against the movement allowance.
  const mover: BattleCharacter =
    'id' in newcomer
      ? (newcomer as BattleCharacter)
      : { id: '', hex: null, hits: 0, power: CHARACTERS[newcomer.type].power ?? 0, ...newcomer };
  return movesFrom(
    pos,
    mover,
    way.hexes.map((hex) => ({ hex, spent: 0, offBoard: true })),
  );
}

interface Start {
  readonly hex: HexLabel;
  readonly spent: number;
  /** The character is still off the board: `hex` is its first hex, not yet paid for. */
  readonly offBoard?: boolean;
}

function movesFrom(pos: BattlePosition, c: BattleCharacter, starts: readonly Start[]): HexLabel[] {
  // 11.2: a character moves up to its Skill-factor (CE Titan: as the powers change it, ce/hooks.ts).
  const points = moveAllowance(pos, c, skillOf(c.type));
  // 11.4: flyers fly (CE Titan: unless the enemy's power takes it away).
  return mayFly(pos, c) ? flyingMoves(pos, c, points, starts) : walkingMoves(pos, c, points, starts);
}

const FORBIDDEN: Passage = { cost: null, end: false };

// ---------------------------------------------------------------- walking (non-flying) characters

/**
 * What entering `to` from `from` (null: from off the board) costs a non-flyer: 1, 2 when slowed (11.4), or null
 * when forbidden. Occupation is checked by the caller (11.5). CE general notes: a speed-1 character is never slowed.
 */
function walkingCost(
  pos: BattlePosition,
  c: BattleCharacter,
  points: number,
  from: HexLabel | null,
  to: HexLabel,
): number | null {
  const t = pos.terrain;
  const native = (hazard: NativeHazard) => nativeTo(pos, c.side, c.type, hazard);
  const inside = terrainAt(pos, to);
  if (inside === 'Tree') return null; // Tree: entry forbidden to non-flyers
  if (inside === 'Volcano' && !native('Volcano')) return null; // Volcano: only Dragons
  if (inside === 'Bog' && !native('Bog')) return null; // Bog: forbidden to non-flying non-natives
  if (from !== null && cliffBetween(t, from, to)) return null; // Cliff: non-flyers may not cross
  let slowed = false;
  if (inside === 'Bramble' && !native('Bramble')) slowed = true; // Bramble
  if (inside === 'Drift' && !native('Drift')) slowed = true; // Drift
  if (inside === 'Sand' && !native('Sand')) slowed = true; // Sand (errata 11.7)
  if (from !== null) {
    if (crossesUp(t, from, to, 'slope') && !native('Slope')) slowed = true; // Slope, moving up
    if (crossesUp(t, from, to, 'wall')) slowed = true; // Wall, moving up
  }
  // 11.4: a slowing hazard makes the hex count as two entered.
  return slowed && !neverSlowed(pos, points) ? 2 : 1;
}

function walkingMoves(
  pos: BattlePosition,
  c: BattleCharacter,
  points: number,
  starts: readonly Start[],
): HexLabel[] {
  const occupied = occupiedHexes(pos);
  // 11.5: non-flyers never enter an occupied hex (unless a CE power lets them pass through it).
  const enter = (from: HexLabel | null, to: HexLabel): Passage => {
    const standard: Passage = occupied.has(to)
      ? FORBIDDEN
      : { cost: walkingCost(pos, c, points, from, to), end: true };
    return passage(pos, c, from, to, standard, false);
  };
  const spent = new Map<HexLabel, number>();
  const ends = new Set<HexLabel>();
  const frontier: HexLabel[] = [];
  const reach = (hex: HexLabel, cost: number, way: Passage): void => {
    if (cost > points) return;
    if (way.end) ends.add(hex);
    if (way.stop === true) return; // CE Titan: the move goes no further (48 B2)
    const before = spent.get(hex);
    if (before !== undefined && before <= cost) return;
    spent.set(hex, cost);
    frontier.push(hex);
  };
  for (const s of starts) {
    if (s.offBoard !== true) {
      reach(s.hex, s.spent, { cost: 0, end: true });
      continue;
    }
    const way = enter(null, s.hex);
    if (way.cost !== null) reach(s.hex, s.spent + way.cost, way);
  }
  while (frontier.length > 0) {
    const from = frontier.pop() as HexLabel;
    const here = spent.get(from) as number;
    for (const { hex: to } of neighbours(from)) {
      const way = enter(from, to);
      if (way.cost !== null) reach(to, here + way.cost, way);
    }
  }
  return sortedHexes(ends);
}

// ---------------------------------------------------------------- flying characters

/** 11.4: a flyer ignores every hazard while flying, except the Volcano, which only Dragons may enter or cross. */
function mayFlyOver(pos: BattlePosition, c: BattleCharacter, hex: HexLabel): boolean {
  return terrainAt(pos, hex) !== 'Volcano' || nativeTo(pos, c.side, c.type, 'Volcano');
}

/** What landing in a hex costs a flyer: 1, 2 when slowed by the hex's hazard (11.4), null when it may not land. */
function landingCost(pos: BattlePosition, c: BattleCharacter, points: number, hex: HexLabel): number | null {
  const native = (hazard: NativeHazard) => nativeTo(pos, c.side, c.type, hazard);
  const inside = terrainAt(pos, hex);
  if (inside === 'Tree') return null; // Tree: a flyer cannot end its move there
  if (inside === 'Volcano' && !native('Volcano')) return null; // Volcano: only Dragons
  if (inside === 'Bog' && !native('Bog')) return null; // Bog: a flying non-native may not end there
  // Bramble and Drift slow non-natives (CE general notes: never a speed-1 character).
  const slowed = (inside === 'Bramble' && !native('Bramble')) || (inside === 'Drift' && !native('Drift'));
  return slowed && !neverSlowed(pos, points) ? 2 : 1; // errata 11.7: not slowed landing in Sand; no hexside slows
}

function flyingMoves(
  pos: BattlePosition,
  c: BattleCharacter,
  points: number,
  starts: readonly Start[],
): HexLabel[] {
  const occupied = occupiedHexes(pos);
  // Hexes flown through, by the moves used to get there (11.5: occupied hexes may be crossed).
  const steps = new Map<HexLabel, number>();
  for (const s of starts) {
    if (!mayFlyOver(pos, c, s.hex)) continue;
    const used = s.spent + (s.offBoard === true ? 1 : 0); // 11.1: the first hex entered counts
    const before = steps.get(s.hex);
    if (before === undefined || used < before) steps.set(s.hex, used);
  }
  let frontier = [...steps.keys()];
  while (frontier.length > 0) {
    const next: HexLabel[] = [];
    for (const from of frontier) {
      const here = steps.get(from) as number;
      if (here >= points) continue;
      for (const { hex: to } of neighbours(from)) {
        if (!mayFlyOver(pos, c, to)) continue;
        const before = steps.get(to);
        if (before !== undefined && before <= here + 1) continue;
        steps.set(to, here + 1);
        next.push(to);
      }
    }
    frontier = next;
  }
  // 11.5: the flyer lands at the end of its move, on a free hex it may land on and can pay for (11.4).
  const result: HexLabel[] = [];
  for (const [hex, used] of steps) {
    const standard: Passage = occupied.has(hex)
      ? FORBIDDEN
      : { cost: landingCost(pos, c, points, hex), end: true };
    const landing = passage(pos, c, null, hex, standard, true);
    if (landing.cost === null || !landing.end) continue;
    if (used - 1 + landing.cost <= points) result.push(hex);
  }
  return sortedHexes(result);
}

function sortedHexes(hexes: Iterable<HexLabel>): HexLabel[] {
  const set = new Set(hexes);
  return HEX_LABELS.filter((h) => set.has(h));
}
