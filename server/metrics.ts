// Every metric the server keeps, defined here and nowhere else (style 17). Counters only grow; the
// gauges are read from their owners when asked (GET /metrics).
export const COUNTERS = [
  'intentsAccepted',
  'intentsRejected',
  'intentsRepeated', // an intent id seen before: answered again, not applied
  'intentsRefusedAtGateway', // not from a player seated in the running game: refused before any room
  'botIntents',
  'eventsAppended',
  'appendConflicts', // another writer had appended first: the room reloaded
  'snapshotsWritten',
  'roomsLoaded',
  'roomsUnloaded', // idle (nothing to do, nobody watching): rebuilt from the log when wanted again
  'finishedStatesBuilt', // a finished game's last state rebuilt from the log for a watcher (no room: issue 12)
  'socketsOpened',
  'framesReceived',
  'framesMalformed',
  'socketsClosedRateLimit',
  'socketsClosedMalformed',
  'socketsClosedUnauthorised',
  'socketsClosedSlow',
  'socketsClosedTokenExpired', // its access token expired and was not renewed (`auth`)
  'socketsClosedSignedOut', // its sign-in session was ended (logout, or a reused refresh token)
  'socketsDroppedHeartbeat', // two heartbeat pings unanswered: terminated (the client vanished)
  'clockExpiries', // a time limit ran out and the server acted (errata 21.0, Law 21.1, 21.2)
  'requestsRateLimited', // REST calls refused 429 by a cap (server/config.ts Limits)
  'socketsClosedTooMany', // a user's socket over `socketsPerUser` (4011)
  'joinsRefused', // a join over `gamesPerSocket` or `joinsPerSecond`
  'intentsRefusedLookUps', // an intent to a game not in memory over `joinsPerSecond` (its look-up not made)
  'messagesEncoded', // room fan-out messages JSON-encoded: one per distinct recipient, not per socket
  'intentsForwarded', // cluster mode: an intent handled by the game's owner, another process
  'gamesAdopted', // cluster mode: a dead process's game taken over (its lease had expired)
  'faults', // an exception while handling an intent (logged at error)
] as const;
export type Counter = (typeof COUNTERS)[number];

export interface Metrics {
  inc(counter: Counter, by?: number): void;
  read(): Readonly<Record<Counter, number>>;
}

export function createMetrics(): Metrics {
  const values = Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Record<Counter, number>;
  return {
    inc(counter, by = 1) {
      values[counter] += by;
    },
    read: () => ({ ...values }),
  };
}
