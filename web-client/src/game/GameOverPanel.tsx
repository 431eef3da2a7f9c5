// The end of the game (3, 19.0, 20.5, 21.1): the winner first, then the others from the last one standing to
// the first one out (the order of elimination), each with their total, why the game ended, and the dice seed
// the server reveals so anyone can check every roll against the commitment published at the start.
import type { GameClientState } from '../app/gameState';
import { navigate } from '../app/route';
import { useTable } from './table';

const REASONS = {
  lastTitan: 'Only one Titan was left standing (3).',
  noTitans: 'The last Titans fell together: no Titan is left (errata 19.0).',
  timeLimit: 'Time ran out: the totals decide (21.1).',
  stopped: 'The game was stopped: the totals decide (20.5).',
} as const;

export interface Placing {
  readonly player: string;
  readonly total: number;
  readonly winner: boolean;
  /** Who eliminated this player (null: a mutual end, or by no one), when they were eliminated. */
  readonly eliminatedBy?: string | null;
}

/** The final order: the winner, the players still in by total, then the eliminated, last out first. */
export function placings(
  result: NonNullable<NonNullable<GameClientState['view']>['result']>,
  events: GameClientState['events'],
): Placing[] {
  const out = events.flatMap((e) => (e.event.type === 'playerEliminated' ? [e.event] : []));
  const outOrder = new Map(out.map((e, i) => [e.player, i]));
  const players = Object.keys(result.totals);
  const standing = players
    .filter((p) => p !== result.winner && !outOrder.has(p))
    .sort((a, b) => (result.totals[b] ?? 0) - (result.totals[a] ?? 0));
  const eliminated = players
    .filter((p) => p !== result.winner && outOrder.has(p))
    .sort((a, b) => (outOrder.get(b) ?? 0) - (outOrder.get(a) ?? 0));
  const placing = (player: string): Placing => {
    const by = out.find((e) => e.player === player);
    return {
      player,
      total: result.totals[player] ?? 0,
      winner: player === result.winner,
      ...(by === undefined ? {} : { eliminatedBy: by.by }),
    };
  };
  return [...(result.winner === null ? [] : [result.winner]), ...standing, ...eliminated].map(placing);
}

/** `replayLink`: the button that opens the replay (not in the replay itself). */
export function GameOverPanel({ replayLink = true }: { replayLink?: boolean }) {
  const { view, name, state } = useTable();
  const result = view.result;
  if (result === null) return null;
  return (
    <section className="panel game-over" aria-label="Game over" role="status">
      <h3>
        {result.winner === null ? 'The game is over: no winner.' : `${name(result.winner)} wins the game!`}
      </h3>
      <p>{REASONS[result.reason]}</p>
      <ol className="placings">
        {placings(result, state.events).map((p) => (
          <li key={p.player} data-player={p.player}>
            <strong>{name(p.player)}</strong>
            {p.winner ? ' (winner)' : ''}: {p.total} points
            {p.eliminatedBy !== undefined &&
              (p.eliminatedBy === null ? ', eliminated' : `, eliminated by ${name(p.eliminatedBy)}`)}
          </li>
        ))}
      </ol>
      {replayLink && (
        <button type="button" onClick={() => navigate({ page: 'replay', game: state.game })}>
          Replay the game
        </button>
      )}
      {state.dice.seed !== null && (
        <div className="dice-proof">
          <p className="sub">
            The dice came from this seed; its SHA-256 is the commitment published when the game began, so
            every roll can be checked.
          </p>
          <dl>
            <dt>Seed</dt>
            <dd>
              <code>{state.dice.seed}</code>
            </dd>
            {state.dice.commitment !== null && (
              <>
                <dt>Commitment</dt>
                <dd>
                  <code>{state.dice.commitment}</code>
                </dd>
              </>
            )}
          </dl>
        </div>
      )}
    </section>
  );
}
