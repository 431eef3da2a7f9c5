// The REST API (shared/protocol/rest.ts): sign-in, tokens kept in localStorage and refreshed before they
// expire, and the lobby calls. Only types are imported from shared/protocol (no zod in the bundle).
// The tabs of one browser share one session: every tab reads the tokens another tab stored (`storage` events),
// and a refresh runs under a Web Lock across tabs, first looking whether another tab has just rotated the
// refresh token (then its pair is used), so a refresh token is presented once, not once per tab.
import type { z } from 'zod';
import type {
  addBotBody,
  createGameBody,
  GameSummary,
  gameListSchema,
  History,
  joinGameBody,
  Replay,
  Tokens,
  UserDto,
} from '../../../shared/protocol/rest';

const STORAGE_KEY = 'titan.session';
/** Refresh the access token this long before it expires (at most; a fourth of its lifetime when that is less,
 *  so that short lifetimes, TITAN_ACCESS_TOKEN_SECONDS, still leave most of each token's life to use). */
const REFRESH_MARGIN_MS = 30_000;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type CreateGameInput = z.input<typeof createGameBody>;
export type GameList = z.output<typeof gameListSchema>;

type Listener = (user: UserDto | null) => void;
let tokens: Tokens | null = loadTokens();
let refreshing: Promise<Tokens> | null = null;
const listeners = new Set<Listener>();
const REFRESH_LOCK = 'titan.refresh';

// Another tab signed in, refreshed or signed out: this tab follows.
globalThis.addEventListener?.('storage', (e: StorageEvent) => {
  if (e.key !== STORAGE_KEY && e.key !== null) return;
  const next = loadTokens();
  const userChanged = next?.user.id !== tokens?.user.id;
  tokens = next;
  if (userChanged) for (const l of listeners) l(next?.user ?? null);
});

/** Runs `task` while holding the browser-wide refresh lock (every tab of this origin), where there is one. */
function underRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks ?? null;
  return locks === null ? task() : (locks.request(REFRESH_LOCK, task) as Promise<T>);
}

function loadTokens(): Tokens | null {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Tokens) : null;
  } catch {
    return null;
  }
}

function setTokens(next: Tokens | null): void {
  tokens = next;
  try {
    if (next === null) globalThis.localStorage?.removeItem(STORAGE_KEY);
    else globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode: the session lasts as long as the page.
  }
  for (const l of listeners) l(next?.user ?? null);
}

export function currentUser(): UserDto | null {
  return tokens?.user ?? null;
}

export function onUserChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const data: unknown = text === '' ? null : JSON.parse(text);
  if (!res.ok) {
    const error = (data as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiError(res.status, error?.code ?? String(res.status), error?.message ?? res.statusText);
  }
  return data as T;
}

