// The one filter (style 16): every game payload that leaves the server — live events, views, legal
// intents, histories, replies, presence, dice — is turned into what one recipient may receive here and
// nowhere else. Events come from the engine's `visibleTo`, views from its `view`; a recipient who may
// not see an event gets the stub { type: 'hidden' }, so his sequence has no gaps. Every seq is the
// recipient's own (errata 9.3, shared/engine/seqs.ts): the server speaks of the log's seqs and each message
// carries what each recipient numbers them (`Seqs`); the steps of a negotiation he is outside of are not his.
import type { GameEvent } from '../../shared/engine/events';
import {
  EMPTY_NUMBERING,
  type LogNumbering,
  logSeqOf,
  numberedFor,
  seqSeenBy,
} from '../../shared/engine/index';
import type { GameState, Viewer } from '../../shared/engine/types';
import type { Role, Seat, ServerMessage, ServerMessageOf } from '../../shared/protocol/messages';
import type { RulesEngine } from '../engine';
import type { GameLog } from './store';

/** Who receives a payload: a seated player (his seat's player id) or a spectator. */
export type Recipient = Viewer;

export const playerOf = (r: Recipient): string | null => ('player' in r ? r.player : null);
export const sameRecipient = (a: Recipient, b: Recipient): boolean => playerOf(a) === playerOf(b);

/** A point of the log as each recipient numbers it: a number when it is the same for everybody, else the
 *  spectators' and each seat's (null: an event he does not number, a step of a negotiation he is outside of,
 *  which is not sent to him at all). */
export type Seqs =
  | number
  | {
      readonly spectators: number | null;
      readonly players: Readonly<Record<string, number | null>>;
    };

/** `recipient`'s seq in `seqs` (null: not his). */
export function seqOf(seqs: Seqs, recipient: Recipient): number | null {
  if (typeof seqs === 'number') return seqs;
  const player = playerOf(recipient);
  return player === null ? seqs.spectators : (seqs.players[player] ?? null);
}

/** The log seq `seq` (or the event there, `event`) as every recipient numbers it: the game's `players`
 *  and the spectators. */
export function seqsAt(n: LogNumbering, players: readonly string[], seq: number, event = false): Seqs {
  if (!n.secret.some((s) => s.seq <= seq)) return seq;
  const at = (viewer: Recipient) =>
    event && !numberedFor(n, viewer, seq) ? null : seqSeenBy(n, viewer, seq);
  return {
    spectators: at({ spectator: true }),
    players: Object.fromEntries(players.map((player) => [player, at({ player })])),
  };
}

/** How each viewer numbers a game's log up to `upto`, read from the log (a room keeps its own). */
export async function numberingOf(
  engine: RulesEngine,
  log: GameLog,
  gameId: string,
  upto: number,
): Promise<LogNumbering> {
  const logged = await log.events(gameId, 0, upto);
  return engine.numberLog(
    EMPTY_NUMBERING,
    logged.map((e) => e.event),
  );
}

/**
 * A page of `viewer`'s history: his events after his seq `after` up to his seq `seq`, at most `limit` of them,
 * each as he may see it and with his own seq (the log is read on past the events that are not his, so a page
 * is short only at `seq`).
 */
export async function historyPage(
  engine: RulesEngine,
  log: GameLog,
  page: {
    readonly gameId: string;
    readonly players: readonly string[];
    readonly numbering: LogNumbering;
    readonly viewer: Recipient;
    readonly after: number;
    readonly seq: number;
    readonly limit: number;
  },
): Promise<{ seq: number; event: DeliveredEvent }[]> {
  const { gameId, players, numbering, viewer, limit } = page;
  const end = logSeqOf(numbering, viewer, page.seq);
  const events: { seq: number; event: DeliveredEvent }[] = [];
  let cursor = logSeqOf(numbering, viewer, page.after);
  while (events.length < limit && cursor < end) {
    const logged = await log.events(gameId, cursor, Math.min(end, cursor + limit - events.length));
    for (const e of logged) {
      const seq = seqsAt(numbering, players, e.seq, true);
      const message = deliver(engine, viewer, { kind: 'event', game: gameId, seq, event: e.event });
      if (message === null) continue;
      if (message.type !== 'event') throw new Error('the filter must answer an event with an event');
      events.push({ seq: message.seq, event: message.event });
    }
    cursor = logged.at(-1)?.seq ?? end;
  }
  return events;
}

/** The `joined` reply to a join (a running room's or a finished game's): the recipient's role and seat, how he
 *  catches up, and the dice commitment (with the seed once it is revealed). */
export function joinedMessage(
  game: { readonly id: string; readonly diceCommitment: string | null; readonly diceSeed: string | null },
  recipient: Recipient,
  seq: Seqs,
  catchUp: 'events' | 'state',
  finished: boolean,
): Outgoing {
  return {
    kind: 'joined',
    game: game.id,
    seq,
    as: 'player' in recipient ? 'player' : 'spectator',
    seat: playerOf(recipient) as Seat | null,
    catchUp,
    commitment: game.diceCommitment,
    seed: game.diceSeed,
    finished,
  };
}

