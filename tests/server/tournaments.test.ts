// Tournaments through the real server (REST for the director, the server's bots for bot entrants,
// registered entrants who never connect for absent players): Swiss rounds, heats with a cut to a semifinal
// and a final, a seeded two-player bracket, and the director's tools, each recorded in the log.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { rulesEngine } from '../../server/engine';
import { ADJOURNED } from '../../server/rooms/room';
import type { Seat } from '../../shared/protocol/messages';
import type { Tokens } from '../../shared/protocol/rest';
import type { createTournamentBody, TournamentDetail } from '../../shared/protocol/tournament';
import { drawRandom, planTables, seatKeepApart, shuffled } from '../../shared/tournament';
import { call, guest, ok, registered } from './support/api';
import { logOf, waitFor } from './support/games';
import { startServer, type TestServer, testConfig } from './support/server';

let server: TestServer;
let app: FastifyInstance;
let director: Tokens;
beforeAll(async () => {
  server = await startServer(testConfig());
  app = server.app;
  director = await registered(app, 'director');
});
afterAll(async () => {
  await server?.close();
});

const base = (id: string) => `/api/tournaments/${id}`;

async function create(body: z.input<typeof createTournamentBody>): Promise<TournamentDetail> {
  return ok(
    call<TournamentDetail>(app, 'POST', '/api/tournaments', { token: director.accessToken, body }),
    201,
  );
}

async function withBots(body: z.input<typeof createTournamentBody>, bots: number): Promise<TournamentDetail> {
  const t = await create(body);
  for (let i = 0; i < bots; i++) {
    await ok(
      call(app, 'POST', `${base(t.id)}/bots`, {
        token: director.accessToken,
        body: { name: `Bot ${i + 1}` },
      }),
    );
  }
  return t;
}

const act = (id: string, path: string, body?: unknown) =>
  ok(call<TournamentDetail>(app, 'POST', `${base(id)}${path}`, { token: director.accessToken, body }));

const read = (id: string) =>
  ok(call<TournamentDetail>(app, 'GET', base(id), { token: director.accessToken }));

async function finished(id: string): Promise<TournamentDetail> {
  await waitFor(async () => (await read(id)).status === 'finished', 'the tournament to finish', 300_000);
  return read(id);
}

