// The battles being fought right now in public games (listed and spectatable by anyone), as their
// spectators see them: each room reports its broadcast (already behind the game's delay) after every
// release, so the list never shows a battle before a spectator of that game could see it. Only public
// facts: the land, the two legions' markers and heights (4.5: contents stay hidden), the players. In cluster
// mode the list holds every process's games: each change of a game owned here is told to the others
// (`shareWith`), and theirs are `heard` here (server/cluster/node.ts).
import type { GameState } from '../../shared/engine/types';
import type { LiveBattle } from '../../shared/protocol/rest';
import type { RulesEngine } from '../engine';
import type { StoredGame } from './store';

export class LiveBattles {
  private readonly battles = new Map<string, LiveBattle>();
  private readonly listeners = new Set<() => void>();
  private share: (gameId: string, battle: LiveBattle | null) => void = () => {};

  /** The game's broadcast state changed: its battle is listed, updated or removed. */
  show(game: StoredGame, state: GameState | null, engine: RulesEngine): void {
    const before = this.battles.get(game.id);
    const now = battleOf(game, state, engine, before);
    if (now === null && before === undefined) return;
    if (now !== null && before !== undefined && JSON.stringify(before) === JSON.stringify(now)) return;
    this.heard(game.id, now);
    this.share(game.id, now);
  }

  /** A battle listed, updated or removed (null) by the process owning its game. */
  heard(gameId: string, battle: LiveBattle | null): void {
    if (battle === null) {
      if (!this.battles.delete(gameId)) return;
    } else {
      this.battles.set(gameId, battle);
    }
    for (const l of this.listeners) l();
  }

  /** Cluster mode: each change of a battle of a game owned here is passed on to `share`. */
  shareWith(share: (gameId: string, battle: LiveBattle | null) => void): void {
    this.share = share;
  }

  /** Newest first. */
  list(): LiveBattle[] {
    return [...this.battles.values()].sort((a, b) => (a.since < b.since ? 1 : a.since > b.since ? -1 : 0));
  }

  /** Called after every change of the list; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const isPublic = (game: StoredGame) => !game.inviteOnly && game.spectatorsAllowed;

function battleOf(
  game: StoredGame,
  state: GameState | null,
  engine: RulesEngine,
  before: LiveBattle | undefined,
): LiveBattle | null {
  // A game over (also one stopped mid-battle by the director) has no battle under way.
  if (!isPublic(game) || state === null || state.result !== null) return null;
  if (state.battle === null || state.engagement === null) return null;
  const view = engine.view(state, { spectator: true });
  const { engagement, battle } = view;
  if (engagement === null || battle === null) return null;
  const side = (marker: string, owner: string) => {
    const player = view.players.find((p) => p.id === owner);
    return {
      marker,
      height: view.legions.find((l) => l.marker === marker)?.height ?? 0,
      player: { seat: owner as LiveBattle['attacker']['player']['seat'], name: player?.name ?? owner },
      color: player?.color ?? null,
    };
  };
  const attacker = side(engagement.attacker, engagement.attackerOwner);
  const defender = side(engagement.defender, engagement.defenderOwner);
  const same =
    before !== undefined &&
    before.land === engagement.land &&
    before.attacker.marker === attacker.marker &&
    before.defender.marker === defender.marker;
  return {
    game: game.id,
    land: engagement.land,
    terrain: battle.terrain,
    round: battle.round,
    attacker,
    defender,
    players: view.players.map((p) => ({
      seat: p.id as LiveBattle['attacker']['player']['seat'],
      name: p.name,
    })),
    since: same ? before.since : new Date().toISOString(),
  };
}
