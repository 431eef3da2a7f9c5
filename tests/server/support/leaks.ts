// The leak property: every payload a recipient received is exactly what the engine's own visibility
// allows at that moment (`visibleTo` for events, `view` for states, `legalIntents` for the one player
// who must act), and, checked independently of those functions, no payload carries the contents of
// a legion, a split, an inspection or a negotiation that recipient was not entitled to.
import { expect } from 'vitest';
import type { GameEvent } from '../../../shared/engine/events';
import {
  EMPTY_NUMBERING,
  evolve,
  legalIntents,
  logSeqOf,
  numberedFor,
  numberLog,
  pending,
  replay,
  view,
  visibleTo,
} from '../../../shared/engine/index';
import type { GameState, Viewer } from '../../../shared/engine/types';
import type { ServerMessage } from '../../../shared/protocol/messages';

/** The states after each seq (index = seq) of a whole log. */
export function statesOf(log: readonly GameEvent[]): GameState[] {
  const states: GameState[] = [];
  let state = replay(log.slice(0, 1));
  states[1] = state;
  for (let seq = 2; seq <= log.length; seq++) {
    state = evolve(state, log[seq - 1]!);
    states[seq] = state;
  }
  return states;
}

/** What the rules say, restated without the engine: the private events and their only audience. */
function entitledTo(event: GameEvent, player: string | null): boolean {
  switch (event.type) {
    case 'splitContents':
      return event.player === player; // 4.3
    case 'legionInspected':
      return event.viewer === player; // 2.5.1, 2.5.2
    case 'proposalsMade':
    case 'noMoreProposals':
      return event.player === player || event.opponent === player; // errata 9.3
    default:
      return true;
  }
}

/** CE 53 GYPSY M1, restated without the engine: during his own turn, the Gypsy looks at every enemy legion. */
const GYPSY = 53;
function seesEnemyContents(state: GameState, player: string | null): boolean {
  return player !== null && state.ce?.powers[player] === GYPSY && state.turn?.player === player;
}

/** Checks every game message `received` by `viewer` against the log; returns how many were checked. */
export function expectNoLeaks(
  game: string,
  viewer: Viewer,
  received: readonly ServerMessage[],
  log: readonly GameEvent[],
  states: readonly GameState[],
): number {
  const me = 'player' in viewer ? viewer.player : null;
  // The seqs received are the viewer's own (errata 9.3): the log's seq of each, from the log alone.
  const numbering = numberLog(EMPTY_NUMBERING, log);
  const logSeq = (seq: number) => logSeqOf(numbering, viewer, seq);
  let checked = 0;
  let lastEventSeq: number | null = null;
  for (const m of received) {
    if (!('game' in m) || m.game !== game) continue;
    checked += 1;
    switch (m.type) {
      case 'event': {
        expect(numberedFor(numbering, viewer, logSeq(m.seq))).toBe(true);
        const truth = log[logSeq(m.seq) - 1]!;
        const audience = visibleTo(truth);
        const allowed = audience === 'all' || (me !== null && audience.includes(me));
        expect(m.event).toEqual(allowed ? truth : { type: 'hidden' });
        if (m.event.type !== 'hidden') expect(entitledTo(m.event as GameEvent, me)).toBe(true);
        // Gap-free: each event follows the previous one, or starts after a join/state.
        if (lastEventSeq !== null) expect(m.seq).toBe(lastEventSeq + 1);
        lastEventSeq = m.seq;
        break;
      }
      case 'state': {
        const state = states[logSeq(m.seq)]!;
        expect(m.view).toEqual(JSON.parse(JSON.stringify(view(state, viewer))));
        for (const legion of m.view.legions) {
          if (legion.owner !== me && !seesEnemyContents(state, me)) expect(legion.characters).toBeNull(); // 4.5
        }
        const e = m.view.engagement;
        if (e && e.attackerOwner !== me && e.defenderOwner !== me) expect(e.negotiation).toBeNull(); // errata 9.3
        lastEventSeq = m.seq;
        break;
      }
      case 'joined':
        lastEventSeq = null;
        break;
      case 'legal': {
        const state = states[logSeq(m.seq)]!;
        expect(me).not.toBeNull();
        expect(pending(state).actor).toBe(me);
        expect(m.intents).toEqual(JSON.parse(JSON.stringify(legalIntents(state, me!))));
        break;
      }
      default:
        break;
    }
  }
  return checked;
}
