// The page: sign in, then the lobby or a game (the URL hash says which).
import { lazy, Suspense, useEffect, useState } from 'react';
import type { UserDto } from '../../../shared/protocol/rest';
import { GameScreen } from '../game/GameScreen';
import { LobbyScreen } from '../lobby/LobbyScreen';
import { SignInScreen } from '../lobby/SignInScreen';
import { TournamentScreen } from '../tournament/TournamentScreen';
import { TournamentsScreen } from '../tournament/TournamentsScreen';
import { ApiError, api, currentUser, onUserChange } from './api';
import { HowToPlay } from './HowToPlay';
import { navigate, useRoute } from './route';

// The replay folds a whole game with the engine: its code loads only when a replay is opened.
const ReplayScreen = lazy(() => import('../replay/ReplayScreen').then((m) => ({ default: m.ReplayScreen })));

export function App() {
  const [user, setUser] = useState<UserDto | null>(currentUser);
  const route = useRoute();
  const [reclaimError, setReclaimError] = useState<string | null>(null);
  useEffect(() => onUserChange(setUser), []);
  // A guest's seat-reclaim link signs that guest in (in place of whoever was signed in), then shows the lobby.
  const reclaimCode = route.page === 'reclaim' ? route.code : null;
  useEffect(() => {
    if (reclaimCode === null) return;
    api.reclaim(reclaimCode).then(
      () => {
        setReclaimError(null);
        navigate({ page: 'lobby' });
      },
      (e: unknown) => {
        setReclaimError(e instanceof ApiError ? e.message : 'The server cannot be reached.');
        navigate({ page: 'lobby' });
      },
    );
  }, [reclaimCode]);
  return (
    <div className="app">
      <header className="topbar">
        <button type="button" className="brand" onClick={() => navigate({ page: 'lobby' })}>
          TITAN
        </button>
        {user !== null && (
          <button type="button" className="link" onClick={() => navigate({ page: 'tournaments' })}>
            Tournaments
          </button>
        )}
        <button type="button" className="link" onClick={() => navigate({ page: 'help' })}>
          How to play
        </button>
        {user !== null && (
          <span className="user">
            <span title="Signed in as">{user.name}</span>
            {user.guest && <span className="tag">guest</span>}
            <button type="button" className="link" onClick={() => void api.logout()}>
              Sign out
            </button>
          </span>
        )}
      </header>
      {reclaimError !== null && (
        <p className="error notice" role="alert">
          {reclaimError}
        </p>
      )}
      {route.page === 'reclaim' ? (
        <main className="signin">
          <p>Taking you back to your seats…</p>
        </main>
      ) : route.page === 'help' ? (
        <HowToPlay />
      ) : user === null ? (
        <SignInScreen />
      ) : route.page === 'lobby' ? (
        <LobbyScreen user={user} />
      ) : route.page === 'tournaments' ? (
        <TournamentsScreen user={user} />
      ) : route.page === 'replay' ? (
        <Suspense fallback={<main className="centered">Loading the replay…</main>}>
          <ReplayScreen
            key={route.game}
            game={route.game}
            {...(route.invite ? { invite: route.invite } : {})}
          />
        </Suspense>
      ) : route.page === 'tournament' ? (
        <TournamentScreen key={route.tournament} user={user} id={route.tournament} invite={route.invite} />
      ) : (
        <GameScreen key={`${route.game}/${route.as}`} user={user} route={route} />
      )}
    </div>
  );
}
