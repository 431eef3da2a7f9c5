// Properties every reachable game state keeps (checked after each event of seeded bot games): characters are
// conserved (errata 3.5 totals: the caretaker, the legions, the dead pile and the characters an engagement has
// taken so far; one Titan for each player still in the game), no legion is over seven after its owner's first
// turn (4.1, errata 4.1/5.2), scores are never negative and only grow (16.0, 17.0, 19.4: points are only ever
// added), and exactly one player is due to act unless the game is over (errata 1.3/1.4). Returns the violations
// (none: []).
import { CHARACTERS, titanPower } from '../data/characters';
import type { CharacterName } from '../data/types';
import { CHARACTER_NAMES } from '../data/types';
import { MAX_LEGION_HEIGHT } from './muster';
import { pending } from './pending';
import { unusedCharacters } from './startingState';
import type { GameState } from './types';

export function checkInvariants(state: GameState): string[] {
  return [
    ...conservation(state, true),
    ...legionHeights(state),
    ...scores(state),
    ...ceInvariants(state),
    ...oneActor(state),
  ];
}

/** The invariants that hold after every single event. Two only hold once all of a decision's events are
 *  applied: the one-actor rule (the step is changed by the last event) and "each player still in the game has
 *  his Titan" (a player's legions are removed one by one before he is out); in between a player has at most one. */
export function checkStateInvariants(state: GameState): string[] {
  return [...conservation(state, false), ...legionHeights(state), ...scores(state), ...ceInvariants(state)];
}

/** Errata 3.5: every character is in exactly one place; the Titans: one per player still in the game. */
function conservation(state: GameState, atRest: boolean): string[] {
  const problems: string[] = [];
  const count = new Map<CharacterName, number>();
  const add = (c: CharacterName, n = 1) => count.set(c, (count.get(c) ?? 0) + n);
  for (const legion of Object.values(state.legions)) for (const c of legion.characters) add(c);
  for (const c of [...(state.engagement?.attackerLosses ?? []), ...(state.engagement?.defenderLosses ?? [])])
    add(c);
  for (const name of CHARACTER_NAMES) {
    add(name, state.caretaker[name] ?? 0);
    add(name, state.deadPile[name] ?? 0);
  }
  const unused = unusedCharacters(state.options.variant);
  for (const name of CHARACTER_NAMES) {
    const supplied = CHARACTERS[name].count;
    if (supplied === null) continue;
    // 21.3: TITANplus leaves the Centaurs, Gargoyles and Ogres out of the game.
    const total = unused.includes(name) ? 0 : supplied;
    const have = count.get(name) ?? 0;
    if (have !== total) problems.push(`${name}: ${have} in play, caretaker and dead pile, expected ${total}`);
    if ((state.caretaker[name] ?? 0) < 0) problems.push(`${name}: the caretaker holds a negative count`);
  }
  if (state.turn !== null) {
    for (const p of state.players) {
      if (p.color === null) continue;
      const titans =
        Object.values(state.legions)
          .filter((l) => l.owner === p.id)
          .reduce((n, l) => n + l.characters.filter((c) => c === 'Titan').length, 0) + titanLoss(state, p.id);
      const expected = p.eliminated ? 0 : 1;
      if (atRest ? titans !== expected : titans > expected) {
        problems.push(`${p.id} has ${titans} Titan(s), expected ${expected}`);
      }
    }
  }
  return problems;
}

/** A Titan lost in the engagement being resolved (until its player is eliminated at 2.5.6.9). */
function titanLoss(state: GameState, player: string): number {
  const e = state.engagement;
  if (e === null) return 0;
  const p = state.players.find((x) => x.id === player);
  if (p === undefined || p.eliminated) return 0;
  const lost = [
    ...(e.attackerOwner === player ? e.attackerLosses : []),
    ...(e.defenderOwner === player ? e.defenderLosses : []),
  ];
  return lost.filter((c) => c === 'Titan').length;
}

