// The websocket protocol between the browser (or any client) and the game server. Every frame is one
// JSON object parsed into a closed union (style 14). Published as JSON Schema at `GET /protocol.json`.
//
// Sequence numbers: each recipient numbers the events he is dealt 1, 2, 3, ... with no gaps, and receives
// every one of his numbers exactly once: the event itself when `visibleTo` lets him see it, otherwise a stub
// `{ type: 'hidden' }` carrying only the number (style 16). He is dealt every event of the log but the steps
// of a negotiation he is not part of (errata 9.3, the engine's `numberedBy`): of those only its first, as the
// stub, so his numbers say nothing of how many steps it took. So a client that holds seq N has missed nothing
// up to N, and `accepted.seq`, `expectedSeq`, `join.lastSeq`, `clock.seq` and the history speak of his
// numbers; the participants of every negotiation so far number as the log does.
import { z } from 'zod';
import { intentSchema, markerIdSchema, proposalSchema } from '../engine/intents';
import { REJECTION_CODES } from '../engine/types';
import { deliveredEventSchema, gameViewSchema } from './game';

export { type HiddenEvent, hiddenEventSchema } from './game';

/** Bumped on any incompatible change to the messages below. */
export const PROTOCOL_VERSION = 1;

/** Close codes the server uses (1000–1015 are the standard ones, 4000–4999 this protocol's own). */
export const CLOSE_CODES = {
  /** The server is shutting down or restarting: reconnect later with your last seq. */
  goingAway: 1001,
  /** A frame larger than `LIMITS.maxFrameBytes` (closed by the websocket layer itself). */
  messageTooBig: 1009,
  /** No valid access token (in the `token` query parameter or the first `hello`), or the sign-in
   *  session was ended (reason 'signed out': logout; 'session revoked': a refresh token was reused):
   *  refresh the token (if that fails, sign in again) before reconnecting. */
  unauthorised: 4001,
  /** The client speaks a protocol version this server does not. */
  unsupportedProtocol: 4002,
  /** The access token this socket was authorised with expired (`welcome.tokenExpiresAt`) and no `auth`
   *  renewed it: reconnect with a fresh token and your last seq (resend unanswered intents, same ids). */
  tokenExpired: 4003,
  /** More messages than the per-socket rate allows. */
  rateLimited: 4008,
  /** Too many malformed frames. */
  tooManyMalformed: 4009,
  /** The client does not read its messages fast enough. */
  tooSlow: 4010,
  /** This user already has as many sockets open as the server allows (`TITAN_LIMIT_SOCKETS_PER_USER`):
   *  close another one first. */
  tooManySockets: 4011,
} as const;
export type CloseCode = (typeof CLOSE_CODES)[keyof typeof CLOSE_CODES];

/** Defaults; the server's configuration may lower or raise them (see `welcome.limits`). */
export const LIMITS = {
  maxFrameBytes: 64 * 1024,
  /** Sustained messages per second per socket, and the burst allowed above it. */
  messagesPerSecond: 20,
  messageBurst: 60,
  malformedFramesBeforeClose: 10,
  /** A reconnecting client further behind than this gets a fresh `state` instead of the missed events. */
  maxReplayEvents: 500,
} as const;

