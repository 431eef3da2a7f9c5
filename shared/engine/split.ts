// Splitting legions in the Commencement Phase (Complete Sequence 2.1; 4.2, 4.3, 5.2, 6.1, errata 4.1/5.2) and
// the recombination of split-offs left stacked at the end of movement (2.4, 4.3, errata 4.7).
import { isLord } from '../data/characters';
import type { CharacterName, MarkerId } from '../data/types';
import { isSubMultiset, sortCharacters, subMultisets, withoutCharacters } from './contents';
import type { Decision, GameEvent } from './events';
import type { Intent, IntentOf } from './intents';
import { currentTurn, legionsOf, playerOf } from './lookups';
import { perState } from './perState';
import { rejection } from './rejections';
import type { GameState, PlayerId, Rejection } from './types';

/** 4.3: every part of a split holds at least two characters. */
export const MIN_SPLIT_SIZE = 2;
/** Errata 4.1/5.2, Complete Sequence 2.1: the first turn's split is 4-4, one lord in each. */
export const FIRST_SPLIT_SIZE = 4;

// ---------------------------------------------------------------- 2.1 splits

/** The current player's first turn (errata 4.1/5.2: the initial split is made then). Reads only what every
 *  player's view shows too (the turn and the players' turn counts). */
export function isFirstTurn(state: {
  readonly turn: { readonly player: PlayerId } | null;
  readonly players: readonly { readonly id: PlayerId; readonly turnsTaken: number }[];
}): boolean {
  const turn = state.turn;
  return turn !== null && state.players.find((p) => p.id === turn.player)?.turnsTaken === 1;
}

/** Errata 4.1/5.2, Complete Sequence 2.1: on his first turn the player must split before his movement roll. */
export function firstSplitPending(state: GameState): boolean {
  return isFirstTurn(state) && currentTurn(state).splits.length === 0;
}

/** What a split's rules read, all of it known to the player splitting: his legion's contents, his free
 *  markers, whether this is his first turn and how many splits he made this turn. */
export interface SplitKnowledge {
  readonly characters: readonly CharacterName[];
  readonly markersAvailable: readonly MarkerId[];
  readonly firstTurn: boolean;
  readonly splitsThisTurn: number;
}

/** The one check of a split (decide and legalIntents through checkSplit, the client from its view of his
 *  own legion): null when legal. */
export function splitProblem(known: SplitKnowledge, intent: IntentOf<'split'>): Rejection | null {
  // (Written for few allocations: the listing checks every candidate split of the first turn, issue 16.)
  const all =
    intent.groups.length === 1 ? intent.groups[0]!.characters : intent.groups.flatMap((g) => g.characters);
  if (!isSubMultiset(all, known.characters)) {
    return rejection(
      'illegalSplit',
      `Legion ${intent.legion} does not hold ${all.join(', ')}; a new legion takes only characters of the old one.`,
      '4.3',
    );
  }
  // The new legions, then what stays under the old marker.
  const parts = [...intent.groups.map((g) => g.characters), withoutCharacters(known.characters, all)];
  const markers = intent.groups.map((g) => g.marker);
  const missing = markers.find((m) => !known.markersAvailable.includes(m));
  if (missing !== undefined || markers.some((m, i) => markers.indexOf(m) !== i)) {
    return rejection(
      'illegalSplit',
      `Each new legion needs a different free legion marker of yours; ${missing ?? markers[0]} is not one.`,
      '4.2, 4.6',
    );
  }
  if (known.firstTurn) {
    if (known.splitsThisTurn > 0) {
      return rejection(
        'illegalSplit',
        'Your two beginning legions may not be split again until your second turn.',
        '5.2, errata 4.1/5.2',
      );
    }
    const fourFour = intent.groups.length === 1 && parts.every((p) => p.length === FIRST_SPLIT_SIZE);
    if (!fourFour || !parts.every((p) => lordsIn(p) === 1)) {
      return rejection(
        'illegalSplit',
        'On your first turn you must split your eight characters 4-4, with exactly one lord (your Titan or your Angel) in each legion.',
        'Complete Sequence 2.1, errata 4.1/5.2, 5.2',
      );
    }
    return null;
  }
  if (parts.some((p) => p.length < MIN_SPLIT_SIZE)) {
    return rejection(
      'illegalSplit',
      'Both the old and each new legion must keep at least two characters.',
      '4.3',
    );
  }
  return null;
}

