// The state a game starts from and the order of play its tower rolls give (errata 3.5, 5.0, 5.1, 7.6, 21.3):
// what the fold of `gameCreated` and `towersAssigned` builds.
import { CHARACTERS } from '../data/characters';
import type { CharacterName } from '../data/types';
import { CHARACTER_NAMES } from '../data/types';
import { UNUSED_IN_TITAN_PLUS } from './muster';
import type { GameOptions, PlayerId, PlayerState, Variant } from './types';

/** A seated player before the tower rolls: no tower, no colour, score 0 (errata 5.0), his mulligans (7.6,
 *  errata 7.6: the first-turn mulligan, or the handicap count replacing it). */
export function initialPlayer(
  p: { readonly id: PlayerId; readonly name: string },
  options: GameOptions,
): PlayerState {
  return {
    id: p.id,
    name: p.name,
    tower: null,
    color: null,
    score: 0,
    markersAvailable: [],
    mulligansLeft: options.handicapMulligans[p.id] ?? 1,
    turnsTaken: 0,
    eliminated: false,
  };
}

/** Errata 3.5: the caretaker's stacks at the start (the Titans are the players' own). 21.3: TITANplus does not
 *  use Centaurs, Gargoyles or Ogres. */
export function initialCaretaker(variant: Variant): Partial<Record<CharacterName, number>> {
  const unused = unusedCharacters(variant);
  const stacks: Partial<Record<CharacterName, number>> = {};
  for (const name of CHARACTER_NAMES) {
    const count = CHARACTERS[name].count;
    if (count === null) continue;
    stacks[name] = unused.includes(name) ? 0 : count;
  }
  return stacks;
}

/** 21.3: the characters a variant leaves out of the game (none in the standard game). */
export function unusedCharacters(variant: Variant): readonly CharacterName[] {
  return variant === 'titanPlus' ? UNUSED_IN_TITAN_PLUS : [];
}

/** 5.1, errata 5.1: players move in descending order of their starting towers. */
export function turnOrderByTower(players: readonly PlayerState[]): PlayerId[] {
  return [...players]
    .filter((p) => p.tower !== null)
    .sort((a, b) => (b.tower ?? 0) - (a.tower ?? 0))
    .map((p) => p.id);
}
