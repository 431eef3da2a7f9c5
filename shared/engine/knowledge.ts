// What a viewer knows of each legion (issue 14): its height and, as far as the rules let him deduce them from
// what he has seen, the characters it surely holds and the most of each it may hold. A fold over the events;
// an event the viewer may not see (`visibleTo`) is skipped, so nothing hidden from him is ever used.
//
// Every character that enters a legion is shown to all (the starting legions, 1.5; musters, 18.0; reinforcements,
// 14.0; Angels, 15.0, 17.1); only a split hides which part took what (4.3). So the bounds are exact for a legion
// never split, and after a split each part keeps what the counts force: a part of height h of a legion that held
// at least n of a creature in H characters holds at least n - (H - h) of it and at most min(most, h). Reveals
// (8.1, 8.2, 18.4), inspections (2.5.1, 2.5.2), battles (2.5.6.1), the losses of an engagement (errata 9.5) and
// the end of the game (3) add to what is certain. The owner sees his own splits (4.3), so he knows his legions.
// What is learnt of one part of a split tells of the others too (4.3, backward): each split is remembered with the
// legion it split and what joined or left each part since in sight of all, so a part's share of the split is
// bounded by what is known of it now; the parts' shares add up to the legion that was split, so the others' are
// bounded by what is left (one half of a split seen in battle: the other half is the rest).
// Counted together, all legions hold what the caretaker's stacks and the dead pile leave out (20.1) and one Titan
// to each player: given the stacks, that bounds each legion too.
import type { CharacterName, LandNumber, MarkerId } from '../data/types';
import type { BattleCharacterId, BattleSide } from './battle/position';
import type { EventOf, GameEvent } from './events';
import { initialCaretaker } from './startingState';
import type { GameState, PlayerId, Variant, Viewer } from './types';
import { visibleTo } from './view';

export interface LegionKnowledge {
  readonly marker: MarkerId;
  readonly owner: PlayerId;
  readonly land: LandNumber;
  readonly height: number;
  /** The characters it surely holds, sorted (a creature may be there several times). */
  readonly certain: readonly CharacterName[];
  /** The most of each character it may hold (certain ones included); a character not named cannot be there. */
  readonly possible: Readonly<Partial<Record<CharacterName, number>>>;
  /** Every character is known (`certain` has `height` characters). */
  readonly complete: boolean;
}

type Counts = Partial<Record<CharacterName, number>>;

interface Known {
  readonly owner: PlayerId;
  readonly land: LandNumber;
  readonly height: number;
  readonly certain: Counts;
  readonly possible: Counts;
}

interface Arrival {
  readonly into: MarkerId;
  readonly type: CharacterName;
  /** The legion an Angel is summoned from (15.0); null: a reinforcement from the caretaker (14.0). */
  readonly from: MarkerId | null;
}

interface LateArrival extends Arrival {
  readonly side: BattleSide;
  readonly round: number;
}

interface Fold {
  readonly variant: Variant;
  readonly legions: Readonly<Record<MarkerId, Known>>;
  /** This turn's moves, for errata 7.0's take-back: where each legion came from. */
  readonly moves: readonly { readonly legion: MarkerId; readonly from: LandNumber }[];
  /** Each legion just before its latest split (its parts are told apart by splitContents, 4.3). */
  readonly beforeSplit: Readonly<Record<MarkerId, Known>>;
  readonly engagement: Engagement | null;
  /** Summoned Angels and reinforcements waiting off the battleland: they join only if they enter (14.1, 15.1). */
  readonly arrivals: Readonly<Record<BattleCharacterId, Arrival>>;
  /** CE 39 B3: those announced for a later maneuver phase of their side (in `arrivals` once it begins). */
  readonly late: Readonly<Record<BattleCharacterId, LateArrival>>;
  /** The splits that may still tell something of a part (4.3, backward). */
  readonly families: readonly Family[];
}

/** A split (4.3): the legion before it and its parts (the parent first), by marker. */
interface Family {
  readonly before: Known;
  readonly parts: Readonly<Record<MarkerId, Part>>;
}