function lordsIn(characters: readonly CharacterName[]): number {
  let n = 0;
  for (const c of characters) if (isLord(c)) n++;
  return n;
}

/** A split by `player` in this state: his legion, then the split's own rules. */
export function checkSplit(state: GameState, player: PlayerId, intent: IntentOf<'split'>): Rejection | null {
  const legion = state.legions[intent.legion];
  if (legion === undefined) {
    return rejection('unknownLegion', `There is no legion ${intent.legion} on the Masterboard.`, '4.2');
  }
  if (legion.owner !== player) {
    return rejection('notYourLegion', `Legion ${intent.legion} is not yours.`, '4.6');
  }
  return splitProblem(
    {
      characters: legion.characters,
      markersAvailable: playerOf(state, player).markersAvailable,
      firstTurn: isFirstTurn(state),
      splitsThisTurn: currentTurn(state).splits.length,
    },
    intent,
  );
}

/** 2.1, 4.3: the split is public as markers and heights; the contents go to the owner only. */
export function decideSplit(state: GameState, player: PlayerId, intent: IntentOf<'split'>): Decision {
  const problem = checkSplit(state, player, intent);
  if (problem !== null) return { rejected: problem };
  const legion = state.legions[intent.legion];
  if (legion === undefined) throw new Error('checked above');
  return {
    events: [
      {
        type: 'legionSplit',
        player,
        parent: legion.id,
        land: legion.land,
        children: intent.groups.map((g) => ({ marker: g.marker, height: g.characters.length })),
      },
      {
        type: 'splitContents',
        player,
        parent: legion.id,
        children: intent.groups.map((g) => ({ marker: g.marker, characters: sortCharacters(g.characters) })),
      },
    ],
  };
}

/** Every legal split (each distinct division of the contents; the new legions take the lowest free markers),
 *  listed once per state (perState.ts: the step's choices and its described split both ask). */
export const splitIntents: (state: GameState, player: PlayerId) => readonly Intent[] = perState(listSplits);

function listSplits(state: GameState, player: PlayerId): Intent[] {
  const free = playerOf(state, player).markersAvailable;
  if (free.length === 0) return [];
  // Errata 4.1/5.2, Complete Sequence 2.1: the first turn's one split is 4-4 into one new legion.
  const firstTurn = isFirstTurn(state);
  const splitsThisTurn = currentTurn(state).splits.length;
  if (firstTurn && splitsThisTurn > 0) return [];
  const intents: Intent[] = [];
  for (const legion of legionsOf(state, player)) {
    // What checkSplit reads of the position, for a legion of the player's (so it has no other refusal).
    const known = { characters: legion.characters, markersAvailable: free, firstTurn, splitsThisTurn };
    for (const intent of legionSplits(legion.id, known)) intents.push(intent);
  }
  return intents;
}

/** One legion's splits, by all that `findLegionSplits` reads: the same at many positions (a split step lists
 *  every legion again after each split, the next turn the same legions anew) and in many games (every first
 *  turn's), so found once (issue 16). Bounded: emptied when full. */
const LEGION_SPLITS = new Map<string, readonly IntentOf<'split'>[]>();
const LEGION_SPLITS_KEPT = 2048;

function legionSplits(legion: MarkerId, known: SplitKnowledge): readonly IntentOf<'split'>[] {
  const [m1, m2] = known.markersAvailable;
  // After the first turn only the two lowest free markers are read; on it, all that splitProblem reads.
  const key = known.firstTurn
    ? `${legion}|${known.characters.join()}|first|${known.splitsThisTurn}|${known.markersAvailable.join()}`
    : `${legion}|${known.characters.join()}|${m1}|${m2}`;
  let found = LEGION_SPLITS.get(key);
  if (found === undefined) {
    if (LEGION_SPLITS.size >= LEGION_SPLITS_KEPT) LEGION_SPLITS.clear();
    found = findLegionSplits(legion, known);
    LEGION_SPLITS.set(key, found);
  }
  return found;
}

