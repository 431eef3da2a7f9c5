// What the client knows of one game, and how each server message changes it (a pure reducer, so it can be
// tested without a socket). The server decides everything; this only keeps the latest view, the legal
// intents it sent, the event history by seq, the intents awaiting an answer and the last rejection.
import type { GameEvent, GameView, Intent } from '../../../shared/engine/index';
import type {
  ChatChannel,
  ChatEntry,
  HiddenEvent,
  ServerMessage,
  ServerMessageOf,
} from '../../../shared/protocol/messages';
import type { ConnectionStatus } from './connection';

export type DeliveredEvent = { readonly seq: number; readonly event: GameEvent | HiddenEvent };

export interface Rejection {
  readonly id: string;
  readonly code: string;
  readonly message: string;
  readonly rule: string;
  readonly intent: Intent | null;
  /** The seq of the view it was refused at: a newer view leaves it behind (issue 14: no stale notices). */
  readonly atSeq: number;
}

export interface GameClientState {
  readonly game: string;
  readonly role: 'player' | 'spectator';
  readonly seat: string | null;
  readonly status: ConnectionStatus;
  readonly statusDetail: string | null;
  /** The view and the seq it was taken at. */
  readonly view: GameView | null;
  readonly viewSeq: number;
  /** Events held, by seq (ascending, no duplicates; gaps are filled from the REST history). */
  readonly events: readonly DeliveredEvent[];
  /** The highest seq seen in any message (sent back as `lastSeq` on reconnect). */
  readonly seq: number | undefined;
  /** The legal intents the server sent this player, and the seq they are for. */
  readonly legal: { readonly seq: number; readonly intents: readonly Intent[] } | null;
  /** Intents sent and not answered yet, by request id. */
  readonly inFlight: Readonly<Record<string, Intent>>;
  readonly rejection: Rejection | null;
  /** A protocol error (not an intent's rejection): e.g. spectators not allowed. */
  readonly error: { readonly code: string; readonly message: string } | null;
  readonly presence: ServerMessageOf<'presence'> | null;
  /** The latest clocks of a timed game, and when this client received them (its own epoch ms: the running
   *  clock is counted down from then, whatever the client's clock says of the server's). */
  readonly clock: { readonly message: ServerMessageOf<'clock'>; readonly receivedAt: number } | null;
  /** Who lost the connection or came back, since the view last moved on (a newer view clears them). */
  readonly notices: readonly string[];
  readonly dice: { readonly commitment: string | null; readonly seed: string | null };
  /** How many times the game was joined on this page (more than once: it reconnected). */
  readonly joins: number;
  readonly chat: ChatState;
}

/** The table chat as this reader has it (the server chooses the channels and leaves muted authors out). */
export interface ChatState {
  readonly writes: ChatChannel | null;
  readonly reads: readonly ChatChannel[];
  readonly messages: readonly ChatEntry[];
  readonly muted: readonly string[];
  /** Why the last message was not passed on. */
  readonly refusal: string | null;
}

export function initialGameState(game: string, role: 'player' | 'spectator'): GameClientState {
  return {
    game,
    role,
    seat: null,
    status: 'connecting',
    statusDetail: null,
    view: null,
    viewSeq: 0,
    events: [],
    seq: undefined,
    legal: null,
    inFlight: {},
    rejection: null,
    error: null,
    presence: null,
    clock: null,
    notices: [],
    dice: { commitment: null, seed: null },
    joins: 0,
    chat: { writes: null, reads: [], messages: [], muted: [], refusal: null },
  };
}

const MAX_NOTICES = 5;
/** Chat messages kept on the page. */
const MAX_CHAT = 500;

