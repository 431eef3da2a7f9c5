// The page's place, kept in the URL hash so a reload returns to it: the lobby, a game to play, or one to watch.
import { useSyncExternalStore } from 'react';

export type Route =
  | { readonly page: 'lobby' }
  | { readonly page: 'tournaments' }
  /** "How to play here". */
  | { readonly page: 'help' }
  | { readonly page: 'tournament'; readonly tournament: string; readonly invite?: string }
  /** A finished game's replay (issue 14). */
  | { readonly page: 'replay'; readonly game: string; readonly invite?: string }
  /** A guest's seat-reclaim link (api.reclaimLink). */
  | { readonly page: 'reclaim'; readonly code: string }
  | {
      readonly page: 'game';
      readonly game: string;
      readonly as: 'player' | 'spectator';
      readonly invite?: string;
    };

export function parseRoute(hash: string): Route {
  const reclaim = /^#\/reclaim\/([0-9a-fA-F-]{36}\.[A-Za-z0-9_-]+)$/.exec(hash);
  if (reclaim !== null) return { page: 'reclaim', code: reclaim[1] as string };
  if (hash === '#/tournaments') return { page: 'tournaments' };
  if (hash === '#/help') return { page: 'help' };
  const tournament = /^#\/tournaments\/([0-9a-fA-F-]{36})(?:\?invite=([^&]+))?$/.exec(hash);
  if (tournament !== null) {
    const route: Route = { page: 'tournament', tournament: tournament[1] as string };
    return tournament[2] === undefined ? route : { ...route, invite: decodeURIComponent(tournament[2]) };
  }
  const replay = /^#\/replay\/([0-9a-fA-F-]{36})(?:\?invite=([^&]+))?$/.exec(hash);
  if (replay !== null) {
    const route: Route = { page: 'replay', game: replay[1] as string };
    return replay[2] === undefined ? route : { ...route, invite: decodeURIComponent(replay[2]) };
  }
  const m = /^#\/(play|watch)\/([0-9a-fA-F-]{36})(?:\?invite=([^&]+))?$/.exec(hash);
  if (m === null) return { page: 'lobby' };
  const route: Route = { page: 'game', game: m[2] as string, as: m[1] === 'play' ? 'player' : 'spectator' };
  return m[3] === undefined ? route : { ...route, invite: decodeURIComponent(m[3]) };
}

export function routeHash(route: Route): string {
  if (route.page === 'lobby') return '#/';
  if (route.page === 'reclaim') return `#/reclaim/${route.code}`;
  if (route.page === 'tournaments') return '#/tournaments';
  if (route.page === 'help') return '#/help';
  if (route.page === 'tournament') {
    const base = `#/tournaments/${route.tournament}`;
    return route.invite === undefined ? base : `${base}?invite=${encodeURIComponent(route.invite)}`;
  }
  if (route.page === 'replay') {
    const base = `#/replay/${route.game}`;
    return route.invite === undefined ? base : `${base}?invite=${encodeURIComponent(route.invite)}`;
  }
  const base = `#/${route.as === 'player' ? 'play' : 'watch'}/${route.game}`;
  return route.invite === undefined ? base : `${base}?invite=${encodeURIComponent(route.invite)}`;
}

export function navigate(route: Route): void {
  globalThis.location.hash = routeHash(route);
}

function subscribe(listener: () => void): () => void {
  globalThis.addEventListener('hashchange', listener);
  return () => globalThis.removeEventListener('hashchange', listener);
}

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => globalThis.location.hash);
  return parseRoute(hash);
}
