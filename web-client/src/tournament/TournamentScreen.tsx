// A tournament's page: its entrants, stages, each round's tables with a link to watch (or play) each game,
// the live standings, the log, and for its director the controls (start, adjourn, resume, forfeit, correct a
// result, remove an entrant), each of which the server records in the log.
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { UserDto } from '../../../shared/protocol/rest';
import type { TournamentDetail } from '../../../shared/protocol/tournament';
import { ApiError } from '../app/api';
import { navigate } from '../app/route';
import { tournamentApi } from './tournamentApi';

const REFRESH_MS = 3000;

type Stage = TournamentDetail['stages'][number];
type Table = Stage['tables'][number];

const PLACES = ['1st', '2nd', '3rd', '4th', '5th', '6th'];

export function TournamentScreen({ user, id, invite }: { user: UserDto; id: string; invite?: string }) {
  const [t, setT] = useState<TournamentDetail | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setT(await tournamentApi.get(id, invite));
      setError(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The server cannot be reached.');
    }
  }, [id, invite]);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  /** A call that answers with the tournament: shown at once, a refusal in words. */
  const run = async (call: Promise<TournamentDetail>) => {
    try {
      setT(await call);
      setError(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The server cannot be reached.');
    }
  };

  if (t === null) {
    return (
      <main className="tournament">
        {error !== null ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : (
          <p>Loading…</p>
        )}
      </main>
    );
  }
  const names = new Map(t.entrants.map((e) => [e.id, e.name]));
  const mine = t.entrants.find((e) => e.userId === user.id);
  const ask = (what: string) => globalThis.prompt?.(what)?.trim() || null;

  return (
    <main className="tournament" data-tournament={t.id}>
      <section className="card">
        <h2>
          {t.name} <span className="tag">{t.status}</span>
        </h2>
        <p className="sub">
          Directed by {t.director.name} · seed <code>{t.seed}</code>
          {t.inviteCode !== null && (
            <>
              {' '}
              · invite code <code>{t.inviteCode}</code>
            </>
          )}
          {t.registrationClosesAt !== null && (
            <> · registration closes {new Date(t.registrationClosesAt).toLocaleString()}</>
          )}
        </p>
        {error !== null && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="choices">
          {t.status === 'registration' && !mine && (
            <button
              type="button"
              className="primary"
              onClick={() => void run(tournamentApi.register(t.id, invite))}
            >
              Enter
            </button>
          )}
          {t.status === 'registration' && mine && (
            <button type="button" onClick={() => void run(tournamentApi.withdraw(t.id))}>
              Withdraw my entry
            </button>
          )}
          {t.youDirect && t.status === 'registration' && (
            <>
              <button type="button" onClick={() => void run(tournamentApi.addBot(t.id))}>
                Enter a bot
              </button>
              <button type="button" className="primary" onClick={() => void run(tournamentApi.start(t.id))}>
                Start the tournament
              </button>
            </>
          )}
        </div>
      </section>

      <section className="card">
        <h2>Entrants ({t.entrants.length})</h2>
        <ul className="entrants">
          {t.entrants.map((e) => (
            <li key={e.id} data-entrant={e.id} className={e.status === 'removed' ? 'removed' : undefined}>
              {e.name}
              {e.kind === 'bot' && <span className="tag">bot</span>}
              {e.seed !== null && <span className="tag">seed {e.seed}</span>}
              {e.status === 'removed' && <span className="tag warn">removed</span>}
              {t.youDirect && t.status === 'registration' && (
                <button
                  type="button"
                  className="link"
                  onClick={() => {
                    const seed = ask('Seed (1 = top; blank to unseed)');
                    void run(tournamentApi.seed(t.id, e.id, seed === null ? null : Number(seed)));
                  }}
                >
                  seed
                </button>
              )}
              {t.youDirect && t.status === 'running' && e.status === 'active' && (
                <button
                  type="button"
                  className="link"
                  onClick={() => {
                    const reason = ask(
                      `Remove ${e.name} (errata 20.0: treated as refusing to play). Reason?`,
                    );
                    if (reason) void run(tournamentApi.remove(t.id, e.id, reason));
                  }}
                >
                  remove
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section className="card">
        <h2>Standings</h2>
        <ol className="standings" data-standings="tournament">
          {t.standings.map((r) => (
            <li key={r.entrant}>{r.name}</li>
          ))}
        </ol>
      </section>

      {t.stages.map((stage) => (
        <StageCard
          key={stage.index}
          t={t}
          stage={stage}
          user={user}
          names={names}
          onRun={(call) => void run(call)}
          ask={ask}
        />
      ))}

      <section className="card">
        <h2>Log</h2>
        <ol className="tournament-log">
          {t.log.map((l) => (
            <li key={l.id}>
              <time dateTime={l.at}>{new Date(l.at).toLocaleTimeString()}</time> {describeLog(l, names)}
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}

function describeLog(l: TournamentDetail['log'][number], names: Map<string, string>): string {
  const d = l.detail as Record<string, unknown>;
  const who = (id: unknown) => names.get(String(id)) ?? String(id);
  const reason = typeof d.reason === 'string' ? ` (${d.reason})` : '';
  switch (l.action) {
    case 'created':
      return 'Tournament created.';
    case 'started':
      return `Tournament started with ${String(d.entrants)} entrants.`;
    case 'stageStarted':
      return `Stage ${Number(d.stage) + 1} started.`;
    case 'roundSeated':
      return `Stage ${Number(d.stage) + 1}, round ${String(d.round)} seated.`;
    case 'tableFinished':
      return 'A table finished.';
    case 'stageFinished':
      return `Stage ${Number(d.stage) + 1} finished.`;
    case 'tournamentFinished':
      return 'Tournament finished.';
    case 'adjourned':
      return `Stage ${Number(d.stage) + 1} adjourned${reason}.`;
    case 'resumed':
      return `Stage ${Number(d.stage) + 1} resumed.`;
    case 'forfeit':
      return `A table was awarded by forfeit${reason}.`;
    case 'corrected':
      return `A result was corrected${reason}.`;
    case 'replacedByBot':
      return `The bot stands in for ${who(d.entrant)}${reason}.`;
    case 'timeCalled':
      return `Time called at a table (Law 21.1)${reason}.`;
    case 'removed':
      return `${who(d.entrant)} was removed (errata 20.0)${reason}.`;
    case 'seeded':
      return `${who(d.entrant)} seeded ${d.seed === null ? 'none' : String(d.seed)}.`;
    default:
      return l.action;
  }
}

function stageTitle(stage: Stage): string {
  const s = stage.settings;
  switch (s.kind) {
    case 'heats':
      return `Open heats (${s.heats}${s.countedGames ? `, best ${s.countedGames} count` : ''})`;
    case 'swiss':
      return `Swiss rounds (${s.rounds})`;
    case 'bracket':
      return `Single elimination, ${s.tableSize} per table`;
    case 'cut':
      return `Cut: the best ${s.advance} advance`;
  }
}

function StageCard({
  t,
  stage,
  user,
  names,
  onRun,
  ask,
}: {
  t: TournamentDetail;
  stage: Stage;
  user: UserDto;
  names: Map<string, string>;
  onRun: (call: Promise<TournamentDetail>) => void;
  ask: (what: string) => string | null;
}) {
  const rounds = [...new Set(stage.tables.map((x) => x.round))].sort((a, b) => b - a);
  const mine = t.entrants.find((e) => e.userId === user.id);
  const s = stage.settings;
  const optIn = s.kind === 'heats' && s.entry === 'optIn' && stage.status !== 'finished';
  return (
    <section className="card stage" data-stage={stage.index}>
      <h2>
        Stage {stage.index + 1}: {stageTitle(stage)} <span className="tag">{stage.status}</span>
        {stage.round > 0 && <span className="sub"> round {stage.round}</span>}
      </h2>
      {t.youDirect && t.status === 'running' && stage.status !== 'finished' && (
        <div className="choices director">
          {stage.status !== 'adjourned' && (
            <button type="button" onClick={() => onRun(tournamentApi.startStage(t.id, stage.index))}>
              {stage.status === 'pending' ? 'Start the stage' : 'Start the next round'}
            </button>
          )}
          {stage.status === 'running' && (
            <button
              type="button"
              onClick={() => {
                const reason = ask('Adjourn the stage: reason?');
                if (reason) onRun(tournamentApi.adjourn(t.id, stage.index, reason));
              }}
            >
              Adjourn
            </button>
          )}
          {stage.status === 'adjourned' && (
            <button type="button" onClick={() => onRun(tournamentApi.resume(t.id, stage.index))}>
              Resume
            </button>
          )}
        </div>
      )}
      {optIn && mine && (
        <button
          type="button"
          onClick={() => onRun(tournamentApi.enterHeat(t.id, stage.index, stage.round + 1))}
        >
          Enter heat {stage.round + 1}
        </button>
      )}
      {stage.standings.length > 0 && (
        <table className="standings" data-standings={stage.index}>
          <thead>
            <tr>
              <th>#</th>
              <th>Entrant</th>
              <th title="Games counted">G</th>
              <th title="Firsts">1st</th>
              <th title="Seconds">2nd</th>
              <th title="Thirds">3rd</th>
              <th title="Titans killed">Titans</th>
              <th title="Placement points">Points</th>
              <th>Score</th>
            </tr>
          </thead>
          <tbody>
            {stage.standings.map((r) => (
              <tr key={r.entrant} className={stage.advancing.includes(r.entrant) ? 'advancing' : undefined}>
                <td>{r.rank}</td>
                <td>{r.name}</td>
                <td>{r.games}</td>
                <td>{r.counts[0]}</td>
                <td>{r.counts[1]}</td>
                <td>{r.counts[2]}</td>
                <td>{r.counts[5]}</td>
                <td>{r.placementPoints}</td>
                <td>{r.score}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rounds.map((round) => (
        <div key={round} className="round">
          <h3>Round {round}</h3>
          <ul className="game-list">
            {stage.tables
              .filter((x) => x.round === round)
              .map((table) => (
                <TableRow
                  key={table.id}
                  t={t}
                  table={table}
                  user={user}
                  names={names}
                  onRun={onRun}
                  ask={ask}
                />
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function TableRow({
  t,
  table,
  user,
  names,
  onRun,
  ask,
}: {
  t: TournamentDetail;
  table: Table;
  user: UserDto;
  names: Map<string, string>;
  onRun: (call: Promise<TournamentDetail>) => void;
  ask: (what: string) => string | null;
}) {
  const [correcting, setCorrecting] = useState(false);
  const seated = table.entrants.some((e) => t.entrants.find((x) => x.id === e.entrant)?.userId === user.id);
  const placeOf = (entrant: string) => table.result?.seats.find((s) => s.entrant === entrant);
  return (
    <li className="game-item" data-table={table.id}>
      <span>Table {table.number}</span>
      <span className="players">
        {table.entrants
          .map((e) => {
            const p = placeOf(e.entrant);
            return p ? `${e.name} (${PLACES[p.place - 1]})` : e.name;
          })
          .join(', ')}
        {table.bots > 0 && ` + ${table.bots} bot${table.bots > 1 ? 's' : ''}`}
      </span>
      <span className="tag">{table.status === 'bye' ? 'bye' : (table.result?.reason ?? table.status)}</span>
      {table.game !== null && (
        <button
          type="button"
          className={seated && table.status === 'playing' ? 'primary' : undefined}
          onClick={() =>
            navigate({
              page: 'game',
              game: table.game as string,
              as: seated ? 'player' : 'spectator',
              ...(table.invite ? { invite: table.invite } : {}),
            })
          }
        >
          {seated && table.status === 'playing' ? 'Play' : 'Watch'}
        </button>
      )}
      {t.youDirect && t.status === 'running' && table.status !== 'bye' && (
        <>
          <button
            type="button"
            className="link"
            onClick={() => {
              const list = table.entrants.map((e, i) => `${i + 1}: ${e.name}`).join(', ');
              const pick = ask(`Award the table by forfeit to (${list})?`);
              const winner = pick ? table.entrants[Number(pick) - 1] : undefined;
              const reason = winner ? ask('Reason for the forfeit?') : null;
              if (winner && reason) onRun(tournamentApi.forfeit(t.id, table.id, winner.entrant, reason));
            }}
          >
            forfeit
          </button>
          <button type="button" className="link" onClick={() => setCorrecting((c) => !c)}>
            correct
          </button>
          {table.status === 'playing' && table.game !== null && (
            <>
              <button
                type="button"
                className="link"
                onClick={() => {
                  const list = table.entrants.map((e, i) => `${i + 1}: ${e.name}`).join(', ');
                  const pick = ask(`Replace which absent player by the bot (${list})?`);
                  const who = pick ? table.entrants[Number(pick) - 1] : undefined;
                  const reason = who ? ask('Reason?') : null;
                  if (who && reason) onRun(tournamentApi.replace(t.id, table.id, who.entrant, reason));
                }}
              >
                bot stands in
              </button>
              <button
                type="button"
                className="link"
                onClick={() => {
                  const reason = ask('Call time at this table (Law 21.1)? Reason:');
                  if (reason) onRun(tournamentApi.endGame(t.id, table.id, reason));
                }}
              >
                call time (21.1)
              </button>
            </>
          )}
        </>
      )}
      {correcting && (
        <CorrectForm
          table={table}
          names={names}
          onSubmit={(body) => {
            setCorrecting(false);
            onRun(tournamentApi.correct(t.id, table.id, body));
          }}
        />
      )}
    </li>
  );
}

function CorrectForm({
  table,
  names,
  onSubmit,
}: {
  table: Table;
  names: Map<string, string>;
  onSubmit: (body: Parameters<typeof tournamentApi.correct>[2]) => void;
}) {
  const [places, setPlaces] = useState<Record<string, number>>(
    Object.fromEntries(
      table.entrants.map((e, i) => [
        e.entrant,
        table.result?.seats.find((s) => s.entrant === e.entrant)?.place ?? i + 1,
      ]),
    ),
  );
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({
      reason,
      seats: table.entrants.map((x) => {
        const old = table.result?.seats.find((s) => s.entrant === x.entrant);
        return {
          entrant: x.entrant,
          place: places[x.entrant] ?? 1,
          titansKilled: old?.titansKilled ?? 0,
          score: old?.score ?? 0,
        };
      }),
    });
  };
  return (
    <form className="correct-result" onSubmit={submit}>
      {table.entrants.map((e) => (
        <label key={e.entrant}>
          {names.get(e.entrant) ?? e.name}
          <select
            value={places[e.entrant]}
            onChange={(ev) => setPlaces((p) => ({ ...p, [e.entrant]: Number(ev.target.value) }))}
          >
            {PLACES.slice(0, table.entrants.length + table.bots).map((label, i) => (
              <option key={label} value={i + 1}>
                {label}
              </option>
            ))}
          </select>
        </label>
      ))}
      <label>
        Reason
        <input value={reason} required onChange={(e) => setReason(e.target.value)} />
      </label>
      <button type="submit" className="primary" disabled={reason.trim() === ''}>
        Correct the result
      </button>
    </form>
  );
}