const gameId = z.uuid();
const requestId = z.string().min(1).max(64);
const seq = z.number().int().min(0);
export const seatSchema = z.enum(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
export type Seat = z.infer<typeof seatSchema>;
export const roleSchema = z.enum(['player', 'spectator']);

// ------------------------------------------------------------------------------------ time controls

const seconds = z
  .number()
  .int()
  .min(1)
  .max(90 * 24 * 3600);

/**
 * A game's time control (errata 20.4, 21.0; Law 21.1, 21.2), chosen at creation (`options.timeControl` of
 * `POST /api/games`) and fixed once the game starts. Every part is optional and they combine: the player
 * the engine says must act (`pending`) is on the clock, and his first limit to run out decides.
 */
export const timeControlSchema = z
  .object({
    /** Every decision within this many seconds (play-by-web: days are fine). */
    perDecisionSeconds: seconds.optional(),
    /** A chess-style bank per player, spent while he must act... */
    bankSeconds: seconds.optional(),
    /** ...plus this much for every decision made (Fischer increment; needs `bankSeconds`). */
    incrementSeconds: z
      .number()
      .int()
      .min(0)
      .max(24 * 3600)
      .optional(),
    /** Law 21.2: the Movement Phase within this limit, else a legion chosen at random moves. */
    movementSeconds: seconds.optional(),
    /** Law 21.2: each Maneuver Phase within this limit, else the characters not yet on the battleland are
     *  eliminated... */
    maneuverSeconds: seconds.optional(),
    /** ...and each player's first Maneuver Phase of a battle within this one (default: twice `maneuverSeconds`). */
    firstManeuverSeconds: seconds.optional(),
    /** Law 21.1 with errata 21.1's ending: time is called after this many minutes of play (the player on turn
     *  finishes, then every remaining player gets one more full turn; scored by 21.1/20.5). */
    gameMinutes: z
      .number()
      .int()
      .min(1)
      .max(90 * 24 * 60)
      .optional(),
    /** When a decision or bank limit runs out: 'refuse' (errata 21.0: the player is treated as refusing to
     *  play, errata 20.4's list) or 'bot' (his seat's bot makes that decision). */
    onExpiry: z.enum(['refuse', 'bot']).default('refuse'),
    /** A player whose every socket is gone this long is absent: his decisions are made per `onExpiry` until
     *  he reconnects. */
    absentGraceSeconds: seconds.optional(),
  })
  .strict()
  .refine((t) => t.incrementSeconds === undefined || t.bankSeconds !== undefined, {
    message: 'An increment (incrementSeconds) needs a bank (bankSeconds).',
    path: ['incrementSeconds'],
  })
  .refine((t) => t.firstManeuverSeconds === undefined || t.maneuverSeconds !== undefined, {
    message: 'A first maneuver limit (firstManeuverSeconds) needs a maneuver limit (maneuverSeconds).',
    path: ['firstManeuverSeconds'],
  });
export type TimeControl = z.output<typeof timeControlSchema>;
export type Role = z.infer<typeof roleSchema>;

// ------------------------------------------------------------------------------------ client → server

export const helloMessage = z.object({
  type: z.literal('hello'),
  protocolVersion: z.number().int(),
  /** The access token, when it was not given as the `token` query parameter of the websocket URL. */
  token: z.string().min(1).max(4096).optional(),
});

/** Renews the socket's authorisation before its access token expires (`welcome.tokenExpiresAt`; else
 *  the socket is closed with `tokenExpired`): a fresh token of the same user, answered with a new
 *  `welcome` (same connection, later `tokenExpiresAt`; the games joined stay joined), or with
 *  `error unauthorised` (the socket keeps its current token until it expires). On a socket not yet
 *  signed in it signs in, like `hello`. */
export const authMessage = z.object({
  type: z.literal('auth'),
  token: z.string().min(1).max(4096),
});

export const joinMessage = z.object({
  type: z.literal('join'),
  game: gameId,
  /** A seated player joins as 'player' (his own view); anyone else as 'spectator' (the public view). */
  as: roleSchema,
  /** The last seq this client holds (on reconnect): the server replays what came after, or sends a
   *  fresh `state` when the gap is larger than `maxReplayEvents`. Omitted: a fresh `state`. */
  lastSeq: seq.optional(),
  /** Needed to spectate an invite-only game one is not seated in. */
  inviteCode: z.string().min(1).max(64).optional(),
  /** Also send a fresh `state` after every batch of events (for clients that do not fold events). */
  views: z.boolean().optional(),
});

export const leaveMessage = z.object({ type: z.literal('leave'), game: gameId });

export const intentMessage = z.object({
  type: z.literal('intent'),
  /** The client's own id for this intent, unique for this user in this game for good (a UUID, say):
   *  sending the same id again gets the same reply, never a second application. After 'staleSeq',
   *  'unavailable' or 'internalError' the same id may be sent again and is decided afresh. */
  id: requestId,
  game: gameId,
  /** The seq the client last saw; when given and the game has moved on, the intent is rejected
   *  ('staleSeq') instead of being applied to a position the player has not seen. */
  expectedSeq: seq.optional(),
  intent: intentSchema,
});

/** Ask for a fresh `state` (and `legal`) of a joined game. */
export const syncMessage = z.object({ type: z.literal('sync'), game: gameId });

export const pingMessage = z.object({ type: z.literal('ping'), nonce: z.string().max(64).optional() });

/** Table chat in a joined game (answered by `chat` to its readers, or `chatRefused`). The server picks the
 *  channel: a seated player writes to the players, anyone else to the spectators; during the game each
 *  channel is read by its own people only (spectators never write to players). The text is normalised and
 *  refused when empty, longer than `CHAT.maxLength`, or holding control or bidi characters
 *  (shared/protocol/text.ts); an author sends `CHAT.burst` messages in a row at most, then one per
 *  `CHAT.windowSeconds / CHAT.burst` seconds. */
export const chatSendMessage = z.object({
  type: z.literal('chat'),
  game: gameId,
  text: z.string().max(4000),
});

/** Follow (or stop following) the list of battles being fought in public games: answered by `battles` at
 *  once and after every change (the lobby's list; also `GET /api/battles`). */
export const watchBattlesMessage = z.object({ type: z.literal('watchBattles'), on: z.boolean() });

/** Mute (or unmute) another user's chat in a game, for oneself; kept with the game. Answered by a new
 *  `chatHistory`, or by `chatRefused` (`rateLimited`) past `CHAT.burst` mutes in a row (then one per
 *  `CHAT.windowSeconds / CHAT.burst` seconds, as for messages). */
export const chatMuteMessage = z.object({
  type: z.literal('chatMute'),
  game: gameId,
  user: z.uuid(),
  muted: z.boolean(),
});

export const clientMessageSchema = z.discriminatedUnion('type', [
  helloMessage,
  authMessage,
  joinMessage,
  leaveMessage,
  intentMessage,
  syncMessage,
  pingMessage,
  chatSendMessage,
  chatMuteMessage,
  watchBattlesMessage,
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
export type IntentMessage = z.infer<typeof intentMessage>;
export type JoinMessage = z.infer<typeof joinMessage>;
export type ChatSendMessage = z.infer<typeof chatSendMessage>;
export type ChatMuteMessage = z.infer<typeof chatMuteMessage>;

// ------------------------------------------------------------------------------------ server → client

/** Server-side reasons an intent is refused before the engine sees it (beside the engine's codes). */
export const SERVER_REJECTION_CODES = [
  'malformed', // the frame is not a valid intent message (the zod issues are in `message`)
  'notSeated', // only the player holding a seat may act for it
  'unknownGame',
  'gameNotRunning',
  'staleSeq', // expectedSeq is not the game's current seq
  'unavailable', // the server is shutting down, lost a race for the log, or (a game not in memory) the user's look-ups per second are spent: send it again
  'adjourned', // the tournament director adjourned the game's stage: send it again once it is resumed
  'internalError', // the server failed (logged): the game is unchanged
] as const;
export const rejectionCodeSchema = z.enum([...REJECTION_CODES, ...SERVER_REJECTION_CODES]);
export type ProtocolRejectionCode = z.infer<typeof rejectionCodeSchema>;

const userSchema = z.object({ id: z.uuid(), name: z.string(), guest: z.boolean() });

export const welcomeMessage = z.object({
  type: z.literal('welcome'),
  protocolVersion: z.literal(PROTOCOL_VERSION),
  connection: z.string(),
  user: userSchema,
  /** When the access token this socket is authorised with expires (ISO 8601): the server closes the
   *  socket then (`tokenExpired`) unless an `auth` message brought a fresh token first. */
  tokenExpiresAt: z.iso.datetime(),
  limits: z.object({
    maxFrameBytes: z.number().int(),
    messagesPerSecond: z.number(),
    messageBurst: z.number().int(),
    maxReplayEvents: z.number().int(),
  }),
});

export const diceSchema = z.object({
  /** SHA-256 (hex) of the game's dice seed, published at the start. */
  commitment: z.string().nullable(),
  /** The seed (hex), revealed when the game is over; null before. */
  seed: z.string().nullable(),
});

/** The answer to `join` (also sent again, followed by a fresh `state`, when the server had to reload the
 *  game from its log). */
export const joinedMessage = z.object({
  type: z.literal('joined'),
  game: gameId,
  as: roleSchema,
  /** The seat played ('player'), or null ('spectator'). */
  seat: seatSchema.nullable(),
  /** The game's current seq, as this recipient numbers it. */
  seq,
  /** 'events': the events after `lastSeq` follow; 'state': a fresh `state` follows. */
  catchUp: z.enum(['events', 'state']),
  dice: diceSchema,
});

export const stateMessage = z.object({
  type: z.literal('state'),
  game: gameId,
  seq,
  view: gameViewSchema,
});

export const eventMessage = z.object({
  type: z.literal('event'),
  game: gameId,
  seq: z.number().int().min(1),
  event: deliveredEventSchema,
});

/** A choice `intents` lists in one form only, described exactly (the engine's `describedChoices`). */
export const describedChoiceSchema = z.discriminatedUnion('type', [
  /** 4.2, 4.6: each listed split may give its new legions any distinct markers of these instead. */
  z.object({ type: z.literal('split'), markers: z.array(markerIdSchema) }),
  /** CE bidding rules: a `bid` may give each power of `powers` (in that order) any whole number 0..`maxBids[i]`
   *  (its winner's Titan begins at strength 1 or more); `maxBid` is the most any power may be bid. */
  z.object({
    type: z.literal('bid'),
    powers: z.array(z.number().int()),
    maxBid: z.number().int().positive(),
    maxBids: z.array(z.number().int().nonnegative()),
  }),
  /** Errata 9.3: a `propose` may send any 1 to `maxProposals` of `agreements`, at least one not in `made`. */
  z.object({
    type: z.literal('propose'),
    agreements: z.array(proposalSchema),
    made: z.array(proposalSchema),
    maxProposals: z.number().int().positive(),
  }),
]);

/** Sent to the player who must act now (after each batch, on join and on sync): his legal intents,
 *  computed by the engine's `legalIntents` for him alone, and (when there are any) the choices they list in
 *  one form only, described exactly. */
export const legalMessage = z.object({
  type: z.literal('legal'),
  game: gameId,
  seq,
  intents: z.array(intentSchema),
  described: z.array(describedChoiceSchema).optional(),
});

export const acceptedMessage = z.object({ type: z.literal('accepted'), id: requestId, game: gameId, seq });

export const rejectedMessage = z.object({
  type: z.literal('rejected'),
  id: requestId,
  game: gameId,
  code: rejectionCodeSchema,
  message: z.string(),
  /** The rule cited ("errata 9.3", "7.1"), or "protocol" for the server's own codes. */
  rule: z.string(),
});

export const presenceMessage = z.object({
  type: z.literal('presence'),
  game: gameId,
  seats: z.array(
    z.object({
      seat: seatSchema,
      name: z.string(),
      bot: z.boolean(),
      /** Some socket of the seat's player answers the heartbeat (a bot seat is always connected). */
      connected: z.boolean(),
      /** Gone longer than the game's `absentGraceSeconds`: the server plays the seat (per `onExpiry`) until
       *  the player reconnects. */
      absent: z.boolean(),
    }),
  ),
  spectators: z.number().int().min(0),
});

/**
 * A timed game's clocks, public (sent on join and after every change): the amounts left as of `serverTime`
 * (the server's epoch ms). A client counts the running ones down from when it received the message, so
 * its display does not depend on its own clock being right.
 */
export const clockMessage = z.object({
  type: z.literal('clock'),
  game: gameId,
  seq,
  serverTime: z.number(),
  timeControl: timeControlSchema,
  /** The player on the clock (the one who must act); null: no clock runs. */
  running: seatSchema.nullable(),
  /** Left for the running player's current decision (perDecisionSeconds). */
  decisionMs: z.number().nullable(),
  /** Left in each player's bank (bankSeconds); only the running player's is being spent. */
  banks: z.partialRecord(seatSchema, z.number()),
  /** The Law 21.2 phase under way and what is left of its limit. */
  phase: z.object({ kind: z.enum(['movement', 'maneuver']), ms: z.number() }).nullable(),
  /** Left of the game (Law 21.1); null when untimed or once time has been called. */
  gameMs: z.number().nullable(),
  /** When the running player's first limit runs out, in ms after `serverTime`; null: none runs. */
  deadlineMs: z.number().nullable(),
  /** True while the tournament director has adjourned the game's stage: no clock runs (`running` is null),
   *  every intent is refused, and the time adjourned is charged to nobody. Absent otherwise. */
  adjourned: z.literal(true).optional(),
});

/** A seated player's connection dropped, or he came back. */
export const noticeMessage = z.object({
  type: z.literal('notice'),
  game: gameId,
  kind: z.enum(['playerDropped', 'playerReturned']),
  seat: seatSchema,
  name: z.string(),
});

/** The game is over: the dice seed is revealed (verify it against the commitment, README). */
export const diceRevealedMessage = z.object({
  type: z.literal('diceRevealed'),
  game: gameId,
  commitment: z.string(),
  seed: z.string(),
});

export const ERROR_CODES = [
  'malformed',
  'unauthorised',
  'alreadyAuthenticated',
  'unknownGame',
  'gameNotRunning',
  'notSeated',
  'spectatorsNotAllowed',
  'notJoined',
  'unavailable',
  /** This socket has joined as many games as the server allows: leave one first. */
  'tooManyGames',
  /** More `join`s or `sync`s than the server allows per user: wait a second and send it again. */
  'rateLimited',
] as const;

/** A protocol-level refusal that is not the answer to an intent (those are `rejected`). */
export const errorMessage = z.object({
  type: z.literal('error'),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  game: gameId.optional(),
});

export const pongMessage = z.object({ type: z.literal('pong'), nonce: z.string().optional() });

const liveBattleSideSchema = z.object({
  /** The legion's marker (its id, e.g. "Rd02"). */
  marker: z.string(),
  /** How many characters the legion holds (public, 4.5; its contents are not). */
  height: z.number().int(),
  player: z.object({ seat: seatSchema, name: z.string() }),
  color: z.string().nullable(),
});

/** A battle being fought now in a public game, as that game's spectators see it (behind its broadcast
 *  delay). */
export const liveBattleSchema = z.object({
  game: z.uuid(),
  /** The masterboard land it is fought on, and its terrain (the battleland). */
  land: z.number().int(),
  terrain: z.string(),
  /** 10.5: the battle round, 1 to 7. */
  round: z.number().int(),
  attacker: liveBattleSideSchema,
  defender: liveBattleSideSchema,
  players: z.array(z.object({ seat: seatSchema, name: z.string() })),
  /** When it appeared in the list (ISO 8601); the list is newest first. */
  since: z.iso.datetime(),
});
export type LiveBattle = z.infer<typeof liveBattleSchema>;
/** The battles being fought now in public games, newest first (after `watchBattles`: at once, then on
 *  every change). */
export const battlesMessage = z.object({ type: z.literal('battles'), battles: z.array(liveBattleSchema) });

/** The table chat's limits. */
export const CHAT = { maxLength: 500, burst: 5, windowSeconds: 10, historyLength: 200 } as const;

export const chatChannelSchema = z.enum(['players', 'spectators']);
export type ChatChannel = z.infer<typeof chatChannelSchema>;

export const chatEntrySchema = z.object({
  id: z.uuid(),
  channel: chatChannelSchema,
  from: z.object({ user: z.uuid(), name: z.string(), seat: seatSchema.nullable() }),
  text: z.string(),
  at: z.iso.datetime(),
});
export type ChatEntry = z.infer<typeof chatEntrySchema>;

/** A chat message for a reader of its channel (not sent to those who muted its author). */
export const chatMessage = z.object({ type: z.literal('chat'), game: gameId, message: chatEntrySchema });

/** Sent after `joined`, and again after a `chatMute`: the channel this user writes to, the channels he may
 *  read (both once the game is over), the latest messages he may read (oldest first, at most
 *  `CHAT.historyLength`, muted authors left out) and whom he has muted. */
export const chatHistoryMessage = z.object({
  type: z.literal('chatHistory'),
  game: gameId,
  writes: chatChannelSchema,
  reads: z.array(chatChannelSchema),
  messages: z.array(chatEntrySchema),
  muted: z.array(z.uuid()),
});

/** A `chat` the server did not pass on, and why, in player words. */
export const chatRefusedMessage = z.object({
  type: z.literal('chatRefused'),
  game: gameId,
  reason: z.enum(['empty', 'tooLong', 'forbiddenCharacters', 'rateLimited', 'notJoined']),
  message: z.string(),
});

export const serverMessageSchema = z.discriminatedUnion('type', [
  welcomeMessage,
  joinedMessage,
  stateMessage,
  eventMessage,
  legalMessage,
  acceptedMessage,
  rejectedMessage,
  presenceMessage,
  noticeMessage,
  clockMessage,
  diceRevealedMessage,
  errorMessage,
  pongMessage,
  chatMessage,
  chatHistoryMessage,
  chatRefusedMessage,
  battlesMessage,
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type ServerMessageOf<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The protocol as JSON Schema (draft 2020-12), served at `GET /protocol.json`. */
export function protocolJsonSchema(): Record<string, unknown> {
  const options = { unrepresentable: 'any', io: 'output' } as const;
  return {
    protocolVersion: PROTOCOL_VERSION,
    closeCodes: CLOSE_CODES,
    limits: LIMITS,
    chat: CHAT,
    clientMessage: z.toJSONSchema(clientMessageSchema, { ...options, io: 'input' }),
    serverMessage: z.toJSONSchema(serverMessageSchema, options),
  };
}
