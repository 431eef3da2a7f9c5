// Cluster mode (issue 16): a tournament director's act on a game whose owning process was just killed with
// SIGKILL, sent to another process, is carried out (once the dead owner's lease lapsed, by whoever takes the
// game), not answered 503: time is called on the table's game. Three real server processes on one
// PostgreSQL and one Redis (skipped with a loud warning when either cannot be reached).
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Tokens } from '../../shared/protocol/rest';
import type { TournamentDetail } from '../../shared/protocol/tournament';
import { type ClusterNodeProcess, startCluster, stopCluster } from '../../tools/bench/cluster';
import { TestClient } from './support/client';
import { clusterStoresForFile } from './support/clusterStores';

let nodes: ClusterNodeProcess[] = [];
const stores = clusterStoresForFile({ stop: () => stopCluster(nodes) });

async function rest<T>(node: ClusterNodeProcess, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${node.url}${path}`, {
    method: body === undefined && !path.endsWith('/start') ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

describe('a cluster of three processes', () => {
  it("a director's act on a game whose owner was killed is carried out through another process", async (ctx) => {
    const { database, redisUrl, redisPrefix } = stores() ?? {};
    if (!database || !redisUrl) return ctx.skip();
    const leaseMs = 3000;
    nodes = await startCluster(3, { databaseUrl: database.url, redisUrl, redisPrefix, leaseMs });
    const [a, b, c] = nodes as [ClusterNodeProcess, ClusterNodeProcess, ClusterNodeProcess];
    const register = async (username: string) => {
      const res = await rest<Tokens>(a, '/api/auth/register', undefined, {
        username,
        password: 'a long password',
      });
      expect(res.status).toBe(201);
      return res.body;
    };
    const director = await register('killed-owner-director');
    const created = await rest<TournamentDetail>(a, '/api/tournaments', director.accessToken, {
      name: 'Killed owner',
      seed: 'killed-owner',
      stages: [{ kind: 'swiss', rounds: 1, tableSizes: [2] }],
    });
    expect(created.status).toBe(201);
    const base = `/api/tournaments/${created.body.id}`;
    const entrants: Tokens[] = [];
    for (const name of ['killed-owner-ann', 'killed-owner-bob']) {
      const entrant = await register(name);
      entrants.push(entrant);
      expect((await rest(a, `${base}/register`, entrant.accessToken, {})).status).toBe(200);
    }
    // Started on a: a owns the table's game.
    const started = await rest<TournamentDetail>(a, `${base}/start`, director.accessToken);
    expect(started.status).toBe(200);
    const table = started.body.stages[0]!.tables[0]!;

    a.process.kill('SIGKILL');
    await a.exited;
    const sent = Date.now();
    const ended = await rest<TournamentDetail>(b, `${base}/tables/${table.id}/end`, director.accessToken, {
      reason: 'the server room is on fire',
    });
    expect(ended.status).toBe(200);
    // Within a call's timeout, a lease's wait for the owner to be seen gone, and its lease's lapse.
    expect(Date.now() - sent).toBeLessThan(5_000 + 2 * leaseMs + 2_000);
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const called = await db.query(
        `SELECT 1 FROM "GameEvent" WHERE "gameId" = $1::uuid AND "type" = 'timeCalled'`,
        [table.game],
      );
      expect(called.rowCount).toBe(1);
    } finally {
      await db.end();
    }
    // The game, taken over, carries on: a player's intent (sent through c) is answered by its new owner.
    const ann = await TestClient.open(c.wsUrl, { token: entrants[0]!.accessToken });
    const reply = await ann.intent(table.game!, { type: 'callTime' });
    expect(reply).toMatchObject({ type: 'rejected', code: expect.not.stringMatching(/^unavailable$/) });
    await ann.close();
  }, 120_000);
});
