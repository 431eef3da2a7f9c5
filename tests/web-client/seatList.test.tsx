// @vitest-environment happy-dom
// The lobby's seats (issue 15): the creator picks each bot's level beside "Add a bot", the route is called with
// it, and a bot's seat shows its level.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameSummary } from '../../shared/protocol/rest';

const U = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ann = { id: U(1), name: 'Ann', guest: false, username: 'ann' };

function game(p2: GameSummary['seats'][number]['occupant']): GameSummary {
  return {
    id: U(2),
    status: 'open',
    creator: { id: ann.id, name: ann.name },
    seats: [
      { seat: 'p1', occupant: { kind: 'user', userId: ann.id, name: ann.name } },
      { seat: 'p2', occupant: p2 },
    ],
    options: { variant: 'default', handicapMulligans: {}, timeControl: null, broadcastDelaySeconds: 0 },
    inviteOnly: false,
    inviteCode: null,
    spectatorsAllowed: true,
    yourSeat: 'p1',
    seq: 0,
    dice: { commitment: null, seed: null },
    createdAt: new Date(0).toISOString(),
    startedAt: null,
    finishedAt: null,
  } as GameSummary;
}

const calls: { path: string; body: unknown }[] = [];
beforeEach(() => {
  calls.length = 0;
  localStorage.setItem(
    'titan.session',
    JSON.stringify({
      accessToken: 'a',
      accessTokenExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      refreshToken: 'r',
      refreshTokenExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      user: ann,
    }),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: { body?: string }) => {
      const body = init.body ? (JSON.parse(init.body) as { level: 'strong' }) : undefined;
      calls.push({ path, body });
      return new Response(
        JSON.stringify(game({ kind: 'bot', name: 'Bot 2', level: body?.level ?? 'random' })),
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.resetModules();
  localStorage.clear();
});

describe('the lobby seats a bot at a level (issue 15)', () => {
  it('the level chosen beside Add a bot goes to the route, and the seat then shows it', async () => {
    const { SeatList } = await import('../../web-client/src/lobby/SeatList');
    let shown = game({ kind: 'empty' });
    const view = render(<SeatList game={shown} user={ann} onChange={(g) => (shown = g)} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Bot level for seat 2' }), {
      target: { value: 'strong' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add a bot' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      path: `/api/games/${U(2)}/bots`,
      body: { seat: 'p2', level: 'strong' },
    });
    await waitFor(() => expect(shown.seats[1]?.occupant).toMatchObject({ kind: 'bot', level: 'strong' }));
    view.rerender(<SeatList game={shown} user={ann} onChange={(g) => (shown = g)} />);
    expect(screen.getByText('strong bot')).toBeTruthy();
  });
});
