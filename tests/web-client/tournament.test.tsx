// @vitest-environment happy-dom
// The tournament page: entrants, stages, tables with a link to watch each game, live standings, and the
// director's controls calling the REST routes (the server records them in the tournament's log).
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TournamentDetail } from '../../shared/protocol/tournament';

const U = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const director = { id: U(1), name: 'Dora', guest: false, username: 'dora' };
const entrants = [U(11), U(12), U(13)];
const game = U(21);

function detail(youDirect: boolean): TournamentDetail {
  const row = (entrant: string, rank: number, wins: number) => ({
    rank,
    entrant,
    name: `E${rank}`,
    games: 1,
    counts: [wins, 0, 0, 0, 0, 0],
    opponents: [0, 0, 0, 0, 0, 0],
    placementPoints: wins * 1000,
    score: 10 * wins,
    roll: rank,
  });
  return {
    id: U(2),
    name: 'Spring Swiss',
    status: 'running',
    director: { id: director.id, name: director.name },
    seed: 'eleven',
    inviteOnly: false,
    inviteCode: null,
    entrantCount: 3,
    stageKinds: ['swiss'],
    registrationOpensAt: null,
    registrationClosesAt: null,
    youDirect,
    youAreEntered: false,
    createdAt: new Date(0).toISOString(),
    startedAt: new Date(0).toISOString(),
    finishedAt: null,
    settings: {
      name: 'Spring Swiss',
      gameOptions: {},
      stages: [{ kind: 'swiss', rounds: 2, tableSizes: [3], autoAdvance: true }],
      inviteOnly: false,
      registrationOpensAt: null,
      registrationClosesAt: null,
      broadcastDelaySeconds: 0,
      botsFill: false,
      tieBreaks: ['wins', 'roll'],
      placementPoints: [1000, 100, 10, 1, 0, 0],
    },
    entrants: entrants.map((id, i) => ({
      id,
      name: `E${i + 1}`,
      kind: 'user',
      userId: U(31 + i),
      seed: null,
      status: 'active',
    })),
    stages: [
      {
        index: 0,
        settings: { kind: 'swiss', rounds: 2, tableSizes: [3], autoAdvance: true },
        status: 'running',
        round: 1,
        tables: [
          {
            id: U(41),
            round: 1,
            number: 1,
            game,
            invite: null,
            entrants: entrants.map((e, i) => ({ entrant: e, name: `E${i + 1}` })),
            bots: 0,
            status: 'playing',
            result: null,
          },
        ],
        standings: [row(U(11), 1, 1), row(U(12), 2, 0), row(U(13), 3, 0)],
        advancing: [],
      },
    ],
    standings: entrants.map((e, i) => ({ rank: i + 1, entrant: e, name: `E${i + 1}` })),
    log: [
      {
        id: 1,
        at: new Date(0).toISOString(),
        actor: director.id,
        action: 'started',
        detail: { entrants: 3 },
      },
    ],
  };
}

const calls: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  localStorage.setItem(
    'titan.session',
    JSON.stringify({
      accessToken: 'a',
      accessTokenExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      refreshToken: 'r',
      refreshTokenExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      user: director,
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.resetModules();
  localStorage.clear();
  globalThis.location.hash = '';
});

async function renderPage(youDirect: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: { method: string; body?: string }) => {
      calls.push({ method: init.method, path, body: init.body ? JSON.parse(init.body) : undefined });
      return new Response(JSON.stringify(detail(youDirect)), { status: 200 });
    }),
  );
  const { TournamentScreen } = await import('../../web-client/src/tournament/TournamentScreen');
  render(<TournamentScreen user={director} id={U(2)} />);
  await screen.findByText('Spring Swiss', { exact: false });
}

describe('the tournament page', () => {
  it('shows entrants, the standings and a link to watch each table', async () => {
    await renderPage(false);
    expect(screen.getByText(/seed/).textContent).toContain('eleven');
    const table = document.querySelector('table.standings') as HTMLTableElement;
    expect([...table.querySelectorAll('tbody tr')].map((r) => r.children[1]?.textContent)).toEqual([
      'E1',
      'E2',
      'E3',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Watch' }));
    expect(globalThis.location.hash).toBe(`#/watch/${game}`);
    // Not the director: no controls.
    expect(screen.queryByRole('button', { name: 'Adjourn' })).toBeNull();
  });

  it("the director's adjourn asks a reason and calls the route", async () => {
    await renderPage(true);
    vi.stubGlobal('prompt', () => 'lunch');
    fireEvent.click(screen.getByRole('button', { name: 'Adjourn' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/stages/0/adjourn'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/stages/0/adjourn'))).toMatchObject({
      method: 'POST',
      body: { reason: 'lunch' },
    });
  });
});
