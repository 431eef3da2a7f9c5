// CE Titan powers in the engine tests: a game given its powers (the bidding is the frame's, tested there), and
// small readers of the position.
import type { CharacterName, HexLabel } from '../../../../shared/data/types';
import type { PowerId } from '../../../../shared/engine/ce/power';
import type { Intent } from '../../../../shared/engine/intents';
import { legalIntents } from '../../../../shared/engine/legal';
import type { PlayerId } from '../../../../shared/engine/types';
import { A } from '../../engagement/build';
import type { Run } from '../../support/game';
import { arrange, setUpGame } from '../../support/game';

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

/** "Recruit from the dead" (the frame's `fromTheDead`): p1's legion Bk01 of `characters`, moved to the Marsh (land 8,
 *  where Ogres muster an Ogre), at its muster; the caretaker has no Ogre left and the dead pile two; p1 holds
 *  `power` (null: none). */
export function noOgreLeft(characters: readonly CharacterName[], power: PowerId | null): Run {
  const run = arrange(setUpGame(), [{ id: 'Bk01', land: 8, characters: [...characters] }], {
    moved: ['Bk01'],
    caretaker: { Ogre: 0 },
  });
  run.state = { ...run.state, deadPile: { Ogre: 2 } };
  return power === null ? run : withPowers(run, { [A]: power });
}

/** The Ogre musters `legal` offers p1. */
export function ogreMusters(run: Run): Intent[] {
  return legalIntents(run.state, A).filter((i) => i.type === 'muster' && i.creature === 'Ogre');
}