/** A part of a split: its height then; while it is `followed`, what joined and left it since in sight of all
 *  (its share is what it holds now, less what joined, plus what left); once something unseen changed it (split
 *  again, recombined, emptied, gone), the bounds of its share as they were last known. */
type Part =
  | { readonly height: number; readonly followed: true; readonly added: Counts; readonly removed: Counts }
  | { readonly height: number; readonly followed: false; readonly share: Bounds };

interface Bounds {
  readonly least: Counts;
  readonly most: Counts;
}

/** The engagement being resolved: its legions, the battle's characters, and the losses taken out of each legion
 *  so far (the rest of its losses, shown at the end, errata 9.5, are taken out then). */
interface Engagement {
  readonly legions: Readonly<Record<BattleSide, MarkerId>>;
  readonly battle: Readonly<
    Record<BattleCharacterId, { readonly side: BattleSide; readonly type: CharacterName }>
  >;
  readonly lost: Readonly<Record<BattleSide, Counts>>;
  /** A side whose whole legion left at once, unseen (it fled, 2.5.3, or conceded, 9.4). */
  readonly emptied: readonly BattleSide[];
}

const EMPTY: Fold = {
  variant: 'default',
  legions: {},
  moves: [],
  beforeSplit: {},
  engagement: null,
  arrivals: {},
  late: {},
  families: [],
};
const SIDES = ['attacker', 'defender'] as const;

/** The caretaker's stacks and the dead pile, which any player may count (20.1): the creatures not there are in
 *  the legions. */
export type Stacks = Pick<GameState, 'caretaker' | 'deadPile'>;

/** What `viewer` knows of every legion on the board after `events` (the game's log, or the part of it he was
 *  sent: events he may not see are ignored either way), by marker. With `stacks` counted at the same point, what
 *  the counts of all legions together force too: no more of a creature in the legions than the stacks leave out
 *  (20.1), and one Titan to each player's legions (2.1). */
export function legionKnowledge(
  events: readonly GameEvent[],
  viewer: Viewer,
  stacks?: Stacks,
): Readonly<Record<MarkerId, LegionKnowledge>> {
  let fold = EMPTY;
  for (const event of events) {
    if (!sees(viewer, event)) continue;
    const next = step(fold, event);
    fold = next.families.length === 0 ? next : deduced(fold, next);
  }
  // During an engagement its losses are set aside, in no legion nor stack yet: the counts bound from above only.
  const legions =
    stacks === undefined
      ? fold.legions
      : counted(fold.legions, fold.variant, stacks, fold.engagement === null);
  const result: Record<MarkerId, LegionKnowledge> = {};
  for (const [marker, k] of Object.entries(legions) as [MarkerId, Known][]) {
    const certain = toList(k.certain);
    result[marker] = {
      marker,
      owner: k.owner,
      land: k.land,
      height: k.height,
      certain,
      possible: positive(k.possible),
      complete: certain.length === k.height,
    };
  }
  return result;
}

/** The bounds of all legions held against how many of each character they hold together: the creatures and
 *  Lords the stacks leave out (20.1), each player's one Titan. Where the legions' certain ones are all of them,
 *  no other legion may hold one; where the legions that may hold them have just room for all, each holds its
 *  most. Repeated while it tells more (each legion's height bounds it too). */
function counted(
  legions: Readonly<Record<MarkerId, Known>>,
  variant: Variant,
  stacks: Stacks,
  exact: boolean,
): Readonly<Record<MarkerId, Known>> {
  const supply = initialCaretaker(variant);
  let current: Record<MarkerId, Known> = { ...legions };
  for (let round = 0; round < 4; round++) {
    const groups: { members: MarkerId[]; name: CharacterName; total: number }[] = [];
    for (const [name, n] of Object.entries(supply) as [CharacterName, number][]) {
      const total = n - (stacks.caretaker[name] ?? 0) - (stacks.deadPile[name] ?? 0);
      groups.push({ members: Object.keys(current) as MarkerId[], name, total });
    }
    for (const owner of new Set(Object.values(current).map((k) => k.owner))) {
      const members = (Object.keys(current) as MarkerId[]).filter((m) => current[m]?.owner === owner);
      groups.push({ members, name: 'Titan', total: 1 });
    }
    let next: Record<MarkerId, Known> = { ...current };
    for (const { members, name, total } of groups) {
      const sure = members.reduce((sum, m) => sum + (next[m]?.certain[name] ?? 0), 0);
      const room = members.reduce((sum, m) => sum + (next[m]?.possible[name] ?? 0), 0);
      for (const m of members) {
        const k = next[m] as Known;
        const certain = k.certain[name] ?? 0;
        const most = Math.min(k.possible[name] ?? 0, certain + (total - sure));
        // The others have room for room - possible of them: this one holds the rest.
        const least = exact ? Math.max(certain, (k.possible[name] ?? 0) - (room - total)) : certain;
        next = { ...next, [m]: withCount(k, name, least, most) };
      }
    }
    next = Object.fromEntries(Object.entries(next).map(([m, k]) => [m, tightened(k)]));
    if (JSON.stringify(next) === JSON.stringify(current)) break;
    current = next;
  }
  return current;
}

