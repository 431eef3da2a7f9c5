// Lookups shared by the engagement and battle modules: the active engagement and battle, its two sides, the
// battle position the pure battle rules read, and the id of a character joining the battle.
import type { CharacterName, MarkerId } from '../data/types';
import type { BattleCharacter, BattleCharacterId, BattlePosition, BattleSide } from './battle/position';
import { isSlain, opponent } from './battle/position';
import type { ActiveEngagement, BattleState, GameState, LateArrival, Legion, PlayerId } from './types';

export type BattleCharacterState = BattleState['characters'][number];

export function requireEngagement(state: GameState): ActiveEngagement {
  if (state.engagement === null) throw new Error('no engagement is being resolved');
  return state.engagement;
}

export function requireBattle(state: GameState): BattleState {
  if (state.battle === null) throw new Error('no battle is being fought');
  return state.battle;
}

export function legionOfSide(engagement: ActiveEngagement, side: BattleSide): MarkerId {
  return side === 'attacker' ? engagement.attacker : engagement.defender;
}

export function ownerOfSide(engagement: ActiveEngagement, side: BattleSide): PlayerId {
  return side === 'attacker' ? engagement.attackerOwner : engagement.defenderOwner;
}

/** The side a player takes in the engagement, or null when he is not one of its two players. */
export function sideOfPlayer(engagement: ActiveEngagement, player: PlayerId): BattleSide | null {
  if (player === engagement.attackerOwner) return 'attacker';
  if (player === engagement.defenderOwner) return 'defender';
  return null;
}

/** The engaged legion of a side, or null once it has been removed from the board. */
export function engagedLegion(state: GameState, side: BattleSide): Legion | null {
  return state.legions[legionOfSide(requireEngagement(state), side)] ?? null;
}

/** The characters a side has lost in this engagement so far. */
export function lossesOf(engagement: ActiveEngagement, side: BattleSide): readonly CharacterName[] {
  return side === 'attacker' ? engagement.attackerLosses : engagement.defenderLosses;
}

/** The characters a side lost in this engagement, those a power took back out of its losses since (CE 44 B3)
 *  included: what it lost for the points (16.0). */
export function slainOf(engagement: ActiveEngagement, side: BattleSide): readonly CharacterName[] {
  return [...lossesOf(engagement, side), ...(engagement.raised?.[side] ?? [])];
}

/** The battle as the pure rules see it (maneuver.ts, strike.ts, rangestrike.ts, drift.ts, carryOver.ts). */
export function battlePosition(battle: BattleState): BattlePosition {
  return {
    powers: battle.powers,
    terrain: battle.terrain,
    trees: battle.trees,
    nonNative: battle.nonNative,
    slain: battle.slain,
    attackerEntry: battle.attackerEntry,
    characters: battle.characters,
  };
}

export function battleCharacter(battle: BattleState, id: string): BattleCharacterState | null {
  return battle.characters.find((c) => c.id === id) ?? null;
}

/** CE 39 B3: the late arrivals of the phasing side due in this maneuver phase (waiting at its entrance). */
export function dueLateArrivals(battle: BattleState): LateArrival[] {
  return battle.lateArrivals.filter((a) => a.side === battle.phasing && a.round === battle.round);
}

/** The characters that must enter in this maneuver phase or go back (errata 14.1, 15.1): the Angel summoned and
 *  the reinforcement mustered in it, and (CE 39 B3) those announced a battle turn ago; `from` as in `mustEnter`. */
export function arrivals(battle: BattleState): BattleState['mustEnter'][number][] {
  return [...battle.mustEnter, ...dueLateArrivals(battle)];
}

/** A summoned Angel or a reinforcement waiting to enter this maneuver phase (errata 14.1, 15.1; CE 39 B3). */
export function isArriving(battle: BattleState, id: string): boolean {
  return arrivals(battle).some((m) => m.id === id);
}

/** CE 39 B3: an Angel or reinforcement of `side` announced and still to arrive ("CAN enter even if there is no
 *  other survivor": it keeps its side in the battle, 16.0). */
export function awaitsArrival(battle: BattleState, side: BattleSide): boolean {
  return battle.lateArrivals.some((a) => a.side === side);
}

/** The side's characters in the battle (on the board or still to enter), those waiting to arrive excepted. */
export function sideCharacters(battle: BattleState, side: BattleSide): BattleCharacterState[] {
  return battle.characters.filter((c) => c.side === side && !isArriving(battle, c.id));
}

/** Has this side's Titan been slain in this engagement (removed, left off, or slain and not yet removed)? */
export function titanSlain(state: GameState, side: BattleSide): boolean {
  const engagement = requireEngagement(state);
  if (lossesOf(engagement, side).includes('Titan')) return true;
  const battle = state.battle;
  return battle !== null && sideCharacters(battle, side).some((c) => c.type === 'Titan' && isSlain(c));
}

/** Errata 9.4, 9.5: a concession by `side` now is a mutual elimination when the opponent's Titan has already
 *  been slain or all the opponent's characters in the battle have been. */
export function concessionIsMutual(state: GameState, side: BattleSide): boolean {
  const battle = state.battle;
  if (battle === null) return false;
  const other = opponent(side);
  if (titanSlain(state, other)) return true;
  if (awaitsArrival(battle, other)) return false; // CE 39 B3
  return sideCharacters(battle, other).every((c: BattleCharacter) => isSlain(c));
}

/** The id for a character joining the battle: `${legion}-${n}` with the next n of its legion. */
export function nextCharacterId(state: GameState, legion: MarkerId, side: BattleSide): BattleCharacterId {
  const battle = requireBattle(state);
  let n =
    battle.characters.filter((c) => c.legion === legion).length +
    lossesOf(requireEngagement(state), side).length +
    1;
  const taken = (id: BattleCharacterId) =>
    battleCharacter(battle, id) !== null || battle.lateArrivals.some((a) => a.id === id);
  while (taken(`${legion}-${n}`)) n++;
  return `${legion}-${n}`;
}