describe('tournaments', () => {
  it('a guest cannot direct a tournament; a bad stage list is refused', async () => {
    const g = await guest(app, 'Gus');
    const refused = await call(app, 'POST', '/api/tournaments', {
      token: g.accessToken,
      body: { name: 'Nope', stages: [{ kind: 'swiss', rounds: 1 }] },
    });
    expect(refused.status).toBe(403);
    const cutFirst = await call(app, 'POST', '/api/tournaments', {
      token: director.accessToken,
      body: { name: 'Nope', stages: [{ kind: 'cut', advance: 4 }] },
    });
    expect(cutFirst.status).toBe(400);
  });

  it('9 entrants play 3 Swiss rounds at tables of 3 to final standings, seated from the published seed', async () => {
    const t = await withBots(
      { name: 'Swiss', seed: 'eleven', stages: [{ kind: 'swiss', rounds: 3, tableSizes: [3] }] },
      9,
    );
    await act(t.id, '/start');
    const done = await finished(t.id);
    const stage = done.stages[0]!;
    expect(stage.status).toBe('finished');
    expect(stage.tables).toHaveLength(9);
    expect(
      stage.tables.every((x) => x.status === 'finished' && x.game !== null && x.result?.source === 'game'),
    ).toBe(true);
    // Every entrant sat once per round.
    for (const round of [1, 2, 3]) {
      const seated = stage.tables
        .filter((x) => x.round === round)
        .flatMap((x) => x.entrants.map((e) => e.entrant));
      expect(new Set(seated).size).toBe(9);
    }
    // No tie remains: nine distinct ranks.
    expect(done.standings.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(stage.standings.every((r) => r.games === 3)).toBe(true);
    // Round 1 is what anyone with the seed computes: the seeding order, then the tables kept apart.
    const ids = done.entrants.map((e) => e.id).sort();
    const seeding = shuffled(ids, drawRandom('eleven', 'seeding'));
    const expected = seatKeepApart(
      seeding,
      planTables(9, [3]).sizes,
      drawRandom('eleven', 'stage 0 round 1'),
    );
    expect(stage.tables.filter((x) => x.round === 1).map((x) => x.entrants.map((e) => e.entrant))).toEqual(
      expected,
    );
    expect(done.log.map((l) => l.action)).toEqual(
      expect.arrayContaining([
        'started',
        'stageStarted',
        'roundSeated',
        'tableFinished',
        'stageFinished',
        'tournamentFinished',
      ]),
    );
  }, 300_000);

  it('heats (bots filling a short table) with a cut to two 3-player semifinals and a final', async () => {
    const t = await withBots(
      {
        name: 'Heats',
        seed: 'wbc',
        // 9 entrants at tables of 4: bots fill the third table instead of a bye.
        botsFill: true,
        stages: [
          { kind: 'heats', heats: 1, tableSizes: [4] },
          { kind: 'cut', advance: 6 },
          { kind: 'bracket', tableSize: 3 },
        ],
      },
      9,
    );
    await act(t.id, '/start');
    const done = await finished(t.id);
    const [heats, cut, bracket] = done.stages;
    expect(heats?.tables.map((x) => x.entrants.length + x.bots)).toEqual([4, 4, 4]);
    expect(heats?.tables.reduce((sum, x) => sum + x.bots, 0)).toBe(3);
    expect(cut?.advancing).toEqual(heats?.standings.slice(0, 6).map((r) => r.entrant));
    const semis = bracket!.tables.filter((x) => x.round === 1);
    const finals = bracket!.tables.filter((x) => x.round === 2);
    expect(semis.map((x) => x.entrants.length)).toEqual([3, 3]);
    expect(finals).toHaveLength(1);
    // The semifinal winners meet in the final; its winner is the champion.
    const winners = semis.map((x) => x.result!.seats.find((s) => s.place === 1)!.entrant).sort();
    expect(finals[0]!.entrants.map((e) => e.entrant).sort()).toEqual(winners);
    const champion = finals[0]!.result!.seats.find((s) => s.place === 1)!.entrant;
    expect(bracket?.advancing).toEqual([champion]);
    expect(done.standings[0]?.entrant).toBe(champion);
    // The top two seeds of the semifinals (the best two of the heats) were kept apart.
    const [first, second] = cut!.advancing;
    expect(
      semis.some(
        (x) => x.entrants.some((e) => e.entrant === first) && x.entrants.some((e) => e.entrant === second),
      ),
    ).toBe(false);
  }, 300_000);

  it('a seeded two-player bracket: byes to the top seeds, then played to its end', async () => {
    const t = await read(
      (await withBots({ name: 'Bracket', stages: [{ kind: 'bracket', tableSize: 2 }] }, 5)).id,
    );
    for (const [i, e] of t.entrants.entries()) {
      await act(t.id, `/entrants/${e.id}/seed`, { seed: i + 1 });
    }
    await act(t.id, '/start');
    const done = await finished(t.id);
    const seeds = t.entrants.map((e) => e.id);
    const tables = done.stages[0]!.tables;
    const round1 = tables.filter((x) => x.round === 1).map((x) => x.entrants.map((e) => e.entrant));
    // Bracket of 8: 1 v (8), 4 v 5, 2 v (7), 3 v (6): seeds 1, 2 and 3 have byes.
    expect(round1).toEqual([[seeds[0]], [seeds[3], seeds[4]], [seeds[1]], [seeds[2]]]);
    expect(tables.filter((x) => x.round === 1).map((x) => x.status)).toEqual([
      'bye',
      'finished',
      'bye',
      'bye',
    ]);
    const final = tables.filter((x) => x.round === 3);
    expect(final).toHaveLength(1);
    const champion = final[0]!.result!.seats.find((s) => s.place === 1)!.entrant;
    expect(done.standings[0]?.entrant).toBe(champion);
    expect(done.stages[0]?.advancing).toEqual([champion]);
  }, 300_000);

  it('director tools: adjourn, forfeit, correct a result and remove an entrant, each in the log', async () => {
    // Two registered entrants never connect: their tables wait for them.
    const t = await withBots(
      { name: 'Tools', seed: 'tools', stages: [{ kind: 'swiss', rounds: 2, tableSizes: [2] }] },
      2,
    );
    const absent: Tokens[] = [];
    for (const name of ['absent1', 'absent2']) {
      const user = await registered(app, name);
      absent.push(user);
      await ok(call(app, 'POST', `${base(t.id)}/register`, { token: user.accessToken, body: {} }));
    }
    const started = await act(t.id, '/start');
    expect(started.stages[0]?.tables.filter((x) => x.round === 1)).toHaveLength(2);
    const absentIds = new Set(started.entrants.filter((e) => e.kind === 'user').map((e) => e.id));
    await act(t.id, '/stages/0/adjourn', { reason: 'coffee' });
    // Adjourned: every game in play stops; nobody, not even the director, can play in it.
    const rooms = server.app.titan.rooms;
    const playing = (await read(t.id)).stages[0]!.tables.filter((x) => x.status === 'playing');
    for (const table of playing) {
      const room = rooms.loaded(table.game!)!;
      const seat = rulesEngine.pending(room.currentState).actor as Seat;
      expect(await room.forceAct(seat)).toMatchObject({ type: 'rejected', message: ADJOURNED });
    }
    await act(t.id, '/stages/0/resume');
    // Resumed: bot-only tables finish by themselves; tables with an absent entrant wait.
    await waitFor(
      async () =>
        (await read(t.id)).stages[0]!.tables.every(
          (x) => x.status !== 'playing' || x.entrants.some((e) => absentIds.has(e.entrant)),
        ),
      'the bot tables',
    );
    await act(t.id, '/stages/0/adjourn', { reason: 'lunch' });
    let now = await read(t.id);
    for (const table of now.stages[0]!.tables.filter((x) => x.status === 'playing')) {
      const winner = table.entrants.find((e) => !absentIds.has(e.entrant)) ?? table.entrants[0]!;
      now = await act(t.id, `/tables/${table.id}/forfeit`, {
        winner: winner.entrant,
        reason: 'did not show',
      });
    }
    // A forfeited game still in play ends at once: the director stops it (the engine's 'stopped').
    const forfeited = now.stages[0]!.tables.filter((x) => x.result?.source === 'forfeit');
    expect(forfeited.length).toBeGreaterThan(0);
    for (const table of forfeited) {
      const log = await logOf(server, table.game!);
      expect(log.at(-1)).toMatchObject({ type: 'gameOver', result: { reason: 'stopped' } });
      expect(rooms.loaded(table.game!)?.finished ?? true).toBe(true);
    }
    // Adjourned: round 2 is not seated although round 1 is over.
    expect(now.stages[0]?.round).toBe(1);
    const table = now.stages[0]!.tables[0]!;
    const [a, b] = table.entrants;
    now = await act(t.id, `/tables/${table.id}/correct`, {
      reason: 'scoresheet error',
      seats: [
        { entrant: b!.entrant, place: 1, titansKilled: 1, score: 150 },
        { entrant: a!.entrant, place: 2 },
      ],
    });
    expect(now.stages[0]?.tables[0]?.result?.source).toBe('correction');
    const removedId = [...absentIds][0]!;
    await act(t.id, `/entrants/${removedId}/remove`, { reason: 'unsporting conduct' });
    now = await act(t.id, '/stages/0/resume');
    const round2 = now.stages[0]!.tables.filter((x) => x.round === 2);
    expect(round2.length).toBeGreaterThan(0);
    expect(round2.flatMap((x) => x.entrants.map((e) => e.entrant))).not.toContain(removedId);
    expect(now.log.map((l) => l.action)).toEqual(
      expect.arrayContaining(['adjourned', 'forfeit', 'corrected', 'removed', 'resumed']),
    );
    expect(now.log.find((l) => l.action === 'corrected')?.detail.reason).toBe('scoresheet error');
    // Only the director may use the tools.
    const refused = await call(app, 'POST', `${base(t.id)}/stages/0/adjourn`, {
      token: absent[1]!.accessToken,
      body: { reason: 'me' },
    });
    expect(refused.status).toBe(403);
  }, 300_000);
  it('an adjourned stage stays adjourned over a restart: its games are paused again, and resume', async () => {
    const config = testConfig();
    let own = await startServer(config);
    try {
      const users: Tokens[] = [];
      for (const username of ['director2', 'slow1', 'slow2']) {
        users.push(await registered(own.app, username));
      }
      const [td, ...players] = users;
      const post = (path: string, token: string, body?: unknown) =>
        ok(call<TournamentDetail>(own.app, 'POST', path, { token, body }));
      const t = await ok(
        call<TournamentDetail>(own.app, 'POST', '/api/tournaments', {
          token: td!.accessToken,
          body: { name: 'Restart', seed: 'restart', stages: [{ kind: 'swiss', rounds: 1, tableSizes: [2] }] },
        }),
        201,
      );
      for (const p of players) await post(`${base(t.id)}/register`, p.accessToken, {});
      const started = await post(`${base(t.id)}/start`, td!.accessToken);
      await post(`${base(t.id)}/stages/0/adjourn`, td!.accessToken, { reason: 'power cut' });
      const game = started.stages[0]!.tables[0]!.game!;
      await own.close();
      own = await startServer(config);
      const room = (await own.app.titan.rooms.get(game))!;
      const seat = () => rulesEngine.pending(room.currentState).actor as Seat;
      expect(await room.forceAct(seat())).toMatchObject({ type: 'rejected', message: ADJOURNED });
      await post(`${base(t.id)}/stages/0/resume`, td!.accessToken);
      expect(await room.forceAct(seat())).toMatchObject({ type: 'accepted' });
    } finally {
      await own.close();
    }
  }, 120_000);
  it('stand-ins: an absent entrant replaced by the bot, the other removed (errata 20.0), time called (Law 21.1)', async () => {
    const t = await create({
      name: 'Stand-ins',
      seed: 'stand',
      stages: [{ kind: 'swiss', rounds: 1, tableSizes: [2] }],
    });
    for (const name of ['gone1', 'gone2']) {
      const user = await registered(app, name);
      await ok(call(app, 'POST', `${base(t.id)}/register`, { token: user.accessToken, body: {} }));
    }
    const started = await act(t.id, '/start');
    const table = started.stages[0]!.tables[0]!;
    const [first, second] = table.entrants;
    // Law 21.1: the player on turn finishes, then each has one more turn; nobody here acts yet.
    await act(t.id, `/tables/${table.id}/end`, { reason: 'the round is over time' });
    await act(t.id, `/tables/${table.id}/replace`, { entrant: first!.entrant, reason: 'absent' });
    await act(t.id, `/entrants/${second!.entrant}/remove`, { reason: 'unsporting conduct' });
    const done = await finished(t.id);
    const result = done.stages[0]!.tables[0]!.result!;
    expect(result.source).toBe('game');
    expect(done.standings.map((r) => r.entrant)).toEqual([first!.entrant, second!.entrant]);
    const log = (await logOf(server, table.game!)) as { type: string; forced?: { by: string } }[];
    expect(log.some((e) => e.type === 'timeCalled')).toBe(true);
    expect(log.filter((e) => e.type === 'playerForced').every((e) => e.forced?.by === 'director')).toBe(true);
    expect(log.some((e) => e.type === 'playerForced')).toBe(true);
    expect(done.log.map((l) => l.action)).toEqual(
      expect.arrayContaining(['timeCalled', 'replacedByBot', 'removed']),
    );
  }, 300_000);
  it("a spectator sees the tournament as late as its games' broadcast delay; the director sees it live", async () => {
    const t = await withBots(
      {
        name: 'Delayed',
        broadcastDelaySeconds: 3600,
        stages: [{ kind: 'swiss', rounds: 1, tableSizes: [2] }],
      },
      2,
    );
    await act(t.id, '/start');
    const live = await finished(t.id);
    expect(live.stages[0]?.tables[0]?.result).not.toBeNull();
    const watcher = await guest(app, 'Watcher');
    const seen = await ok(call<TournamentDetail>(app, 'GET', base(t.id), { token: watcher.accessToken }));
    // An hour late: the round is not even seated for him yet, and nothing is finished.
    expect(seen.status).toBe('running');
    expect(seen.stages[0]?.tables).toEqual([]);
    expect(seen.stages[0]?.standings.every((r) => r.games === 0)).toBe(true);
    expect(seen.log.map((l) => l.action)).not.toContain('tableFinished');
  }, 300_000);
});
