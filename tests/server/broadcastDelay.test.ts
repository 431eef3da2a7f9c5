// The broadcast delay (issue 11): a spectator of a delayed game never receives an event before it is as old
// as the delay — live, on joining, on reconnecting, after the room is rebuilt — while the players receive
// everything at once; the lobby's list of live battles shows a battle only once spectators may see it; and a
// crowd of spectators costs the room one encoding per message per distinct view, not one per socket.
// Fake timers throughout (no sleeping): the room runs on an in-memory event log.
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rulesEngine } from '../../server/engine';
import { createMetrics } from '../../server/metrics';
import { LiveBattles } from '../../server/rooms/liveBattles';
import { Room, type RoomDeps, type Subscriber } from '../../server/rooms/room';
import type { GameLog, LoggedEvent, StoredGame } from '../../server/rooms/store';
import { botIntent } from '../../shared/bot/index';
import type { ServerMessage } from '../../shared/protocol/messages';
import { memoryLog } from './support/memoryLog';
import { seeded } from './support/player';

const DELAY_MS = 60_000;
const T0 = Date.parse('2026-11-25T12:00:00.000Z');

function newGame(options: { delayMs: number; inviteOnly?: boolean; id?: string }) {
  const { events } = rulesEngine.createGame({
    players: [
      { id: 'p1', name: 'Ann' },
      { id: 'p2', name: 'Bob' },
    ],
    options: {},
  });
  const game: StoredGame = {
    id: options.id ?? '00000000-0000-4000-8000-000000000001',
    status: 'running',
    creatorId: 'ann',
    seats: [
      { seat: 'p1', userId: 'ann', bot: false, name: 'Ann' },
      { seat: 'p2', userId: 'bob', bot: false, name: 'Bob' },
    ],
    seq: events.length,
    // Fixed dice, so that each test plays the same games every run.
    diceSeed: (options.id ?? '0')
      .slice(-1)
      .repeat(64)
      .replace(/[^0-9a-f]/g, '7'),
    diceCommitment: 'commitment',
    diceCursor: 0,
    spectatorsAllowed: true,
    inviteOnly: options.inviteOnly ?? false,
    inviteCode: null,
    broadcastDelayMs: options.delayMs,
    timeControl: null,
    clock: null,
  };
  return memoryLog(
    game,
    events.map((event, i) => ({ seq: i + 1, event, at: Date.now() })),
  );
}

function deps(log: GameLog, liveBattles = new LiveBattles()): RoomDeps {
  return {
    engine: rulesEngine,
    log,
    chatLog: { latest: async () => [], add: async () => {}, mutes: async () => [], setMute: async () => {} },
    logger: pino({ level: 'silent' }),
    metrics: createMetrics(),
    botDelayMs: Number.POSITIVE_INFINITY,
    snapshotEvery: 1000,
    maxReplayEvents: 500,
    clockCheckpointMs: 15_000,
    liveBattles,
  };
}

/** A subscriber that checks, as each message arrives, that nothing in it is younger than the delay. */
function watcher(
  id: string,
  recipient: Subscriber['recipient'],
  events: readonly LoggedEvent[],
  delay: number,
) {
  const received: ServerMessage[] = [];
  const early: string[] = [];
  const oldEnough = (seq: number) => seq === 0 || events[seq - 1]!.at + delay <= Date.now();
  const sub: Subscriber = {
    id,
    recipient,
    views: true,
    send(m) {
      received.push(m);
      if ((m.type === 'event' || m.type === 'state' || m.type === 'joined') && !oldEnough(m.seq)) {
        early.push(`${m.type} ${m.seq}`);
      }
      if (m.type === 'diceRevealed' && !oldEnough(events.length)) early.push('diceRevealed');
    },
  };
  const seqs = () => received.flatMap((m) => (m.type === 'event' ? [m.seq] : []));
  return { sub, received, early, seqs };
}

