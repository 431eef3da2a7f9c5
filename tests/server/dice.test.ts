// The dice stream (server/rooms/dice.ts): deterministic from the seed, fair, resumable from a cursor,
// committed to by SHA-256, and verifiable once the seed is revealed.
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  commitmentOf,
  newSeed,
  recordingDice,
  rollFromStream,
  rollsInEvents,
  verifyDice,
} from '../../server/rooms/dice';
import type { GameEvent } from '../../shared/engine/events';

const SEED = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

describe('dice', () => {
  it('derives each die from HMAC-SHA256(seed, counter) bytes below 252, as the README says', () => {
    const block0 = createHmac('sha256', Buffer.from(SEED, 'hex')).update(Buffer.alloc(8)).digest();
    const expected = [...block0].filter((b) => b < 252).map((b) => 1 + (b % 6));
    const { rolls, cursor } = rollFromStream(SEED, 0, expected.length);
    expect(rolls).toEqual(expected);
    expect(cursor).toBeLessThanOrEqual(32);
  });

  it('continues from a cursor exactly as one long draw would (restart-safe)', () => {
    const all = rollFromStream(SEED, 0, 500).rolls;
    let cursor = 0;
    const pieces: number[] = [];
    for (const n of [1, 3, 2, 40, 7, 100, 347]) {
      const next = rollFromStream(SEED, cursor, n);
      pieces.push(...next.rolls);
      cursor = next.cursor;
    }
    expect(pieces).toEqual(all);
  });

  it('is fair enough: each face near 1/6 over 60,000 dice', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (const r of rollFromStream(newSeed(), 0, 60_000).rolls) counts[r - 1]! += 1;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(600); // > 6 standard deviations
  });

  it('a recording dice remembers what it rolled and where the stream stands', () => {
    const dice = recordingDice(SEED, 10);
    const a = dice.roll(2);
    const b = dice.roll(3);
    expect(dice.rolled).toEqual([...a, ...b]);
    expect(rollFromStream(SEED, 10, 5)).toEqual({ rolls: [...a, ...b], cursor: dice.cursor });
  });

  it('the commitment is SHA-256 of the seed bytes; verification finds a wrong seed or a changed roll', () => {
    expect(commitmentOf(SEED)).toBe(createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex'));
    const first = rollFromStream(SEED, 0, 2);
    const second = rollFromStream(SEED, first.cursor, 3);
    const log: GameEvent[] = [
      { type: 'towerRolled', player: 'p1', roll: first.rolls[0]! },
      { type: 'towerRolled', player: 'p2', roll: first.rolls[1]! },
      { type: 'movementRolled', player: 'p1', roll: second.rolls[0]!, mulligan: false },
      {
        type: 'rangestrikeRolled',
        striker: 'Bk01-1',
        target: 'Rd01-2',
        strikeNumber: 4,
        dice: 2,
        rolls: second.rolls.slice(1),
        hits: 0,
      },
    ];
    expect(rollsInEvents(log)).toEqual([...first.rolls, ...second.rolls]);
    const proof = {
      commitment: commitmentOf(SEED),
      seed: SEED,
      rolls: [
        { seq: 4, dice: first.rolls },
        { seq: 8, dice: second.rolls },
      ],
    };
    expect(verifyDice(proof, log)).toEqual([]);
    expect(verifyDice({ ...proof, seed: newSeed() }, log).length).toBeGreaterThan(0);
    const altered = [...second.rolls.slice(0, 2), (second.rolls[2]! % 6) + 1];
    const changed = {
      ...proof,
      rolls: [
        { seq: 4, dice: first.rolls },
        { seq: 8, dice: altered },
      ],
    };
    expect(verifyDice(changed)).toHaveLength(1);
    expect(verifyDice(proof, log.slice(0, 3))).toContain('the events show other rolls');
  });
});
