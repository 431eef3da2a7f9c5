// One websocket as the gateway sees it: who is signed in on it, which games it has joined, its rate
// limit (a token bucket), its malformed-frame count, and the one way to send it a message.
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { CloseCode, ServerMessage } from '../../shared/protocol/messages';
import type { AccessClaims } from '../auth/tokens';
import type { JoinedGame } from '../rooms/rooms';
import type { Recipient } from '../rooms/visibility';
import { type RateLimit, TokenBucket } from '../tokenBucket';
import { textFrame } from './frame';

/** A client that lets this much pile up unread is dropped. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
/** The longest delay setTimeout takes (about 24.8 days); a later deadline is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The sockets corked in this tick, all uncorked by one callback at its end (Connection.corkThisTick). */
let corkedThisTick: Connection[] = [];

function uncorkAll(): void {
  const corked = corkedThisTick;
  corkedThisTick = [];
  for (const conn of corked) conn.uncork();
}

export class Connection {
  user: AccessClaims | null = null;
  /** The games this socket has joined (their rooms here, or in cluster mode on the owning process), with
   *  the recipient it was joined as. */
  readonly joined = new Map<string, { readonly room: JoinedGame; readonly recipient: Recipient }>();
  malformed = 0;
  private readonly bucket: TokenBucket;
  /** Messages are handled one after another, in the order they arrived. */
  private chain: Promise<void> = Promise.resolve();
  private closed = false;
  /** When the access token this socket is authorised with expires (ms since the epoch). */
  private authExpiresAt: number | null = null;
  private expiryTimer: NodeJS.Timeout | null = null;
  /** Heartbeat pings not answered yet (a pong answers them all). */
  private unanswered = 0;
  /** The TCP socket corked until the end of this tick (corkThisTick), if it is. */
  private corked: Duplex | null = null;

  constructor(
    readonly id: string,
    private readonly socket: WebSocket,
    readonly log: FastifyBaseLogger,
    rate: RateLimit,
    private readonly onSlow: () => void,
  ) {
    this.bucket = new TokenBucket(rate);
  }

  get isOpen(): boolean {
    return !this.closed && this.socket.readyState === this.socket.OPEN;
  }

  /** Takes one message from the bucket; false when it is empty (the socket is over its rate). */
  takeToken(now = Date.now()): boolean {
    return this.bucket.take(now);
  }

  send(message: ServerMessage): void {
    this.sendEncoded(JSON.stringify(message));
  }

  /** Sends a message already encoded as its JSON text. */
  sendEncoded(text: string): void {
    this.sendFrame(textFrame(text));
  }

  /** Sends a message already framed (frame.ts: a room frames each fan-out message once per recipient). The
   *  frame is written straight to the TCP socket under `ws`, in order with whatever `ws` writes there itself
   *  (pings, pongs, the close frame): `ws`'s own send would only frame it again. */
  sendFrame(frame: Buffer): void {
    if (!this.isOpen) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.onSlow();
      return;
    }
    this.corkThisTick()?.write(frame);
  }

  /** The messages sent to this socket in one go (a batch's events, the view, the legal intents) leave in
   *  one write, one system call, instead of one each: the TCP socket under `ws` is corked until the
   *  current operation ends (Node's `process.nextTick(() => stream.uncork())` idiom). Answers the TCP
   *  socket (none: closed). */
  private corkThisTick(): Duplex | null {
    if (this.corked) return this.corked;
    // `ws` keeps its TCP socket in `_socket` (not in its types; absent before the upgrade and after close).
    const tcp = (this.socket as unknown as { _socket?: Duplex | null })._socket;
    if (!tcp) return null;
    this.corked = tcp;
    tcp.cork();
    if (corkedThisTick.length === 0) process.nextTick(uncorkAll);
    corkedThisTick.push(this);
    return tcp;
  }

  /** The end of the tick this socket was corked in: what it was sent leaves in one write. */
  uncork(): void {
    const tcp = this.corked;
    this.corked = null;
    tcp?.uncork();
  }

  /** Signs the socket in as `user` until `expiresAt` (replacing an earlier sign-in's deadline): then
   *  `onExpired` is called, unless the deadline was moved again meanwhile. */
  authorise(user: AccessClaims, expiresAt: Date, onExpired: () => void): void {
    this.user = user;
    this.authExpiresAt = expiresAt.getTime();
    this.clearExpiry();
    const wait = () => {
      this.expiryTimer = null;
      const left = (this.authExpiresAt ?? Number.POSITIVE_INFINITY) - Date.now();
      if (left <= 0) {
        onExpired();
        return;
      }
      this.expiryTimer = setTimeout(wait, Math.min(left, MAX_TIMER_MS));
      this.expiryTimer.unref();
    };
    if (!this.closed) wait();
  }

  /** True once the access token this socket was authorised with has expired. */
  get authExpired(): boolean {
    return this.authExpiresAt !== null && this.authExpiresAt <= Date.now();
  }

  get tokenExpiresAt(): Date | null {
    return this.authExpiresAt === null ? null : new Date(this.authExpiresAt);
  }

  /** Stops the expiry timer (the socket closed). */
  clearExpiry(): void {
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
  }

  close(code: CloseCode | 1000, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.clearExpiry();
    this.log.info({ code, reason }, 'closing socket');
    this.socket.close(code, reason);
  }

  /** One beat of the heartbeat: a ping, or false when the last two went unanswered (the peer is gone: a
   *  vanished phone never completes a close handshake, so the caller terminates the socket). */
  beat(): boolean {
    if (this.unanswered >= 2) return false;
    this.unanswered += 1;
    if (this.socket.readyState === this.socket.OPEN) this.socket.ping();
    return true;
  }

  pong(): void {
    this.unanswered = 0;
  }

  /** Drops the socket at once, without a close handshake (its 'close' event follows). */
  terminate(): void {
    this.closed = true;
    this.clearExpiry();
    this.log.info('socket dropped: no pong');
    this.socket.terminate();
  }

  /** Queues `task` behind this socket's earlier messages. */
  serially(task: () => Promise<void>): void {
    this.chain = this.chain.then(task).catch((error) => {
      this.log.error({ err: error }, 'socket handler failed');
    });
  }

  get idle(): Promise<void> {
    return this.chain;
  }
}