/** 4.1, errata 4.1/5.2: seven at most once the owner's first turn (with the initial split) is over. */
function legionHeights(state: GameState): string[] {
  const problems: string[] = [];
  for (const legion of Object.values(state.legions)) {
    if (legion.characters.length <= MAX_LEGION_HEIGHT) continue;
    const owner = state.players.find((p) => p.id === legion.owner);
    // Checked once the owner's first turn is over (the initial split is made during it).
    const firstTurnOver =
      owner === undefined ||
      owner.turnsTaken >= 2 ||
      (owner.turnsTaken === 1 && state.turn?.player !== owner.id);
    if (firstTurnOver) problems.push(`legion ${legion.id} holds ${legion.characters.length} characters`);
  }
  return problems;
}

/** What must hold from one state to the next (after each event): scores are never taken away (16.0, 17.0, 19.4:
 *  points are only added; the game has no rule that lowers a score), but in Cosmic Encounter Titan a power may
 *  move points from one score to another (51 DEMOCRAT B1's tax: the total of the scores stays). */
export function checkTransition(before: GameState, after: GameState): string[] {
  const total = (s: GameState) => s.players.reduce((sum, p) => sum + p.score, 0);
  if (after.ce !== null && before.ce !== null && total(after) === total(before)) return [];
  return after.players.flatMap((p) => {
    const was = before.players.find((q) => q.id === p.id)?.score ?? 0;
    // CE bidding rules: a player's score is set to minus his winning bid as his power is assigned.
    const assigned = before.ce?.powers[p.id] === undefined && after.ce?.powers[p.id] !== undefined;
    return p.score < was && !assigned ? [`${p.id}'s score fell from ${was} to ${p.score}`] : [];
  });
}

/** Scores are never negative; in Cosmic Encounter Titan they start at minus the bid, but a player still in the
 *  game has a Titan of strength 1 at least (CE bidding rules: 0 or less and he is out). */
function scores(state: GameState): string[] {
  if (state.ce !== null) {
    return state.players
      .filter((p) => !p.eliminated && titanPower(p.score) < 1)
      .map((p) => `${p.id} is still in the game with a Titan of strength ${titanPower(p.score)}`);
  }
  return state.players.filter((p) => p.score < 0).map((p) => `${p.id} has a negative score (${p.score})`);
}

/** Cosmic Encounter Titan: each power assigned once, to one player, among those drawn, with its start score;
 *  the bids revealed only once all are in. */
function ceInvariants(state: GameState): string[] {
  const ce = state.ce;
  if (ce === null) return [];
  const problems: string[] = [];
  const assigned = Object.entries(ce.powers);
  if (new Set(assigned.map(([, id]) => id)).size !== assigned.length) problems.push('a power assigned twice');
  for (const [player, id] of assigned) {
    if (!ce.drawn.includes(id)) problems.push(`${player} has power ${id}, which was not drawn`);
    if (ce.startScores[player] === undefined) problems.push(`${player} has a power but no starting score`);
  }
  if (ce.revealed && state.players.some((p) => ce.bids[p.id] === undefined))
    problems.push('the bids were revealed before every bid was in');
  if (state.turn !== null && assigned.length < Math.min(state.players.length, ce.drawn.length))
    problems.push('the game began before every power was assigned');
  return problems;
}

/** Errata 1.3, 1.4: one player at a time; nobody once the game is over. */
function oneActor(state: GameState): string[] {
  const p = pending(state);
  if (state.step.kind === 'gameOver')
    return p.actor === null ? [] : ['a player is due to act after the game'];
  if (p.actor === null) return [`nobody is due to act at ${state.step.kind}`];
  if (!state.players.some((x) => x.id === p.actor && !x.eliminated)) {
    return [`${p.actor} is due to act at ${state.step.kind} but is not in the game`];
  }
  if (p.intents.length === 0) return [`${p.actor} has nothing to do at ${state.step.kind}`];
  return [];
}
