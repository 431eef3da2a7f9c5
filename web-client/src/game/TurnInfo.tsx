// Whose turn, which step, who must act now, the movement roll; the end of the game and its winner.
import { Dice } from '../ui/Die';
import { stepName } from './describe';
import { useTable } from './table';

/** The numbers the turn's legions may move with: the movement roll, or both of a power's two (CE 27 M2). */
function movementNumbers(roll: number, memory: Readonly<Record<string, unknown>> | undefined): number[] {
  const numbers = memory?.movementNumbers;
  return Array.isArray(numbers) && numbers.length === 2 && numbers[0] === roll ? numbers.map(Number) : [roll];
}

export function TurnInfo() {
  const { view, me, name } = useTable();
  const actor = view.pending.actor;
  const turn = view.turn;
  if (view.result !== null) {
    const winner = view.result.winner;
    return (
      <span className="turn-info game-over" role="status">
        <strong>Game over.</strong> {winner === null ? 'No winner.' : `${name(winner)} wins!`}
      </span>
    );
  }
  return (
    <span className="turn-info" role="status" aria-live="polite">
      {turn !== null && (
        <span>
          Turn {turn.number}: <strong>{name(turn.player)}</strong>
        </span>
      )}
      {turn?.movementRoll != null && (
        <span className="roll">
          rolled{' '}
          <Dice
            rolls={movementNumbers(turn.movementRoll, view.ce?.memory[turn.player])}
            label="Movement roll"
          />
        </span>
      )}
      <span className="step">— {stepName(view.pending.step)}</span>
      {actor !== null && (
        <span className={`actor${actor === me ? ' mine' : ''}`} data-actor={actor}>
          {actor === me ? 'Your move' : `Waiting for ${name(actor)}`}
        </span>
      )}
    </span>
  );
}