/** Plays `count` intents, each seat choosing as the random bot does, `stepMs` apart. */
async function play(room: Room, count: number, stepMs: number, random: () => number) {
  for (let i = 0; i < count && !room.finished; i++) {
    const actor = rulesEngine.pending(room.currentState).actor!;
    const intent = botIntent(room.currentState, actor, 'random', random)!;
    const user = actor === 'p1' ? 'ann' : 'bob';
    const reply = await room.submit({ user }, { id: `i${room.currentSeq}`, intent });
    expect(reply.type).toBe('accepted');
    await vi.advanceTimersByTimeAsync(stepMs);
  }
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('broadcast delay', () => {
  it('a spectator never receives an event before it is as old as the delay; the players at once', async () => {
    const { log, events } = newGame({ delayMs: DELAY_MS });
    const room = (await Room.load('g', deps(log)))!;
    const ann = watcher('ann', { player: 'p1' }, events, 0);
    const sam = watcher('sam', { spectator: true }, events, DELAY_MS);
    await room.join(ann.sub, undefined);
    await room.join(sam.sub, undefined);
    // Nothing is old enough yet: the spectator is told seq 0 and waits.
    expect(sam.received.find((m) => m.type === 'joined')).toMatchObject({ seq: 0, catchUp: 'events' });
    expect(sam.received.some((m) => m.type === 'state')).toBe(false);

    await play(room, 30, 7_000, seeded(5));
    // The players have it all at once, the spectator only what happened a minute ago or earlier.
    expect(ann.seqs().at(-1)).toBe(room.currentSeq);
    expect(room.broadcastSeq).toBeLessThan(room.currentSeq);
    expect(room.broadcastSeq).toBe(events.filter((e) => e.at + DELAY_MS <= Date.now()).length);
    expect(sam.seqs().at(-1)).toBe(room.broadcastSeq);
    expect(sam.early).toEqual([]);

    // Once the delay has passed for everything, the spectator holds the whole game, gap-free, in order.
    await vi.advanceTimersByTimeAsync(DELAY_MS);
    expect(sam.seqs()).toEqual(events.map((e) => e.seq));
    expect(sam.early).toEqual([]);
    const lastState = sam.received.filter((m) => m.type === 'state').at(-1);
    expect(lastState).toMatchObject({ seq: room.currentSeq });
  });

  it('a reconnecting spectator gets nothing younger than the delay, whatever seq he claims to hold', async () => {
    const { log, events } = newGame({ delayMs: DELAY_MS });
    const room = (await Room.load('g', deps(log)))!;
    const random = seeded(9);
    await play(room, 40, 5_000, random);
    const first = watcher('sam-1', { spectator: true }, events, DELAY_MS);
    await room.join(first.sub, undefined);
    // A fresh state as of the broadcast, not the game's.
    expect(first.received.find((m) => m.type === 'state')).toMatchObject({ seq: room.broadcastSeq });
    const held = first.seqs().at(-1) ?? room.broadcastSeq;
    await room.leave('sam-1');
    await play(room, 10, 3_000, random);

    // Back with the seq it held, with none, and with the game's real seq (a client cannot pull events early).
    for (const lastSeq of [held, undefined, room.currentSeq]) {
      const again = watcher(`sam-${lastSeq}`, { spectator: true }, events, DELAY_MS);
      await room.join(again.sub, lastSeq);
      expect(again.early).toEqual([]);
      const joined = again.received.find((m) => m.type === 'joined');
      expect(joined).toMatchObject({ seq: room.broadcastSeq });
      await room.sync(again.sub.id);
      await vi.advanceTimersByTimeAsync(4_000);
      expect(again.early).toEqual([]);
      await room.leave(again.sub.id);
    }
    expect(room.broadcastSeq).toBeLessThan(room.currentSeq);
  });

  it('a room rebuilt from the log (a restart) keeps holding back what is younger than the delay', async () => {
    const { log, events } = newGame({ delayMs: DELAY_MS });
    const before = (await Room.load('g', deps(log)))!;
    await play(before, 30, 4_000, seeded(3));
    await before.close();
    const room = (await Room.load('g', deps(log)))!;
    expect(room.currentSeq).toBe(events.length);
    expect(room.broadcastSeq).toBe(events.filter((e) => e.at + DELAY_MS <= Date.now()).length);
    const sam = watcher('sam', { spectator: true }, events, DELAY_MS);
    await room.join(sam.sub, undefined);
    await vi.advanceTimersByTimeAsync(DELAY_MS);
    expect(sam.early).toEqual([]);
    expect(room.broadcastSeq).toBe(room.currentSeq);
    expect(sam.received.filter((m) => m.type === 'state').at(-1)).toMatchObject({ seq: room.currentSeq });
  });

  it('issue 11: presence and notices reach a spectator of a delayed game only as old as the delay', async () => {
    const { log, events } = newGame({ delayMs: DELAY_MS });
    const room = (await Room.load('g', deps(log)))!;
    const sam = watcher('sam', { spectator: true }, events, DELAY_MS);
    await room.join(sam.sub, undefined);
    const bob = watcher('bob', { player: 'p2' }, events, 0);
    await room.join(bob.sub, undefined);
    const news = (w: ReturnType<typeof watcher>) =>
      w.received.filter((m) => m.type === 'presence' || m.type === 'notice');
    await vi.advanceTimersByTimeAsync(DELAY_MS);
    const shown = news(sam).length;
    // Ann comes and goes: Bob is told at once, the spectator a minute later.
    const ann = watcher('ann', { player: 'p1' }, events, 0);
    await room.join(ann.sub, undefined);
    await vi.advanceTimersByTimeAsync(10_000);
    await room.leave('ann');
    expect(news(bob).slice(-2)).toMatchObject([
      { type: 'notice', kind: 'playerDropped', seat: 'p1' },
      { type: 'presence', seats: [{ seat: 'p1', connected: false }, {}] },
    ]);
    expect(news(sam)).toHaveLength(shown);
    await vi.advanceTimersByTimeAsync(DELAY_MS - 10_000 - 1);
    expect(news(sam)).toHaveLength(shown);
    await vi.advanceTimersByTimeAsync(1);
    const connected = news(sam).at(-1);
    expect(connected).toMatchObject({ type: 'presence', seats: [{ seat: 'p1', connected: true }, {}] });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(news(sam).slice(-2)).toMatchObject([
      { type: 'notice', kind: 'playerDropped', seat: 'p1' },
      { type: 'presence', seats: [{ seat: 'p1', connected: false }, {}] },
    ]);
    // A spectator joining now starts from what the others see, not from the players' present.
    const late = watcher('late', { spectator: true }, events, DELAY_MS);
    await room.join(late.sub, undefined);
    await room.join(ann.sub, undefined);
    expect(news(late)).toEqual([news(sam).at(-1)]);
  });

  it('without a delay the spectator has every batch with the players', async () => {
    const { log, events } = newGame({ delayMs: 0 });
    const room = (await Room.load('g', deps(log)))!;
    const sam = watcher('sam', { spectator: true }, events, 0);
    await room.join(sam.sub, undefined);
    await play(room, 10, 0, seeded(4));
    expect(room.broadcastSeq).toBe(room.currentSeq);
    expect(sam.seqs().at(-1)).toBe(room.currentSeq);
  });
});

describe('live battles', () => {
  const ids = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];
  /** Plays until a battle is being fought (the players' state), at most `limit` intents. */
  async function untilBattle(room: Room, random: () => number, limit = 3000) {
    for (let i = 0; i < limit && room.currentState.battle === null; i++) await play(room, 1, 1_000, random);
    expect(room.currentState.battle).not.toBeNull();
  }

  it('a public battle is listed once its spectators may see it, with public facts only', async () => {
    const { log } = newGame({ delayMs: DELAY_MS });
    const battles = new LiveBattles();
    const room = (await Room.load('g', deps(log, battles)))!;
    await untilBattle(room, seeded(21));
    // The players are fighting; the broadcast is a minute behind, and so is the list.
    expect(battles.list()).toEqual([]);
    await vi.advanceTimersByTimeAsync(DELAY_MS);
    // The players have not acted meanwhile: the broadcast has caught up with their battle.
    const state = room.currentState;
    expect(room.broadcastSeq).toBe(room.currentSeq);
    const [listed] = battles.list();
    const engagement = state.engagement!;
    expect(listed).toMatchObject({
      game: room.id,
      land: engagement.land,
      terrain: state.battle!.terrain,
      attacker: { marker: engagement.attacker, player: { seat: engagement.attackerOwner } },
      defender: { marker: engagement.defender, player: { seat: engagement.defenderOwner } },
      players: [
        { seat: 'p1', name: 'Ann' },
        { seat: 'p2', name: 'Bob' },
      ],
    });
    expect(listed!.attacker.height).toBe(state.legions[engagement.attacker]!.characters.length);
    // 4.5: no contents.
    expect(JSON.stringify(listed)).not.toMatch(/characters|Titan|Angel/);
  });

  it('the battles of an invite-only game are never listed', async () => {
    const { log } = newGame({ delayMs: 0, inviteOnly: true });
    const battles = new LiveBattles();
    const room = (await Room.load('g', deps(log, battles)))!;
    await untilBattle(room, seeded(21));
    expect(battles.list()).toEqual([]);
  });

  it('the list is newest first, and a battle leaves it when it ends', async () => {
    const battles = new LiveBattles();
    const changes = vi.fn();
    battles.onChange(changes);
    const one = (await Room.load('g1', deps(newGame({ delayMs: 0, id: ids[0] }).log, battles)))!;
    const two = (await Room.load('g2', deps(newGame({ delayMs: 0, id: ids[1] }).log, battles)))!;
    const random = seeded(21);
    await untilBattle(one, random);
    await vi.advanceTimersByTimeAsync(1_000);
    await untilBattle(two, seeded(21));
    expect(battles.list().map((b) => b.game)).toEqual([ids[1], ids[0]]);
    expect(changes).toHaveBeenCalled();
    while (one.currentState.battle !== null) await play(one, 1, 1_000, random);
    expect(battles.list().map((b) => b.game)).toEqual([ids[1]]);
  });
});

