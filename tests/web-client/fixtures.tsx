// Fixtures for the client's component tests, from real engine states: a game played with the engine's own
// decide/evolve (seeded dice, a simple plan), and the client state and table a player's page would hold at
// that point (the view, the legal intents and the history the server would have sent).
import { type RenderResult, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { GameEvent } from '../../shared/engine/events';
import { createGame, decide, evolve, legalIntents, view, visibleTo } from '../../shared/engine/index';
import type { Intent } from '../../shared/engine/intents';
import { seededDice } from '../../shared/engine/random';
import type { Dice, GameState } from '../../shared/engine/types';
import { type GameClientState, initialGameState } from '../../web-client/src/app/gameState';
import { makeTable, type Table, TableContext } from '../../web-client/src/game/table';
import { choose, loadedDice } from '../e2e/support/driver';

export const GAME = '11111111-2222-4333-8444-555555555555';

export interface Played {
  readonly state: GameState;
  readonly events: readonly GameEvent[];
}

export type Picker = (legal: readonly Intent[], state: GameState, actor: string) => Intent;

/** The player who must act now. */
export function actorOf(state: GameState): string {
  if (state.step.kind === 'gameOver') throw new Error('the game is over');
  return state.step.actor;
}

/** Plays a two-player game from its creation, `pick` choosing each intent, until `until` holds. */
export function playUntil(
  until: (s: GameState) => boolean,
  pick: Picker = planned,
  seed = 7,
  from: Played | null = null,
): Played {
  let state: GameState;
  const events: GameEvent[] = [];
  if (from === null) {
    const created = createGame({
      players: [
        { id: 'p1', name: 'Ann' },
        { id: 'p2', name: 'Ben' },
      ],
    });
    state = created.state;
    events.push(...created.events);
  } else {
    state = from.state;
    events.push(...from.events);
  }
  const dice = seededDice(seed);
  for (let n = 0; n < 3000 && !until(state); n++) {
    const actor = actorOf(state);
    const intent = pick(legalIntents(state, actor), state, actor);
    const decision = decide(state, actor, intent, loadedDice(state, intent, dice));
    if ('rejected' in decision) throw new Error(`${JSON.stringify(intent)}: ${decision.rejected.message}`);
    for (const e of decision.events) state = evolve(state, e);
    events.push(...decision.events);
  }
  if (!until(state)) throw new Error('never reached');
  return { state, events };
}

/** Plays one intent (it must be legal). */
export function play(played: Played, intent: Intent, dice: Dice = seededDice(1)): Played {
  const actor = actorOf(played.state);
  const decision = decide(played.state, actor, intent, dice);
  if ('rejected' in decision) throw new Error(`${JSON.stringify(intent)}: ${decision.rejected.message}`);
  let state = played.state;
  for (const e of decision.events) state = evolve(state, e);
  return { state, events: [...played.events, ...decision.events] };
}

/** What `player`'s page holds at this point: the view, the whole history, and the legal intents. */
export function clientFor(
  played: Played,
  player: string | null,
): { client: GameClientState; legal: readonly Intent[] } {
  const v = view(played.state, player === null ? { spectator: true } : { player });
  // The page holds only the events it may see (engine visibleTo, applied by the server).
  const events = played.events.map((event, i) => {
    const to = visibleTo(event);
    const seen = to === 'all' || (player !== null && to.includes(player));
    return { seq: i + 1, event: seen ? event : ({ type: 'hidden' } as const) };
  });
  const client: GameClientState = {
    ...initialGameState(GAME, player === null ? 'spectator' : 'player'),
    view: v,
    viewSeq: events.length,
    seq: events.length,
    events,
  };
  return { client, legal: player === null ? [] : legalIntents(played.state, player) };
}

/** The plan of the end-to-end driver (heads for a battle, strikes where damage can carry over), on the
 *  page's own state. */
export const planned: Picker = (legal, state, actor) => {
  const { client } = clientFor({ state, events: [] }, actor);
  return choose(client, legal) ?? (legal[0] as Intent);
};

export function tableFor(played: Played, player: string | null, send: (i: Intent) => void): Table {
  const { client, legal } = clientFor(played, player);
  return makeTable(client, client.view as NonNullable<GameClientState['view']>, legal, send, () => undefined);
}

/** Renders `element` at the game table of `player`; `send` records the intents the page sends. */
export function renderAt(
  played: Played,
  player: string | null,
  element: ReactElement,
): RenderResult & { send: ReturnType<typeof vi.fn<(i: Intent) => void>>; table: Table } {
  const send = vi.fn<(i: Intent) => void>();
  const table = tableFor(played, player, send);
  const result = render(<TableContext.Provider value={table}>{element}</TableContext.Provider>);
  return { ...result, send, table };
}
