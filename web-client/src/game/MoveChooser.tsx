// Several moves end on the same land (different entry sides, or a teleport): the player picks one.
import type { LandNumber } from '../../../shared/data/types';
import type { LegionMove } from '../../../shared/engine/movement';
import { Dialog } from '../ui/Dialog';

export function moveWords(m: LegionMove): string {
  const how =
    m.via === 'normal'
      ? 'Move'
      : m.via === 'towerTeleport'
        ? 'Tower teleport (reveals a lord)'
        : 'Titan teleport (reveals the Titan)';
  return m.entry === null ? how : `${how}, attacking from the ${m.entry}`;
}

export function MoveChooser(props: {
  land: LandNumber;
  moves: readonly LegionMove[];
  onChoose: (move: LegionMove) => void;
  onClose: () => void;
}) {
  return (
    <Dialog title={`Move to ${props.land}`} onClose={props.onClose}>
      <div className="choices">
        {props.moves.map((m) => (
          <button key={`${m.via}-${m.entry}`} type="button" onClick={() => props.onChoose(m)}>
            {moveWords(m)}
          </button>
        ))}
      </div>
    </Dialog>
  );
}
