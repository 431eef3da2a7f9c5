// A game's page: before the start, its seats (join, bots, start, the invitation link); once running, the
// table (as a seated player, or as a spectator with the public view only).
import { useEffect, useState } from 'react';
import type { GameSummary, UserDto } from '../../../shared/protocol/rest';
import { ApiError, api } from '../app/api';
import { navigate, type Route, routeHash } from '../app/route';
import { SeatList } from '../lobby/SeatList';
import { Loading } from '../ui/Loading';
import { GameTable } from './GameTable';

const WAITING_REFRESH_MS = 2000;

export function GameScreen(props: { user: UserDto; route: Extract<Route, { page: 'game' }> }) {
  const { route } = props;
  const [summary, setSummary] = useState<GameSummary | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const load = async () => {
      try {
        const s = await api.getGame(route.game, route.invite);
        if (stopped) return;
        setSummary(s);
        setError(null);
        if (s.status === 'open') timer = setTimeout(() => void load(), WAITING_REFRESH_MS);
      } catch (e) {
        if (stopped) return;
        setError(e instanceof ApiError ? e.message : 'The server cannot be reached.');
        timer = setTimeout(() => void load(), WAITING_REFRESH_MS * 2);
      }
    };
    void load();
    return () => {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
    };
  }, [route.game, route.invite]);

  if (summary === null) {
    return <Loading what="the game" error={error} />;
  }
  if (summary.status === 'open') {
    const invite = summary.inviteCode ?? route.invite;
    const link = `${globalThis.location.origin}${globalThis.location.pathname}${routeHash({
      page: 'game',
      game: summary.id,
      as: 'player',
      ...(invite ? { invite } : {}),
    })}`;
    return (
      <main className="waiting card">
        <h2>Waiting for players</h2>
        <p>The game starts when every seat is taken and its creator starts it.</p>
        <SeatList
          game={summary}
          user={props.user}
          {...(route.invite ? { invite: route.invite } : {})}
          onChange={setSummary}
        />
        <p>
          Invitation link:{' '}
          <input readOnly value={link} aria-label="Invitation link" onFocus={(e) => e.target.select()} />
        </p>
        <button type="button" onClick={() => navigate({ page: 'lobby' })}>
          Back to the lobby
        </button>
      </main>
    );
  }
  const as = route.as === 'player' && summary.yourSeat !== null ? 'player' : 'spectator';
  return <GameTable game={summary.id} as={as} {...(route.invite ? { invite: route.invite } : {})} />;
}
