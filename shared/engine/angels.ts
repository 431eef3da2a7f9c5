// Acquiring Angels (17.0–17.4, errata 17.0; Complete Sequence 2.5.6.8): one per multiple of 100 crossed by the
// points of an engagement, an Archangel (or an Angel instead) at multiples of 500, only into the winning legion,
// only while it has room and the caretaker has one; always optional.
import type { MarkerId } from '../data/types';
import { MAX_LEGION_HEIGHT } from './muster';
import type { GameState, PlayerId, Step } from './types';

export type AngelKind = 'Angel' | 'Archangel';

/** 17.1, 17.3, errata 17.0: what the winning legion may take for one Angel due ([] when nothing). */
export function angelChoices(state: GameState, legionId: MarkerId, archangel: boolean): AngelKind[] {
  const legion = state.legions[legionId];
  if (legion === undefined || legion.characters.length >= MAX_LEGION_HEIGHT) return []; // 17.1: no room
  const choices: AngelKind[] = [];
  if (archangel && (state.caretaker.Archangel ?? 0) > 0) choices.push('Archangel'); // 17.3
  if ((state.caretaker.Angel ?? 0) > 0) choices.push('Angel'); // 17.1; errata 17.0: an Angel instead
  return choices;
}

/**
 * The step offering the first of the Angels `due` that can still be taken, or null when none can (17.1: the
 * legion is full or the caretaker has none; room only shrinks and the stacks only empty, so those are lost).
 */
export function nextAngelStep(
  state: GameState,
  player: PlayerId,
  legionId: MarkerId,
  due: readonly boolean[],
): Step | null {
  for (let i = 0; i < due.length; i++) {
    const archangel = due[i] === true;
    if (angelChoices(state, legionId, archangel).length > 0) {
      return { kind: 'acquireAngel', actor: player, legion: legionId, archangel, later: due.slice(i + 1) };
    }
  }
  return null;
}
