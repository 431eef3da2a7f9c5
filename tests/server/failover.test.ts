// Losing a process of a cluster (issue 16): three real server processes on one PostgreSQL and one Redis;
// the one owning 50 running games is killed with SIGKILL mid-play. The others adopt every game once its
// lease expired (rebuilt from the log); the players reconnect and resume as after a restart (last seq,
// unanswered intent sent again with its id), and every intent a player saw accepted is in the log.
import { describe, expect, it } from 'vitest';
import { type ClusterNodeProcess, failover, startCluster, stopCluster } from '../../tools/bench/cluster';
import { clusterStoresForFile } from './support/clusterStores';

let nodes: ClusterNodeProcess[] = [];
const stores = clusterStoresForFile({ stop: () => stopCluster(nodes) });

describe('a cluster of three processes', () => {
  it('kill -9 of the process owning 50 running games: every game resumes on another, no acknowledged intent lost', async (ctx) => {
    const { database, redisUrl, redisPrefix } = stores() ?? {};
    if (!database || !redisUrl) return ctx.skip();
    nodes = await startCluster(3, { databaseUrl: database.url, redisUrl, redisPrefix, leaseMs: 3000 });
    const result = await failover(nodes, database.url, 50, {
      beforeKill: 3,
      afterKill: 2,
      timeoutMs: 240_000,
    });
    expect(result.acknowledged).toBeGreaterThanOrEqual(50 * 3);
    expect(result.resumed).toBe(50);
    expect(result.lost).toBe(0);
    expect(result.reconnects).toBeGreaterThanOrEqual(50); // the owner's own sockets at least
  }, 400_000);
});
