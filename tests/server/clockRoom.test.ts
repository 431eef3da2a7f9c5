// A timed room on an in-memory event log under fake timers (no database, no sleeping), started from a
// position built by the engine's test helpers (a battle): a bank runs out mid-battle (errata 21.0, 20.4),
// Law 21.1's game limit calls time, and the tournament director's tools act for a seat.
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rulesEngine } from '../../server/engine';
import { createMetrics } from '../../server/metrics';
import { afterDecision, type ClockRecord, charge, nextExpiry, startClock } from '../../server/rooms/clock';
import { newSeed } from '../../server/rooms/dice';
import { ADJOURNED, Room, type RoomDeps } from '../../server/rooms/room';
import type { GameLog, LoggedEvent, StoredGame } from '../../server/rooms/store';
import type { EventOf, GameEvent } from '../../shared/engine/events';
import type { GameState } from '../../shared/engine/types';
import type { ServerMessage, TimeControl } from '../../shared/protocol/messages';
import { A, begin, D, engagedRun, toBattle } from '../engine/engagement/build';
import { act } from '../engine/support/game';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A room whose game starts at `state` (held as the log's snapshot), with `timeControl`. */
async function timedRoom(state: GameState, timeControl: TimeControl) {
  const appended: LoggedEvent[] = [];
  let clock: ClockRecord | null = null;
  let game: StoredGame = {
    id: '00000000-0000-4000-8000-0000000000aa',
    status: 'running',
    creatorId: 'ann',
    seats: [
      { seat: 'p1', userId: 'ann', bot: false, name: 'Ann' },
      { seat: 'p2', userId: 'bob', bot: false, name: 'Bob' },
    ],
    seq: 100,
    diceSeed: newSeed(),
    diceCommitment: 'commitment',
    diceCursor: 0,
    spectatorsAllowed: true,
    inviteOnly: false,
    inviteCode: null,
    broadcastDelayMs: 0,
    timeControl,
    clock: null,
  };
  const log: GameLog = {
    game: async () => ({ ...game, clock }),
    latestSnapshot: async () => ({ seq: 100, state }),
    events: async (_id, after, upto) => appended.filter((e) => e.seq > after && e.seq <= upto),
    seqAt: async () => 0,
    acceptedReply: async () => null,
    append: async (input) => {
      input.events.forEach((event, i) => {
        appended.push({ seq: input.expectedSeq + i + 1, event, at: input.at });
      });
      clock = input.clock;
      game = { ...game, seq: input.expectedSeq + input.events.length, diceCursor: input.diceCursor };
    },
    saveClock: async (_id, saved) => {
      clock = saved;
    },
    rolls: async () => [],
  };
  const deps: RoomDeps = {
    engine: rulesEngine,
    log,
    logger: pino({ level: 'silent' }),
    metrics: createMetrics(),
    botDelayMs: Number.POSITIVE_INFINITY,
    snapshotEvery: 1000,
    maxReplayEvents: 0,
    clockCheckpointMs: 15_000,
    chatLog: { latest: async () => [], add: async () => {}, mutes: async () => [], setMute: async () => {} },
  };
  const room = (await Room.load(game.id, deps))!;
  const events = () => appended.map((e) => e.event);
  return { room, events, clock: () => clock };
}

const forcedIn = (events: readonly GameEvent[]) =>
  events.filter((e): e is EventOf<'playerForced'> => e.type === 'playerForced');

/** A Plains battle of two against two at the defender's first maneuver phase. */
function battle(): GameState {
  const run = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Gargoyle'] });
  begin(run);
  toBattle(run);
  return run.state;
}

describe('a timed room', () => {
  it('errata 21.0, 20.4: a bank runs out mid-battle; the increment is earned by each decision', async () => {
    const { room, events, clock } = await timedRoom(battle(), {
      bankSeconds: 60,
      incrementSeconds: 5,
      onExpiry: 'refuse',
    });
    expect(rulesEngine.pending(room.currentState).actor).toBe(D);
    // Bob (the defender) maneuvers within 40 s of his minute: 20 s left, plus the 5 s increment.
    await vi.advanceTimersByTimeAsync(40_000);
    const reply = await room.submit({ user: 'bob' }, { id: 'm1', intent: { type: 'doneManeuvering' } });
    expect(reply.type).toBe('accepted');
    expect(clock()?.banks).toEqual({ p1: 60_000, p2: 25_000 });
    // Whoever must act next in the battle spends his own bank only.
    let actor = rulesEngine.pending(room.currentState).actor!;
    const banked = clock()!.banks[actor as 'p1' | 'p2']!;
    await vi.advanceTimersByTimeAsync(banked - 1);
    expect(forcedIn(events())).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const [forced] = forcedIn(events());
    expect(forced).toMatchObject({
      player: actor,
      forced: { by: 'time' },
      play: 'refuse',
      rule: 'errata 20.4',
    });
    // Bob entered nobody (10.1: his characters are slain), so Ann's counterstrike step is her last chance to concede
    // (strikePhase.ts lastChanceToConcede); refusing to play there finishes striking and keeps her win.
    expect([actor, forced?.actions[0]]).toEqual([A, 'doneStriking']);
    // His bank is empty but for the increment of the decision made for him.
    expect(clock()!.banks[actor as 'p1' | 'p2']).toBe(5_000);
    actor = actor === A ? D : A;
    expect(clock()!.banks[actor as 'p1' | 'p2']).toBeGreaterThan(5_000);
    await room.close();
  });

  it('Law 21.1, errata 21.1: when the game time is up, time is called by the director', async () => {
    const { room, events } = await timedRoom(battle(), { gameMinutes: 1, onExpiry: 'refuse' });
    await vi.advanceTimersByTimeAsync(59_000);
    expect(events()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(events()[0]).toMatchObject({ type: 'timeCalled' });
    expect(room.currentState.timeCalled).not.toBeNull();
    await room.close();
  });

  it('errata 20.4: the tournament director acts for the seat that must act, and for no other', async () => {
    const { room, events } = await timedRoom(battle(), { perDecisionSeconds: 3600, onExpiry: 'refuse' });
    expect((await room.forceAct(A)).type).toBe('rejected');
    expect(events()).toEqual([]);
    expect((await room.forceAct(D)).type).toBe('accepted');
    expect(forcedIn(events())[0]).toMatchObject({
      player: D,
      forced: { by: 'director' },
      actions: ['concede'],
    });
    expect((await room.callTime()).type).toBe('accepted');
    await room.close();
  });

  it('errata 20.0: a seat the director has taken is refused to its player, and nothing changes', async () => {
    const { room, events } = await timedRoom(battle(), { perDecisionSeconds: 3600, onExpiry: 'refuse' });
    expect(rulesEngine.pending(room.currentState).actor).toBe(D);
    room.directSeat(D);
    const before = room.currentState;
    const reply = await room.submit({ user: 'bob' }, { id: 'm1', intent: { type: 'doneManeuvering' } });
    expect(reply).toMatchObject({ type: 'rejected', code: 'notAllowed', rule: 'errata 20.0' });
    expect(events()).toEqual([]);
    expect(room.currentState).toBe(before);
    // The director's stand-in still plays the seat.
    expect((await room.forceAct(D)).type).toBe('accepted');
    await room.close();
  });

  it('an adjourned game never runs out of time; resumed, it runs out when what was left is spent', async () => {
    const { room, events, clock } = await timedRoom(battle(), { perDecisionSeconds: 60, onExpiry: 'refuse' });
    const clocks: ServerMessage[] = [];
    await room.join(
      {
        id: 'ann',
        recipient: { player: 'p1' },
        views: false,
        send: (m) => m.type === 'clock' && clocks.push(m),
      },
      undefined,
    );
    await vi.advanceTimersByTimeAsync(20_000);
    await room.adjourn(true);
    expect(clock()).toMatchObject({ actor: D, decisionMs: 40_000 });
    expect(clocks.at(-1)).toMatchObject({
      running: null,
      adjourned: true,
      decisionMs: 40_000,
      deadlineMs: null,
    });
    const before = room.currentState;
    const reply = await room.submit({ user: 'bob' }, { id: 'm1', intent: { type: 'doneManeuvering' } });
    expect(reply).toMatchObject({ type: 'rejected', code: 'adjourned', message: ADJOURNED });
    expect((await room.forceAct(D)).type).toBe('rejected');
    await vi.advanceTimersByTimeAsync(10 * 3600_000);
    expect(events()).toEqual([]);
    expect(room.currentState).toBe(before);
    // Resumed: the 40 s left are the player's again; the ten hours adjourned are charged to nobody.
    await room.adjourn(false);
    expect(clocks.at(-1)).toMatchObject({ running: D, decisionMs: 40_000, deadlineMs: 40_000 });
    expect(clocks.at(-1)).not.toHaveProperty('adjourned');
    await vi.advanceTimersByTimeAsync(40_000 - 1);
    expect(events()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(forcedIn(events())[0]).toMatchObject({ player: D, forced: { by: 'time' } });
    await room.close();
  });

  it('a clean shutdown writes what is left at that moment (the restart resumes from it)', async () => {
    const first = await timedRoom(battle(), { perDecisionSeconds: 60, onExpiry: 'refuse' });
    await vi.advanceTimersByTimeAsync(45_000);
    await first.room.close();
    expect(first.clock()).toMatchObject({ actor: D, decisionMs: 15_000 });
  });
});

describe('Law 21.2: a maneuver phase interrupted', () => {
  it('keeps counting where it stood once taken up again, and does not run while the opponent answers', () => {
    const tc: TimeControl = { maneuverSeconds: 60, onExpiry: 'refuse' };
    const run = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Gargoyle'] });
    begin(run);
    toBattle(run);
    const maneuver = rulesEngine.timedPhase(run.state)!;
    const t0 = 1_000_000;
    // The defender's first maneuver phase: twice the limit (Law 21.2).
    const started = startClock(tc, ['p1', 'p2'], 100, D, maneuver, t0);
    expect(started.phase).toMatchObject({ kind: 'maneuver', ms: 120_000 });
    // 30 s into it he attempts to concede: his opponent must answer (the engine's step, no timed phase).
    act(run, D, { type: 'concede' });
    expect(run.state.step).toMatchObject({ kind: 'concessionAttempted', actor: A });
    expect(rulesEngine.timedPhase(run.state)).toBeNull();
    const answering = afterDecision(
      started,
      tc,
      { seq: 102, decider: D, actor: A, phase: null, timeCalled: false },
      t0 + 30_000,
    );
    // The answer takes 50 s: the defender's phase neither runs out nor counts meanwhile.
    expect(nextExpiry(answering)).toBeNull();
    expect(charge(answering, t0 + 80_000).phase?.ms).toBe(90_000);
    // Taken up again, the phase goes on with the 90 s left, not a fresh limit.
    const resumedPhase = afterDecision(
      answering,
      tc,
      { seq: 104, decider: A, actor: D, phase: maneuver, timeCalled: false },
      t0 + 80_000,
    );
    expect(resumedPhase.phase).toEqual({ kind: 'maneuver', key: maneuver.key, ms: 90_000 });
    expect(nextExpiry(resumedPhase)).toEqual({ kind: 'phase', at: t0 + 80_000 + 90_000 });
  });
});
