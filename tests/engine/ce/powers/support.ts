// CE Titan powers in the engine tests: a game given its powers (the bidding is the frame's, tested there), and
// small readers of the position.
import type { HexLabel } from '../../../../shared/data/types';
import type { PowerId } from '../../../../shared/engine/ce/power';
import { legalIntents } from '../../../../shared/engine/legal';
import type { PlayerId } from '../../../../shared/engine/types';
import type { Run } from '../../support/game';

/** The run as a game of CE Titan in which these players hold these powers (the others none). */
export function withPowers(run: Run, powers: Readonly<Record<PlayerId, PowerId>>): Run {
  const ids = run.state.players.map((p) => p.id);
  run.state = {
    ...run.state,
    ce: {
      drawn: [...new Set(Object.values(powers))],
      bids: {},
      revealed: true,
      powers: { ...powers },
      startScores: Object.fromEntries(ids.map((id) => [id, 0])),
      memory: Object.fromEntries(ids.map((id) => [id, {}])),
    },
  };
  return run;
}

/** The hexes a character may move to now, as `legal` lists them. */
export function moveTargets(run: Run, player: PlayerId, character: string): HexLabel[] {
  return legalIntents(run.state, player).flatMap((i) =>
    i.type === 'moveCharacter' && i.character === character ? [i.hex] : [],
  );
}

/** The hits on a battle character. */
export function hitsOf(run: Run, id: string): number {
  const c = run.state.battle?.characters.find((x) => x.id === id);
  if (c === undefined) throw new Error(`no character ${id} in the battle`);
  return c.hits;
}
