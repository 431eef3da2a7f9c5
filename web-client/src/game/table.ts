// What every part of the game table reads: the view, who I am, the legal intents the server sent me, and
// how to send an intent. Helpers to pick intents of one kind out of the legal list.
import { createContext, useContext } from 'react';
import type { MarkerId, PlayerColor } from '../../../shared/data/types';
import {
  type GameView,
  type Intent,
  type IntentOf,
  type IntentType,
  type LegionKnowledge,
  type LegionView,
  legionKnowledge,
  recruitsByTerrain,
} from '../../../shared/engine/index';
import { firstMissingSeq, type GameClientState } from '../app/gameState';
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
  /** What this viewer knows of each legion (the engine's legionKnowledge over the events he saw); null while
   *  the history is not all here. */
  readonly knowledge: Readonly<Record<MarkerId, LegionKnowledge>> | null;
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
    knowledge: knowledgeOf(state, view),
  };
}

/** The engine's legionKnowledge over the events this viewer received, once none is missing, with the caretaker's
 *  stacks and the dead pile of the view. */
export function knowledgeOf(
  state: GameClientState,
  view: GameView,
): Readonly<Record<MarkerId, LegionKnowledge>> | null {
  if (state.events.length === 0 || firstMissingSeq(state) !== null) return null;
  const seen = state.events.flatMap((e) => (e.event.type === 'hidden' ? [] : [e.event]));
  // The stacks (20.1) tell more when they are counted at the same point as the last event.
  const sameSeq = state.events[state.events.length - 1]?.seq === state.viewSeq;
  return legionKnowledge(
    seen,
    view.viewer,
    sameSeq ? { caretaker: view.caretaker, deadPile: view.deadPile } : undefined,
  );
}

/** "Centaur ×2, Ogre": what a legion may hold beyond what it surely holds (null: nothing more). */
export function mayAlsoHold(k: LegionKnowledge): string | null {
  if (k.complete) return null;
  const extra = Object.entries(k.possible).flatMap(([c, n]) => {
    const more = (n ?? 0) - k.certain.filter((x) => x === c).length;
    return more > 0 ? [more > 1 ? `${c} ×${more}` : c] : [];
  });
  return extra.length === 0 ? null : extra.join(', ');
}

/** The legions of the view as the Masterboard draws them: the owner's colour, and what this viewer knows of each
 *  in the tooltip. */
export function masterLegions(table: Pick<Table, 'view' | 'colorOf' | 'knowledge'>): MasterLegion[] {
  return table.view.legions.map((l) => {
    const k = table.knowledge?.[l.marker];
    const sure = k?.certain ?? l.known;
    const unknown = l.height - sure.length;
    const more = k === undefined ? null : mayAlsoHold(k);
    const maybe = more === null ? '' : ` (may hold ${more})`;
    return {
      marker: l.marker,
      land: l.land,
      height: l.height,
      color: table.colorOf(l.owner),
      title:
        l.characters !== null
          ? l.characters.join(', ')
          : sure.length === 0
            ? `contents unknown${maybe}`
            : `holds ${sure.join(', ')}${unknown > 0 ? ` and ${unknown} unknown` : ''}${maybe}`,
    };
  });
}

/** The recruit preview of `legion` on the Masterboard: what it could muster in each terrain (the engine's
 *  recruitsByTerrain) from what this viewer knows it holds — all of it for its owner (4.5). */
export function recruitPreview(
  table: Pick<Table, 'view' | 'knowledge'>,
  legion: LegionView | null,
): ReturnType<typeof recruitsByTerrain> | null {
  if (legion === null) return null;
  const sure = legion.characters ?? table.knowledge?.[legion.marker]?.certain ?? legion.known;
  return recruitsByTerrain(sure, legion.height, {
    variant: table.view.options.variant,
    caretaker: table.view.caretaker,
  });
}
