// A timed game's clocks (errata 20.4, 21.0; Law 21.1, 21.2), for everyone: each player's bank, and for the
// player who must act what is left of his decision and of the timed phase. The server sends the amounts
// left as of its own time; they are counted down from when this client received them, so a wrong clock on
// this computer does not matter.
import { useEffect, useState } from 'react';
import type { TimeControl } from '../../../shared/protocol/messages';
import { useTable } from './table';

/** "0:42", "12:05", "3 h 04 min", "2 d 5 h". */
export function formatMs(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86_400) return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`;
  if (s >= 3600)
    return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const secs = (n: number) => formatMs(n * 1000);

/** The time control in words ("1:00 per decision · out of time: refuses (errata 20.4)"). */
export function describeTimeControl(tc: TimeControl): string {
  const parts: string[] = [];
  if (tc.perDecisionSeconds !== undefined) parts.push(`${secs(tc.perDecisionSeconds)} per decision`);
  if (tc.bankSeconds !== undefined) {
    parts.push(
      `bank ${secs(tc.bankSeconds)}${tc.incrementSeconds ? ` + ${secs(tc.incrementSeconds)} per decision` : ''}`,
    );
  }
  if (tc.movementSeconds !== undefined) parts.push(`movement ${secs(tc.movementSeconds)} (21.2)`);
  if (tc.maneuverSeconds !== undefined) {
    const first = tc.firstManeuverSeconds ?? 2 * tc.maneuverSeconds;
    parts.push(`maneuver ${secs(tc.maneuverSeconds)}, first ${secs(first)} (21.2)`);
  }
  if (tc.gameMinutes !== undefined) parts.push(`game ${secs(tc.gameMinutes * 60)} (21.1)`);
  parts.push(tc.onExpiry === 'bot' ? 'out of time: the bot plays' : 'out of time: refuses (errata 20.4)');
  if (tc.absentGraceSeconds !== undefined) parts.push(`absent after ${secs(tc.absentGraceSeconds)}`);
  return parts.join(' · ');
}

/** Re-renders every quarter second while `running`. */
function useTick(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [running]);
  return running ? now : Date.now();
}

function left(ms: number | null, running: boolean, elapsed: number): number | null {
  return ms === null ? null : running ? Math.max(0, ms - elapsed) : ms;
}

export function Clocks() {
  const { state, name } = useTable();
  const clock = state.clock;
  const now = useTick(clock !== null && clock.message.running !== null);
  if (clock === null) return null;
  const m = clock.message;
  const elapsed = Math.max(0, now - clock.receivedAt);
  const seats = [...new Set([...Object.keys(m.banks), ...(m.running === null ? [] : [m.running])])].sort();
  // Adjourned by the tournament director: nothing counts down until the stage is resumed.
  const game = left(m.gameMs, !m.adjourned, elapsed);
  return (
    <section className="clocks" aria-label="Clocks">
      <p className="sub time-control">{describeTimeControl(m.timeControl)}</p>
      {m.adjourned && (
        <p className="sub adjourned" role="status">
          Clocks paused: the tournament director has adjourned this game.
        </p>
      )}
      <ul>
        {seats.map((seat) => {
          const running = m.running === seat;
          const bank = left(m.banks[seat as keyof typeof m.banks] ?? null, running, elapsed);
          const deadline = running ? left(m.deadlineMs, true, elapsed) : null;
          return (
            <li key={seat} data-clock={seat} className={running ? 'running' : ''}>
              <span className="pname">{name(seat)}</span>
              {bank !== null && <span className="bank"> bank {formatMs(bank)}</span>}
              {running && m.decisionMs !== null && (
                <span className="decision"> decide {formatMs(left(m.decisionMs, true, elapsed)!)}</span>
              )}
              {running && m.phase !== null && (
                <span className="phase">
                  {' '}
                  {m.phase.kind} {formatMs(left(m.phase.ms, true, elapsed)!)}
                </span>
              )}
              {deadline !== null && (
                <span className="deadline" title="Until the server acts for this player">
                  {' '}
                  ⏱ {formatMs(deadline)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {game !== null && <p className="sub game-clock">Game time left {formatMs(game)} (21.1)</p>}
    </section>
  );
}
