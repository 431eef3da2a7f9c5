// The state updates shared by the folds of the engagement and battle events (engagementEvolve.ts,
// battle/battleEvolve.ts): the characters an engagement costs are parked in its losses (public at the end,
// errata 9.5) until 2.5.6.10 sends them to the caretaker or the dead pile.
import { CHARACTERS, characterPower, isRaisedTitan } from '../data/characters';
import type { CharacterName, MarkerId } from '../data/types';
import type { BattleSide } from './battle/position';
import { hitsToSlay } from './battle/position';
import { countOf, withoutCharacters } from './contents';
import type { BattleCharacterState } from './engagementState';
import { legionOfSide, requireBattle, requireEngagement } from './engagementState';
import { markMustered, withLegion } from './fold';
import { currentTurn, raisedPowers, requireLegion } from './lookups';
import type { ActiveEngagement, BattleState, EngagementOutcome, GameState, Legion } from './types';

export function decided(state: GameState, outcome: EngagementOutcome, winner: BattleSide | null): GameState {
  return withEngagement(state, (e) => ({ ...e, result: { outcome, winner } }));
}

/** The characters leave their legion and are parked in the engagement's losses of that side. */
export function park(state: GameState, side: BattleSide, lost: readonly CharacterName[]): GameState {
  if (lost.length === 0) return state;
  const legion = legionAt(state, side);
  const s = withLegion(state, {
    ...legion,
    characters: withoutCharacters(legion.characters, lost),
    known: intersect(legion.known, withoutCharacters(legion.characters, lost)),
  });
  return withEngagement(s, (e) =>
    side === 'attacker'
      ? { ...e, attackerLosses: [...e.attackerLosses, ...lost] }
      : { ...e, defenderLosses: [...e.defenderLosses, ...lost] },
  );
}

/** Battle characters leave the battle and their legion, into the losses of their side. */
export function removeFromBattle(state: GameState, gone: readonly BattleCharacterState[]): GameState {
  if (gone.length === 0) return state;
  const ids = new Set(gone.map((c) => c.id));
  let s = withBattle(state, (b) => ({ ...b, characters: b.characters.filter((c) => !ids.has(c.id)) }));
  for (const side of ['attacker', 'defender'] as const) {
    s = park(
      s,
      side,
      gone.filter((c) => c.side === side).map((c) => c.type),
    );
  }
  return s;
}

/** CE 44 B3: one of the characters `side` lost in this engagement leaves its losses and joins a legion, shown to
 *  all; it stays counted as lost for the points (ActiveEngagement.raised). */
export function fromLossesInto(
  state: GameState,
  side: BattleSide,
  into: MarkerId,
  character: CharacterName,
): GameState {
  const s = withEngagement(state, (e) => {
    const raised = e.raised ?? { attacker: [], defender: [] };
    const taken = { ...raised, [side]: [...raised[side], character] };
    return side === 'attacker'
      ? { ...e, attackerLosses: withoutCharacters(e.attackerLosses, [character]), raised: taken }
      : { ...e, defenderLosses: withoutCharacters(e.defenderLosses, [character]), raised: taken };
  });
  const legion = requireLegion(s, into);
  return withLegion(s, {
    ...legion,
    characters: [...legion.characters, character],
    known: [...legion.known, character],
  });
}

export function damage(
  characters: readonly BattleCharacterState[],
  hits: readonly { readonly id: string; readonly hits: number }[],
): BattleCharacterState[] {
  return characters.map((c) => {
    const h = hits.filter((x) => x.id === c.id).reduce((sum, x) => sum + x.hits, 0);
    // 12.3: damage beyond what slays a character is not marked on it (the excess may carry over, 12.4).
    return h === 0 ? c : { ...c, hits: c.hits + Math.min(h, hitsToSlay(c)) };
  });
}

export function transfer(
  state: GameState,
  from: MarkerId,
  into: MarkerId,
  character: CharacterName,
): GameState {
  const source = requireLegion(state, from);
  const left = withoutCharacters(source.characters, [character]);
  const s = withLegion(state, { ...source, characters: left, known: intersect(source.known, left) });
  const target = requireLegion(s, into);
  // 15.1: the summoned character is shown to all.
  return withLegion(s, {
    ...target,
    characters: [...target.characters, character],
    known: [...target.known, character],
  });
}

export function markSummoned(state: GameState): GameState {
  const turn = currentTurn(state);
  const s: GameState = { ...state, turn: { ...turn, summoned: true } };
  return s.battle === null ? s : withBattle(s, (b) => ({ ...b, summon: 'taken' }));
}

/** 18.0: the reinforcement is the defending legion's muster for this turn. */
export function markReinforced(state: GameState): GameState {
  const s = markMustered(state, requireEngagement(state).defender);
  return s.battle === null ? s : withBattle(s, (b) => ({ ...b, reinforcement: 'taken' }));
}

/** The Power-factor of a character joining a battle (an Angel summoned, a reinforcement; CE 13 B3: a raised
 *  Titan summoned, at the power the game keeps for it). */
export function powerOf(state: GameState, type: CharacterName): number {
  if (isRaisedTitan(type)) return characterPower(type, 0, raisedPowers(state));
  const power = CHARACTERS[type].power;
  if (power === null) throw new Error(`${type} has no fixed power`);
  return power;
}

/** Each character as many times as both lists have it. */
export function intersect(a: readonly CharacterName[], b: readonly CharacterName[]): CharacterName[] {
  const result: CharacterName[] = [];
  for (const name of new Set(a)) {
    const n = Math.min(countOf(a, name), countOf(b, name));
    for (let i = 0; i < n; i++) result.push(name);
  }
  return result;
}

export function legionAt(state: GameState, side: BattleSide): Legion {
  return requireLegion(state, legionOfSide(requireEngagement(state), side));
}

export function withEngagement(state: GameState, f: (e: ActiveEngagement) => ActiveEngagement): GameState {
  return { ...state, engagement: f(requireEngagement(state)) };
}

export function withBattle(state: GameState, f: (b: BattleState) => BattleState): GameState {
  return { ...state, battle: f(requireBattle(state)) };
}
