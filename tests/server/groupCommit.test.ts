// The group commit (server/rooms/groupCommit.ts): an item submitted while nothing is being written goes at
// once, alone; what is submitted behind it in the same turn of the event loop goes together at the turn's end.
import { describe, expect, it } from 'vitest';
import { GroupCommit, type Outcome } from '../../server/rooms/groupCommit';

const turnEnd = () => new Promise<void>((resolve) => setImmediate(resolve));

function recorder() {
  const batches: string[][] = [];
  const pending: (() => void)[] = [];
  const commit = new GroupCommit<string, string>(
    (batch) => {
      batches.push([...batch]);
      return new Promise<readonly Outcome<string>[]>((resolve) =>
        pending.push(() => resolve(batch.map((item) => ({ ok: item.toUpperCase() })))),
      );
    },
    { maxBatch: 10, maxInFlight: 2, key: (item) => item },
  );
  const settle = () => {
    for (const done of pending.splice(0)) done();
  };
  return { batches, commit, settle };
}

describe('group commit', () => {
  it('writes an item submitted while nothing is written at once, in the same call, alone', async () => {
    const { batches, commit, settle } = recorder();
    const a = commit.submit('a');
    expect(batches).toEqual([['a']]);
    settle();
    expect(await a).toBe('A');
  });

  it('the items submitted behind it in the same turn are written together at the end of the turn', async () => {
    const { batches, commit, settle } = recorder();
    const all = ['a', 'b', 'c', 'd'].map((item) => commit.submit(item));
    expect(batches).toEqual([['a']]);
    await turnEnd();
    expect(batches).toEqual([['a'], ['b', 'c', 'd']]);
    // Two batches are being written (maxInFlight): the next item waits for one of them, then goes.
    const e = commit.submit('e');
    await turnEnd();
    expect(batches).toHaveLength(2);
    settle();
    expect(await Promise.all(all)).toEqual(['A', 'B', 'C', 'D']);
    await turnEnd();
    expect(batches).toEqual([['a'], ['b', 'c', 'd'], ['e']]);
    settle();
    expect(await e).toBe('E');
  });
});
