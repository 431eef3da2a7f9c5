// The lobby: create a game (seats and options), the open games to join, the battles being fought now and
// the running games to return to or watch as a spectator, and joining an invite-only game by its link.
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { marker as markerOf } from '../../../shared/data/markers';
import type { MarkerId } from '../../../shared/data/types';
import type { TimeControl } from '../../../shared/protocol/messages';
import type { GameSummary, LiveBattle, UserDto } from '../../../shared/protocol/rest';
import { ApiError, api, reclaimLink } from '../app/api';
import { watchLiveBattles } from '../app/lobbySocket';
import { navigate } from '../app/route';
import { describeTimeControl } from '../game/Clocks';
import { SeatList } from './SeatList';

const REFRESH_MS = 4000;

export function LobbyScreen({ user }: { user: UserDto }) {
  const [games, setGames] = useState<readonly GameSummary[] | null>(null);
  const [battles, setBattles] = useState<readonly LiveBattle[]>([]);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const list = await api.listGames('active');
      setGames(list.games);
      setError(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The server cannot be reached.');
    }
  }, []);

  // The battles come over the lobby's socket as they change.
  useEffect(() => watchLiveBattles(setBattles), []);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const open = (games ?? []).filter((g) => g.status === 'open');
  // My games first, those where it is my move at the top (issue 14).
  const rank = (g: GameSummary) => (g.yourMove ? 0 : g.yourSeat !== null ? 1 : 2);
  const running = (games ?? []).filter((g) => g.status === 'running').sort((a, b) => rank(a) - rank(b));
  const yourMoves = running.filter((g) => g.yourMove).length;
  useEffect(() => {
    globalThis.document.title = yourMoves > 0 ? `(${yourMoves}) Your move · Titan` : 'Titan';
  }, [yourMoves]);
  return (
    <main className="lobby">
      {user.guest && <SeatLink />}
      <CreateGame onCreated={(g) => navigate({ page: 'game', game: g.id, as: 'player' })} />
      <section className="card">
        <h2>Open games</h2>
        {error !== null && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {games === null ? <p>Loading…</p> : open.length === 0 ? <p>No open games. Create one!</p> : null}
        <ul className="game-list">
          {open.map((g) => (
            <li key={g.id} className="game-item" data-game={g.id}>
              <GameHeadline game={g} />
              <SeatList game={g} user={user} onChange={() => void load()} />
              <button type="button" onClick={() => navigate({ page: 'game', game: g.id, as: 'player' })}>
                Open
              </button>
            </li>
          ))}
        </ul>
      </section>
      <LiveBattles battles={battles} />
      <section className="card">
        <h2>
          Running games
          {yourMoves > 0 && (
            <span className="your-move-count" data-count={yourMoves}>
              {yourMoves === 1 ? 'your move in 1 game' : `your move in ${yourMoves} games`}
            </span>
          )}
        </h2>
        {running.length === 0 && <p>No game is being played.</p>}
        <ul className="game-list">
          {running.map((g) => (
            <li key={g.id} className="game-item" data-game={g.id}>
              <GameHeadline game={g} />
              <span className="players">{g.seats.map((s) => occupantName(s.occupant)).join(', ')}</span>
              {g.yourMove && <span className="tag your-move">Your move</span>}
              {g.yourSeat !== null ? (
                <button
                  type="button"
                  className="primary"
                  onClick={() => navigate({ page: 'game', game: g.id, as: 'player' })}
                >
                  Play
                </button>
              ) : null}
              {g.spectatorsAllowed && g.yourSeat === null && (
                <button type="button" onClick={() => navigate({ page: 'game', game: g.id, as: 'spectator' })}>
                  Watch
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
      <FinishedGames />
      <JoinByLink />
    </main>
  );
}

/** A legion marker for people: its colour and name ("Red Axes"), the id only when it is not one. */
function markerName(id: string): string {
  try {
    const m = markerOf(id as MarkerId);
    return `${m.color} ${m.name}`;
  } catch {
    return id;
  }
}

/** The battles being fought now in public games (as their spectators see them), newest first. */
function LiveBattles({ battles }: { battles: readonly LiveBattle[] }) {
  return (
    <section className="card live-battles">
      <h2>Battles now</h2>
      {battles.length === 0 && <p>No battle is being fought in a public game.</p>}
      <ul className="game-list">
        {battles.map((b) => (
          <li key={b.game} className="game-item battle-item" data-battle={b.game}>
            <span className="headline">
              <strong>
                {b.terrain} {b.land}
              </strong>{' '}
              · round {b.round} of 7
            </span>
            <span className="battle-sides">
              {b.attacker.player.name}'s {markerName(b.attacker.marker)} ({b.attacker.height}) attacks{' '}
              {b.defender.player.name}'s {markerName(b.defender.marker)} ({b.defender.height})
            </span>
            <span className="players">{b.players.map((p) => p.name).join(', ')}</span>
            <button type="button" onClick={() => navigate({ page: 'game', game: b.game, as: 'spectator' })}>
              Watch
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function occupantName(o: GameSummary['seats'][number]['occupant']): string {
  return o.kind === 'empty' ? '(empty)' : o.kind === 'bot' ? `${o.name} (bot)` : o.name;
}

/** The games this player sat in that are over (issue 14): each opens on its result and dice proof. */
function FinishedGames() {
  const [games, setGames] = useState<readonly GameSummary[] | null>(null);
  useEffect(() => {
    let stopped = false;
    api.listGames('finished').then(
      (list) => {
        if (!stopped) setGames(list.games.filter((g) => g.yourSeat !== null));
      },
      () => {
        if (!stopped) setGames([]);
      },
    );
    return () => {
      stopped = true;
    };
  }, []);
  if (games === null || games.length === 0) return null;
  return (
    <section className="card finished-games">
      <h2>Your finished games</h2>
      <ul className="game-list">
        {games.map((g) => (
          <li key={g.id} className="game-item" data-game={g.id}>
            <GameHeadline game={g} />
            <span className="players">{g.seats.map((s) => occupantName(s.occupant)).join(', ')}</span>
            {g.finishedAt !== null && (
              <span className="sub"> · ended {new Date(g.finishedAt).toLocaleDateString()}</span>
            )}
            <button type="button" onClick={() => navigate({ page: 'game', game: g.id, as: 'player' })}>
              See the result
            </button>
            <button type="button" onClick={() => navigate({ page: 'replay', game: g.id })}>
              Replay
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function GameHeadline({ game }: { game: GameSummary }) {
  const filled = game.seats.filter((s) => s.occupant.kind !== 'empty').length;
  return (
    <span className="headline">
      <strong>{game.creator.name}'s game</strong> · {filled}/{game.seats.length} seats
      {game.options.variant === 'titanPlus' ? ' · TITANplus' : ''}
      {game.options.variant === 'ceTitan'
        ? ` · Cosmic Encounter Titan (${game.options.powersDrawn === 'N+1' ? 'N+1' : 'N'} powers)`
        : ''}
      {game.inviteOnly ? ' · invite only' : ''}
      {game.spectatorsAllowed ? '' : ' · no spectators'}
      {game.options.timeControl ? ` · ${describeTimeControl(game.options.timeControl)}` : ''}
      {game.options.broadcastDelaySeconds > 0
        ? ` · spectators ${game.options.broadcastDelaySeconds} s behind`
        : ''}
    </span>
  );
}

/** The time controls offered when creating a game (errata 20.4: set at the start of play). */
const TIME_CONTROLS = {
  untimed: { label: 'Untimed', timeControl: null },
  blitz: {
    label: 'Bank 15 min + 10 s per decision',
    timeControl: { bankSeconds: 900, incrementSeconds: 10, onExpiry: 'refuse', absentGraceSeconds: 120 },
  },
  minute: {
    label: '1 min per decision (the bot plays when out of time)',
    timeControl: { perDecisionSeconds: 60, onExpiry: 'bot', absentGraceSeconds: 60 },
  },
  day: {
    label: '1 day per decision (play by web)',
    timeControl: { perDecisionSeconds: 86_400, onExpiry: 'refuse' },
  },
} as const satisfies Record<string, { label: string; timeControl: TimeControl | null }>;

function CreateGame({ onCreated }: { onCreated: (game: GameSummary) => void }) {
  const [seats, setSeats] = useState(2);
  const [variant, setVariant] = useState<'default' | 'titanPlus' | 'ceTitan'>('default');
  const [powersDrawn, setPowersDrawn] = useState<'N' | 'N+1'>('N');
  const [inviteOnly, setInviteOnly] = useState(false);
  const [spectatorsAllowed, setSpectatorsAllowed] = useState(true);
  const [takeSeat, setTakeSeat] = useState(true);
  const [delay, setDelay] = useState(0);
  const [timing, setTiming] = useState<keyof typeof TIME_CONTROLS>('untimed');
  const [handicap, setHandicap] = useState<Record<string, number>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const handicapMulligans = Object.fromEntries(
        Object.entries(handicap).filter(([seat, n]) => n > 0 && Number(seat.slice(1)) <= seats),
      );
      const game = await api.createGame({
        seats,
        options: {
          variant,
          ...(variant === 'ceTitan' ? { powersDrawn } : {}),
          handicapMulligans,
          broadcastDelaySeconds: delay,
          ...(timing === 'untimed' ? {} : { timeControl: TIME_CONTROLS[timing].timeControl }),
        },
        inviteOnly,
        spectatorsAllowed,
        takeSeat,
      });
      onCreated(game);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The server cannot be reached.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card">
      <h2>New game</h2>
      <form className="create-game" onSubmit={(e) => void submit(e)}>
        <label>
          Players
          <select name="seats" value={seats} onChange={(e) => setSeats(Number(e.target.value))}>
            {[2, 3, 4, 5, 6].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label>
          Game
          <select
            name="variant"
            value={variant}
            onChange={(e) => setVariant(e.target.value as 'default' | 'titanPlus' | 'ceTitan')}
          >
            <option value="default">Titan</option>
            <option value="titanPlus">TITANplus (shortened, 21.3)</option>
            <option value="ceTitan">Cosmic Encounter Titan (powers, sealed bids)</option>
          </select>
        </label>
        {variant === 'ceTitan' && (
          <label>
            Powers drawn
            <select
              name="powersDrawn"
              value={powersDrawn}
              onChange={(e) => setPowersDrawn(e.target.value as 'N' | 'N+1')}
            >
              <option value="N">one per player</option>
              <option value="N+1">one more than the players</option>
            </select>
          </label>
        )}
        <label>
          Time control
          <select
            name="timeControl"
            value={timing}
            onChange={(e) => setTiming(e.target.value as keyof typeof TIME_CONTROLS)}
          >
            {Object.entries(TIME_CONTROLS).map(([key, t]) => (
              <option key={key} value={key}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={takeSeat} onChange={(e) => setTakeSeat(e.target.checked)} /> I play
          in it
        </label>
        <label className="check">
          <input type="checkbox" checked={inviteOnly} onChange={(e) => setInviteOnly(e.target.checked)} />{' '}
          Invite only
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={spectatorsAllowed}
            onChange={(e) => setSpectatorsAllowed(e.target.checked)}
          />{' '}
          Spectators allowed
        </label>
        <label>
          Spectator delay (seconds)
          <input
            type="number"
            name="broadcastDelaySeconds"
            min={0}
            max={86400}
            value={delay}
            disabled={!spectatorsAllowed}
            onChange={(e) => setDelay(Math.max(0, Math.floor(Number(e.target.value) || 0)))}
          />
        </label>
        <details>
          <summary>Handicap mulligans (errata 7.6)</summary>
          {Array.from({ length: seats }, (_, i) => `p${i + 1}`).map((seat) => (
            <label key={seat}>
              Seat {seat.slice(1)}
              <input
                type="number"
                min={0}
                max={6}
                value={handicap[seat] ?? 0}
                onChange={(e) => setHandicap({ ...handicap, [seat]: Number(e.target.value) })}
              />
            </label>
          ))}
        </details>
        {error !== null && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy}>
          Create the game
        </button>
      </form>
    </section>
  );
}

/** A guest has no password: this link (shown from the sign-up on) brings the guest back to their seats from
 *  another browser or device. */
function SeatLink() {
  const link = reclaimLink();
  const [copied, setCopied] = useState(false);
  if (link === null) return null;
  const copy = () => {
    globalThis.navigator.clipboard?.writeText(link).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <section className="card seat-link">
      <h2>Your seat link</h2>
      <p>
        You play as a guest, without a password. Keep this link: it brings you back to your seats from another
        browser or device.
      </p>
      <div className="inline">
        <input readOnly value={link} aria-label="Your seat link" onFocus={(e) => e.target.select()} />
        <button type="button" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </section>
  );
}

function JoinByLink() {
  const [link, setLink] = useState('');
  const go = (e: FormEvent) => {
    e.preventDefault();
    const hash = link.includes('#') ? link.slice(link.indexOf('#')) : link;
    if (hash.startsWith('#/')) globalThis.location.hash = hash;
  };
  return (
    <section className="card">
      <h2>Invitation</h2>
      <form className="inline" onSubmit={go}>
        <label>
          Paste an invitation link
          <input
            value={link}
            onChange={(e) => setLink(e.target.value)}
            placeholder="https://…#/play/…?invite=…"
          />
        </label>
        <button type="submit">Go</button>
      </form>
    </section>
  );
}
