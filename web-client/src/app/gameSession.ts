// One open game: the socket, the state reduced from its messages, the history filled from the REST API
// where the socket's events leave a gap, and the intents sent (kept until answered, resent with the same id
// after a reconnect, so a retry is never applied twice).
import type { Intent } from '../../../shared/engine/index';
import type { ServerMessage } from '../../../shared/protocol/messages';
import { api } from './api';
import { type GameSocket, openGameSocket } from './connection';
import {
  firstMissingSeq,
  type GameClientState,
  initialGameState,
  reduceMessage,
  withEvents,
} from './gameState';

export interface GameSession {
  getState(): GameClientState;
  subscribe(listener: () => void): () => void;
  /** Send an intent; returns its request id. */
  send(intent: Intent): string;
  /** Ask for a fresh state and legal intents. */
  sync(): void;
  dismissRejection(): void;
  /** Write in the table chat (false when not connected). */
  say(text: string): boolean;
  /** Mute or unmute a chat author for oneself. */
  mute(user: string, muted: boolean): void;
  close(): void;
}

export interface GameSessionOptions {
  readonly game: string;
  readonly as: 'player' | 'spectator';
  readonly inviteCode?: string;
}

function requestId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export function createGameSession(opts: GameSessionOptions): GameSession {
  let state = initialGameState(opts.game, opts.as);
  const listeners = new Set<() => void>();
  let fetchingHistory = false;
  let closed = false;

  const set = (next: GameClientState) => {
    if (next === state) return;
    state = next;
    for (const l of listeners) l();
  };

  const fillHistory = async () => {
    if (fetchingHistory || closed) return;
    fetchingHistory = true;
    try {
      for (let rounds = 0; rounds < 50; rounds++) {
        const missing = firstMissingSeq(state);
        if (missing === null) break;
        const history = await api.history(opts.game, missing - 1, opts.inviteCode);
        if (closed) return;
        const before = state.events.length;
        set(withEvents(state, history.events));
        if (state.events.length === before) break;
      }
    } catch {
      // The history is a convenience: the view is what the game shows. Retried on the next message.
    } finally {
      fetchingHistory = false;
    }
  };

  const sendRaw = (id: string, intent: Intent): boolean =>
    socket.send({ type: 'intent', id, game: opts.game, expectedSeq: state.viewSeq, intent });

  const onMessage = (message: ServerMessage) => {
    set(reduceMessage(state, message));
    if (message.type === 'rejected' && message.code === 'staleSeq')
      socket.send({ type: 'sync', game: opts.game });
    if (message.type === 'event' || message.type === 'joined' || message.type === 'state') void fillHistory();
  };

  const socket: GameSocket = openGameSocket({
    game: opts.game,
    as: opts.as,
    ...(opts.inviteCode ? { inviteCode: opts.inviteCode } : {}),
    lastSeq: () => state.seq,
    onMessage,
    onStatus: (status, detail) => set({ ...state, status, statusDetail: detail }),
    onJoined: () => {
      for (const [id, intent] of Object.entries(state.inFlight)) sendRaw(id, intent);
    },
  });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send(intent) {
      const id = requestId();
      set({ ...state, inFlight: { ...state.inFlight, [id]: intent }, rejection: null });
      sendRaw(id, intent);
      return id;
    },
    sync() {
      socket.send({ type: 'sync', game: opts.game });
    },
    dismissRejection() {
      set({ ...state, rejection: null });
    },
    say(text) {
      return socket.send({ type: 'chat', game: opts.game, text });
    },
    mute(user, muted) {
      socket.send({ type: 'chatMute', game: opts.game, user, muted });
    },
    close() {
      closed = true;
      socket.close();
      listeners.clear();
    },
  };
}
