// @vitest-environment happy-dom
// The game socket (web-client/src/app/connection.ts) against a stand-in WebSocket: it says hello with the access
// token, joins once, and renews its authorisation (`auth`) before the token expires, so the server never has to
// close it with 4003 (shared/protocol CLOSE_CODES) in the middle of a game.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

class FakeSocket {
  static readonly OPEN = 1;
  static last: FakeSocket | null = null;
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(message: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const user = { id: 'u1', displayName: 'Ann', guest: true };
const at = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();

describe('the game socket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.last = null;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('renews its authorisation with a fresh token before the access token expires, and joins only once', async () => {
    localStorage.setItem(
      'titan.session',
      JSON.stringify({
        accessToken: 'first',
        accessTokenExpiresAt: at(60_000),
        refreshToken: 'r1',
        refreshTokenExpiresAt: at(3_600_000),
        user,
      }),
    );
    const refreshed: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init: { body: string }) => {
        refreshed.push(JSON.parse(init.body));
        const body = {
          accessToken: 'second',
          accessTokenExpiresAt: at(15 * 60_000),
          refreshToken: 'r2',
          refreshTokenExpiresAt: at(3_600_000),
          user,
        };
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
    const { openGameSocket } = await import('../../web-client/src/app/connection');
    const statuses: string[] = [];
    const socket = openGameSocket({
      game: '00000000-0000-4000-8000-000000000001',
      as: 'player',
      lastSeq: () => undefined,
      onMessage: () => undefined,
      onStatus: (s) => statuses.push(s),
      url: 'ws://127.0.0.1/ws',
    });
    await vi.advanceTimersByTimeAsync(0);
    const ws = FakeSocket.last as FakeSocket;
    ws.open();
    expect(ws.sent[0]).toMatchObject({ type: 'hello', token: 'first' });
    ws.receive({ type: 'welcome', user, tokenExpiresAt: at(60_000) });
    expect(ws.sent.filter((m) => m.type === 'join')).toHaveLength(1);
    ws.receive({ type: 'joined', game: '00000000-0000-4000-8000-000000000001' });

    // Not yet: the token is good for a while.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(ws.sent.some((m) => m.type === 'auth')).toBe(false);
    // Shortly before it expires the socket refreshes the token and renews its authorisation on the same socket.
    await vi.advanceTimersByTimeAsync(15_000);
    expect(refreshed).toEqual([{ refreshToken: 'r1' }]);
    expect(ws.sent.filter((m) => m.type === 'auth')).toEqual([{ type: 'auth', token: 'second' }]);
    // The server's answer is a new welcome: the socket is still joined, it does not join again.
    ws.receive({ type: 'welcome', user, tokenExpiresAt: at(15 * 60_000) });
    expect(ws.sent.filter((m) => m.type === 'join')).toHaveLength(1);
    expect(FakeSocket.last).toBe(ws);
    expect(statuses.at(-1)).toBe('open');
    socket.close();
  });
});
