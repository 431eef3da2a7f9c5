// The small state updates every fold shares (evolve.ts, engagementEvolve.ts, battle/battleEvolve.ts): looking up
// what an event names, replacing a player or a legion, and moving characters between the caretaker's stacks, the
// dead pile and the legions. Each returns new objects; none decides anything.
import { CHARACTERS, isRaisedTitan } from '../data/characters';
import type { CharacterName, MarkerId } from '../data/types';
import { mergeKnown } from './contents';
import { currentTurn, playerOf, requireLegion } from './lookups';
import type { GameState, Legion, PlayerId, PlayerState } from './types';

export function updatePlayer(state: GameState, id: PlayerId, f: (p: PlayerState) => PlayerState): GameState {
  playerOf(state, id);
  return { ...state, players: state.players.map((p) => (p.id === id ? f(p) : p)) };
}

export function withLegion(state: GameState, legion: Legion): GameState {
  return { ...state, legions: { ...state.legions, [legion.id]: legion } };
}

/** A player's markers, each once, in order. */
export function sortMarkers(markers: readonly MarkerId[]): MarkerId[] {
  return [...new Set(markers)].sort();
}

/** Characters handed out by the caretaker (the Titan is each player's own, never in his stacks). */
export function takeFromCaretaker(
  caretaker: GameState['caretaker'],
  characters: readonly CharacterName[],
): GameState['caretaker'] {
  const next: Partial<Record<CharacterName, number>> = { ...caretaker };
  for (const c of characters) {
    if (c === 'Titan') continue;
    next[c] = (next[c] ?? 0) - 1;
  }
  return next;
}

/** 2.5.6.10, 4.4: characters leaving the game: Lords (but the Titan, which leaves with its player, and a raised
 *  Titan, which is no caretaker's: CE 13 B3) and Demi-Lords go back to the caretaker, creatures to the dead pile
 *  (3.3); CE Titan: the creatures a power recycles (`CeState.recycled`, 36 COMMUNIST M1) go back to the caretaker
 *  too. */
export function returnToStacks(state: GameState, characters: readonly CharacterName[]): GameState {
  const caretaker: Partial<Record<CharacterName, number>> = { ...state.caretaker };
  const deadPile: Partial<Record<CharacterName, number>> = { ...state.deadPile };
  const recycled = state.ce?.recycled ?? [];
  for (const c of characters) {
    if (c === 'Titan' || isRaisedTitan(c)) continue;
    if (CHARACTERS[c].class === 'creature' && !recycled.includes(c)) deadPile[c] = (deadPile[c] ?? 0) + 1;
    else caretaker[c] = (caretaker[c] ?? 0) + 1;
  }
  return { ...state, caretaker, deadPile };
}

/** A character from the caretaker joins a legion, shown to all (a muster 18.0, a reinforcement 14.0, an Angel
 *  17.0); `reveal` is what was shown to qualify it (18.4). A creature the caretaker has none left of comes from the
 *  dead pile: only a CE power's "recruit from the dead" musters it then (ce/hooks.ts recruitStock). */
export function fromCaretakerInto(
  state: GameState,
  legionId: MarkerId,
  character: CharacterName,
  reveal: readonly CharacterName[] = [],
): GameState {
  const legion = requireLegion(state, legionId);
  const joined = withLegion(state, {
    ...legion,
    characters: [...legion.characters, character],
    known: [...mergeKnown(legion.known, reveal), character],
  });
  if ((state.caretaker[character] ?? 0) <= 0 && (state.deadPile[character] ?? 0) > 0) {
    return { ...joined, deadPile: { ...state.deadPile, [character]: (state.deadPile[character] ?? 0) - 1 } };
  }
  return { ...joined, caretaker: takeFromCaretaker(state.caretaker, [character]) };
}

/** 18.0: one muster per legion per turn (a reinforcement counts). */
export function markMustered(state: GameState, legionId: MarkerId): GameState {
  const turn = currentTurn(state);
  return { ...state, turn: { ...turn, mustered: [...turn.mustered, legionId] } };
}