describe('spectator fan-out (issue 12)', () => {
  /** A socket-like subscriber: it takes the encoded frame, as the gateway's sockets do (its text kept). */
  function socket(id: string, recipient: Subscriber['recipient']) {
    const texts: string[] = [];
    const sub: Subscriber = {
      id,
      recipient,
      views: true,
      send: (m) => texts.push(JSON.stringify(m)),
      sendFrame: (frame) =>
        texts.push(frame.subarray(frame[1] === 126 ? 4 : frame[1] === 127 ? 10 : 2).toString()),
    };
    return { sub, texts };
  }

  it('each message is fitted and encoded once per distinct view, not once per socket', async () => {
    const { log } = newGame({ delayMs: 0 });
    const roomDeps = deps(log);
    const room = (await Room.load('g', roomDeps))!;
    const spectators = Array.from({ length: 40 }, (_, i) => socket(`s${i}`, { spectator: true }));
    const ann = [socket('ann-1', { player: 'p1' }), socket('ann-2', { player: 'p1' })];
    const bob = socket('bob', { player: 'p2' });
    for (const s of [...spectators, ...ann, bob]) await room.join(s.sub, undefined);
    const encoded = () => roomDeps.metrics.read().messagesEncoded;
    const texts = [...spectators, ...ann, bob].map((s) => s.texts.length);

    const before = encoded();
    const seqBefore = room.currentSeq;
    await play(room, 1, 1_000, seeded(3));
    const events = room.currentSeq - seqBefore;
    expect(events).toBeGreaterThan(0);
    const fresh = (s: { texts: string[] }, i: number) => s.texts.slice(texts[i]);
    const first = fresh(spectators[0]!, 0);
    // A public event is the same text for everybody: encoded once for the players and once more when the
    // spectators' share goes out; an event some may not see, once per view (p1, p2, the spectators).
    const eventTexts = (t: string[]) => t.filter((m) => JSON.parse(m).type === 'event');
    const [annEvents, bobEvents] = [fresh(ann[0]!, spectators.length), fresh(bob, texts.length - 1)].map(
      eventTexts,
    );
    const shared = eventTexts(first).filter((t, i) => t === annEvents![i] && t === bobEvents![i]).length;
    expect(shared).toBeGreaterThan(0);
    // Besides: the fresh state once per view; the legal intents only for the player to act; no clock
    // (the game has no time control).
    expect(encoded() - before).toBe(shared * 2 + (events - shared) * 3 + 3 + 1);

    // Every socket of one view received the very same texts; the spectators saw the same game as ever.
    expect(first.length).toBe(events + 1);
    for (const [i, s] of spectators.entries()) expect(fresh(s, i)).toEqual(first);
    expect(fresh(ann[0]!, spectators.length)).toEqual(fresh(ann[1]!, spectators.length + 1));
    expect(first.map((t) => JSON.parse(t).type)).toEqual([...Array(events).fill('event'), 'state']);

    // Another crowd of spectators costs nothing more per message.
    for (let i = 0; i < 40; i++) await room.join(socket(`t${i}`, { spectator: true }).sub, undefined);
    const again = encoded();
    const seqAgain = room.currentSeq;
    await play(room, 1, 1_000, seeded(4));
    const more = room.currentSeq - seqAgain;
    expect(encoded() - again).toBeLessThanOrEqual(more * 3 + 3 + 1);
    expect(encoded() - again).toBeGreaterThanOrEqual(more * 2 + 3 + 1);
  });
});
