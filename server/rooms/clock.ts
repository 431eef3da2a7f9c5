// A timed game's clock (errata 20.4, 21.0; Law 21.1, 21.2): pure arithmetic over the record persisted with
// the game (`Game.clock`, written by the same statement that appends the events it follows). The room
// decides WHEN (its timer, at `nextExpiry`); the engine decides WHAT is played (`decideForced`, `callTime`).
//
// Time is charged only while the server runs: a record holds what was left at `at`, and a room rebuilt after
// a restart takes `at` as the moment it was rebuilt (`resumed`). Time the server was down is nobody's.

import { z } from 'zod';
import type { TimedPhase } from '../../shared/engine/forced';
import { type Seat, seatSchema, type TimeControl } from '../../shared/protocol/messages';

/** The record persisted with the game; read back from the database through this schema (parsed, not cast). */
export const clockRecordSchema = z.object({
  /** The game's seq this record follows. */
  seq: z.number().int().min(0),
  /** When the amounts below were measured (server epoch ms). */
  at: z.number(),
  /** Who is on the clock: the engine's pending actor (null: nobody, e.g. the game is over). */
  actor: seatSchema.nullable(),
  /** Left for the actor's current decision (perDecisionSeconds). */
  decisionMs: z.number().nullable(),
  /** Left in each seat's bank (bankSeconds). */
  banks: z.partialRecord(seatSchema, z.number()),
  /** The Law 21.2 phase under way and what is left of its limit (movementSeconds, maneuverSeconds). */
  phase: z
    .object({
      kind: z.enum(['movement', 'maneuver']) satisfies z.ZodType<TimedPhase['kind']>,
      key: z.string(),
      ms: z.number(),
      /** Interrupted (e.g. while the opponent answers an attempted concession): not counting, and taken up
       *  again where it stood if the same phase goes on (Law 21.2 limits the phase, not each part of it). */
      paused: z.boolean().optional(),
    })
    .nullable(),
  /** Left of the game (Law 21.1); null when untimed or once time has been called. */
  gameMs: z.number().nullable(),
});
export type ClockRecord = z.infer<typeof clockRecordSchema>;

export type ExpiryKind = 'decision' | 'bank' | 'phase' | 'game';

const s = (seconds: number | undefined): number | null => (seconds === undefined ? null : seconds * 1000);

/** Does this control limit anything the room must time? */
export function isTimed(tc: TimeControl | null): tc is TimeControl {
  return (
    tc !== null &&
    (tc.perDecisionSeconds ??
      tc.bankSeconds ??
      tc.movementSeconds ??
      tc.maneuverSeconds ??
      tc.gameMinutes) !== undefined
  );
}

/** The clock at the start of the game. */
export function startClock(
  tc: TimeControl,
  seats: readonly Seat[],
  seq: number,
  actor: Seat | null,
  phase: TimedPhase | null,
  now: number,
): ClockRecord {
  const bank = s(tc.bankSeconds);
  return {
    seq,
    at: now,
    actor,
    decisionMs: s(tc.perDecisionSeconds),
    banks: bank === null ? {} : Object.fromEntries(seats.map((seat) => [seat, bank])),
    phase: phaseLimit(tc, phase),
    gameMs: tc.gameMinutes === undefined ? null : tc.gameMinutes * 60_000,
  };
}

function phaseLimit(tc: TimeControl, phase: TimedPhase | null): ClockRecord['phase'] {
  if (phase === null) return null;
  const limit =
    phase.kind === 'movement'
      ? s(tc.movementSeconds)
      : phase.first
        ? (s(tc.firstManeuverSeconds) ??
          (tc.maneuverSeconds === undefined ? null : 2 * tc.maneuverSeconds * 1000))
        : s(tc.maneuverSeconds);
  return limit === null ? null : { kind: phase.kind, key: phase.key, ms: limit };
}

/** The record with the time since `at` charged: to the actor's decision, bank and phase, and to the game. */
export function charge(clock: ClockRecord, now: number): ClockRecord {
  const elapsed = Math.max(0, now - clock.at);
  if (elapsed === 0) return clock;
  const less = (ms: number) => Math.max(0, ms - elapsed);
  const actor = clock.actor;
  const bank = actor === null ? undefined : clock.banks[actor];
  const phase = clock.phase;
  return {
    ...clock,
    at: now,
    decisionMs: actor === null || clock.decisionMs === null ? clock.decisionMs : less(clock.decisionMs),
    banks: actor === null || bank === undefined ? clock.banks : { ...clock.banks, [actor]: less(bank) },
    phase: actor === null || phase === null || phase.paused ? phase : { ...phase, ms: less(phase.ms) },
    gameMs: clock.gameMs === null ? null : less(clock.gameMs),
  };
}

/**
 * The clock after a batch of events, charged up to `now`: `decider` made a decision (his bank gains the
 * increment), the next decision is `actor`'s (a fresh per-decision limit), a new Law 21.2 phase gets its
 * full limit, a phase interrupted and taken up again keeps what was left of it, and once time is called the
 * game's own limit is spent.
 */
export function afterDecision(
  clock: ClockRecord,
  tc: TimeControl,
  next: {
    readonly seq: number;
    readonly decider: Seat | null;
    readonly actor: Seat | null;
    readonly phase: TimedPhase | null;
    readonly timeCalled: boolean;
  },
  now: number,
): ClockRecord {
  const charged = charge(clock, now);
  const increment = s(tc.incrementSeconds) ?? 0;
  const bank = next.decider === null ? undefined : charged.banks[next.decider];
  const banks =
    next.decider === null || bank === undefined
      ? charged.banks
      : { ...charged.banks, [next.decider]: bank + increment };
  const was = charged.phase;
  const phase =
    next.phase === null
      ? was === null
        ? null
        : { ...was, paused: true }
      : was?.key === next.phase.key
        ? { kind: was.kind, key: was.key, ms: was.ms }
        : phaseLimit(tc, next.phase);
  return {
    seq: next.seq,
    at: now,
    actor: next.actor,
    decisionMs: s(tc.perDecisionSeconds),
    banks,
    phase,
    gameMs: next.timeCalled ? null : charged.gameMs,
  };
}

/** After a restart: what was left is left now (the server's downtime is not charged). */
export function resumed(clock: ClockRecord, now: number): ClockRecord {
  return { ...clock, at: now };
}

/** The first limit to run out, and when (epoch ms); null when nothing runs. A phase limit beats a decision
 *  or bank limit that runs out at the same moment (Law 21.2's consequence replaces the refusal penalty). */
export function nextExpiry(clock: ClockRecord): { readonly kind: ExpiryKind; readonly at: number } | null {
  const candidates: { kind: ExpiryKind; ms: number | null }[] = [];
  if (clock.actor !== null) {
    candidates.push(
      { kind: 'phase', ms: clock.phase === null || clock.phase.paused ? null : clock.phase.ms },
      { kind: 'decision', ms: clock.decisionMs },
      { kind: 'bank', ms: clock.banks[clock.actor] ?? null },
    );
  }
  candidates.push({ kind: 'game', ms: clock.gameMs });
  let first: { kind: ExpiryKind; at: number } | null = null;
  for (const c of candidates) {
    if (c.ms === null) continue;
    const at = clock.at + c.ms;
    if (first === null || at < first.at) first = { kind: c.kind, at };
  }
  return first;
}
