// The selected legion: its owner and land, and its contents as far as this viewer may know them (all of it
// for the owner, 4.5; what has been revealed for the others).

import { CHARACTERS } from '../../../shared/data/characters';
import { land } from '../../../shared/data/masterboard';
import type { CharacterName } from '../../../shared/data/types';
import type { LegionView } from '../../../shared/engine/index';
import { legionName } from './describe';
import { mayAlsoHold, useTable } from './table';

export function CharacterList({
  characters,
  unknown = 0,
}: {
  characters: readonly CharacterName[];
  unknown?: number;
}) {
  return (
    <ul className="characters">
      {characters.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a legion may hold several of one creature
        <li key={`${c}-${i}`} data-character={c}>
          {c}{' '}
          <span className="ps">{c === 'Titan' ? '' : `${CHARACTERS[c].power}-${CHARACTERS[c].skill}`}</span>
        </li>
      ))}
      {Array.from({ length: unknown }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: unknown characters are indistinguishable
        <li key={`unknown-${i}`} className="unknown">
          ?
        </li>
      ))}
    </ul>
  );
}

export function LegionPanel({ legion }: { legion: LegionView }) {
  const { name, knowledge } = useTable();
  // The owner sees his legion (4.5); the others what they know of it (the engine's legionKnowledge).
  const k = legion.characters === null ? knowledge?.[legion.marker] : undefined;
  const sure = legion.characters ?? k?.certain ?? legion.known;
  const more = k === undefined ? null : mayAlsoHold(k);
  return (
    <section className="panel legion-panel" aria-label={`Legion ${legionName(legion.marker)}`}>
      <h3>
        {legionName(legion.marker)} · {name(legion.owner)} · {land(legion.land).terrain} {legion.land} ·
        height {legion.height}
      </h3>
      <CharacterList characters={sure} unknown={legion.height - sure.length} />
      {more !== null && <p className="sub may-hold">May hold: {more}</p>}
    </section>
  );
}