function findLegionSplits(legion: MarkerId, known: SplitKnowledge): IntentOf<'split'>[] {
  const [m1, m2] = known.markersAvailable;
  if (m1 === undefined) return [];
  const first = known.firstTurn;
  const characters = known.characters;
  const n = characters.length;
  const [least, most] = first ? [FIRST_SPLIT_SIZE, FIRST_SPLIT_SIZE] : [MIN_SPLIT_SIZE, n - MIN_SPLIT_SIZE];
  const intents: IntentOf<'split'>[] = [];
  for (const a of subMultisets(characters, least, most)) {
    intents.push({ type: 'split', legion, groups: [{ marker: m1, characters: a }] });
    if (m2 === undefined || first) continue;
    const rest = withoutCharacters(characters, a);
    const aKey = a.join();
    for (const b of subMultisets(rest, a.length, rest.length - MIN_SPLIT_SIZE)) {
      // The two new legions are interchangeable but for their markers: list each pair once.
      if (b.length === a.length && b.join() < aKey) continue;
      intents.push({
        type: 'split',
        legion,
        groups: [
          { marker: m1, characters: a },
          { marker: m2, characters: b },
        ],
      });
    }
  }
  // Each candidate is by construction parts of the legion under free, distinct markers, every part at least two
  // (4.3), so the one check (splitProblem, as checkSplit asks it of a legion of the player's) has only the first
  // turn's lord in each part left to refuse; a new legion without exactly one lord could not pass it, and is not
  // even asked about (issue 16).
  return first
    ? intents.filter((i) => lordsIn(i.groups[0]!.characters) === 1 && splitProblem(known, i) === null)
    : intents;
}

// ---------------------------------------------------------------- 2.4 recombination

/** The legions that came out of one original legion by this turn's splits: 4.3 limits only the sizes, so a
 *  legion split this turn (or one of its split-offs) may be split again, which is a three-way (or wider) split
 *  made in two steps. `origin` is the original legion's marker (errata 4.7). */
export function splitFamilies(
  state: GameState,
): { readonly origin: MarkerId; readonly legions: readonly MarkerId[] }[] {
  const families: { origin: MarkerId; legions: MarkerId[] }[] = [];
  for (const split of currentTurn(state).splits) {
    // A marker given to a split-off is free, so a legion that held it earlier this turn is gone (CE 36 M2 disbands
    // a legion before the movement roll): that earlier legion's place in a family is not the new one's.
    for (const f of families) f.legions = f.legions.filter((id) => !split.children.includes(id));
    const family = families.find((f) => f.legions.includes(split.parent));
    if (family === undefined)
      families.push({ origin: split.parent, legions: [split.parent, ...split.children] });
    else family.legions.push(...split.children);
  }
  return families;
}

/** The legions of each family of split legions that still share a land (none of them moved off). */
export function stackedSplitGroups(
  state: GameState,
): { readonly land: number; readonly origin: MarkerId; readonly legions: MarkerId[] }[] {
  const groups: { land: number; origin: MarkerId; legions: MarkerId[] }[] = [];
  for (const family of splitFamilies(state)) {
    const byLand = new Map<number, MarkerId[]>();
    for (const id of family.legions) {
      const legion = state.legions[id];
      if (legion === undefined) continue;
      byLand.set(legion.land, [...(byLand.get(legion.land) ?? []), id]);
    }
    for (const [land, legions] of byLand) {
      if (legions.length > 1) groups.push({ land, origin: family.origin, legions });
    }
  }
  return groups;
}

/** 2.4, 4.3, errata 4.7: split-offs left stacked recombine under the original marker; in a three-way split whose
 *  original alone moved off, either remaining marker may be used: the engine keeps the lower one (a marker is
 *  only a name, so nothing in the game depends on the choice). */
export function recombinationEvents(state: GameState): GameEvent[] {
  return stackedSplitGroups(state).map(({ origin, legions }) => {
    const into = legions.includes(origin) ? origin : [...legions].sort()[0];
    if (into === undefined) throw new Error('empty group');
    return { type: 'legionsRecombined', into, from: legions.filter((id) => id !== into).sort() };
  });
}
