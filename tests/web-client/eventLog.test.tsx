// @vitest-environment happy-dom
// The whole history of a running game (issue 14): the latest lines first, and every earlier one on request, from
// the game's first event; each line in a player's words, never a private event of another player.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Intent } from '../../shared/engine/index';
import { EventLog, HISTORY_PAGE } from '../../web-client/src/game/EventLog';
import { playUntil, renderAt } from './fixtures';

afterEach(cleanup);

describe('the history panel', () => {
  // A quiet game (no attack, no withdrawal) long enough for more lines than one page.
  const played = playUntil(
    (s) => (s.turn?.number ?? 0) >= 26,
    (legal) =>
      legal.find(
        (i) =>
          !['withdraw', 'undoMove', 'takeMulligan'].includes(i.type) &&
          !(i.type === 'moveLegion' && i.entry != null),
      ) ?? (legal[0] as Intent),
  );

  it('shows the latest lines, then earlier ones a page at a time, back to the first event', () => {
    renderAt(played, 'p2', <EventLog />);
    const log = screen.getByRole('log');
    const lines = () => within(log).getAllByRole('listitem');
    expect(lines()).toHaveLength(HISTORY_PAGE);
    const total = Number(
      /\((\d+) more\)/.exec(screen.getByText(/Show the whole game/).textContent ?? '')?.[1],
    );
    expect(total).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: /earlier lines/ }));
    expect(lines()).toHaveLength(Math.min(2 * HISTORY_PAGE, HISTORY_PAGE + total));
    const whole = screen.queryByRole('button', { name: /Show the whole game/ });
    if (whole !== null) fireEvent.click(whole);
    expect(lines()).toHaveLength(HISTORY_PAGE + total);
    expect(lines()[0]?.textContent).toBe('The game was created for Ann, Ben.');
    expect(screen.queryByRole('button', { name: /earlier lines/ })).toBeNull();
    // Ann's splits are hers: Ben's history tells the contents of his own splits only (4.3).
    const bens = played.events.filter((e) => e.type === 'splitContents' && e.player === 'p2').length;
    expect(played.events.some((e) => e.type === 'splitContents' && e.player === 'p1')).toBe(true);
    expect(lines().filter((l) => l.textContent?.startsWith('Your split')).length).toBe(bens);
  });
});
