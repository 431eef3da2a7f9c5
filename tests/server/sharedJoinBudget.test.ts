// Cluster mode: each user's joins and syncs per second (issue 12) come from one budget over every server
// process, in Redis: joins sent at once through three processes (three connections) pass only as many
// times as one process would let them; another user's budget is his own. Skipped with a loud warning when
// Redis cannot be reached.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { localJoinBudget, sharedJoinBudget } from '../../server/ws/joinBudget';
import { redisForFile } from './support/redis';

const redis = redisForFile();

describe('the join budget shared by three processes', () => {
  it("lets a user's burst through once over all of them, as one process would", async (ctx) => {
    const url = redis.url();
    if (!url) return ctx.skip();
    const connections = redis.connect(3);
    // One join per second, bursts of three: well under a second passes between the first and the last try.
    const budgets = connections.map((r) => sharedJoinBudget(r, 1));
    const local = localJoinBudget(1);
    const [ann, bob] = [`u-${randomUUID()}`, `u-${randomUUID()}`];
    const alone = Array.from({ length: 9 }, () => local.take(ann));
    expect(alone.filter(Boolean)).toHaveLength(3);
    const taken = await Promise.all(Array.from({ length: 9 }, (_, i) => budgets[i % 3]!.take(ann)));
    expect(taken.filter(Boolean)).toHaveLength(3);
    expect(await budgets[0]!.take(bob)).toBe(true);
    await connections[0]!.del(`joins:${ann}`, `joins:${bob}`);
  });
});
