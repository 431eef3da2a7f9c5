// The game-over panel (issue 14; 3, 19.0): the winner first whatever the scores, then the others from the last
// one out to the first one out, the reason in a whole sentence, and the dice proof.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../shared/engine/index';
import type { GameClientState } from '../../web-client/src/app/gameState';
import { GameOverPanel } from '../../web-client/src/game/GameOverPanel';
import { makeTable, TableContext } from '../../web-client/src/game/table';
import { clientFor } from './fixtures';

const noop = () => undefined;

function finished(): GameClientState {
  const created = createGame({
    players: [
      { id: 'p1', name: 'Ann' },
      { id: 'p2', name: 'Ben' },
      { id: 'p3', name: 'Cid' },
    ],
  });
  const { client } = clientFor({ state: created.state, events: created.events }, 'p1');
  const view = client.view as NonNullable<GameClientState['view']>;
  const n = client.events.length;
  return {
    ...client,
    // Cid went out first (to Ann), then Ann (to Ben); Ben, with the lowest score, is the last Titan standing.
    events: [
      ...client.events,
      { seq: n + 1, event: { type: 'playerEliminated', player: 'p3', by: 'p1' } },
      { seq: n + 2, event: { type: 'playerEliminated', player: 'p1', by: 'p2' } },
    ],
    view: { ...view, result: { winner: 'p2', reason: 'lastTitan', totals: { p1: 240, p2: 90, p3: 130 } } },
    dice: { commitment: 'c'.repeat(64), seed: 'a'.repeat(64) },
  };
}

describe('the game-over panel', () => {
  it('lists the winner first (3), then the players from the last one out to the first one out', () => {
    const client = finished();
    const table = makeTable(client, client.view as NonNullable<GameClientState['view']>, [], noop, noop);
    const markup = renderToStaticMarkup(
      <TableContext.Provider value={table}>
        <GameOverPanel />
      </TableContext.Provider>,
    );
    const order = [...markup.matchAll(/<li data-player="(p\d)">/g)].map((m) => m[1]);
    expect(order).toEqual(['p2', 'p1', 'p3']);
    expect(markup).toContain('Ben wins the game!');
    expect(markup).toContain('Only one Titan was left standing (3).');
    expect(markup).toContain('<strong>Ann</strong>: 240 points, eliminated by Ben');
    expect(markup).toContain('<strong>Cid</strong>: 130 points, eliminated by Ann');
    expect(markup).toContain(`<code>${'a'.repeat(64)}</code>`);
  });
});
