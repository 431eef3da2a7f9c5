// Errata 9.3 on the wire: a negotiation is secret between its two players. Those outside it (the third player,
// spectators) learn that it goes on and its outcome, nothing of its steps — not even how many there were while
// it lasts: the room sends them nothing of it (no stub, no clock, no seq) until it ends, also on joining, on
// reconnecting, from the history's seq, from a refusal, and after the room is rebuilt mid-negotiation.
// Fake timers (no sleeping); the room runs on an in-memory event log holding a real game's events.
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rulesEngine } from '../../server/engine';
import { createMetrics } from '../../server/metrics';
import { Room, type RoomDeps, type Subscriber } from '../../server/rooms/room';
import type { GameLog, StoredGame } from '../../server/rooms/store';
import { botIntent } from '../../shared/bot/index';
import { requireEngagement } from '../../shared/engine/engagementState';
import type { GameEvent } from '../../shared/engine/events';
import { seededDice, seededRandom } from '../../shared/engine/index';
import type { Intent } from '../../shared/engine/intents';
import { proposalIntents } from '../../shared/engine/negotiation';
import type { GameState, PlayerId } from '../../shared/engine/types';
import type { Seat, ServerMessage, TimeControl } from '../../shared/protocol/messages';
import { memoryLog } from './support/memoryLog';

const T0 = Date.parse('2026-11-26T12:00:00.000Z');
const USERS: Record<string, string> = { p1: 'ann', p2: 'bob', p3: 'cid' };

/** A three-player game played by random bots up to its first choice of an engagement (the same every run). */
function toFirstEngagement(): GameEvent[] {
  const { events, state: start } = rulesEngine.createGame({
    players: ['p1', 'p2', 'p3'].map((id) => ({ id, name: USERS[id]! })),
    options: {},
  });
  const log = [...events];
  const random = seededRandom(3);
  const dice = seededDice(4);
  let state: GameState = start;
  while (state.step.kind !== 'chooseEngagement') {
    if (log.length > 5_000) throw new Error('no engagement in 5,000 events');
    const actor = rulesEngine.pending(state).actor!;
    const decision = rulesEngine.decide(state, actor, botIntent(state, actor, 'random', random)!, dice);
    if ('rejected' in decision) throw new Error(JSON.stringify(decision.rejected));
    for (const e of decision.events) state = rulesEngine.evolve(state, e);
    log.push(...decision.events);
  }
  return log;
}
const PRELUDE = toFirstEngagement();

function deps(log: GameLog): RoomDeps {
  return {
    engine: rulesEngine,
    log,
    chatLog: { latest: async () => [], add: async () => {}, mutes: async () => [], setMute: async () => {} },
    logger: pino({ level: 'silent' }),
    metrics: createMetrics(),
    botDelayMs: Number.POSITIVE_INFINITY,
    snapshotEvery: 1000,
    maxReplayEvents: 10_000,
    clockCheckpointMs: 3_600_000,
  };
}

function newRoom(timeControl: TimeControl | null) {
  const game: StoredGame = {
    id: '00000000-0000-4000-8000-000000000093',
    status: 'running',
    creatorId: 'ann',
    seats: ['p1', 'p2', 'p3'].map((seat) => ({
      seat: seat as Seat,
      userId: USERS[seat]!,
      bot: false,
      name: seat,
    })),
    seq: PRELUDE.length,
    diceSeed: '9'.repeat(64),
    diceCommitment: 'commitment',
    diceCursor: 0,
    spectatorsAllowed: true,
    inviteOnly: false,
    inviteCode: null,
    broadcastDelayMs: 0,
    timeControl,
    clock: null,
  };
  return memoryLog(
    game,
    PRELUDE.map((event, i) => ({ seq: i + 1, event, at: T0 })),
  ).log;
}

function subscriber(id: string, recipient: Subscriber['recipient']) {
  const received: ServerMessage[] = [];
  const sub: Subscriber = { id, recipient, views: true, send: (m) => received.push(m) };
  return { sub, received };
}

const BANK: TimeControl = { bankSeconds: 600, incrementSeconds: 5, onExpiry: 'refuse' };

/** The room at the engagement's choice, with the mover, the other engaged player, the one outside and a
 *  spectator watching; then the engagement is chosen and `k` sets of proposals are made, 40 s apart. */
async function negotiated(k: number, timeControl: TimeControl | null = null) {
  vi.setSystemTime(T0);
  const log = newRoom(timeControl);
  const room = (await Room.load('g', deps(log)))!;
  const mover = room.currentState.step.kind === 'chooseEngagement' ? room.currentState.step.actor : '';
  const send = async (player: PlayerId, intent: Intent) => {
    const reply = await room.submit({ user: USERS[player]! }, { id: `i${room.currentSeq}`, intent });
    expect(reply, JSON.stringify(intent)).toMatchObject({ type: 'accepted' });
  };
  const land = room.currentState.turn!.engagements[0]!.land;
  const e = { attacker: '', defender: '' };
  const watchers = ['p1', 'p2', 'p3'].map((p) => subscriber(p, { player: p }));
  const spectator = subscriber('sam', { spectator: true });
  for (const w of [...watchers, spectator]) await room.join(w.sub, undefined);
  await send(mover, { type: 'chooseEngagement', land });
  const engagement = requireEngagement(room.currentState);
  e.attacker = engagement.attackerOwner;
  e.defender = engagement.defenderOwner;
  const outsider = ['p1', 'p2', 'p3'].find((p) => p !== e.attacker && p !== e.defender)!;
  const begun = room.currentSeq;
  const mark = (w: { received: ServerMessage[] }) => w.received.length;
  const third = watchers.find((w) => w.sub.id === outsider)!;
  const from = { third: mark(third), spectator: mark(spectator) };
  for (let i = 0; i < k; i++) {
    await vi.advanceTimersByTimeAsync(40_000);
    const step = room.currentState.step;
    if (step.kind !== 'negotiate') throw new Error(`not negotiating: ${step.kind}`);
    const side = step.actor === e.attacker ? 'attacker' : 'defender';
    await send(step.actor, proposalIntents(room.currentState, side)[0]!);
  }
  vi.setSystemTime(T0 + 5 * 40_000 + 1_000);
  return { room, log, outsider, begun, third, spectator, from, watchers, engagement: e, send };
}

