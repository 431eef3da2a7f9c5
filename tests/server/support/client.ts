// A websocket client for tests (the `ws` package): it keeps every message received (for the leak
// checks), checks each against the protocol's schema (the frames that fail it are kept in `invalid`),
// and has an inbox from which tests take the next message matching what they wait for.
import WebSocket from 'ws';
import type { Intent } from '../../../shared/engine/intents';
import {
  type ClientMessage,
  type ServerMessage,
  type ServerMessageOf,
  serverMessageSchema,
} from '../../../shared/protocol/messages';

type Waiter = { match: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void };

export class TestClient {
  /** Every message received, in order. */
  readonly received: ServerMessage[] = [];
  /** The frames received that the protocol's schema refuses, with the reasons. */
  readonly invalid: { readonly frame: string; readonly issues: string }[] = [];
  private readonly inbox: ServerMessage[] = [];
  private readonly waiters: Waiter[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private counter = 0;
  /** Called on every message (after it is recorded). */
  onMessage: ((m: ServerMessage) => void) | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = data.toString();
      const m = JSON.parse(frame) as ServerMessage;
      const checked = serverMessageSchema.safeParse(m);
      if (!checked.success) this.invalid.push({ frame, issues: checked.error.message });
      this.received.push(m);
      this.onMessage?.(m);
      const i = this.waiters.findIndex((w) => w.match(m));
      if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(m);
      else this.inbox.push(m);
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
  }

  /** Opens a socket; with a token (query parameter) it waits for the welcome. */
  static async open(
    wsUrl: string,
    options: { token?: string; origin?: string; query?: string } = {},
  ): Promise<TestClient> {
    const query = [options.token ? `token=${encodeURIComponent(options.token)}` : '', options.query ?? '']
      .filter(Boolean)
      .join('&');
    const socket = new WebSocket(query ? `${wsUrl}?${query}` : wsUrl, {
      ...(options.origin ? { origin: options.origin } : {}),
    });
    // Listen before the socket opens: the first message may arrive in the same chunk as the upgrade.
    const client = new TestClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('unexpected-response', (_req, res) =>
        reject(new Error(`upgrade refused: ${res.statusCode}`)),
      );
    });
    if (options.token) await client.next('welcome');
    return client;
  }

  send(message: ClientMessage | Record<string, unknown> | string): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first unread message matching, waiting for it if needed. */
  nextMatching(
    match: (m: ServerMessage) => boolean,
    what: string,
    timeoutMs = 30_000,
  ): Promise<ServerMessage> {
    const i = this.inbox.findIndex(match);
    if (i >= 0) return Promise.resolve(this.inbox.splice(i, 1)[0]!);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** The first unread message of this type (and matching `where`). */
  async next<T extends ServerMessage['type']>(
    type: T,
    where: (m: ServerMessageOf<T>) => boolean = () => true,
    timeoutMs = 30_000,
  ): Promise<ServerMessageOf<T>> {
    const m = await this.nextMatching(
      (m) => m.type === type && where(m as ServerMessageOf<T>),
      `${type} message`,
      timeoutMs,
    );
    return m as ServerMessageOf<T>;
  }

  /** Like `next`, but fails at once if the socket closes first. */
  async nextOpen<T extends ServerMessage['type']>(
    type: T,
    where: (m: ServerMessageOf<T>) => boolean = () => true,
    timeoutMs = 30_000,
  ): Promise<ServerMessageOf<T>> {
    const closed = this.closed.then(({ code, reason }) => {
      throw new Error(`the socket closed (${code} ${reason}) before a ${type} message`);
    });
    return Promise.race([this.next(type, where, timeoutMs), closed]);
  }

  /** Sends an intent and waits for its one reply. */
  async intent(
    game: string,
    intent: Intent | Record<string, unknown>,
    options: { id?: string; expectedSeq?: number } = {},
  ): Promise<ServerMessageOf<'accepted'> | ServerMessageOf<'rejected'>> {
    const id = options.id ?? `t${++this.counter}`;
    this.send({
      type: 'intent',
      id,
      game,
      // A test may send what is no intent (the server must refuse it): typed as one for the union.
      intent: intent as Intent,
      ...(options.expectedSeq === undefined ? {} : { expectedSeq: options.expectedSeq }),
    });
    const reply = await this.nextMatching(
      (m) => (m.type === 'accepted' || m.type === 'rejected') && m.id === id,
      `reply to ${id}`,
    );
    return reply as ServerMessageOf<'accepted'> | ServerMessageOf<'rejected'>;
  }

  /** Removes everything unread (e.g. before a new phase of a test). */
  drain(): ServerMessage[] {
    return this.inbox.splice(0);
  }

  close(): Promise<{ code: number; reason: string }> {
    this.socket.close();
    return this.closed;
  }
}
