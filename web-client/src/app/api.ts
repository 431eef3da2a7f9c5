// The REST API (shared/protocol/rest.ts): sign-in, tokens kept in localStorage and refreshed before they
// expire, and the lobby calls. Only types are imported from shared/protocol (no zod in the bundle).
import type { z } from 'zod';
import type {
  addBotBody,
  createGameBody,
  GameSummary,
  gameListSchema,
  History,
  joinGameBody,
  LiveBattle,
  Tokens,
  UserDto,
} from '../../../shared/protocol/rest';

const STORAGE_KEY = 'titan.session';
/** Refresh the access token this long before it expires. */
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

/** A valid access token, refreshed first when it is about to expire; throws when signed out. */
export async function accessToken(): Promise<string> {
  if (tokens === null) throw new ApiError(401, 'unauthorised', 'Please sign in.');
  if (Date.parse(tokens.accessTokenExpiresAt) - Date.now() > REFRESH_MARGIN_MS) return tokens.accessToken;
  return (await refresh()).accessToken;
}

/** Exchange the refresh token (once at a time: concurrent callers share the same exchange). */
export function refresh(): Promise<Tokens> {
  if (refreshing !== null) return refreshing;
  const current = tokens;
  if (current === null) return Promise.reject(new ApiError(401, 'unauthorised', 'Please sign in.'));
  refreshing = call<Tokens>('POST', '/api/auth/refresh', { refreshToken: current.refreshToken })
    .then((t) => {
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

async function authed<T>(method: string, path: string, body?: unknown): Promise<T> {
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
  liveBattles: () => authed<{ battles: LiveBattle[] }>('GET', '/api/battles'),
  history: (game: string, after = 0, invite?: string) =>
    authed<History>(
      'GET',
      `/api/games/${game}/history?after=${after}${invite ? `&invite=${encodeURIComponent(invite)}` : ''}`,
    ),
};