/** What a recipient received since `from`. */
const since = (w: { received: ServerMessage[] }, from: number) => w.received.slice(from);

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('errata 9.3: outsiders learn nothing of a negotiation while it lasts', () => {
  it('the third player and a spectator receive the same for 1 and for 5 sets of proposals: nothing', async () => {
    const one = await negotiated(1, BANK);
    const five = await negotiated(5, BANK);
    expect(one.outsider).toBe(five.outsider);
    expect(five.room.currentSeq).toBeGreaterThan(one.room.currentSeq);
    for (const n of [one, five]) {
      expect(since(n.third, n.from.third)).toEqual([]);
      expect(since(n.spectator, n.from.spectator)).toEqual([]);
    }
    // The engaged players got every step at once (the insiders' streams differ, as they should).
    const insider = (n: typeof one) => n.watchers.find((w) => w.sub.id === n.engagement.defender)!;
    expect(insider(five).received.at(-1)).toMatchObject({ type: 'clock' });
    expect(insider(five).received.filter((m) => m.type === 'event').length).toBeGreaterThan(
      insider(one).received.filter((m) => m.type === 'event').length,
    );
  });

  it('joining, reconnecting, the history seq and a refusal show an outsider the negotiation as it began', async () => {
    const outcomes = [];
    for (const k of [1, 5]) {
      const n = await negotiated(k, BANK);
      const seat = { player: n.outsider };
      const fresh = subscriber('again', seat);
      await n.room.join(fresh.sub, undefined);
      const back = subscriber('back', seat);
      await n.room.join(back.sub, n.begun - 3);
      const watching = subscriber('late', { spectator: true });
      await n.room.join(watching.sub, undefined);
      const stale = await n.room.submit(
        { user: USERS[n.outsider]! },
        { id: 'probe', expectedSeq: n.room.currentSeq, intent: { type: 'fight' } },
      );
      const fresh2 = await n.room.submit(
        { user: USERS[n.outsider]! },
        { id: 'probe2', expectedSeq: n.begun, intent: { type: 'fight' } },
      );
      outcomes.push({
        joined: fresh.received,
        reconnected: back.received,
        spectator: watching.received.filter((m) => m.type !== 'presence'),
        seqs: [n.room.seqFor(seat), n.room.seqFor({ spectator: true })],
        replies: [stale, fresh2],
        begun: n.begun,
      });
    }
    const [one, five] = outcomes;
    expect(five).toEqual(one);
    expect(one!.seqs).toEqual([one!.begun, one!.begun]);
    // The clock shown to an outsider stands still, nobody's running.
    expect(one!.joined.find((m) => m.type === 'clock')).toMatchObject({ running: null, deadlineMs: null });
    // A seq ahead of the one he holds is stale for him; his own is answered by the rules.
    expect(one!.replies[0]).toMatchObject({ type: 'rejected', code: 'staleSeq' });
    expect(one!.replies[1]).toMatchObject({ type: 'rejected', code: 'notYourTurn' });
  });

  it('when it ends, every outsider gets each step as a stub, in order and without gaps, then the outcome', async () => {
    const n = await negotiated(5);
    const step = n.room.currentState.step;
    if (step.kind !== 'negotiate') throw new Error('not negotiating');
    const accept = rulesEngine
      .legalIntents(n.room.currentState, step.actor)
      .find((i) => i.type === 'acceptProposal');
    await n.send(step.actor, accept!);
    for (const w of [n.third, n.spectator]) {
      const events = since(w, w === n.third ? n.from.third : n.from.spectator).flatMap((m) =>
        m.type === 'event' ? [m] : [],
      );
      expect(events.map((m) => m.seq)).toEqual(
        Array.from({ length: n.room.currentSeq - n.begun }, (_, i) => n.begun + 1 + i),
      );
      expect(events.some((m) => m.event.type === 'proposalAccepted')).toBe(true);
      expect(JSON.stringify(events)).not.toContain('proposalsMade');
    }
    expect(n.room.seqFor({ player: n.outsider })).toBe(n.room.currentSeq);
  });

  it('a room rebuilt in the middle of a negotiation still holds its steps back from outsiders', async () => {
    const n = await negotiated(3);
    await n.room.close();
    const rebuilt = (await Room.load('g', deps(n.log)))!;
    expect(rebuilt.currentSeq).toBe(n.room.currentSeq);
    expect(rebuilt.seqFor({ player: n.outsider })).toBe(n.begun);
    expect(rebuilt.broadcastSeq).toBe(n.begun);
    expect(rebuilt.seqFor({ player: n.engagement.defender })).toBe(rebuilt.currentSeq);
    const third = subscriber('third', { player: n.outsider });
    await rebuilt.join(third.sub, undefined);
    expect(third.received.find((m) => m.type === 'joined')).toMatchObject({ seq: n.begun });
    expect(third.received.find((m) => m.type === 'state')).toMatchObject({ seq: n.begun });
  });
});
