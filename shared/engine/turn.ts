// The turns (Complete Sequence 2, 2.7; 6.0, 6.5), the end of the game (3; errata 19.0), time called by the
// tournament director (21.1, errata 21.1) and a game stopped before it is decided (20.5).

import type { MarkerId } from '../data/types';
import type { Decision, GameEvent } from './events';
import { foldEvents } from './evolve';
import { activePlayers, charactersValue, legionsOf, playerOf } from './lookups';
import { reject } from './rejections';
import type { GameResult, GameState, Legion, PlayerId } from './types';

/** 6.5: a player's Game-Turn begins; his commencement phase (2.1) is first. */
export function startTurnEvents(state: GameState, player: PlayerId): GameEvent[] {
  return [
    { type: 'turnStarted', player, number: (state.turn?.number ?? 0) + 1 },
    { type: 'stepBegan', step: { kind: 'split', actor: player } },
  ];
}

/** Complete Sequence 2: the next player still in the game after `after`, in descending tower order. */
export function nextPlayer(state: GameState, after: PlayerId): PlayerId | null {
  const order = state.turnOrder;
  const i = order.indexOf(after);
  for (let k = 1; k <= order.length; k++) {
    const id = order[(i + k) % order.length];
    if (id !== undefined && !playerOf(state, id).eliminated) return id;
  }
  return null;
}

/** 2.7: the turn ends; then the game ends (errata 19.0; 21.1 once every player has had his last turn) or the
 *  next player's turn begins. */
export function endTurnEvents(state: GameState, player: PlayerId): GameEvent[] {
  const events: GameEvent[] = [{ type: 'turnEnded', player }];
  const s = foldEvents(state, events);
  const over = gameOverEvents(s);
  if (over !== null) return [...events, ...over];
  // 21.1, errata 21.1: time was called and every remaining player has had his one more full turn.
  if (s.timeCalled?.remainingTurns.every((id) => playerOf(s, id).eliminated)) {
    return [...events, resultEvent(s, 'timeLimit')];
  }
  const next = nextPlayer(s, player);
  if (next === null) throw new Error('no next player although two or more remain');
  return [...events, ...startTurnEvents(s, next)];
}

/** 2.7: the current player announces the end of his turn. */
export function decideEndTurn(state: GameState, player: PlayerId): Decision {
  return { events: endTurnEvents(state, player) };
}

/** Errata 19.0: the game ends when zero or one players are left; null while two or more remain. */
export function gameOverEvents(state: GameState): GameEvent[] | null {
  if (state.result !== null) return null;
  const active = activePlayers(state);
  if (active.length > 1) return null;
  return [resultEvent(state, active.length === 1 ? 'lastTitan' : 'noTitans')];
}

/** 21.1, errata 21.1 (the tournament director): the current player finishes his turn, then each remaining
 *  player, the current one included, gets one more full turn in order; then the game ends with the totals of
 *  20.5. Called before the turns begin, every player gets one full turn. */
export function decideCallTime(state: GameState): Decision {
  if (state.result !== null) return reject('wrongStep', 'The game is already over.', '3');
  if (state.timeCalled !== null) return reject('notAllowed', 'Time has already been called.', '21.1');
  const current = state.turn?.player ?? null;
  const order = state.turnOrder.length > 0 ? state.turnOrder : state.players.map((p) => p.id);
  const start = current === null ? 0 : order.indexOf(current) + 1;
  const rotated = [...order.slice(start), ...order.slice(0, start)];
  const remainingTurns = rotated.filter((id) => !playerOf(state, id).eliminated);
  return { events: [{ type: 'timeCalled', remainingTurns }] };
}

/** 20.5 (the tournament director): the game stops now; each player's score plus the value of his remaining
 *  legions decides the winner. */
export function decideStopGame(state: GameState): Decision {
  if (state.result !== null) return reject('wrongStep', 'The game is already over.', '3');
  return { events: [resultEvent(state, 'stopped')] };
}

/** 16.0, 19.1: a legion's value, its Titan counted at its current power × 4. */
export function legionValue(state: GameState, legion: Legion): number {
  return charactersValue(state, legion.characters, legion.owner);
}

/** The final totals: 20.5 and 21.1 add the value of the remaining legions to the score. */
export function finalTotals(state: GameState, withLegions: boolean): Record<PlayerId, number> {
  const totals: Record<PlayerId, number> = {};
  for (const p of state.players) {
    const legions = withLegions ? legionsOf(state, p.id) : [];
    totals[p.id] = p.score + legions.reduce((sum, l) => sum + legionValue(state, l), 0);
  }
  return totals;
}

/** The `gameOver` event: 3 and errata 19.0 reveal the winner's legions; 20.5 reveals every legion counted. */
export function resultEvent(state: GameState, reason: GameResult['reason']): GameEvent {
  const active = activePlayers(state);
  const byTotals = reason === 'timeLimit' || reason === 'stopped';
  const totals = finalTotals(state, byTotals);
  let winner: PlayerId | null = null;
  if (byTotals) {
    const best = Math.max(...active.map((p) => totals[p.id] ?? 0));
    const leaders = active.filter((p) => totals[p.id] === best);
    winner = leaders.length === 1 ? (leaders[0]?.id ?? null) : null;
  } else if (active.length === 1) {
    winner = active[0]?.id ?? null;
  }
  const shown: readonly Legion[] = byTotals
    ? Object.values(state.legions)
    : winner === null
      ? []
      : legionsOf(state, winner);
  const revealed = shown
    .map((l) => ({ legion: l.id as MarkerId, characters: [...l.characters] }))
    .sort((a, b) => (a.legion < b.legion ? -1 : a.legion > b.legion ? 1 : 0));
  return { type: 'gameOver', result: { winner, reason, totals }, revealed };
}
