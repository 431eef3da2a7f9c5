// @vitest-environment happy-dom
// The lobby (issue 14): the running games where it is my move are marked and counted, and my finished games
// are listed with a way to their result.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameSummary } from '../../shared/protocol/rest';

const U = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const me = { id: U(1), name: 'Ann', guest: true, username: null };

function game(n: number, status: GameSummary['status'], yourMove: boolean): GameSummary {
  return {
    id: U(100 + n),
    status,
    creator: { id: me.id, name: 'Ann' },
    seats: [
      { seat: 'p1', occupant: { kind: 'user', userId: me.id, name: 'Ann' } },
      { seat: 'p2', occupant: { kind: 'bot', name: 'Bot 2', level: 'random' } },
    ],
    options: { variant: 'default', handicapMulligans: {}, broadcastDelaySeconds: 0 },
    inviteOnly: false,
    inviteCode: null,
    spectatorsAllowed: true,
    yourSeat: 'p1',
    yourMove,
    seq: 10,
    dice: { commitment: null, seed: null },
    createdAt: new Date(0).toISOString(),
    startedAt: new Date(0).toISOString(),
    finishedAt: status === 'finished' ? new Date(0).toISOString() : null,
  } as GameSummary;
}

class SilentSocket {
  onopen = null;
  onmessage = null;
  onclose = null;
  send() {}
  close() {}
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.resetModules();
  localStorage.clear();
});

describe('the lobby', () => {
  it('counts the games where it is my move and lists my finished games', async () => {
    localStorage.setItem(
      'titan.session',
      JSON.stringify({
        accessToken: 'a',
        accessTokenExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        refreshToken: 'r',
        refreshTokenExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        user: me,
      }),
    );
    vi.stubGlobal('WebSocket', SilentSocket);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        const games = path.includes('status=finished')
          ? [game(3, 'finished', false)]
          : [game(1, 'running', true), game(2, 'running', false)];
        return new Response(JSON.stringify({ games }), { status: 200 });
      }),
    );
    const { LobbyScreen } = await import('../../web-client/src/lobby/LobbyScreen');
    render(<LobbyScreen user={me} />);
    await screen.findByText('Your finished games');
    expect((await screen.findByText('your move in 1 game')).getAttribute('data-count')).toBe('1');
    expect(document.title).toBe('(1) Your move · Titan');
    const finished = document.querySelector('.finished-games') as HTMLElement;
    expect(finished.querySelectorAll('li.game-item')).toHaveLength(1);
    expect(finished.querySelector('li.game-item')?.getAttribute('data-game')).toBe(U(103));
    expect(finished.textContent).toContain('See the result');
  });
});