function withCount(k: Known, name: CharacterName, least: number, most: number): Known {
  const certain: Counts = { ...k.certain };
  const possible: Counts = { ...k.possible };
  if (least > 0) certain[name] = least;
  else delete certain[name];
  if (most > 0) possible[name] = most;
  else delete possible[name];
  return { ...k, certain, possible };
}

function sees(viewer: Viewer, event: GameEvent): boolean {
  const audience = visibleTo(event);
  return audience === 'all' || ('player' in viewer && audience.includes(viewer.player));
}

function step(fold: Fold, e: GameEvent): Fold {
  switch (e.type) {
    case 'gameCreated':
      return { ...EMPTY, variant: e.options.variant };
    case 'startingLegionPlaced':
      return put(fold, e.legion, exactly(e.player, e.land, e.characters));
    case 'turnStarted':
      return { ...fold, moves: [] };
    case 'legionSplit':
      return split(fold, e);
    case 'splitContents':
      return splitContents(fold, e);
    case 'legionMoved':
      return legionMoved(fold, e);
    case 'moveUndone':
      return moveUndone(fold, e);
    case 'legionsRecombined':
      return recombined(fold, e);
    case 'legionInspected': // 2.5.1, 2.5.2
      return update(fold, e.legion, (k) => exactly(k.owner, k.land, e.characters));
    case 'engagementChosen':
      return {
        ...fold,
        engagement: {
          legions: { attacker: e.attacker, defender: e.defender },
          battle: {},
          lost: { attacker: {}, defender: {} },
          emptied: [],
        },
      };
    case 'defenderFled': // 2.5.3
      return emptied(fold, 'defender');
    case 'engagementConceded': // 9.4 (CE 39 B3: what was still to arrive never did)
      return emptied({ ...fold, late: {} }, e.side);
    case 'proposalAccepted': // 9.3, errata 9.5
      return lose(lose(fold, 'attacker', e.proposal.attackerLosses), 'defender', e.proposal.defenderLosses);
    case 'battleStarted':
      return battleStarted(fold, e);
    case 'angelSummoned':
      if (e.id !== null && e.arrives !== undefined) {
        const arrival = { into: e.into, type: e.character, from: e.from };
        return {
          ...fold,
          late: { ...fold.late, [e.id]: { ...arrival, side: 'attacker', round: e.arrives } },
        };
      }
      if (e.id !== null) {
        return {
          ...fold,
          arrivals: { ...fold.arrivals, [e.id]: { into: e.into, type: e.character, from: e.from } },
        };
      }
      return join(fold, { into: e.into, type: e.character, from: e.from }); // 15.2: after the battle, at once
    case 'reinforcementMustered': {
      const shown = update(fold, e.legion, (k) => reveal(k, e.reveal)); // 18.4
      if (e.id !== null && e.arrives !== undefined) {
        const arrival = { into: e.legion, type: e.creature, from: null };
        return {
          ...shown,
          late: { ...shown.late, [e.id]: { ...arrival, side: 'defender', round: e.arrives } },
        };
      }
      if (e.id !== null) {
        return {
          ...shown,
          arrivals: { ...shown.arrivals, [e.id]: { into: e.legion, type: e.creature, from: null } },
        };
      }
      return join(shown, { into: e.legion, type: e.creature, from: null });
    }
    case 'maneuverBegan':
      return lateArrivalsDue(fold, e);
    case 'maneuverReset': // CE 39 B3: an announcement of this phase is undone
      return { ...fold, late: lateWhere(fold, (a) => a.side !== e.side) };
    case 'maneuverEnded':
      return maneuverEnded(fold, e);
    case 'battleEnded': // CE 39 B3: what was still to arrive never did
      return { ...fold, late: {} };
    case 'slainRemoved': // 12.6
      return slain(fold, e.ids);
    case 'engagementResolved':
      return resolved(fold, e);
    case 'engagementEnded':
      return { ...fold, engagement: null, arrivals: {}, late: {} };
    case 'characterJoined': // CE Titan's powers (47 GLADIATOR; in a battle, 36 COMMUNIST B1: an arrival)
      if (e.taken !== undefined) return takenEnemy(fold, e.taken, e.legion); // CE 51 B2
      if (e.id !== undefined) {
        return {
          ...fold,
          arrivals: { ...fold.arrivals, [e.id]: { into: e.legion, type: e.character, from: null } },
        };
      }
      return join(fold, { into: e.legion, type: e.character, from: null });
    case 'angelAcquired': // 17.1
      return join(fold, { into: e.legion, type: e.character, from: null });
    case 'legionMustered': // 18.0, 18.4
      return join(
        update(fold, e.legion, (k) => reveal(k, e.reveal)),
        { into: e.legion, type: e.creature, from: null },
      );
    case 'legionEliminated': {
      const next = unfollowed(fold, e.legion);
      const { [e.legion]: _, ...rest } = next.legions;
      return { ...next, legions: rest };
    }
    case 'gameOver': {
      // 3: the winner's legions are shown.
      let next = fold;
      for (const r of e.revealed)
        next = update(next, r.legion, (k) => exactly(k.owner, k.land, r.characters));
      return next;
    }
    default:
      return fold;
  }
}

