// The director's stand-ins at a tournament table: a seat whose player is replaced by the bot (he is absent)
// or treated as refusing to play (errata 20.0, 20.4: removed for unsporting conduct). Each is a subscriber
// of the room in that seat's place: whenever the seat must act (its `legal` message), the room's own
// `forceAct` plays for it, a public `playerForced` by 'director'. It leaves when the game is over. Kept by
// the process that owns the game (cluster mode: the director's act is sent there, Rooms.direct).
import type { FastifyBaseLogger } from 'fastify';
import type { Seat, ServerMessage } from '../../shared/protocol/messages';
import type { Room, Subscriber } from './room';

export type StandInPlay = 'bot' | 'refuse';

export class StandIns {
  /** Each stand-in's play, and the room it sits in (a room rebuilt later, e.g. adopted back from another
   *  process, gets a new one). */
  private readonly active = new Map<string, { play: StandInPlay; room: Room }>();

  constructor(private readonly logger: FastifyBaseLogger) {}

  /** From now on the server plays `seat` of the room's game as `play` (a later call with another play
   *  replaces it). */
  async attach(room: Room, seat: Seat, play: StandInPlay): Promise<void> {
    const gameId = room.id;
    const key = `${gameId}/${seat}`;
    if (room.finished) return;
    const had = this.active.get(key);
    this.active.set(key, { play, room });
    room.directSeat(seat); // its player no longer acts for it himself (errata 20.0)
    if (had?.room === room) return; // the subscriber is there: it reads the play from `active`
    let actedAt = -1;
    const id = `stand-in:${key}`;
    const sub: Subscriber = {
      id,
      recipient: { player: seat },
      views: false,
      send: (message: ServerMessage) => {
        if (message.type === 'diceRevealed') {
          this.active.delete(key);
          void room.leave(id);
          return;
        }
        if (message.type !== 'legal' || message.intents.length === 0 || message.seq === actedAt) return;
        actedAt = message.seq;
        const now = this.active.get(key)?.play ?? play;
        void room.forceAct(seat, now).then(
          (reply) => {
            if (reply.type === 'rejected') {
              actedAt = -1; // told again (e.g. when an adjourned stage resumes), it tries again
              this.logger.warn({ game: gameId, seat, reply }, 'the stand-in could not act');
            }
          },
          (error: unknown) => this.logger.error({ err: error, game: gameId, seat }, 'the stand-in failed'),
        );
      },
    };
    await room.join(sub, undefined);
  }

  /** The seats played by stand-ins now (tests and the tournament page). */
  playing(gameId: string, seat: Seat): StandInPlay | null {
    return this.active.get(`${gameId}/${seat}`)?.play ?? null;
  }
}
