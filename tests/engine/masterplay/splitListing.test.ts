// The listed splits (split.ts splitIntents, which builds its candidates to pass the split rules and checks only
// the first turn's) against a plain reading of 4.2, 4.3 and errata 4.1/5.2: every division of every legion into
// one or two new legions under the lowest free markers, kept when checkSplit accepts it. Over the split steps of
// seeded bot games, the two lists hold the same splits.
import { describe, expect, it } from 'vitest';
import { subMultisets } from '../../../shared/engine/contents';
import type { IntentOf } from '../../../shared/engine/intents';
import { legalIntents } from '../../../shared/engine/legal';
import { legionsOf, playerOf } from '../../../shared/engine/lookups';
import { checkSplit, isFirstTurn, splitIntents } from '../../../shared/engine/split';
import type { GameState, PlayerId } from '../../../shared/engine/types';
import { botGames } from '../support/botGames';

/** Every one- and two-legion division with parts of any size, filtered by the one check. */
function plainReading(state: GameState, player: PlayerId): string[] {
  const [m1, m2] = playerOf(state, player).markersAvailable;
  if (m1 === undefined) return [];
  const found: string[] = [];
  for (const legion of legionsOf(state, player)) {
    const all = legion.characters;
    for (const a of subMultisets(all, 1, all.length)) {
      const one: IntentOf<'split'> = {
        type: 'split',
        legion: legion.id,
        groups: [{ marker: m1, characters: a }],
      };
      if (checkSplit(state, player, one) === null) found.push(JSON.stringify(one));
      if (m2 === undefined) continue;
      const rest = [...all];
      for (const c of a) rest.splice(rest.indexOf(c), 1);
      for (const b of subMultisets(rest, a.length, rest.length)) {
        if (b.length === a.length && b.join() < a.join()) continue;
        const two: IntentOf<'split'> = {
          type: 'split',
          legion: legion.id,
          groups: [
            { marker: m1, characters: a },
            { marker: m2, characters: b },
          ],
        };
        if (checkSplit(state, player, two) === null) found.push(JSON.stringify(two));
      }
    }
  }
  return found.sort();
}

describe('the listed splits (4.2, 4.3, errata 4.1/5.2)', () => {
  it('are exactly the divisions the split rules accept, on the first turn and after', () => {
    const steps = botGames(300, 1)
      .flatMap((g) => g.samples)
      .filter((s) => s.state.step.kind === 'split');
    const firstTurns = steps.filter((s) => isFirstTurn(s.state));
    expect(firstTurns.length).toBeGreaterThan(10);
    expect(steps.length - firstTurns.length).toBeGreaterThan(100);
    let twoWay = 0;
    for (const { state, actor } of steps) {
      const listed = splitIntents(state, actor).map((i) => JSON.stringify(i));
      expect(listed.slice().sort()).toEqual(plainReading(state, actor));
      twoWay += listed.filter((i) => i.includes('},{')).length;
      // The step lists them as its choices (the same list, once per state).
      expect(legalIntents(state, actor).filter((i) => i.type === 'split')).toEqual(
        splitIntents(state, actor),
      );
    }
    expect(twoWay).toBeGreaterThan(0);
  });
});