// ---------------------------------------------------------------- the events that change what is known

/** 4.3: the split is public, not which characters went where; each part keeps what the counts force. */
function split(fold: Fold, e: EventOf<'legionSplit'>): Fold {
  const parent = fold.legions[e.parent];
  if (parent === undefined) return fold;
  const taken = e.children.reduce((n, c) => n + c.height, 0);
  const part = (height: number): Known =>
    tightened({
      owner: e.player,
      land: e.land,
      height,
      certain: mapCounts(parent.certain, (n) => Math.max(0, n - (parent.height - height))),
      possible: mapCounts(parent.possible, (n) => Math.min(n, height)),
    });
  const legions: Record<MarkerId, Known> = { ...fold.legions, [e.parent]: part(parent.height - taken) };
  for (const child of e.children) legions[child.marker] = part(child.height);
  // The parent gives up characters unseen: its older splits keep its share as known now.
  const parts: Record<MarkerId, Part> = {
    [e.parent]: { height: parent.height - taken, followed: true, added: {}, removed: {} },
  };
  for (const child of e.children)
    parts[child.marker] = { height: child.height, followed: true, added: {}, removed: {} };
  const families = [...unfollowed(fold, e.parent).families, { before: parent, parts }];
  return { ...fold, legions, families, beforeSplit: { ...fold.beforeSplit, [e.parent]: parent } };
}

/** 4.3: the owner knows which characters went where; the parent keeps the rest of what it held. */
function splitContents(fold: Fold, e: EventOf<'splitContents'>): Fold {
  const before = fold.beforeSplit[e.parent] ?? fold.legions[e.parent];
  const now = fold.legions[e.parent];
  if (before === undefined || now === undefined) return fold;
  let next = fold;
  let certain = before.certain;
  let possible = before.possible;
  for (const child of e.children) {
    next = update(next, child.marker, (k) => exactly(k.owner, k.land, child.characters));
    const gone = counts(child.characters);
    certain = mapCounts(certain, (n, c) => Math.max(0, n - (gone[c] ?? 0)));
    possible = mapCounts(possible, (n, c) => n - (gone[c] ?? 0));
  }
  return put(next, e.parent, tightened({ ...now, certain, possible }));
}

