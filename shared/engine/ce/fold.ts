// The fold of the variant's own events (evolve.ts hands them here): the bidding, the order of play, the powers'
// acts. No rule is decided here: the events carry the decisions (bidding.ts, the power modules).
import type { EventOf } from '../events';
import type { CeState, GameOptions, GameState } from '../types';
import { powerById } from './registry';

export type CeEvent = EventOf<
  'powersDrawn' | 'bidSubmitted' | 'bidsRevealed' | 'powerAssigned' | 'setUpDrawn' | 'powerUsed'
>;

/** The variant's part of a new game (null for every other game). */
export function initialCe(options: GameOptions): CeState | null {
  if (options.variant !== 'ceTitan') return null;
  return { drawn: [], bids: {}, revealed: false, powers: {}, startScores: {}, memory: {} };
}

export function requireCe(state: GameState): CeState {
  if (state.ce === null) throw new Error('not a game of Cosmic Encounter Titan');
  return state.ce;
}

export function evolveCeEvent(state: GameState, event: CeEvent): GameState {
  const ce = requireCe(state);
  switch (event.type) {
    case 'powersDrawn':
      return { ...state, ce: { ...ce, drawn: [...event.powers] } };
    case 'bidSubmitted':
      return { ...state, ce: { ...ce, bids: { ...ce.bids, [event.player]: [...event.bids] } } };
    case 'bidsRevealed':
      return { ...state, ce: { ...ce, bids: { ...event.bids }, revealed: true } };
    case 'powerAssigned': {
      // A power's creatures that never go to the dead pile (36 COMMUNIST M1), for the whole game.
      const recycles = powerById(event.power).recycles?.(state) ?? [];
      const recycled = [...new Set([...(ce.recycled ?? []), ...recycles])];
      return {
        ...state,
        players: state.players.map((p) => (p.id === event.player ? { ...p, score: event.score } : p)),
        ce: {
          ...ce,
          ...(recycled.length > 0 ? { recycled } : {}),
          powers: { ...ce.powers, [event.player]: event.power },
          startScores: { ...ce.startScores, [event.player]: event.score },
          memory: { ...ce.memory, [event.player]: {} },
        },
      };
    }
    case 'setUpDrawn': {
      const towers = new Map(event.towers.map((t) => [t.player, t.tower]));
      return {
        ...state,
        players: state.players.map((p) => ({ ...p, tower: towers.get(p.id) ?? p.tower })),
        turnOrder: [...event.order],
      };
    }
    case 'powerUsed': {
      const apply = powerById(event.power).apply;
      if (apply !== undefined) return apply(state, event);
      return {
        ...state,
        ce: {
          ...ce,
          memory: { ...ce.memory, [event.player]: { ...ce.memory[event.player], ...event.data } },
        },
      };
    }
    default: {
      const unhandled: never = event;
      throw new Error(`evolveCeEvent: unknown event ${JSON.stringify(unhandled)}`);
    }
  }
}
