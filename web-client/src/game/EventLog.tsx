// The history of the game as this viewer may see it (the server filters it; private events of others come
// as stubs and are shown as such).
import { useEffect, useRef } from 'react';
import { describeEvent, nextRoster, type Roster } from './describe';
import { useTable } from './table';

const SHOWN = 200;

export function EventLog() {
  const { state, name } = useTable();
  const ref = useRef<HTMLOListElement>(null);
  // Battle characters are named by creature and hex as they stood at each event (describe.ts roster).
  let roster: Roster = new Map();
  const lines: { seq: number; text: string }[] = [];
  for (const e of state.events) {
    const text = describeEvent(e.event, name, roster);
    roster = nextRoster(roster, e.event);
    if (text !== null) lines.push({ seq: e.seq, text });
  }
  lines.splice(0, Math.max(0, lines.length - SHOWN));
  const last = lines[lines.length - 1]?.seq;
  useEffect(() => {
    if (last === undefined) return;
    const el = ref.current;
    if (el !== null) el.scrollTop = el.scrollHeight;
  }, [last]);
  return (
    <section className="panel history" aria-label="Event history">
      <h3>History</h3>
      <ol ref={ref} role="log" aria-live="polite">
        {lines.map((l) => (
          <li key={l.seq} data-seq={l.seq}>
            {l.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
