// What this viewer knows of each legion on the board (issue 14): by player, each legion's land and height, the
// characters it surely holds and what else it may hold, as the engine's legionKnowledge deduces them from the
// events he saw (his own legions in full, 4.5). The caretaker's stacks are beside it (CaretakerPanel).
import { landName, legionName } from './describe';
import { mayAlsoHold, useTable } from './table';

export function KnowledgePanel() {
  const { view, knowledge, name } = useTable();
  if (knowledge === null) return null;
  return (
    <details className="panel knowledge" aria-label="What you know of each legion">
      <summary>What you know of each legion</summary>
      {view.players
        .filter((p) => view.legions.some((l) => l.owner === p.id))
        .map((p) => (
          <section key={p.id} data-player={p.id}>
            <h4>{name(p.id)}</h4>
            <ul className="known-legions">
              {view.legions
                .filter((l) => l.owner === p.id)
                .map((l) => {
                  const k = knowledge[l.marker];
                  const sure = l.characters ?? k?.certain ?? l.known;
                  const unknown = l.height - sure.length;
                  const more = l.characters === null && k !== undefined ? mayAlsoHold(k) : null;
                  return (
                    <li key={l.marker} data-marker={l.marker}>
                      <strong>{legionName(l.marker)}</strong> in {landName(l.land)}, {l.height}:{' '}
                      {sure.length === 0 ? 'nothing known' : sure.join(', ')}
                      {sure.length > 0 && unknown > 0 && ` and ${unknown} unknown`}
                      {more !== null && <span className="sub"> — may hold {more}</span>}
                    </li>
                  );
                })}
            </ul>
          </section>
        ))}
    </details>
  );
}
