// Eliminating a player (19.3, 19.4, errata 19.3/19.4, 10.5; 20.4 withdrawal): all his legions leave the board,
// revealed together; with a slain Titan each is scored at half points to the player it was engaged with this
// turn, else to the slayer, rounding once per player; the slayer takes his legion markers. When two Titans fall
// in one battle neither player scores and nobody takes markers (legions engaged with third players still score).
// A withdrawal (20.4) scores nothing and passes no markers.
import type { GameEvent } from './events';
import { charactersValue, halfPoints, legionsOf } from './lookups';
import type { GameState, Legion, PlayerId } from './types';

/** One player to eliminate, and who slew his Titan (null: nobody takes his markers). */
export interface Elimination {
  readonly player: PlayerId;
  readonly slayer: PlayerId | null;
}

/**
 * 20.4 and 19.3/19.4 for one player: with `slayer` null (a withdrawal) his legions are removed for no points and
 * nobody takes his markers; otherwise his Titan was slain by `slayer` and his legions score half points.
 */
export function eliminatePlayer(state: GameState, player: PlayerId, slayer: PlayerId | null): GameEvent[] {
  return slayer === null
    ? eliminationEvents(state, [{ player, slayer: null }], 'withdrawal')
    : eliminationEvents(state, [{ player, slayer }], 'titanSlain');
}

/**
 * 2.5.6.9, 19.4, errata 19.3/19.4: the players eliminated by one engagement, together: every legion revealed and
 * removed, half points awarded in one group per player (rounded once), then the players out (markers to the
 * slayer, if any). With `reason` 'withdrawal' nothing is scored.
 */
export function eliminationEvents(
  state: GameState,
  eliminated: readonly Elimination[],
  reason: 'titanSlain' | 'withdrawal',
): GameEvent[] {
  const out = new Set(eliminated.map((e) => e.player));
  const slayerOf = new Map(eliminated.map((e) => [e.player, e.slayer]));
  const legions: Legion[] = eliminated.flatMap((e) => legionsOf(state, e.player));
  const due = new Map<PlayerId, number>();
  if (reason === 'titanSlain') {
    for (const legion of legions) {
      // 19.4: to the player it is engaged with this turn, else to the slayer of its Titan.
      const recipient = engagedOpponent(state, legion) ?? slayerOf.get(legion.owner) ?? null;
      // Errata 19.3/19.4: an eliminated player scores nothing from these legions.
      if (recipient === null || out.has(recipient)) continue;
      const value = charactersValue(state, legion.characters, legion.owner);
      due.set(recipient, (due.get(recipient) ?? 0) + value);
    }
  }
  const events: GameEvent[] = legions.map(
    (legion): GameEvent => ({
      type: 'legionEliminated',
      legion: legion.id,
      owner: legion.owner,
      // Errata 19.4: the legions become public as they are counted or removed.
      characters: [...legion.characters],
      reason,
    }),
  );
  for (const [player, value] of [...due].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const points = halfPoints(value); // errata 19.4: rounded once per player
    if (points > 0) events.push({ type: 'pointsScored', player, points, reason: 'halfPoints' });
  }
  for (const e of eliminated) events.push({ type: 'playerEliminated', player: e.player, by: e.slayer });
  return events;
}

/** The owner of the legion this one is engaged with this turn (the engagement being resolved or one still to
 *  come), or null. */
function engagedOpponent(state: GameState, legion: Legion): PlayerId | null {
  const engagements = [
    ...(state.engagement === null ? [] : [state.engagement]),
    ...(state.turn?.engagements ?? []),
  ];
  for (const e of engagements) {
    const other = e.attacker === legion.id ? e.defender : e.defender === legion.id ? e.attacker : null;
    if (other === null) continue;
    const opponent = state.legions[other];
    if (opponent !== undefined && opponent.owner !== legion.owner) return opponent.owner;
  }
  return null;
}
