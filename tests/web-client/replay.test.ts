// The replay's reading of a finished game's log (web-client/src/replay/replayLog.ts): its last position is
// the game's end, each viewer's events are those the rules let him see, and the steps land on the events the
// history has words for.
import { describe, expect, it } from 'vitest';
import { view } from '../../shared/engine/index';
import {
  deliveredTo,
  moveStops,
  nextStop,
  numbering,
  positions,
  previousStop,
  turnStops,
} from '../../web-client/src/replay/replayLog';
import { botGames } from '../engine/support/botGames';

const [game] = botGames(1);
if (game === undefined) throw new Error('no bot game');
const log = game.events.map((event, i) => ({ seq: i + 1, event }));
const numbered = numbering(log);

describe('the replay of a finished game', () => {
  it('folds the whole log to the final position the game reached', () => {
    const states = positions(log);
    expect(states.length).toBe(log.length);
    expect(states.at(-1)).toEqual(game.state);
    expect(view(states.at(-1)!, { spectator: true }).result).not.toBeNull();
  });

  it("shows each viewer only the events he saw during the game (4.3: another player's split is hidden)", () => {
    const split = log.find((e) => e.event.type === 'splitContents' && e.event.player === 'p1');
    expect(split).toBeDefined();
    expect(deliveredTo({ player: 'p1' }, numbered, split!)!.event).toBe(split!.event);
    expect(deliveredTo({ player: 'p2' }, numbered, split!)!.event).toEqual({ type: 'hidden' });
    expect(deliveredTo({ spectator: true }, numbered, split!)!.event).toEqual({ type: 'hidden' });
  });

  it('steps from move to move: never onto a step change or an event the viewer did not see; the end is one', () => {
    for (const viewer of [{ spectator: true } as const, { player: 'p2' }]) {
      const stops = moveStops(log, viewer);
      expect(stops.at(-1)).toBe(log.length - 1);
      for (const i of stops.slice(0, -1)) {
        const seen = deliveredTo(viewer, numbered, log[i]!)?.event.type;
        expect(['hidden', 'stepBegan', 'engagementEnded', undefined]).not.toContain(seen);
      }
      expect(nextStop(stops, stops[0]!)).toBe(stops[1]);
      expect(previousStop(stops, stops[1]!)).toBe(stops[0]);
      expect(nextStop(stops, log.length - 1)).toBe(log.length - 1);
    }
    const turns = turnStops(log);
    expect(turns.every((i) => log[i]!.event.type === 'turnStarted')).toBe(true);
    expect(turns.length).toBe(game.state.players.reduce((n, p) => n + p.turnsTaken, 0));
  });
});
