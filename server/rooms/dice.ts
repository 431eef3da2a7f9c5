// The game's dice: a deterministic stream from a secret 32-byte seed (a CSPRNG draw per game), so that
// once the seed is revealed anyone can re-derive every roll of the log (README, "Verifying the dice").
//
//   block k   = HMAC-SHA256(key = seed, message = k as an 8-byte big-endian integer), k = 0, 1, 2, ...
//   stream    = block 0 ‖ block 1 ‖ ...  (bytes)
//   a die     = take the next byte b; if b < 252 the die is 1 + (b mod 6), otherwise skip it
//               (252 = 42 × 6, so every face is equally likely)
//   cursor    = how many bytes have been taken so far (persisted with the game)
//   commitment = SHA-256(seed), published when the game starts; the seed is revealed when it ends.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { GameEvent } from '../../shared/engine/events';
import type { Dice } from '../../shared/engine/types';

const BLOCK = 32;

export const newSeed = (): string => randomBytes(32).toString('hex');

export const commitmentOf = (seedHex: string): string =>
  createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');

function block(seed: Buffer, k: number): Buffer {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(k));
  return createHmac('sha256', seed).update(counter).digest();
}

/** The latest block derived per seed (a block holds about 30 dice, so most rolls of a game read the one
 *  before): one HMAC per block instead of one per roll (issue 16). Bounded: the oldest seed is let go. */
const latestBlocks = new Map<string, { readonly seed: Buffer; readonly k: number; readonly bytes: Buffer }>();
const LATEST_BLOCKS = 2048;

/** Block `k` of the seed's stream (read only: it may be the cached one). */
function blockOf(seedHex: string, k: number): Buffer {
  const latest = latestBlocks.get(seedHex);
  if (latest?.k === k) return latest.bytes;
  const seed = latest?.seed ?? Buffer.from(seedHex, 'hex');
  const bytes = block(seed, k);
  latestBlocks.delete(seedHex);
  latestBlocks.set(seedHex, { seed, k, bytes });
  if (latestBlocks.size > LATEST_BLOCKS) latestBlocks.delete(latestBlocks.keys().next().value!);
  return bytes;
}

/** `count` dice from the stream starting at byte `cursor`, and the cursor after them. */
export function rollFromStream(
  seedHex: string,
  cursor: number,
  count: number,
): { readonly rolls: number[]; readonly cursor: number } {
  const rolls: number[] = [];
  let k = Math.floor(cursor / BLOCK);
  let bytes = blockOf(seedHex, k);
  while (rolls.length < count) {
    if (Math.floor(cursor / BLOCK) !== k) {
      k = Math.floor(cursor / BLOCK);
      bytes = blockOf(seedHex, k);
    }
    const b = bytes[cursor % BLOCK]!;
    cursor += 1;
    if (b < 252) rolls.push(1 + (b % 6));
  }
  return { rolls, cursor };
}

/** A Dice for one `decide` call: it remembers what it rolled and where the stream stands, so the room
 *  persists both with the events (and forgets them if the intent is rejected). */
export interface RecordingDice extends Dice {
  readonly rolled: readonly number[];
  readonly cursor: number;
}

export function recordingDice(seedHex: string, startCursor: number): RecordingDice {
  const rolled: number[] = [];
  let cursor = startCursor;
  return {
    roll(count: number) {
      if (!Number.isInteger(count) || count < 0) throw new Error(`dice.roll(${count})`);
      const next = rollFromStream(seedHex, cursor, count);
      cursor = next.cursor;
      rolled.push(...next.rolls);
      return next.rolls;
    },
    get rolled() {
      return rolled;
    },
    get cursor() {
      return cursor;
    },
  };
}

/** Every die the events record, in log order (the engine records each roll in an event). */
export function rollsInEvents(events: readonly GameEvent[]): number[] {
  return events.flatMap((e, i) => {
    switch (e.type) {
      case 'towerRolled':
        return [e.roll];
      case 'movementRolled': {
        // A power that picks one of the dice it showed (CE 41, 64 M1) marks the pick: not a new roll.
        const before = events[i - 1];
        const picked = before?.type === 'powerUsed' && before.data.picked === e.roll;
        return picked ? [] : [e.roll];
      }
      case 'strikeRolled':
      case 'rangestrikeRolled': {
        // A power that shows an attack's dice itself and keeps some of them (CE 27, 41, 64 B1) marks the kept
        // roll as picked: the strike's rolls are not new.
        const before = events[i - 1];
        const picked = before?.type === 'powerUsed' ? before.data.picked : undefined;
        return Array.isArray(picked) && picked.join() === e.rolls.join() ? [] : [...e.rolls];
      }
      case 'playerForced':
      // Cosmic Encounter Titan: the draws of the powers, the tie-breaks, the towers and order of play.
      case 'powersDrawn':
      case 'powerAssigned':
      case 'setUpDrawn':
        return [...e.rolls];
      // A power's act shows the dice it rolled, in order, as `data.rolls` (ce/power.ts).
      case 'powerUsed': {
        const rolls = e.data.rolls;
        return Array.isArray(rolls) ? rolls.filter((r): r is number => typeof r === 'number') : [];
      }
      default:
        return [];
    }
  });
}

/**
 * Checks a finished game's dice: the seed matches the published commitment, the rolls recorded for
 * each accepted intent, in order, are exactly the stream's, and (given the whole log) they are exactly
 * the rolls its events show. Returns the problems found (none: verified).
 */
export function verifyDice(
  proof: {
    readonly commitment: string;
    readonly seed: string;
    readonly rolls: readonly { readonly seq: number; readonly dice: readonly number[] }[];
  },
  log?: readonly GameEvent[],
): string[] {
  const problems: string[] = [];
  if (log) {
    const shown = rollsInEvents(log).join();
    if (shown !== proof.rolls.flatMap((r) => r.dice).join()) problems.push('the events show other rolls');
  }
  if (commitmentOf(proof.seed) !== proof.commitment) problems.push('SHA-256(seed) is not the commitment');
  let cursor = 0;
  for (const { seq, dice } of proof.rolls) {
    const next = rollFromStream(proof.seed, cursor, dice.length);
    cursor = next.cursor;
    if (next.rolls.join() !== dice.join()) {
      problems.push(
        `the dice of the intent ending at seq ${seq} are not the seed's (${dice} ≠ ${next.rolls})`,
      );
    }
  }
  return problems;
}
