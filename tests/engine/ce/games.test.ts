// Cosmic Encounter Titan end to end: complete games of 2 to 6 players through decide/evolve only, powers drawn at
// random from those built, the invariants checked after every event (tools/sim.ts --check), the bids sealed from
// everybody but their bidder until all are in, and the starting scores minus the winning bids.
import { describe, expect, it } from 'vitest';
import { TOWER_LANDS } from '../../../shared/data/masterboard';
import { startingScore } from '../../../shared/engine/ce/hooks';
import { powerById } from '../../../shared/engine/ce/registry';
import type { GameEvent } from '../../../shared/engine/events';
import { evolve, replay } from '../../../shared/engine/evolve';
import type { GameState } from '../../../shared/engine/types';
import { view, visibleTo } from '../../../shared/engine/view';
import { playGame } from '../../../tools/sim';

/** Every viewer's sight of the bids along the log, checked at each event. */
function checkSealed(events: readonly GameEvent[]): void {
  const [created, ...rest] = events;
  let state: GameState = replay([created as GameEvent]);
  for (const e of rest) {
    if (e.type === 'bidSubmitted') expect(visibleTo(e)).toEqual([e.player]);
    state = evolve(state, e);
    const ce = state.ce;
    if (ce === null || ce.revealed) continue;
    for (const p of state.players) {
      // Before the reveal a player sees his own bids only; a spectator none.
      const seen = view(state, { player: p.id }).ce?.bids ?? {};
      expect(Object.keys(seen)).toEqual(ce.bids[p.id] === undefined ? [] : [p.id]);
    }
    expect(view(state, { spectator: true }).ce?.bids).toEqual({});
  }
}

describe('CE Titan, complete games', () => {
  it('CE: games of 2 to 6 players end without an error, the invariants holding after every event', () => {
    for (let players = 2; players <= 6; players++) {
      const r = playGame({
        players,
        seed: 1700 + players,
        check: true,
        keepEvents: true,
        turnLimit: 60,
        variant: 'ceTitan',
        powersDrawn: players % 2 === 0 ? 'N' : 'N+1',
      });
      expect(r.error, `${players} players`).toBeNull();
      expect(r.completed).toBe(true);
      expect(replay(r.events)).toEqual(r.state);
      checkSealed(r.events);
      const types = r.events.map((e) => e.type);
      // CE bidding rules: drawn, then every bid, revealed once, before any tower or turn; no tower rolls.
      expect(types).not.toContain('towerRolled');
      expect(types.filter((t) => t === 'bidSubmitted')).toHaveLength(players);
      expect(types.filter((t) => t === 'bidsRevealed')).toHaveLength(1);
      expect(types.indexOf('bidsRevealed')).toBeGreaterThan(types.lastIndexOf('bidSubmitted'));
      expect(types.indexOf('setUpDrawn')).toBeGreaterThan(types.indexOf('bidsRevealed'));
      const revealed = r.events.find((e) => e.type === 'bidsRevealed');
      const drawn = r.events.find((e) => e.type === 'powersDrawn');
      if (revealed?.type !== 'bidsRevealed' || drawn?.type !== 'powersDrawn') throw new Error('no bidding');
      for (const e of r.events) {
        // "Each player then starts with points equal to the negative of his/her final [bid]".
        if (e.type === 'powerAssigned') {
          expect(e.bid).toBe(revealed.bids[e.player]?.[drawn.powers.indexOf(e.power)]);
          expect(e.score).toBe(startingScore(powerById(e.power), -e.bid));
        }
        // CE general notes: towers as far apart as possible; a random order of play.
        if (e.type === 'setUpDrawn') {
          expect(e.towers.map((t) => t.tower).every((t) => TOWER_LANDS.includes(t))).toBe(true);
          expect([...e.order].sort()).toEqual(r.state.players.map((p) => p.id).sort());
        }
      }
    }
  });
});