export function reduceMessage(
  state: GameClientState,
  message: ServerMessage,
  now: number = Date.now(),
): GameClientState {
  switch (message.type) {
    case 'welcome':
    case 'pong':
      return state;
    case 'joined':
      return {
        ...state,
        role: message.as,
        seat: message.seat,
        dice: message.dice,
        seq: Math.max(state.seq ?? 0, message.seq),
        error: null,
        joins: state.joins + 1,
      };
    case 'state': {
      if (message.game !== state.game || message.seq < state.viewSeq) return state;
      // The game moved on: a refusal and the presence notices of an older position are stale (issue 14).
      const movedOn = message.seq > state.viewSeq;
      return {
        ...state,
        view: message.view,
        viewSeq: message.seq,
        seq: Math.max(state.seq ?? 0, message.seq),
        rejection: state.rejection !== null && message.seq > state.rejection.atSeq ? null : state.rejection,
        notices: movedOn ? [] : state.notices,
      };
    }
    case 'event':
      if (message.game !== state.game) return state;
      return {
        ...withEvents(state, [{ seq: message.seq, event: message.event }]),
        seq: Math.max(state.seq ?? 0, message.seq),
      };
    case 'legal':
      if (message.game !== state.game) return state;
      return { ...state, legal: { seq: message.seq, intents: message.intents } };
    case 'accepted': {
      const { [message.id]: _, ...rest } = state.inFlight;
      return { ...state, inFlight: rest, rejection: null };
    }
    case 'rejected': {
      const { [message.id]: intent, ...rest } = state.inFlight;
      return {
        ...state,
        inFlight: rest,
        rejection: {
          id: message.id,
          code: message.code,
          message: message.message,
          rule: message.rule,
          intent: intent ?? null,
          atSeq: state.viewSeq,
        },
      };
    }
    case 'presence':
      return message.game === state.game ? { ...state, presence: message } : state;
    case 'clock':
      return message.game === state.game ? { ...state, clock: { message, receivedAt: now } } : state;
    case 'notice': {
      const words = message.kind === 'playerDropped' ? 'lost the connection' : 'is back';
      return { ...state, notices: [...state.notices, `${message.name} ${words}.`].slice(-MAX_NOTICES) };
    }
    case 'diceRevealed':
      return { ...state, dice: { commitment: message.commitment, seed: message.seed } };
    case 'error':
      return { ...state, error: { code: message.code, message: message.message } };
    case 'chatHistory':
      if (message.game !== state.game) return state;
      return {
        ...state,
        chat: {
          writes: message.writes,
          reads: message.reads,
          messages: message.messages,
          muted: message.muted,
          refusal: state.chat.refusal,
        },
      };
    case 'chat':
      if (message.game !== state.game || state.chat.messages.some((m) => m.id === message.message.id)) {
        return state;
      }
      return {
        ...state,
        chat: {
          ...state.chat,
          messages: [...state.chat.messages, message.message].slice(-MAX_CHAT),
          refusal: null,
        },
      };
    case 'battles':
      return state;
    case 'chatRefused':
      return message.game === state.game
        ? { ...state, chat: { ...state.chat, refusal: message.message } }
        : state;
    default: {
      const unknown: never = message;
      void unknown;
      return state;
    }
  }
}

/** Merge events into the history (by seq, each once). */
export function withEvents(state: GameClientState, incoming: readonly DeliveredEvent[]): GameClientState {
  const bySeq = new Map<number, DeliveredEvent>();
  for (const e of state.events) bySeq.set(e.seq, e);
  let changed = false;
  for (const e of incoming) {
    if (!bySeq.has(e.seq)) {
      bySeq.set(e.seq, e);
      changed = true;
    }
  }
  if (!changed) return state;
  return { ...state, events: [...bySeq.values()].sort((a, b) => a.seq - b.seq) };
}

/** The first seq missing from the history (1 when it is empty), or null when it has no gap up to `seq`. */
export function firstMissingSeq(state: GameClientState): number | null {
  const upTo = state.seq ?? 0;
  let expected = 1;
  for (const e of state.events) {
    if (e.seq !== expected) return expected;
    expected += 1;
  }
  return expected <= upTo ? expected : null;
}

/** The legal intents for the current view (none when they are for an older position, or not ours to act). */
export function currentLegal(state: GameClientState): readonly Intent[] {
  if (state.legal === null || state.view === null) return [];
  if (state.legal.seq < state.viewSeq) return [];
  const me = 'player' in state.view.viewer ? state.view.viewer.player : null;
  if (me === null || state.view.pending.actor !== me) return [];
  return state.legal.intents;
}
