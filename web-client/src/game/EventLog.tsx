// The history of the game as this viewer may see it (the server filters it; private events of others come
// as stubs and are shown as such).
import { useEffect, useRef } from 'react';
import { describeEvent } from './describe';
import { useTable } from './table';

const SHOWN = 200;

export function EventLog() {
  const { state, name } = useTable();
  const ref = useRef<HTMLOListElement>(null);
  const lines = state.events
    .map((e) => ({ seq: e.seq, text: describeEvent(e.event, name) }))
    .filter((l): l is { seq: number; text: string } => l.text !== null)
    .slice(-SHOWN);
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
