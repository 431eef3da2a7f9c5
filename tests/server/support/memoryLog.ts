// An event log in memory with the GameLog contract the rooms use (server/rooms/store.ts), for room tests
// under fake timers: appends check the expected seq, the stored game follows them (seq, dice, clock, status).
import type { GameLog, LoggedEvent, StoredGame } from '../../../server/rooms/store';

export function memoryLog(game: StoredGame, start: readonly LoggedEvent[] = []) {
  const events: LoggedEvent[] = [...start];
  let stored = game;
  const log: GameLog = {
    game: async () => stored,
    latestSnapshot: async () => null,
    events: async (_id, after, upto) => events.filter((e) => e.seq > after && e.seq <= upto),
    seqAt: async (_id, time) => events.filter((e) => e.at <= time).at(-1)?.seq ?? 0,
    acceptedReply: async () => null,
    append: async (input) => {
      if (input.expectedSeq !== events.length) throw new Error('stale append');
      input.events.forEach((event, i) => {
        events.push({ seq: input.expectedSeq + i + 1, event, at: input.at });
      });
      stored = {
        ...stored,
        seq: events.length,
        diceCursor: input.diceCursor,
        clock: input.clock,
        status: input.finished ? 'finished' : stored.status,
      };
    },
    saveClock: async (_id, clock) => {
      stored = { ...stored, clock };
    },
    rolls: async () => [],
  };
  return { log, events };
}
