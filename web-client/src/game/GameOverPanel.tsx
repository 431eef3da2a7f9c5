// The end of the game (3, 19.0, 20.5, 21.1): the winner, why the game ended, each player's total, and the dice
// seed the server reveals so anyone can check every roll against the commitment published at the start.
import { useTable } from './table';

const REASONS = {
  lastTitan: 'the last Titan standing',
  noTitans: 'no Titan is left',
  timeLimit: 'time ran out',
  stopped: 'the game was stopped',
} as const;

export function GameOverPanel() {
  const { view, name, state } = useTable();
  const result = view.result;
  if (result === null) return null;
  const ranked = Object.entries(result.totals).sort((a, b) => b[1] - a[1]);
  return (
    <section className="panel game-over" aria-label="Game over" role="status">
      <h3>
        {result.winner === null ? 'The game is over: no winner.' : `${name(result.winner)} wins the game!`}
      </h3>
      <p>The game ended because {REASONS[result.reason]}.</p>
      <ol>
        {ranked.map(([player, total]) => (
          <li key={player}>
            {name(player)}: {total}
          </li>
        ))}
      </ol>
      {state.dice.seed !== null && (
        <p className="sub">
          Dice seed (check it against the commitment {state.dice.commitment}): <code>{state.dice.seed}</code>
        </p>
      )}
    </section>
  );
}