function legionMoved(fold: Fold, e: EventOf<'legionMoved'>): Fold {
  // 8.1, 8.2: the Lord or Titan shown for a teleport.
  const moved = update(fold, e.legion, (k) => ({ ...reveal(k, e.revealed), land: e.to }));
  return { ...moved, moves: [...fold.moves, { legion: e.legion, from: e.from }] };
}

/** Errata 7.0: the move and every later one are taken back. */
function moveUndone(fold: Fold, e: EventOf<'moveUndone'>): Fold {
  const index = fold.moves.findIndex((m) => m.legion === e.legion);
  if (index < 0) return fold;
  let next: Fold = { ...fold, moves: fold.moves.slice(0, index) };
  for (const m of [...fold.moves.slice(index)].reverse())
    next = update(next, m.legion, (k) => ({ ...k, land: m.from }));
  return next;
}

/** 2.4, errata 4.7: split-offs left stacked are one legion again. */
function recombined(before: Fold, e: EventOf<'legionsRecombined'>): Fold {
  // The parts are one legion again: their splits keep their shares as known now.
  const fold = [e.into, ...e.from].reduce(unfollowed, before);
  const legions: Record<MarkerId, Known> = { ...fold.legions };
  const into = legions[e.into];
  if (into === undefined) return fold;
  let whole = into;
  for (const id of e.from) {
    const part = legions[id];
    delete legions[id];
    if (part === undefined) continue;
    whole = {
      ...whole,
      height: whole.height + part.height,
      certain: addCounts(whole.certain, part.certain),
      possible: addCounts(whole.possible, part.possible),
    };
  }
  legions[e.into] = tightened(whole);
  return { ...fold, legions };
}

/** 2.5.6.1: both legions are shown; the battle's characters are told apart by their ids. */
function battleStarted(fold: Fold, e: EventOf<'battleStarted'>): Fold {
  let next: Fold = { ...fold, arrivals: {} };
  const battle: Record<BattleCharacterId, { side: BattleSide; type: CharacterName }> = {};
  for (const side of SIDES) {
    const { legion, characters } = e[side];
    next = update(next, legion, (k) =>
      exactly(
        k.owner,
        k.land,
        characters.map((c) => c.type),
      ),
    );
    for (const c of characters) battle[c.id] = { side, type: c.type };
  }
  return next.engagement === null ? next : { ...next, engagement: { ...next.engagement, battle } };
}

/** CE 39 B3: the arrivals announced a battle turn ago wait to enter in this maneuver phase (then as 14.1, 15.1). */
function lateArrivalsDue(fold: Fold, e: EventOf<'maneuverBegan'>): Fold {
  const due = (a: LateArrival) => a.side === e.side && a.round === e.round;
  const arrivals: Record<BattleCharacterId, Arrival> = { ...fold.arrivals };
  for (const [id, a] of Object.entries(fold.late)) {
    if (due(a)) arrivals[id] = { into: a.into, type: a.type, from: a.from };
  }
  return { ...fold, arrivals, late: lateWhere(fold, (a) => !due(a)) };
}

function lateWhere(fold: Fold, keep: (a: LateArrival) => boolean): Record<BattleCharacterId, LateArrival> {
  return Object.fromEntries(Object.entries(fold.late).filter(([, a]) => keep(a)));
}

/** Errata 14.1, 15.1: an arrival that entered joins its legion, one sent back never did; 10.1: characters left
 *  off the battleland on the first turn are slain. */
function maneuverEnded(fold: Fold, e: EventOf<'maneuverEnded'>): Fold {
  let next: Fold = { ...fold, arrivals: {} };
  for (const [id, arrival] of Object.entries(fold.arrivals)) {
    if (e.returned.includes(id)) continue;
    next = join(next, arrival);
    const engagement = next.engagement;
    if (engagement === null) continue;
    const side = SIDES.find((x) => engagement.legions[x] === arrival.into);
    if (side === undefined) continue;
    next = {
      ...next,
      engagement: { ...engagement, battle: { ...engagement.battle, [id]: { side, type: arrival.type } } },
    };
  }
  return slain(next, e.leftOff);
}

