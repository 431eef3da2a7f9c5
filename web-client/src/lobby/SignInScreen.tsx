// Sign in as a guest (a display name) or with an account (username and password), or create one.
import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../app/api';

type Mode = 'guest' | 'login' | 'register';

export function SignInScreen() {
  const [mode, setMode] = useState<Mode>('guest');
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (mode === 'guest') await api.guest(name.trim());
      else if (mode === 'login') await api.login(username.trim(), password);
      else await api.register(username.trim(), password, name.trim() || undefined);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The server cannot be reached.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="signin">
      <h1>Titan</h1>
      <p className="lede">The fantasy wargame for two to six players.</p>
      <div className="tabs" role="tablist" aria-label="How to sign in">
        {(['guest', 'login', 'register'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={mode === m}
            className={mode === m ? 'active' : ''}
            onClick={() => setMode(m)}
          >
            {m === 'guest' ? 'Play as a guest' : m === 'login' ? 'Sign in' : 'Create an account'}
          </button>
        ))}
      </div>
      <form className="card" onSubmit={(e) => void submit(e)}>
        {mode !== 'login' && (
          <label>
            Display name{mode === 'register' ? ' (optional)' : ''}
            <input
              name="displayName"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={40}
              required={mode === 'guest'}
              autoComplete="nickname"
            />
          </label>
        )}
        {mode !== 'guest' && (
          <>
            <label>
              Username
              <input
                name="username"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                minLength={3}
                maxLength={32}
                required
                autoComplete="username"
              />
            </label>
            <label>
              Password
              <input
                name="password"
                type="password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                minLength={mode === 'register' ? 8 : 1}
                required
                autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
              />
            </label>
          </>
        )}
        {error !== null && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy}>
          {mode === 'guest' ? 'Play' : mode === 'login' ? 'Sign in' : 'Create the account'}
        </button>
      </form>
    </main>
  );
}
