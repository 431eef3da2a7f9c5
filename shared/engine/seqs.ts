// Each viewer's numbering of the log (errata 9.3, view.ts `numberedBy`): the log's events are numbered
// 1, 2, 3, … as they were appended; a viewer numbers, in the same order, the events he is dealt (seen whole or
// as the hidden stub), which are all of them but the steps of negotiations he is outside of. His seq at a
// point of the log is how many of the events up to it he numbers. Everything here follows from the log
// alone, so every server process, a restart, the history and a replay give a viewer the same numbers.
import type { GameEvent } from './events';
import type { PlayerId, Viewer } from './types';
import { numberedBy } from './view';

/** An event of the log that only some number: its log seq, and who. */
export interface SecretStep {
  readonly seq: number;
  readonly by: readonly PlayerId[];
}

/** The numbering of the log up to `seq` (its last event, for the next one's `numberedBy`). */
export interface LogNumbering {
  readonly seq: number;
  readonly last: GameEvent | null;
  /** In log order. */
  readonly secret: readonly SecretStep[];
}

/** The numbering of an empty log. */
export const EMPTY_NUMBERING: LogNumbering = { seq: 0, last: null, secret: [] };

/** The numbering after `events`, appended to the log after `n`. */
export function numberLog(n: LogNumbering, events: readonly GameEvent[]): LogNumbering {
  let { seq, last } = n;
  let secret = n.secret;
  for (const event of events) {
    seq += 1;
    const by = numberedBy(last, event);
    if (by !== 'all') secret = [...secret, { seq, by }];
    last = event;
  }
  return { seq, last, secret };
}

const numbers = (viewer: Viewer, step: SecretStep): boolean =>
  'player' in viewer && step.by.includes(viewer.player);

/** Whether `viewer` numbers the event at log seq `seq`. */
export function numberedFor(n: LogNumbering, viewer: Viewer, seq: number): boolean {
  const step = n.secret.find((s) => s.seq === seq);
  return step === undefined || numbers(viewer, step);
}

/** `viewer`'s seq at log seq `seq`: how many of the events up to it he numbers. */
export function seqSeenBy(n: LogNumbering, viewer: Viewer, seq: number): number {
  let seen = seq;
  for (const step of n.secret) {
    if (step.seq > seq) break;
    if (!numbers(viewer, step)) seen -= 1;
  }
  return seen;
}

/** The log seq of `viewer`'s seq `seen`: the first point of the log where he holds it (0 for 0). */
export function logSeqOf(n: LogNumbering, viewer: Viewer, seen: number): number {
  let seq = seen;
  for (const step of n.secret) {
    if (step.seq > seq) break;
    if (!numbers(viewer, step)) seq += 1;
  }
  return seq;
}
