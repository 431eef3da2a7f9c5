// The history of the game as this viewer may see it, from its first event (the server filters it; private
// events of others come as stubs, which have no line). The page holds the whole history — the socket's events,
// the gaps filled page by page from the REST history (gameSession.ts) — and shows its latest lines, earlier ones
// a page at a time on request.
import { useEffect, useRef, useState } from 'react';
import { firstMissingSeq } from '../app/gameState';
import { describeEvent, nextRoster, type Roster } from './describe';
import { useTable } from './table';

/** Lines shown at first, and added by each "earlier" click. */
export const HISTORY_PAGE = 200;

export function EventLog() {
  const { state, name } = useTable();
  const ref = useRef<HTMLOListElement>(null);
  const [shown, setShown] = useState(HISTORY_PAGE);
  // Battle characters are named by creature and hex as they stood at each event (describe.ts roster).
  let roster: Roster = new Map();
  const lines: { seq: number; text: string }[] = [];
  for (const e of state.events) {
    const text = describeEvent(e.event, name, roster);
    roster = nextRoster(roster, e.event);
    if (text !== null) lines.push({ seq: e.seq, text });
  }
  const earlier = Math.max(0, lines.length - shown);
  const visible = lines.slice(earlier);
  const loading = firstMissingSeq(state) !== null;
  const last = visible[visible.length - 1]?.seq;
  useEffect(() => {
    if (last === undefined) return;
    const el = ref.current;
    if (el !== null) el.scrollTop = el.scrollHeight;
  }, [last]);
  return (
    <section className="panel history" aria-label="Event history">
      <h3>History</h3>
      {loading && <p className="sub">Fetching the earlier history…</p>}
      {earlier > 0 && (
        <p className="history-earlier">
          <button type="button" onClick={() => setShown(shown + HISTORY_PAGE)}>
            Show {Math.min(earlier, HISTORY_PAGE)} earlier lines
          </button>{' '}
          <button type="button" className="link" onClick={() => setShown(lines.length)}>
            Show the whole game ({earlier} more)
          </button>
        </p>
      )}
      <ol ref={ref} role="log" aria-live="polite">
        {visible.map((l) => (
          <li key={l.seq} data-seq={l.seq}>
            {l.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
