// The rooms of this server: each started game's room, loaded once on first use (or at start-up for the
// running games, so their bots carry on) and closed together at shutdown.
import { LiveBattles } from './liveBattles';
import type { RoomDeps } from './room';
import { Room } from './room';

export class Rooms {
  private readonly rooms = new Map<string, Promise<Room | null>>();
  private closing = false;

  private readonly deps: RoomDeps;
  /** The battles of every running public game, as their spectators see them. */
  readonly liveBattles = new LiveBattles();

  constructor(deps: RoomDeps) {
    // A finished game nobody watches is let go; it is rebuilt from its log if someone comes back.
    this.deps = { ...deps, onIdle: (room) => this.release(room), liveBattles: this.liveBattles };
  }

  private release(room: Room): void {
    void this.rooms.get(room.id)?.then((r) => {
      if (r === room) this.rooms.delete(room.id);
    });
  }

  /** The game's room, or null when there is no such started game. */
  get(gameId: string): Promise<Room | null> {
    let room = this.rooms.get(gameId);
    if (!room) {
      if (this.closing) return Promise.resolve(null);
      room = Room.load(gameId, this.deps);
      this.rooms.set(gameId, room);
      // Not started yet, or the load failed: nothing is kept, the next call tries again.
      room.then(
        (r) => r ?? this.rooms.delete(gameId),
        () => this.rooms.delete(gameId),
      );
    }
    return room;
  }

  /** Loads every running game (after a restart): their bots resume. */
  async resume(gameIds: readonly string[]): Promise<void> {
    for (const id of gameIds) {
      try {
        await this.get(id);
      } catch (error) {
        this.deps.logger.error({ err: error, game: id }, 'could not rebuild the room');
      }
    }
  }

  get size(): number {
    return this.rooms.size;
  }

  /** Stops every room's bots and waits for the intents already queued. */
  async close(): Promise<void> {
    this.closing = true;
    const rooms = await Promise.allSettled(this.rooms.values());
    await Promise.all(rooms.map((r) => (r.status === 'fulfilled' && r.value ? r.value.close() : undefined)));
  }
}
