// What every part of the game table reads: the view, who I am, the legal intents the server sent me, and
// how to send an intent. Helpers to pick intents of one kind out of the legal list.
import { createContext, useContext } from 'react';
import type { PlayerColor } from '../../../shared/data/types';
import type { GameView, Intent, IntentOf, IntentType } from '../../../shared/engine/index';
import type { GameClientState } from '../app/gameState';
import type { MasterLegion } from '../board/Masterboard';

export interface Table {
  readonly view: GameView;
  readonly state: GameClientState;
  /** My player id, or null for a spectator. */
  readonly me: string | null;
  readonly legal: readonly Intent[];
  readonly send: (intent: Intent) => void;
  /** Ask the server for a fresh view and legal intents. */
  readonly sync: () => void;
  readonly name: (player: string) => string;
  readonly colorOf: (player: string) => PlayerColor | null;
  /** Intents sent and not answered yet (buttons are disabled meanwhile). */
  readonly busy: boolean;
}

export const TableContext = createContext<Table | null>(null);

export function useTable(): Table {
  const t = useContext(TableContext);
  if (t === null) throw new Error('useTable outside the game table');
  return t;
}

export function legalOf<T extends IntentType>(legal: readonly Intent[], type: T): IntentOf<T>[] {
  return legal.filter((i): i is IntentOf<T> => i.type === type);
}

export function makeTable(
  state: GameClientState,
  view: GameView,
  legal: readonly Intent[],
  send: (i: Intent) => void,
  sync: () => void,
): Table {
  const me = 'player' in view.viewer ? view.viewer.player : null;
  const players = new Map(view.players.map((p) => [p.id, p]));
  return {
    view,
    state,
    me,
    legal,
    send,
    sync,
    name: (id) => players.get(id)?.name ?? id,
    colorOf: (id) => players.get(id)?.color ?? null,
    busy: Object.keys(state.inFlight).length > 0,
  };
}

/** The legions of the view as the Masterboard draws them: the owner's colour, and what this viewer knows of each
 *  in the tooltip. */
export function masterLegions(view: GameView, colorOf: Table['colorOf']): MasterLegion[] {
  return view.legions.map((l) => ({
    marker: l.marker,
    land: l.land,
    height: l.height,
    color: colorOf(l.owner),
    title:
      l.characters !== null
        ? l.characters.join(', ')
        : l.known.length > 0
          ? `known: ${l.known.join(', ')}`
          : 'contents unknown',
  }));
}
