// Lookups into the game state that every layer shares: a player, the turn in progress, a player's legions, a
// legion by marker. Each throws when the state lacks what the caller's step guarantees.
import { characterPoints, type RaisedPowers } from '../data/characters';
import type { CharacterName, MarkerId } from '../data/types';
import { compareIds, sortShort } from './order';
import { perState } from './perState';
import type { GameState, Legion, PlayerId, PlayerState, TurnState } from './types';

export function playerOf(state: GameState, id: PlayerId): PlayerState {
  const p = state.players.find((x) => x.id === id);
  if (p === undefined) throw new Error(`no player ${id}`);
  return p;
}

/** The players still in the game (not eliminated, not withdrawn). */
export function activePlayers(state: GameState): PlayerState[] {
  return state.players.filter((p) => !p.eliminated);
}

export function currentTurn(state: GameState): TurnState {
  if (state.turn === null) throw new Error('no turn in progress');
  return state.turn;
}

/** A player's legions in marker order: listed once per state and player (perState.ts: a position's listing and
 *  checks ask for them many times). */
export const legionsOf: (state: GameState, player: PlayerId) => readonly Legion[] = perState(listLegionsOf);

function listLegionsOf(state: GameState, player: PlayerId): Legion[] {
  const legions = Object.values(state.legions).filter((l) => l.owner === player);
  return sortShort(legions, (a, b) => compareIds(a.id, b.id));
}

export function requireLegion(state: GameState, id: MarkerId): Legion {
  const legion = state.legions[id];
  if (legion === undefined) throw new Error(`no legion ${id}`);
  return legion;
}

/** CE 13 B3: the Power-factors of the game's raised Titans (none outside the variant). */
export function raisedPowers(state: GameState): RaisedPowers {
  return state.ce?.raised ?? {};
}

/** 16.0: the value of a player's characters (power × skill; a Titan at its owner's current power × 4, 19.1; a
 *  raised Titan at its own power, CE 13 B3). Here, below the modules that ask the powers' hooks, so that a power
 *  counts points as scoring.ts does. */
export function charactersValue(
  state: GameState,
  characters: readonly CharacterName[],
  owner: PlayerId,
): number {
  const score = playerOf(state, owner).score;
  const raised = raisedPowers(state);
  return characters.reduce((sum, c) => sum + characterPoints(c, score, raised), 0);
}

/** 16.1, 9.2: a half value is rounded down. */
export function halfPoints(value: number): number {
  return Math.floor(value / 2);
}