/** Battle characters slain and gone from their legions. */
function slain(fold: Fold, ids: readonly BattleCharacterId[]): Fold {
  let next = fold;
  for (const id of ids) {
    const c = fold.engagement?.battle[id];
    if (c !== undefined) next = lose(next, c.side, [c.type]);
  }
  return next;
}

/** `lost` leave the legion of `side` in sight of all (they were in it). */
function lose(fold: Fold, side: BattleSide, lost: readonly CharacterName[]): Fold {
  const engagement = fold.engagement;
  if (engagement === null || lost.length === 0) return fold;
  const gone = counts(lost);
  const next = update(followed(fold, engagement.legions[side], {}, gone), engagement.legions[side], (k) => {
    const shown = reveal(k, lost);
    return tightened({
      ...shown,
      height: shown.height - lost.length,
      certain: mapCounts(shown.certain, (n, c) => n - (gone[c] ?? 0)),
      possible: mapCounts(shown.possible, (n, c) => n - (gone[c] ?? 0)),
    });
  });
  return {
    ...next,
    engagement: {
      ...engagement,
      lost: { ...engagement.lost, [side]: addCounts(engagement.lost[side], gone) },
    },
  };
}

/** The whole legion of `side` leaves at once (its characters are shown only with the engagement's losses). */
function emptied(fold: Fold, side: BattleSide): Fold {
  const engagement = fold.engagement;
  if (engagement === null) return fold;
  const next = update(unfollowed(fold, engagement.legions[side]), engagement.legions[side], (k) => ({
    ...k,
    height: 0,
    certain: {},
    possible: {},
  }));
  return { ...next, engagement: { ...engagement, emptied: [...engagement.emptied, side] } };
}

/** Errata 9.5: each legion's losses are public: those not yet taken out of it are now. */
function resolved(fold: Fold, e: EventOf<'engagementResolved'>): Fold {
  let next = fold;
  for (const side of SIDES) {
    const engagement = next.engagement;
    if (engagement === null || engagement.emptied.includes(side)) continue;
    const taken = { ...engagement.lost[side] };
    const rest: CharacterName[] = [];
    for (const c of side === 'attacker' ? e.attackerLosses : e.defenderLosses) {
      if ((taken[c] ?? 0) > 0) taken[c] = (taken[c] ?? 0) - 1;
      else rest.push(c);
    }
    next = lose(next, side, rest);
  }
  return next;
}

/** CE 51 DEMOCRAT B2: an enemy's battle character, off the board, leaves its legion for `into` in sight of all
 *  and fights on the other side under the same id. */
function takenEnemy(fold: Fold, id: BattleCharacterId, into: MarkerId): Fold {
  const engagement = fold.engagement;
  const c = engagement?.battle[id];
  if (engagement === null || c === undefined) return fold;
  const next = join(fold, { into, type: c.type, from: engagement.legions[c.side] });
  const side: BattleSide = c.side === 'attacker' ? 'defender' : 'attacker';
  const now = next.engagement;
  if (now === null) return next;
  return { ...next, engagement: { ...now, battle: { ...now.battle, [id]: { side, type: c.type } } } };
}

/** A character joins `into` in sight of all (from the caretaker, or an Angel from the legion `from`). */
function join(fold: Fold, arrival: Arrival): Fold {
  const one: Counts = { [arrival.type]: 1 };
  let next = followed(fold, arrival.into, one, {});
  if (arrival.from !== null) {
    next = update(followed(next, arrival.from, {}, one), arrival.from, (k) => {
      const shown = reveal(k, [arrival.type]);
      return tightened({
        ...shown,
        height: shown.height - 1,
        certain: mapCounts(shown.certain, (n, c) => (c === arrival.type ? n - 1 : n)),
        possible: mapCounts(shown.possible, (n, c) => (c === arrival.type ? n - 1 : n)),
      });
    });
  }
  return update(next, arrival.into, (k) =>
    tightened({
      ...k,
      height: k.height + 1,
      certain: addCounts(k.certain, { [arrival.type]: 1 }),
      possible: addCounts(k.possible, { [arrival.type]: 1 }),
    }),
  );
}

// ---------------------------------------------------------------- the splits, backward (4.3)