/** What the server has to say, before it is fitted to a recipient. */
export type Outgoing =
  | { readonly kind: 'event'; readonly game: string; readonly seq: Seqs; readonly event: GameEvent }
  | { readonly kind: 'state'; readonly game: string; readonly seq: Seqs; readonly state: GameState }
  | { readonly kind: 'legal'; readonly game: string; readonly seq: Seqs; readonly state: GameState }
  | {
      readonly kind: 'joined';
      readonly game: string;
      readonly seq: Seqs;
      readonly as: Role;
      readonly seat: Seat | null;
      readonly catchUp: 'events' | 'state';
      readonly commitment: string | null;
      readonly seed: string | null;
      readonly finished: boolean;
    }
  | {
      readonly kind: 'diceRevealed';
      readonly game: string;
      readonly commitment: string;
      readonly seed: string;
    }
  /** A reply to an intent: only the sender (`to`) receives it (an engine's rejection may name his own
   *  hidden characters). */
  | {
      readonly kind: 'reply';
      readonly to: Recipient;
      readonly message: ServerMessageOf<'accepted'> | ServerMessageOf<'rejected'>;
    }
  | { readonly kind: 'presence'; readonly message: ServerMessageOf<'presence'> }
  | { readonly kind: 'notice'; readonly message: ServerMessageOf<'notice'> }
  /** Clocks are public (every client sees every clock); `seq` is each recipient's. */
  | { readonly kind: 'clock'; readonly seq: Seqs; readonly message: ServerMessageOf<'clock'> };

export type DeliveredEvent = ServerMessageOf<'event'>['event'];

/** The event as `recipient` may see it: itself, or the hidden stub. */
export function eventFor(engine: RulesEngine, recipient: Recipient, event: GameEvent): DeliveredEvent {
  const audience = engine.visibleTo(event);
  const player = playerOf(recipient);
  if (audience === 'all' || (player !== null && audience.includes(player))) return event;
  return { type: 'hidden' };
}

/** Whether `deliver` gives every recipient the same message for `out` (it is then fitted and encoded once for
 *  all of them): a public event that everybody numbers alike, a clock everybody numbers alike, the dice
 *  seed, presence and notices. */
export function sameForAll(engine: RulesEngine, out: Outgoing): boolean {
  switch (out.kind) {
    case 'event':
      return typeof out.seq === 'number' && engine.visibleTo(out.event) === 'all';
    case 'clock':
      return typeof out.seq === 'number';
    case 'diceRevealed':
    case 'presence':
    case 'notice':
      return true;
    default:
      return false;
  }
}

/** A position's seq for `recipient` (everybody numbers a position; only an event may be somebody else's). */
function positionSeq(seqs: Seqs, recipient: Recipient): number {
  const seq = seqOf(seqs, recipient);
  if (seq === null) throw new Error('a position is numbered by everybody');
  return seq;
}

/** The message `recipient` receives for `out`, or null when it is not for him at all. */
export function deliver(engine: RulesEngine, recipient: Recipient, out: Outgoing): ServerMessage | null {
  switch (out.kind) {
    case 'event': {
      const seq = seqOf(out.seq, recipient);
      if (seq === null) return null;
      return { type: 'event', game: out.game, seq, event: eventFor(engine, recipient, out.event) };
    }
    case 'state':
      return {
        type: 'state',
        game: out.game,
        seq: positionSeq(out.seq, recipient),
        view: engine.view(out.state, recipient),
      };
    case 'legal': {
      const player = playerOf(recipient);
      if (player === null || engine.pending(out.state).actor !== player) return null;
      const described = engine.describedChoices(out.state, player);
      return {
        type: 'legal',
        game: out.game,
        seq: positionSeq(out.seq, recipient),
        intents: [...engine.legalIntents(out.state, player)],
        ...(described.length > 0
          ? {
              described: described.map((d) =>
                d.type === 'split'
                  ? { ...d, markers: [...d.markers] }
                  : d.type === 'bid'
                    ? { ...d, powers: [...d.powers], maxBids: [...d.maxBids] }
                    : { ...d, agreements: [...d.agreements], made: [...d.made] },
              ),
            }
          : {}),
      };
    }
    case 'joined':
      return {
        type: 'joined',
        game: out.game,
        as: out.as,
        seat: out.seat,
        seq: positionSeq(out.seq, recipient),
        catchUp: out.catchUp,
        dice: { commitment: out.commitment, seed: out.finished ? out.seed : null },
      };
    case 'diceRevealed':
      return { type: 'diceRevealed', game: out.game, commitment: out.commitment, seed: out.seed };
    case 'reply':
      return sameRecipient(out.to, recipient) ? out.message : null;
    case 'clock':
      return { ...out.message, seq: positionSeq(out.seq, recipient) };
    case 'presence':
    case 'notice':
      return out.message;
    default:
      return out satisfies never;
  }
}
