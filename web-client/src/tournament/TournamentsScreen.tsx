// The tournament list, and the form with which a signed-in user (not a guest) creates one and becomes its
// director: name, game, stages (heats, Swiss rounds, a bracket, a cut) each with its time control,
// registration window, public or invite-only, broadcast delay, bots filling short tables, the seed.
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { UserDto } from '../../../shared/protocol/rest';
import type { StageSettings, TournamentSummary } from '../../../shared/protocol/tournament';
import { ApiError } from '../app/api';
import { navigate } from '../app/route';
import { type CreateTournamentInput, tournamentApi } from './tournamentApi';

const REFRESH_MS = 5000;

export function TournamentsScreen({ user }: { user: UserDto }) {
  const [list, setList] = useState<readonly TournamentSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setList((await tournamentApi.list()).tournaments);
      setError(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The server cannot be reached.');
    }
  }, []);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);
  return (
    <main className="lobby tournaments">
      {user.guest ? (
        <section className="card">
          <h2>New tournament</h2>
          <p className="hint">Guests may enter tournaments; directing one needs an account.</p>
        </section>
      ) : (
        <CreateTournament onCreated={(id) => navigate({ page: 'tournament', tournament: id })} />
      )}
      <section className="card">
        <h2>Tournaments</h2>
        {error !== null && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {list === null ? <p>Loading…</p> : list.length === 0 ? <p>No tournaments yet.</p> : null}
        <ul className="game-list">
          {(list ?? []).map((t) => (
            <li key={t.id} className="game-item" data-tournament={t.id}>
              <strong>{t.name}</strong>
              <span className="tag">{t.status}</span>
              <span className="sub">
                {t.stageKinds.join(' → ')} · {t.entrantCount} entrants · directed by {t.director.name}
                {t.inviteOnly ? ' · invite only' : ''}
              </span>
              <button type="button" onClick={() => navigate({ page: 'tournament', tournament: t.id })}>
                Open
              </button>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

type StageKind = StageSettings['kind'];

interface StageDraft {
  kind: StageKind;
  /** heats: heats; swiss: rounds; bracket: table size; cut: how many advance. */
  count: number;
  tableSizes: string;
  countedGames: number;
  perDecisionSeconds: number;
  gameMinutes: number;
}

const newStage = (kind: StageKind): StageDraft => ({
  kind,
  count: kind === 'bracket' ? 2 : kind === 'cut' ? 4 : 3,
  tableSizes: '4,3,5',
  countedGames: 0,
  perDecisionSeconds: 0,
  gameMinutes: 0,
});

function stageBody(d: StageDraft): CreateTournamentInput['stages'][number] {
  const timeControl = {
    ...(d.perDecisionSeconds > 0
      ? { perDecisionSeconds: d.perDecisionSeconds, onExpiry: 'refuse' as const }
      : {}),
    ...(d.gameMinutes > 0 ? { gameMinutes: d.gameMinutes } : {}),
  };
  const timed = Object.keys(timeControl).length > 0 ? { timeControl } : {};
  const tableSizes = d.tableSizes
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n >= 2 && n <= 6);
  switch (d.kind) {
    case 'heats':
      return {
        kind: 'heats',
        heats: d.count,
        tableSizes,
        countedGames: d.countedGames > 0 ? d.countedGames : null,
        ...timed,
      };
    case 'swiss':
      return { kind: 'swiss', rounds: d.count, tableSizes, ...timed };
    case 'bracket':
      return { kind: 'bracket', tableSize: d.count, ...timed };
    case 'cut':
      return { kind: 'cut', advance: d.count };
  }
}

const COUNT_LABEL: Record<StageKind, string> = {
  heats: 'Heats',
  swiss: 'Rounds',
  bracket: 'Players per table',
  cut: 'Best N advance',
};

function CreateTournament({ onCreated }: { onCreated: (id: string) => void }) {
  const [name, setName] = useState('');
  const [variant, setVariant] = useState<'default' | 'titanPlus'>('default');
  const [stages, setStages] = useState<StageDraft[]>([newStage('swiss')]);
  const [inviteOnly, setInviteOnly] = useState(false);
  const [botsFill, setBotsFill] = useState(false);
  const [delay, setDelay] = useState(0);
  const [closes, setCloses] = useState('');
  const [seed, setSeed] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const edit = (i: number, change: Partial<StageDraft>) =>
    setStages((all) => all.map((s, k) => (k === i ? { ...s, ...change } : s)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await tournamentApi.create({
        name,
        gameOptions: { variant },
        stages: stages.map(stageBody),
        inviteOnly,
        botsFill,
        broadcastDelaySeconds: delay,
        registrationClosesAt: closes ? new Date(closes).toISOString() : null,
        ...(seed.trim() ? { seed: seed.trim() } : {}),
      });
      onCreated(created.id);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The server cannot be reached.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card">
      <h2>New tournament</h2>
      <form className="create-game create-tournament" onSubmit={(e) => void submit(e)}>
        <label>
          Name
          <input name="name" value={name} required maxLength={80} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          Game
          <select value={variant} onChange={(e) => setVariant(e.target.value as 'default' | 'titanPlus')}>
            <option value="default">Titan</option>
            <option value="titanPlus">TITANplus (shortened, 21.3)</option>
          </select>
        </label>
        <fieldset className="stages">
          <legend>Stages</legend>
          {stages.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the stages are edited in place, by position
            <div key={i} className="stage-draft" data-stage={i}>
              <select
                aria-label={`Stage ${i + 1} kind`}
                value={s.kind}
                onChange={(e) => edit(i, newStage(e.target.value as StageKind))}
              >
                <option value="heats">Open heats</option>
                <option value="swiss">Swiss rounds</option>
                <option value="bracket">Single elimination</option>
                <option value="cut">Cut</option>
              </select>
              <label>
                {COUNT_LABEL[s.kind]}
                <input
                  type="number"
                  min={s.kind === 'bracket' ? 2 : 1}
                  max={s.kind === 'bracket' ? 6 : 100}
                  value={s.count}
                  onChange={(e) => edit(i, { count: Number(e.target.value) })}
                />
              </label>
              {(s.kind === 'heats' || s.kind === 'swiss') && (
                <label>
                  Table sizes (preferred first)
                  <input value={s.tableSizes} onChange={(e) => edit(i, { tableSizes: e.target.value })} />
                </label>
              )}
              {s.kind === 'heats' && (
                <label>
                  Games counted (0: all)
                  <input
                    type="number"
                    min={0}
                    value={s.countedGames}
                    onChange={(e) => edit(i, { countedGames: Number(e.target.value) })}
                  />
                </label>
              )}
              {s.kind !== 'cut' && (
                <>
                  <label>
                    Seconds per decision (0: untimed)
                    <input
                      type="number"
                      min={0}
                      value={s.perDecisionSeconds}
                      onChange={(e) => edit(i, { perDecisionSeconds: Number(e.target.value) })}
                    />
                  </label>
                  <label>
                    Game minutes (21.1; 0: none)
                    <input
                      type="number"
                      min={0}
                      value={s.gameMinutes}
                      onChange={(e) => edit(i, { gameMinutes: Number(e.target.value) })}
                    />
                  </label>
                </>
              )}
              {stages.length > 1 && (
                <button type="button" onClick={() => setStages((all) => all.filter((_, k) => k !== i))}>
                  Remove stage
                </button>
              )}
            </div>
          ))}
          <button type="button" onClick={() => setStages((all) => [...all, newStage('cut')])}>
            Add a stage
          </button>
        </fieldset>
        <label>
          Registration closes
          <input type="datetime-local" value={closes} onChange={(e) => setCloses(e.target.value)} />
        </label>
        <label>
          Broadcast delay (seconds)
          <input type="number" min={0} value={delay} onChange={(e) => setDelay(Number(e.target.value))} />
        </label>
        <label>
          Seed (blank: drawn at random)
          <input value={seed} maxLength={64} onChange={(e) => setSeed(e.target.value)} />
        </label>
        <label className="check">
          <input type="checkbox" checked={inviteOnly} onChange={(e) => setInviteOnly(e.target.checked)} />{' '}
          Invite only
        </label>
        <label className="check">
          <input type="checkbox" checked={botsFill} onChange={(e) => setBotsFill(e.target.checked)} /> Bots
          fill short tables
        </label>
        {error !== null && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy || name.trim() === ''}>
          Create tournament
        </button>
      </form>
    </section>
  );
}