/** `added` joined and `removed` left `marker` in sight of all: each split it is a followed part of keeps count. */
function followed(fold: Fold, marker: MarkerId, added: Counts, removed: Counts): Fold {
  return {
    ...fold,
    families: fold.families.map((f) => {
      const p = f.parts[marker];
      if (p === undefined || !p.followed) return f;
      const part: Part = {
        ...p,
        added: addCounts(p.added, added),
        removed: addCounts(p.removed, removed),
      };
      return { ...f, parts: { ...f.parts, [marker]: part } };
    }),
  };
}

/** `marker` is about to change unseen (or to leave the board): each split it is a part of keeps the bounds of its
 *  share as they are known now. */
function unfollowed(fold: Fold, marker: MarkerId): Fold {
  return {
    ...fold,
    families: fold.families.map((f) => {
      const p = f.parts[marker];
      if (p === undefined || !p.followed) return f;
      const share = shareOf(fold.legions[marker], p);
      return { ...f, parts: { ...f.parts, [marker]: { height: p.height, followed: false, share } } };
    }),
  };
}

/** What a part's share of its split may be: what it holds now (at least, at most), less what joined it since,
 *  plus what left it; no more than its height then. */
function shareOf(k: Known | undefined, p: Part): Bounds {
  if (!p.followed) return p.share;
  if (k === undefined) return { least: {}, most: {} };
  const least = mapCounts(k.certain, (n, c) => n - (p.added[c] ?? 0) + (p.removed[c] ?? 0));
  const most = mapCounts(addCounts(k.possible, p.removed), (_, c) =>
    Math.min(p.height, (k.possible[c] ?? 0) - (p.added[c] ?? 0) + (p.removed[c] ?? 0)),
  );
  return { least, most };
}

/** 4.3, backward: the parts' shares add up to the legion that was split; each part's share is bounded by what
 *  that legion held (at least, at most) less what the other parts' shares hold (at most, at least). What a
 *  followed part's share gains is what it holds now gains. Only the splits whose parts changed since `prev` are
 *  looked at, then those whose parts that changed (a part may belong to an older split too); the splits with no
 *  followed part left to learn of are forgotten. */
function deduced(prev: Fold, fold: Fold): Fold {
  let next = fold;
  let dirty = next.families.map((f, i) => prev.families[i] !== f || touches(f, prev, next));
  for (let round = 0; round < 8 && dirty.some(Boolean); round++) {
    const before = next;
    for (const [i, family] of next.families.entries()) if (dirty[i]) next = deducedFrom(next, i, family);
    dirty = next.families.map((f) => touches(f, before, next));
  }
  const live = next.families.filter((f) =>
    Object.entries(f.parts).some(([m, p]) => {
      const k = next.legions[m];
      return p.followed && k !== undefined && total(k.certain) < k.height;
    }),
  );
  return live.length === next.families.length ? next : { ...next, families: live };
}

/** Whether a part of `f` is known differently in `b` than in `a`. */
function touches(f: Family, a: Fold, b: Fold): boolean {
  return Object.keys(f.parts).some((m) => a.legions[m] !== b.legions[m]);
}