/** How long before its expiry an access token is refreshed (from its own `iat` and `exp`). */
export function refreshMarginMs(accessToken: string): number {
  try {
    const claims = JSON.parse(
      atob((accessToken.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')),
    ) as {
      iat?: number;
      exp?: number;
    };
    if (typeof claims.iat === 'number' && typeof claims.exp === 'number')
      return Math.min(REFRESH_MARGIN_MS, ((claims.exp - claims.iat) * 1000) / 4);
  } catch {
    // Not a JWT we can read: the full margin.
  }
  return REFRESH_MARGIN_MS;
}

/** A valid access token, refreshed first when it is about to expire; throws when signed out. */
export async function accessToken(): Promise<string> {
  if (tokens === null) throw new ApiError(401, 'unauthorised', 'Please sign in.');
  const left = Date.parse(tokens.accessTokenExpiresAt) - Date.now();
  if (left > refreshMarginMs(tokens.accessToken)) return tokens.accessToken;
  return (await refresh()).accessToken;
}

/** Exchange the refresh token (once at a time in this tab, and under the lock across tabs: when another tab
 *  has rotated the token this tab held, its new pair is taken instead of presenting the spent token). */
export function refresh(): Promise<Tokens> {
  if (refreshing !== null) return refreshing;
  const held = tokens;
  if (held === null) return Promise.reject(new ApiError(401, 'unauthorised', 'Please sign in.'));
  refreshing = underRefreshLock(async () => {
    const stored = loadTokens() ?? (storageWorks() ? null : held);
    if (stored === null) throw new ApiError(401, 'unauthorised', 'You signed out in another tab.');
    if (stored.refreshToken !== held.refreshToken && stored.user.id === held.user.id) {
      tokens = stored;
      return stored;
    }
    const t = await call<Tokens>('POST', '/api/auth/refresh', { refreshToken: stored.refreshToken });
    setTokens(t);
    return t;
  })
    .catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 401) setTokens(null);
      throw e;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** False in private modes without localStorage (the session then lives in this page only). */
function storageWorks(): boolean {
  try {
    return globalThis.localStorage !== undefined && globalThis.localStorage !== null;
  } catch {
    return false;
  }
}

/** This guest's seat-reclaim link (opens the game's page and signs the guest in again), or null. */
export function reclaimLink(): string | null {
  const code = tokens?.reclaimCode;
  if (code === undefined) return null;
  const { origin, pathname } = globalThis.location;
  return `${origin}${pathname}#/reclaim/${code}`;
}

/** A call with the access token (refreshed once and retried on a 401). */
export async function authed<T>(method: string, path: string, body?: unknown): Promise<T> {
  try {
    return await call<T>(method, path, body, await accessToken());
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 401) throw e;
    // The token may have been revoked or the clock is off: one refresh, one retry.
    const t = await refresh();
    return call<T>(method, path, body, t.accessToken);
  }
}

export const api = {
  async guest(displayName: string): Promise<UserDto> {
    setTokens(await call<Tokens>('POST', '/api/auth/guest', { displayName }));
    return (tokens as Tokens).user;
  },
  async login(username: string, password: string): Promise<UserDto> {
    setTokens(await call<Tokens>('POST', '/api/auth/login', { username, password }));
    return (tokens as Tokens).user;
  },
  async register(username: string, password: string, displayName?: string): Promise<UserDto> {
    const body = displayName ? { username, password, displayName } : { username, password };
    setTokens(await call<Tokens>('POST', '/api/auth/register', body));
    return (tokens as Tokens).user;
  },
  async reclaim(code: string): Promise<UserDto> {
    setTokens(await call<Tokens>('POST', '/api/auth/reclaim', { code }));
    return (tokens as Tokens).user;
  },
  async logout(): Promise<void> {
    const current = tokens;
    setTokens(null);
    if (current !== null) {
      await call('POST', '/api/auth/logout', { refreshToken: current.refreshToken }).catch(() => undefined);
    }
  },
  listGames: (status: 'open' | 'running' | 'finished' | 'active' = 'active') =>
    authed<GameList>('GET', `/api/games?status=${status}`),
  createGame: (body: CreateGameInput) => authed<GameSummary>('POST', '/api/games', body),
  getGame: (game: string, invite?: string) =>
    authed<GameSummary>('GET', `/api/games/${game}${invite ? `?invite=${encodeURIComponent(invite)}` : ''}`),
  joinGame: (game: string, body: z.input<typeof joinGameBody> = {}) =>
    authed<GameSummary>('POST', `/api/games/${game}/join`, body),
  leaveGame: (game: string) => authed<GameSummary>('POST', `/api/games/${game}/leave`, {}),
  addBot: (game: string, body: z.input<typeof addBotBody> = {}) =>
    authed<GameSummary>('POST', `/api/games/${game}/bots`, body),
  removeBot: (game: string, seat: string) => authed<GameSummary>('DELETE', `/api/games/${game}/bots/${seat}`),
  startGame: (game: string) => authed<GameSummary>('POST', `/api/games/${game}/start`, {}),
  history: (game: string, after = 0, invite?: string) =>
    authed<History>(
      'GET',
      `/api/games/${game}/history?after=${after}${invite ? `&invite=${encodeURIComponent(invite)}` : ''}`,
    ),
  /** A finished game's whole log, a page from `after` (409 while the game is not over). */
  replay: (game: string, after = 0, invite?: string) =>
    authed<Replay>(
      'GET',
      `/api/games/${game}/replay?after=${after}${invite ? `&invite=${encodeURIComponent(invite)}` : ''}`,
    ),
};
