// A finished game's log, read back as a viewer lived it (issue 14): the positions after each event (folded by
// the engine's `evolve`), each event as that viewer received it (the engine's `visibleTo`: a private event of
// another player is the hidden stub; errata 9.3: the steps of a negotiation he was outside of did not reach
// him at all) with the seq he numbered it by (the engine's `numberLog`), and the moves to step through (the
// events the history has words for).
import {
  EMPTY_NUMBERING,
  evolve,
  type GameEvent,
  type GameState,
  type LogNumbering,
  numberedFor,
  numberLog,
  replay,
  seqSeenBy,
  type Viewer,
  visibleTo,
} from '../../../shared/engine/index';
import type { DeliveredEvent } from '../app/gameState';
import { describeEvent, nextRoster, type Roster } from '../game/describe';

export interface LoggedEvent {
  readonly seq: number;
  readonly event: GameEvent;
}

/** The state after each event of the log (index i: after events[0..i]); shares structure between positions. */
export function positions(log: readonly LoggedEvent[]): GameState[] {
  const first = log[0];
  if (first === undefined) return [];
  const states: GameState[] = [replay([first.event])];
  for (let i = 1; i < log.length; i++) {
    states.push(evolve(states[i - 1] as GameState, (log[i] as LoggedEvent).event));
  }
  return states;
}

/** How each viewer numbered the log (the whole log, from its first event). */
export function numbering(log: readonly LoggedEvent[]): LogNumbering {
  return numberLog(
    EMPTY_NUMBERING,
    log.map((e) => e.event),
  );
}

/** The event as `viewer` received it during the game, with his seq: itself, or `{ type: 'hidden' }`; null
 *  when it never reached him (a step of a negotiation he was outside of). */
export function deliveredTo(viewer: Viewer, numbered: LogNumbering, e: LoggedEvent): DeliveredEvent | null {
  if (!numberedFor(numbered, viewer, e.seq)) return null;
  const audience = visibleTo(e.event);
  const seen =
    audience === 'all' || ('player' in viewer && audience.includes(viewer.player)) ? e.event : null;
  return { seq: seqSeenBy(numbered, viewer, e.seq), event: seen ?? { type: 'hidden' } };
}

/** The indices of the log a step goes to: each event `viewer` saw that the history puts in words (a move, a
 *  roll, a strike…), and the last one. */
export function moveStops(log: readonly LoggedEvent[], viewer: Viewer): number[] {
  const stops: number[] = [];
  let roster: Roster = new Map();
  const anyName = (p: string) => p;
  const numbered = numbering(log);
  log.forEach((e, i) => {
    const delivered = deliveredTo(viewer, numbered, e)?.event;
    if (i === log.length - 1 || (delivered && describeEvent(delivered, anyName, roster) !== null))
      stops.push(i);
    if (delivered) roster = nextRoster(roster, delivered);
  });
  return stops;
}

/** The indices where a player's turn starts (the `turnStarted` events). */
export function turnStops(log: readonly LoggedEvent[]): number[] {
  return log.flatMap((e, i) => (e.event.type === 'turnStarted' ? [i] : []));
}

/** The nearest stop after `at` (or the last one), and before it (or the first). */
export function nextStop(stops: readonly number[], at: number): number {
  return stops.find((s) => s > at) ?? stops[stops.length - 1] ?? at;
}
export function previousStop(stops: readonly number[], at: number): number {
  return [...stops].reverse().find((s) => s < at) ?? stops[0] ?? at;
}
