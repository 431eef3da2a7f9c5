// What a bot seat deduces (shared/bot/sight.ts): from the errata 3.5 counts, the caretaker's stacks and the dead
// pile (20.1: public) it knows exactly which creatures are hidden under other players' markers, though not
// where; each draw of the hidden contents is one the seat cannot tell from the real game.
import { describe, expect, it } from 'vitest';
import { botIntent, botSight } from '../../shared/bot/index';
import { drawnContents, hiddenPool } from '../../shared/bot/sight';
import type { CharacterName } from '../../shared/data/types';
import { decide, evolve, type GameState, pending, seededDice, seededRandom } from '../../shared/engine/index';
import { createGame } from '../../shared/engine/setup';

/** Positions of seeded games of random bots outside battles, every few decisions. */
function positions(seed: number, players: number): GameState[] {
  let state = createGame({
    players: Array.from({ length: players }, (_, i) => ({ id: `p${i + 1}`, name: `P${i + 1}` })),
  }).state;
  const dice = seededDice(seed);
  const found: GameState[] = [];
  for (let k = 0; k < 4000 && state.result === null; k++) {
    if (k % 31 === 0 && state.battle === null && state.turn !== null) found.push(state);
    const actor = pending(state).actor as string;
    const intent = botIntent(state, actor, 'random', seed * 31 + k);
    if (intent === null) break;
    const d = decide(state, actor, intent, dice);
    if ('rejected' in d) throw new Error(d.rejected.message);
    for (const e of d.events) state = evolve(state, e);
  }
  return found;
}

/** The creatures of other players' legions that are not known to all (4.5), counted by kind. */
function reallyHidden(state: GameState, seat: string): Map<CharacterName, number> {
  const hidden = new Map<CharacterName, number>();
  for (const l of Object.values(state.legions)) {
    if (l.owner === seat) continue;
    const known = [...l.known];
    for (const c of l.characters) {
      const i = known.indexOf(c);
      if (i >= 0) known.splice(i, 1);
      else if (c !== 'Titan') hidden.set(c, (hidden.get(c) ?? 0) + 1);
    }
  }
  return hidden;
}

const sorted = (m: Map<CharacterName, number>) => [...m].sort(([a], [b]) => (a < b ? -1 : 1));

describe('what a bot seat deduces (errata 3.5, 4.5, 20.1)', () => {
  const states = [1, 2, 3].flatMap((seed) => positions(seed, 2 + seed));
  it('errata 3.5, 20.1: the hidden creatures are deduced exactly from the counts, the caretaker and the dead pile', () => {
    expect(states.length).toBeGreaterThan(20);
    let hidden = 0;
    for (const state of states) {
      for (const p of state.players.filter((x) => !x.eliminated)) {
        const truth = reallyHidden(state, p.id);
        expect(sorted(hiddenPool(botSight(state, p.id)))).toEqual(sorted(truth));
        hidden += [...truth.values()].reduce((a, b) => a + b, 0);
      }
    }
    expect(hidden).toBeGreaterThan(50);
  });

  it('4.5: a draw keeps every height and all that is known, and gives each player still in the game one Titan', () => {
    for (const state of states) {
      const seat = pending(state).actor as string;
      const drawn = drawnContents(botSight(state, seat), seededRandom(9));
      for (const l of Object.values(state.legions)) {
        const d = drawn.get(l.id) ?? [];
        expect(d.length).toBe(l.characters.length);
        if (l.owner === seat) expect(d).toEqual(l.characters);
        for (const c of l.known) expect(d).toContain(c);
      }
      for (const p of state.players.filter((x) => !x.eliminated)) {
        const titans = Object.values(state.legions)
          .filter((l) => l.owner === p.id)
          .flatMap((l) => drawn.get(l.id) ?? [])
          .filter((c) => c === 'Titan').length;
        expect(titans).toBe(1);
      }
    }
  });
});
