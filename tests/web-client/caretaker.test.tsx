// 20.1: the caretaker's stacks, counted for every player; and the "how to play here" page's route (issue 14).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../shared/engine/index';
import type { GameClientState } from '../../web-client/src/app/gameState';
import { parseRoute, routeHash } from '../../web-client/src/app/route';
import { CaretakerPanel } from '../../web-client/src/game/CaretakerPanel';
import { makeTable, TableContext } from '../../web-client/src/game/table';
import { clientFor } from './fixtures';

const noop = () => undefined;

describe("the caretaker's stacks", () => {
  it('20.1: shows how many of each creature the caretaker still has', () => {
    const created = createGame({
      players: [
        { id: 'p1', name: 'Ann' },
        { id: 'p2', name: 'Ben' },
      ],
    });
    const { client } = clientFor({ state: created.state, events: created.events }, null);
    const view = client.view as NonNullable<GameClientState['view']>;
    const table = makeTable(client, view, [], noop, noop);
    const markup = renderToStaticMarkup(
      <TableContext.Provider value={table}>
        <CaretakerPanel />
      </TableContext.Provider>,
    );
    for (const [creature, n] of Object.entries(view.caretaker)) {
      expect(markup).toContain(`<li data-creature="${creature}"`);
      expect(markup).toMatch(new RegExp(`${creature} <strong>${n}</strong>`));
    }
  });

  it('the help page has its own address', () => {
    expect(routeHash({ page: 'help' })).toBe('#/help');
    expect(parseRoute('#/help')).toEqual({ page: 'help' });
  });
});
