// Withdrawing from the game (20.4, errata 5.0/5.1/20.4; Complete Sequence 1.4.1, 2.1, 2.2, 2.3, 2.6, 2.7):
// only at those points of the player's own turn (or instead of choosing a colour), never while rolling for
// towers or during his engagement phase. All his legions are eliminated, nobody scores (20.4).
import type { Decision, GameEvent } from './events';
import { foldEvents } from './evolve';
import { undoAllEvents } from './movementPhase';
import { reject } from './rejections';
import { colorStepEvents } from './setup';
import { eliminatePlayer } from './titan';
import { endTurnEvents } from './turn';
import type { GameState, PlayerId } from './types';

/** `allowed`: the step allows it (its STEPS entry, Complete Sequence 1.4.1, 2.1, 2.2, 2.3, 2.6, 2.7) and it is
 *  the player's turn to act. */
export function decideWithdraw(state: GameState, player: PlayerId, allowed: boolean): Decision {
  const step = state.step;
  if (step.kind === 'gameOver') return reject('wrongStep', 'The game is over.', '3');
  if (step.kind === 'rollTower') {
    return reject(
      'notAllowed',
      'You may not withdraw while the starting towers are being rolled.',
      'errata 5.1',
    );
  }
  if (!allowed) {
    if (state.turn?.player === player) {
      return reject('notAllowed', 'You may not withdraw during your engagement phase.', 'errata 20.4');
    }
    return reject(
      'notYourTurn',
      'You may withdraw only at certain points of your own turn.',
      '20.4, errata 20.4',
    );
  }
  // Errata 20.4: partial movement is undone first.
  const events: GameEvent[] = step.kind === 'move' ? undoAllEvents(state) : [];
  events.push({ type: 'playerWithdrew', player });
  events.push(...eliminatePlayer(foldEvents(state, events), player, null));
  const s = foldEvents(state, events);
  events.push(...(step.kind === 'chooseColor' ? colorStepEvents(s) : endTurnEvents(s, player)));
  return { events };
}
