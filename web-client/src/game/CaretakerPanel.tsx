// 20.1: any player may count the caretaker's stacks (the creatures still available to muster) and the dead pile.
import { useTable } from './table';

export function CaretakerPanel() {
  const { view } = useTable();
  const stacks = Object.entries(view.caretaker).sort(([a], [b]) => a.localeCompare(b));
  const dead = Object.entries(view.deadPile).filter(([, n]) => (n ?? 0) > 0);
  return (
    <details className="panel caretaker" aria-label="The caretaker's stacks">
      <summary>The caretaker's stacks (20.1)</summary>
      <ul className="stacks">
        {stacks.map(([creature, n]) => (
          <li key={creature} data-creature={creature} className={n === 0 ? 'empty' : ''}>
            {creature} <strong>{n}</strong>
          </li>
        ))}
      </ul>
      {dead.length > 0 && (
        <p className="sub">Dead: {dead.map(([creature, n]) => `${creature} ${n}`).join(', ')}</p>
      )}
    </details>
  );
}
