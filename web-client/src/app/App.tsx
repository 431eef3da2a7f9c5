// The page: sign in, then the lobby or a game (the URL hash says which).
import { useEffect, useState } from 'react';
import type { UserDto } from '../../../shared/protocol/rest';
import { GameScreen } from '../game/GameScreen';
import { LobbyScreen } from '../lobby/LobbyScreen';
import { SignInScreen } from '../lobby/SignInScreen';
import { api, currentUser, onUserChange } from './api';
import { navigate, useRoute } from './route';

export function App() {
  const [user, setUser] = useState<UserDto | null>(currentUser);
  const route = useRoute();
  useEffect(() => onUserChange(setUser), []);
  return (
    <div className="app">
      <header className="topbar">
        <button type="button" className="brand" onClick={() => navigate({ page: 'lobby' })}>
          TITAN
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
      {user === null ? (
        <SignInScreen />
      ) : route.page === 'lobby' ? (
        <LobbyScreen user={user} />
      ) : (
        <GameScreen key={`${route.game}/${route.as}`} user={user} route={route} />
      )}
    </div>
  );
}
