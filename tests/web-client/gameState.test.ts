import { describe, expect, it } from 'vitest';
import type { GameView } from '../../shared/engine/view';
import { PROTOCOL_VERSION, type ServerMessage } from '../../shared/protocol/messages';
import { CLIENT_PROTOCOL_VERSION } from '../../web-client/src/app/connection';
import {
  currentLegal,
  firstMissingSeq,
  type GameClientState,
  initialGameState,
  reduceMessage,
} from '../../web-client/src/app/gameState';
import { parseRoute, routeHash } from '../../web-client/src/app/route';

const GAME = '11111111-2222-4333-8444-555555555555';

function viewFor(player: string | null, actor: string | null): GameView {
  return {
    viewer: player === null ? { spectator: true } : { player },
    pending: { actor, step: 'move', intents: [] },
  } as unknown as GameView;
}

const apply = (s: GameClientState, ...messages: ServerMessage[]) => messages.reduce(reduceMessage, s);
const event = (seq: number): ServerMessage => ({
  type: 'event',
  game: GAME,
  seq,
  event: { type: 'turnEnded', player: 'p1' },
});

describe('the client game state (a reducer over server messages)', () => {
  it('speaks the protocol version of shared/protocol', () => {
    expect(CLIENT_PROTOCOL_VERSION).toBe(PROTOCOL_VERSION);
  });

  it('keeps each event once, in seq order, and knows the first gap to fetch from the history', () => {
    let s = initialGameState(GAME, 'player');
    s = apply(s, event(1), event(2), event(4), event(2));
    expect(s.events.map((e) => e.seq)).toEqual([1, 2, 4]);
    expect(s.seq).toBe(4);
    expect(firstMissingSeq(s)).toBe(3);
    s = apply(s, event(3));
    expect(firstMissingSeq(s)).toBeNull();
    // A fresh state further on: everything before it is missing from the history.
    s = apply(s, { type: 'state', game: GAME, seq: 9, view: viewFor('p1', 'p1') });
    expect(firstMissingSeq(s)).toBe(5);
  });

  it('ignores an older state than the one it holds and messages of other games', () => {
    let s = apply(initialGameState(GAME, 'player'), {
      type: 'state',
      game: GAME,
      seq: 5,
      view: viewFor('p1', 'p1'),
    });
    const older = viewFor('p1', 'p2');
    s = apply(s, { type: 'state', game: GAME, seq: 4, view: older });
    expect(s.viewSeq).toBe(5);
    expect(s.view?.pending.actor).toBe('p1');
    s = apply(s, {
      ...(event(6) as Extract<ServerMessage, { type: 'event' }>),
      game: '99999999-2222-4333-8444-555555555555',
    });
    expect(s.events).toHaveLength(0);
  });

  it('errata 1.3: offers the legal intents only to the player who must act, and only for the current view', () => {
    const legal: ServerMessage = { type: 'legal', game: GAME, seq: 5, intents: [{ type: 'doneMoving' }] };
    const mine = apply(
      initialGameState(GAME, 'player'),
      { type: 'state', game: GAME, seq: 5, view: viewFor('p1', 'p1') },
      legal,
    );
    expect(currentLegal(mine)).toEqual([{ type: 'doneMoving' }]);
    const stale = apply(mine, { type: 'state', game: GAME, seq: 7, view: viewFor('p1', 'p1') });
    expect(currentLegal(stale)).toEqual([]);
    const theirs = apply(
      initialGameState(GAME, 'player'),
      { type: 'state', game: GAME, seq: 5, view: viewFor('p1', 'p2') },
      legal,
    );
    expect(currentLegal(theirs)).toEqual([]);
    const spectator = apply(
      initialGameState(GAME, 'spectator'),
      { type: 'state', game: GAME, seq: 5, view: viewFor(null, 'p2') },
      legal,
    );
    expect(currentLegal(spectator)).toEqual([]);
  });

  it('answers each intent in flight: accepted clears it, rejected keeps the reason and the rule', () => {
    let s: GameClientState = {
      ...initialGameState(GAME, 'player'),
      inFlight: { a: { type: 'endTurn' }, b: { type: 'doneMoving' } },
    };
    s = apply(s, { type: 'accepted', id: 'a', game: GAME, seq: 3 });
    expect(Object.keys(s.inFlight)).toEqual(['b']);
    s = apply(s, {
      type: 'rejected',
      id: 'b',
      game: GAME,
      code: 'mustMove',
      message: 'You must move at least one legion.',
      rule: '6.2',
    });
    expect(s.inFlight).toEqual({});
    expect(s.rejection).toEqual({
      id: 'b',
      code: 'mustMove',
      message: 'You must move at least one legion.',
      rule: '6.2',
      intent: { type: 'doneMoving' },
      atSeq: 0,
    });
  });

  it('issue 14: a refusal and the presence notices go once the game moves on, not before', () => {
    let s: GameClientState = {
      ...apply(initialGameState(GAME, 'player'), {
        type: 'state',
        game: GAME,
        seq: 5,
        view: viewFor(null, 'p1'),
      }),
      inFlight: { b: { type: 'doneMoving' } },
    };
    s = apply(
      s,
      { type: 'rejected', id: 'b', game: GAME, code: 'mustMove', message: 'You must move.', rule: '6.2' },
      { type: 'notice', game: GAME, kind: 'playerDropped', seat: 'p2', name: 'Bob' },
      // The same position sent again (a resync) keeps them.
      { type: 'state', game: GAME, seq: 5, view: viewFor(null, 'p1') },
    );
    expect(s.rejection?.code).toBe('mustMove');
    expect(s.notices).toEqual(['Bob lost the connection.']);
    s = apply(s, { type: 'state', game: GAME, seq: 6, view: viewFor(null, 'p1') });
    expect(s.rejection).toBeNull();
    expect(s.notices).toEqual([]);
  });

  it('records the join (seat, dice commitment) and presence notices', () => {
    const s = apply(
      initialGameState(GAME, 'player'),
      {
        type: 'joined',
        game: GAME,
        as: 'player',
        seat: 'p2',
        seq: 12,
        catchUp: 'state',
        dice: { commitment: 'abc', seed: null },
      },
      { type: 'notice', game: GAME, kind: 'playerDropped', seat: 'p1', name: 'Alice' },
    );
    expect(s.seat).toBe('p2');
    expect(s.seq).toBe(12);
    expect(s.dice.commitment).toBe('abc');
    expect(s.joins).toBe(1);
    expect(s.notices).toEqual(['Alice lost the connection.']);
  });
});

describe('the page route (kept in the URL hash so a reload returns to the game)', () => {
  it('reads and writes play, watch and invitation links', () => {
    const play = { page: 'game', game: GAME, as: 'player' } as const;
    expect(parseRoute(routeHash(play))).toEqual(play);
    const watch = { page: 'game', game: GAME, as: 'spectator', invite: 'x y' } as const;
    expect(parseRoute(routeHash(watch))).toEqual(watch);
    expect(parseRoute('#/nonsense')).toEqual({ page: 'lobby' });
  });
});
