// Errata 9.3 on the wire: a negotiation is secret between its two players. Those outside it (the third player,
// spectators) learn that it goes on and its outcome, nothing of its steps — not even how many there were: the
// room sends them nothing of it (no stub, no clock, no seq) while it lasts, also on joining, on reconnecting,
// from the history's seq, from a refusal, and after the room is rebuilt mid-negotiation; and once it ends they
// hold one event for it (they do not number its steps, shared/engine/seqs.ts), so their stream — live, joined
// again, the history and the replay — is the same whether it took one step or five.
// Fake timers (no sleeping); the room runs on an in-memory event log holding a real game's events.
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rulesEngine } from '../../server/engine';
import { createMetrics } from '../../server/metrics';
import { Room, type RoomDeps, type Subscriber } from '../../server/rooms/room';
import type { GameLog, StoredGame } from '../../server/rooms/store';
import { historyPage } from '../../server/rooms/visibility';
import { botIntent } from '../../shared/bot/index';
import { requireEngagement } from '../../shared/engine/engagementState';
import type { GameEvent } from '../../shared/engine/events';
import { seededDice, seededRandom } from '../../shared/engine/index';
import type { Intent } from '../../shared/engine/intents';
import { proposalIntents } from '../../shared/engine/negotiation';
import type { GameState, PlayerId } from '../../shared/engine/types';
import type { Seat, ServerMessage, TimeControl } from '../../shared/protocol/messages';
import { deliveredTo, numbering } from '../../web-client/src/replay/replayLog';
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
    // The spectators' share goes out on the next tick, after the players' (room.ts release).
    await new Promise<void>((settled) => process.nextTick(settled));
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

  it('when it ends, an outsider gets one stream whatever the number of steps: live, on joining again, from the history and in the replay', async () => {
    /** The negotiation of `k` sets of proposals ends with an acceptance: what each viewer got of it. */
    const ended = async (k: number) => {
      const n = await negotiated(k);
      const step = n.room.currentState.step;
      if (step.kind !== 'negotiate') throw new Error('not negotiating');
      const watcher = (p: PlayerId) => n.watchers.find((w) => w.sub.id === p)!;
      const seqs = (w: { received: ServerMessage[] }) =>
        w.received.flatMap((m) => (m.type === 'event' ? [m.seq] : []));
      // A participant answers with the seq he holds: never stale.
      const actor = watcher(step.actor);
      const accept = rulesEngine
        .legalIntents(n.room.currentState, step.actor)
        .find((i) => i.type === 'acceptProposal')!;
      const reply = await n.room.submit(
        { user: USERS[step.actor]! },
        { id: 'accept', expectedSeq: seqs(actor).at(-1)!, intent: accept },
      );
      expect(reply).toMatchObject({ type: 'accepted', seq: seqs(actor).at(-1) });
      // The spectators' share is queued on the next tick (room.ts release), then goes out before the sync.
      await new Promise<void>((settled) => process.nextTick(settled));
      await n.room.sync('nobody');
      // The participants got every step, numbered one by one (no negotiation came before: the log's numbers).
      for (const p of [n.engagement.attacker, n.engagement.defender]) {
        const got = seqs(watcher(p));
        expect(got).toEqual(Array.from({ length: got.length }, (_, i) => got[0]! + i));
        expect(got.at(-1)).toBe(n.room.currentSeq);
        expect(n.room.seqFor({ player: p })).toBe(n.room.currentSeq);
      }
      const outsiders = [
        { viewer: { player: n.outsider }, live: since(n.third, n.from.third) },
        { viewer: { spectator: true } as const, live: since(n.spectator, n.from.spectator) },
      ];
      const logged = await n.log.events('g', 0, n.room.currentSeq);
      const replayed = numbering(logged);
      return Promise.all(
        outsiders.map(async ({ viewer, live }) => {
          const again = subscriber('again', viewer);
          await n.room.join(again.sub, n.begun);
          const seq = n.room.seqFor(viewer);
          // The history read in pages of 7 (a page crossing the negotiation is still 7 of his events).
          const history: Awaited<ReturnType<typeof historyPage>> = [];
          while ((history.at(-1)?.seq ?? 0) < seq) {
            const page = await historyPage(rulesEngine, n.log, {
              gameId: 'g',
              players: ['p1', 'p2', 'p3'],
              numbering: n.room.logNumbering,
              viewer,
              after: history.at(-1)?.seq ?? 0,
              seq,
              limit: 7,
            });
            expect(page.length).toBe(Math.min(7, seq - (history.at(-1)?.seq ?? 0)));
            history.push(...page);
          }
          const replay = logged.flatMap((e) => deliveredTo(viewer, replayed, e) ?? []);
          return { live, again: again.received, seq, history, replay };
        }),
      );
    };
    const one = await ended(1);
    const five = await ended(5);
    expect(five).toEqual(one);
    for (const { live, seq, history, replay } of one) {
      const events = live.flatMap((m) => (m.type === 'event' ? [m] : []));
      expect(events.some((m) => m.event.type === 'proposalAccepted')).toBe(true);
      expect(JSON.stringify(live)).not.toContain('proposalsMade');
      expect(events.at(-1)!.seq).toBe(seq);
      // Numbered without gaps, and the history and the replay number them as the live stream did.
      expect(history.map((e) => e.seq)).toEqual(Array.from({ length: seq }, (_, i) => i + 1));
      expect(replay).toEqual(history);
      expect(history.slice(-events.length)).toEqual(events.map(({ seq, event }) => ({ seq, event })));
    }
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
