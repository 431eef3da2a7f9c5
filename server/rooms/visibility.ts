// The one filter (style 16): every game payload that leaves the server — live events, views, legal
// intents, histories, replies, presence, dice — is turned into what one recipient may receive here and
// nowhere else. Events come from the engine's `visibleTo`, views from its `view`; a recipient who may
// not see an event gets the stub { type: 'hidden' } with the same seq, so his sequence has no gaps.
import type { GameEvent } from '../../shared/engine/events';
import type { GameState, Viewer } from '../../shared/engine/types';
import type { Role, Seat, ServerMessage, ServerMessageOf } from '../../shared/protocol/messages';
import type { RulesEngine } from '../engine';

/** Who receives a payload: a seated player (his seat's player id) or a spectator. */
export type Recipient = Viewer;

export const playerOf = (r: Recipient): string | null => ('player' in r ? r.player : null);
export const sameRecipient = (a: Recipient, b: Recipient): boolean => playerOf(a) === playerOf(b);

/** What the server has to say, before it is fitted to a recipient. */
export type Outgoing =
  | { readonly kind: 'event'; readonly game: string; readonly seq: number; readonly event: GameEvent }
  | { readonly kind: 'state'; readonly game: string; readonly seq: number; readonly state: GameState }
  | { readonly kind: 'legal'; readonly game: string; readonly seq: number; readonly state: GameState }
  | {
      readonly kind: 'joined';
      readonly game: string;
      readonly seq: number;
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
  /** Clocks are public (every client sees every clock). */
  | { readonly kind: 'clock'; readonly message: ServerMessageOf<'clock'> };

export type DeliveredEvent = ServerMessageOf<'event'>['event'];

/** The event as `recipient` may see it: itself, or the hidden stub. */
export function eventFor(engine: RulesEngine, recipient: Recipient, event: GameEvent): DeliveredEvent {
  const audience = engine.visibleTo(event);
  const player = playerOf(recipient);
  if (audience === 'all' || (player !== null && audience.includes(player))) return event;
  return { type: 'hidden' };
}

/** The message `recipient` receives for `out`, or null when it is not for him at all. */
export function deliver(engine: RulesEngine, recipient: Recipient, out: Outgoing): ServerMessage | null {
  switch (out.kind) {
    case 'event':
      return { type: 'event', game: out.game, seq: out.seq, event: eventFor(engine, recipient, out.event) };
    case 'state':
      return { type: 'state', game: out.game, seq: out.seq, view: engine.view(out.state, recipient) };
    case 'legal': {
      const player = playerOf(recipient);
      if (player === null || engine.pending(out.state).actor !== player) return null;
      const described = engine.describedChoices(out.state, player);
      return {
        type: 'legal',
        game: out.game,
        seq: out.seq,
        intents: [...engine.legalIntents(out.state, player)],
        ...(described.length > 0
          ? {
              described: described.map((d) =>
                d.type === 'split'
                  ? { ...d, markers: [...d.markers] }
                  : d.type === 'bid'
                    ? { ...d, powers: [...d.powers] }
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
        seq: out.seq,
        catchUp: out.catchUp,
        dice: { commitment: out.commitment, seed: out.finished ? out.seed : null },
      };
    case 'diceRevealed':
      return { type: 'diceRevealed', game: out.game, commitment: out.commitment, seed: out.seed };
    case 'reply':
      return sameRecipient(out.to, recipient) ? out.message : null;
    case 'presence':
    case 'notice':
    case 'clock':
      return out.message;
    default:
      return out satisfies never;
  }
}
