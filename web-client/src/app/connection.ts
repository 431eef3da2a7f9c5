// One websocket to the server for one game (shared/protocol/messages.ts): hello with the access token, join
// (as player or spectator, with the last seq held so the server replays only what was missed), then
// messages both ways. Reconnects by itself with a growing delay; the owner decides what a message means.
import type { ClientMessage, ServerMessage } from '../../../shared/protocol/messages';
import { ApiError, accessToken, refresh, refreshMarginMs } from './api';

/** Must equal shared/protocol's PROTOCOL_VERSION (checked by a test; importing it would bundle zod). */
export const CLIENT_PROTOCOL_VERSION = 1;
/** Close codes this client treats specially (shared/protocol CLOSE_CODES). */
const UNAUTHORISED = 4001;
const UNSUPPORTED_PROTOCOL = 4002;

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface GameSocketOptions {
  readonly game: string;
  readonly as: 'player' | 'spectator';
  readonly inviteCode?: string;
  /** The last seq this client holds (undefined: none yet, a fresh state is wanted). */
  readonly lastSeq: () => number | undefined;
  readonly onMessage: (message: ServerMessage) => void;
  readonly onStatus: (status: ConnectionStatus, detail: string | null) => void;
  /** After (re)joining, e.g. to send intents that were not answered before the connection dropped. */
  readonly onJoined?: () => void;
  readonly url?: string;
}

export interface GameSocket {
  /** False when the socket is not open (the message is not queued). */
  send(message: ClientMessage): boolean;
  close(): void;
}

const BACKOFF_MS = [300, 1000, 2000, 4000, 8000];
/** The socket renews its authorisation at two thirds of the refresh margin before the access token expires
 *  (inside the refresh margin of api.ts, so `accessToken()` hands out a fresh token). */
const renewMarginMs = (token: string) => (refreshMarginMs(token) * 2) / 3;

export function defaultSocketUrl(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;
}

export function openGameSocket(opts: GameSocketOptions): GameSocket {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let joined = false;
  let renewal: ReturnType<typeof setTimeout> | null = null;
  const stopRenewal = () => {
    if (renewal !== null) clearTimeout(renewal);
    renewal = null;
  };
  /** Renews the socket's authorisation shortly before its access token expires (`auth`), so the server does
   *  not close it with 4003 and the game goes on without a reconnect. */
  /** `token`: the socket's first token (every token has the same lifetime, which sets the margin). */
  const renewBefore = (ws: WebSocket, expiresAt: string, token: string) => {
    stopRenewal();
    const wait = Math.max(0, Date.parse(expiresAt) - Date.now() - renewMarginMs(token));
    renewal = setTimeout(() => {
      renewal = null;
      accessToken().then(
        (fresh) => {
          if (socket === ws && ws.readyState === WebSocket.OPEN)
            ws.send(JSON.stringify({ type: 'auth', token: fresh }));
        },
        // The refresh failed: the server closes the socket when the token expires and the reconnect says why.
        () => undefined,
      );
    }, wait);
  };

  const schedule = (detail: string | null) => {
    if (closed) return;
    opts.onStatus('reconnecting', detail);
    const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] as number;
    attempt += 1;
    timer = setTimeout(connect, delay);
  };

  async function connect(): Promise<void> {
    timer = null;
    if (closed) return;
    opts.onStatus(attempt === 0 ? 'connecting' : 'reconnecting', null);
    let token: string;
    try {
      token = await accessToken();
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        opts.onStatus('closed', 'Your session has ended: please sign in again.');
        closed = true;
        return;
      }
      schedule('The server cannot be reached.');
      return;
    }
    if (closed) return;
    const ws = new WebSocket(opts.url ?? defaultSocketUrl());
    socket = ws;
    joined = false;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: 'hello', protocolVersion: CLIENT_PROTOCOL_VERSION, token }));
    };
    ws.onmessage = (e: MessageEvent) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(e.data)) as ServerMessage;
      } catch {
        return;
      }
      if (message.type === 'welcome') renewBefore(ws, message.tokenExpiresAt, token);
      // A later welcome answers a renewal (`auth`): the socket is still joined.
      if (message.type === 'welcome' && !joined) {
        const lastSeq = opts.lastSeq();
        ws.send(
          JSON.stringify({
            type: 'join',
            game: opts.game,
            as: opts.as,
            views: true,
            ...(lastSeq === undefined ? {} : { lastSeq }),
            ...(opts.inviteCode ? { inviteCode: opts.inviteCode } : {}),
          }),
        );
      }
      if (message.type === 'joined') {
        joined = true;
        attempt = 0;
        opts.onStatus('open', null);
      }
      opts.onMessage(message);
      if (message.type === 'joined') opts.onJoined?.();
    };
    ws.onclose = (e: CloseEvent) => {
      if (socket !== ws) return;
      stopRenewal();
      socket = null;
      joined = false;
      if (closed) return;
      if (e.code === UNSUPPORTED_PROTOCOL) {
        closed = true;
        opts.onStatus('closed', 'This page is out of date: please reload it.');
        return;
      }
      if (e.code === UNAUTHORISED) {
        // The token was refused: refresh it before the next attempt.
        refresh().then(
          () => schedule('Signing in again…'),
          () => {
            closed = true;
            opts.onStatus('closed', 'Your session has ended: please sign in again.');
          },
        );
        return;
      }
      schedule(e.reason || 'The connection was lost.');
    };
  }

  void connect();

  return {
    send(message) {
      if (socket === null || socket.readyState !== WebSocket.OPEN || !joined) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    close() {
      closed = true;
      stopRenewal();
      if (timer !== null) clearTimeout(timer);
      if (socket !== null) {
        const s = socket;
        socket = null;
        s.close(1000, 'leaving');
      }
      opts.onStatus('closed', null);
    },
  };
}