function deducedFrom(fold: Fold, index: number, family: Family): Fold {
  const markers = Object.keys(family.parts) as MarkerId[];
  const shares = new Map(markers.map((m) => [m, shareOf(fold.legions[m], family.parts[m] as Part)] as const));
  const names = new Set(Object.keys(family.before.possible) as CharacterName[]);
  let next = fold;
  let parts = family.parts;
  for (const m of markers) {
    const own = shares.get(m) as Bounds;
    const others = markers.filter((o) => o !== m).map((o) => shares.get(o) as Bounds);
    const least: Counts = {};
    const most: Counts = {};
    for (const c of names) {
      const othersMost = others.reduce((sum, b) => sum + (b.most[c] ?? 0), 0);
      const othersLeast = others.reduce((sum, b) => sum + (b.least[c] ?? 0), 0);
      least[c] = Math.max(own.least[c] ?? 0, (family.before.certain[c] ?? 0) - othersMost);
      most[c] = Math.min(own.most[c] ?? 0, (family.before.possible[c] ?? 0) - othersLeast);
    }
    const share = { least: positive(least), most: positive(most) };
    const part = family.parts[m] as Part;
    if (!part.followed) {
      parts = { ...parts, [m]: { ...part, share } };
      continue;
    }
    const k = next.legions[m];
    if (k === undefined) continue;
    // What it holds now: its share, plus what joined, less what left.
    const now = (b: Counts, c: CharacterName) => (b[c] ?? 0) + (part.added[c] ?? 0) - (part.removed[c] ?? 0);
    const certain: Counts = { ...k.certain };
    const possible: Counts = { ...k.possible };
    for (const c of names) {
      const atLeast = now(share.least, c);
      if (atLeast > (certain[c] ?? 0)) certain[c] = atLeast;
      const atMost = now(share.most, c);
      if (atMost < (possible[c] ?? 0)) possible[c] = atMost;
    }
    const tighter = tightened({ ...k, certain: positive(certain), possible: positive(possible) });
    if (!sameCounts(tighter.certain, k.certain) || !sameCounts(tighter.possible, k.possible))
      next = put(next, m, tighter);
  }
  if (parts === family.parts) return next;
  const families = next.families.map((f, i) => (i === index ? { ...f, parts } : f));
  return { ...next, families };
}

// ---------------------------------------------------------------- bounds

function exactly(owner: PlayerId, land: LandNumber, characters: readonly CharacterName[]): Known {
  const c = counts(characters);
  return { owner, land, height: characters.length, certain: c, possible: c };
}

/** `shown` is in the legion: at least as many of each as shown (what else it may hold is unchanged). */
function reveal(k: Known, shown: readonly CharacterName[]): Known {
  const c = counts(shown);
  const certain: Counts = { ...k.certain };
  for (const [name, n] of Object.entries(c) as [CharacterName, number][]) {
    certain[name] = Math.max(certain[name] ?? 0, n);
  }
  return tightened({ ...k, certain });
}

/** What the height adds: no more of a character than the height leaves room for beside the certain ones, and
 *  when the certain ones fill the legion, nothing else; when the possible ones only just fill it, all of them. */
function tightened(k: Known): Known {
  const sure = total(k.certain);
  const possible = mapCounts(k.possible, (n, c) => Math.min(n, (k.certain[c] ?? 0) + (k.height - sure)));
  const room = total(possible);
  const certain =
    room === k.height ? { ...possible } : mapCounts(k.certain, (n, c) => Math.min(n, possible[c] ?? 0));
  return { ...k, certain, possible };
}

function put(fold: Fold, marker: MarkerId, k: Known): Fold {
  return { ...fold, legions: { ...fold.legions, [marker]: k } };
}

function update(fold: Fold, marker: MarkerId, f: (k: Known) => Known): Fold {
  const k = fold.legions[marker];
  return k === undefined ? fold : put(fold, marker, f(k));
}

function counts(characters: readonly CharacterName[]): Counts {
  const c: Counts = {};
  for (const name of characters) c[name] = (c[name] ?? 0) + 1;
  return c;
}

function mapCounts(c: Counts, f: (n: number, name: CharacterName) => number): Counts {
  const out: Counts = {};
  for (const [name, n] of Object.entries(c) as [CharacterName, number][]) {
    const m = f(n, name);
    if (m > 0) out[name] = m;
  }
  return out;
}

function addCounts(a: Counts, b: Counts): Counts {
  const out: Counts = { ...a };
  for (const [name, n] of Object.entries(b) as [CharacterName, number][]) out[name] = (out[name] ?? 0) + n;
  return out;
}

function sameCounts(a: Counts, b: Counts): boolean {
  const names = Object.keys(a) as CharacterName[];
  return names.length === Object.keys(b).length && names.every((c) => a[c] === b[c]);
}

function total(c: Counts): number {
  return Object.values(c).reduce((s, n) => s + (n ?? 0), 0);
}

function positive(c: Counts): Counts {
  return mapCounts(c, (n) => n);
}

function toList(c: Counts): CharacterName[] {
  return (Object.entries(c) as [CharacterName, number][])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([name, n]) => Array<CharacterName>(n).fill(name));
}
