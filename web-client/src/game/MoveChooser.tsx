// Several moves end on the same land (different entry sides, a teleport, or a Tower Teleport that may reveal
// one of several Lords, 8.1): the player picks one. Each choice is one of the server's legal intents.
import type { CharacterName, LandNumber, MarkerId } from '../../../shared/data/types';
import { type Intent, type IntentOf, type LegionMove, towerTeleportLord } from '../../../shared/engine/index';
import { Dialog } from '../ui/Dialog';
import { legalOf } from './table';

/** One legal move of a legion: where, how, and for a Tower Teleport which Lord it reveals (absent: the
 *  server's default). */
export interface MoveOption extends LegionMove {
  readonly reveal?: CharacterName;
}

/** The legal moves of `legion`, one per moveLegion intent the server listed (a Tower Teleport once per Lord
 *  that may be revealed). */
export function legionMoveOptions(legal: readonly Intent[], legion: MarkerId | null): MoveOption[] {
  return legalOf(legal, 'moveLegion')
    .filter((m) => m.legion === legion)
    .map((m) => ({
      land: m.land,
      via: m.via,
      entry: m.entry ?? null,
      ...(m.reveal !== undefined ? { reveal: m.reveal } : {}),
    }));
}

/** The intent that makes this move. */
export function moveIntent(legion: MarkerId, m: MoveOption): IntentOf<'moveLegion'> {
  return {
    type: 'moveLegion',
    legion,
    land: m.land,
    via: m.via,
    entry: m.entry,
    ...(m.reveal !== undefined ? { reveal: m.reveal } : {}),
  };
}

/** A key telling the moves to one land apart. */
export function moveKey(m: MoveOption): string {
  return `${m.via}-${m.entry ?? 'none'}-${m.reveal ?? 'default'}`;
}

/** Words for a move; `characters` (the mover's own legion) name the Lord a default Tower Teleport shows. */
export function moveWords(m: MoveOption, characters: readonly CharacterName[] | null = null): string {
  let how: string;
  if (m.via === 'normal') how = 'Move';
  else if (m.via === 'titanTeleport') how = 'Titan teleport (reveals the Titan)';
  else {
    const lord = m.reveal ?? (characters === null ? null : towerTeleportLord(characters));
    how = lord === null ? 'Tower teleport (reveals a lord)' : `Tower teleport, revealing ${lord}`;
  }
  return m.entry === null ? how : `${how}, attacking from the ${m.entry}`;
}

export function MoveChooser(props: {
  land: LandNumber;
  moves: readonly MoveOption[];
  /** The moving legion's contents (its owner's view), for the words. */
  characters?: readonly CharacterName[] | null;
  onChoose: (move: MoveOption) => void;
  onClose: () => void;
}) {
  return (
    <Dialog title={`Move to ${props.land}`} onClose={props.onClose}>
      <div className="choices">
        {props.moves.map((m) => (
          <button
            key={moveKey(m)}
            type="button"
            data-via={m.via}
            data-reveal={m.reveal}
            onClick={() => props.onChoose(m)}
          >
            {moveWords(m, props.characters ?? null)}
          </button>
        ))}
      </div>
    </Dialog>
  );
}
