// The selected legion: its owner and land, and its contents as far as this viewer may know them (all of it
// for the owner, 4.5; what has been revealed for the others).

import {
  CHARACTERS,
  characterPower,
  isRaisedTitan,
  type RaisedPowers,
  titanPower,
} from '../../../shared/data/characters';
import { land } from '../../../shared/data/masterboard';
import type { CharacterName } from '../../../shared/data/types';
import type { GameView, LegionView } from '../../../shared/engine/index';
import { CreatureIcon } from '../board/Creature';
import { legionName } from './describe';
import { mayAlsoHold, useTable } from './table';

/** Characters with their power and skill (3.5); the Titan's power is its player's (19.1: `titanPower`), a raised
 *  Titan's the game's (CE 13 B3: `raised`). */
export function CharacterList({
  characters,
  unknown = 0,
  titanPower,
  raised = {},
}: {
  characters: readonly CharacterName[];
  unknown?: number;
  titanPower: number;
  raised?: RaisedPowers | undefined;
}) {
  return (
    <ul className="characters">
      {characters.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a legion may hold several of one creature
        <li key={`${c}-${i}`} data-character={c}>
          <CreatureIcon type={c} /> {c}{' '}
          <span className="ps">{`${isRaisedTitan(c) ? characterPower(c, 0, raised) : (CHARACTERS[c].power ?? titanPower)}-${CHARACTERS[c].skill}`}</span>
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

/** 19.1: the power of this player's Titan (the view carries it with the score). */
export function titanPowerOf(view: GameView, player: string): number {
  return view.players.find((p) => p.id === player)?.titanPower ?? titanPower(0);
}

export function LegionPanel({ legion }: { legion: LegionView }) {
  const { name, view, knowledge } = useTable();
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
      <CharacterList
        characters={sure}
        unknown={legion.height - sure.length}
        titanPower={titanPowerOf(view, legion.owner)}
        raised={view.ce?.raised}
      />
      {more !== null && <p className="sub may-hold">May hold: {more}</p>}
    </section>
  );
}
