// Issue 15: a bot decides from what its seat may see alone. Property: with everything it may not see changed —
// the hidden contents of other players' legions (4.5: only what a rule revealed is known, and to the two
// engaged players each other's legion, 2.5.1), another pair's
// negotiation (errata 9.3) and the dice the game will roll (the bot is never given them) — every level makes
// the same choice.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, botIntent } from '../../shared/bot/index';
import { CHARACTER_NAMES, type CharacterName } from '../../shared/data/types';
import { decide, evolve, type GameState, pending, seededDice, seededRandom } from '../../shared/engine/index';
import { createGame } from '../../shared/engine/setup';

/** A decision budget (ms) no decision reaches. */
const UNBOUNDED_MS = 600_000;

/** States met in seeded games of random bots (2 to 4 players), every few decisions. */
function positions(): GameState[] {
  const found: GameState[] = [];
  for (let seed = 1; seed <= 6; seed++) {
    const n = 2 + (seed % 3);
    let state = createGame({
      players: Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `P${i + 1}` })),
    }).state;
    const dice = seededDice(seed);
    for (let k = 0; k < 3000 && state.result === null; k++) {
      const actor = pending(state).actor;
      if (actor === null) break;
      if (k % 37 === 0 && k > 40) found.push(state);
      const intent = botIntent(state, actor, 'random', seed * 100_000 + k);
      if (intent === null) break;
      const d = decide(state, actor, intent, dice);
      if ('rejected' in d) throw new Error(d.rejected.message);
      for (const e of d.events) state = evolve(state, e);
    }
  }
  return found;
}

/** `state` with what `seat` may not see redrawn by `random`: in others' legions every character not known to
 *  all is replaced (heights kept), and a negotiation `seat` is not part of gets other proposals. */
function redrawHidden(state: GameState, seat: string, random: () => number): GameState {
  const creatures = CHARACTER_NAMES.filter((c) => c !== 'Titan' && c !== 'Angel' && c !== 'Archangel');
  const legions = { ...state.legions };
  // The battle is public (9.1); the two engaged players have looked at each other's legion (2.5.1, 2.5.2).
  const seen = new Set(state.battle === null ? [] : state.battle.characters.map((c) => c.legion));
  const e = state.engagement;
  if (e !== null && (e.attackerOwner === seat || e.defenderOwner === seat)) {
    seen.add(e.attacker);
    seen.add(e.defender);
  }
  for (const [id, l] of Object.entries(legions)) {
    if (l.owner === seat || seen.has(id)) continue;
    const known = [...l.known];
    const characters: CharacterName[] = [];
    for (const c of l.characters) {
      const i = known.indexOf(c);
      if (i >= 0) {
        known.splice(i, 1);
        characters.push(c);
      } else {
        characters.push(
          c === 'Titan' ? c : (creatures[Math.floor(random() * creatures.length)] as CharacterName),
        );
      }
    }
    legions[id] = { ...l, characters };
  }
  const outsider = e !== null && e.attackerOwner !== seat && e.defenderOwner !== seat;
  return {
    ...state,
    legions,
    engagement:
      e !== null && outsider
        ? {
            ...e,
            negotiation: {
              ...e.negotiation,
              attackerProposals: [{ attackerLosses: [], defenderLosses: [] }],
            },
          }
        : e,
  };
}

describe('the bot never cheats (issue 15; 4.5, errata 9.3)', () => {
  const states = positions();

  it('4.5, errata 9.3: with the hidden contents, negotiations and future dice changed, every level makes the same choice', () => {
    expect(states.length).toBeGreaterThan(20);
    // The redraw does change what the bot may not see (in most positions some legion's contents).
    const changed = states.filter((s) => {
      const seat = pending(s).actor as string;
      return JSON.stringify(redrawHidden(s, seat, seededRandom(1)).legions) !== JSON.stringify(s.legions);
    });
    expect(changed.length).toBeGreaterThan(states.length / 2);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: states.length - 1 }),
        fc.constantFrom(...BOT_LEVELS),
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.integer({ min: 1, max: 2 ** 30 }),
        (index, level, seed, redraw) => {
          const state = states[index] as GameState;
          const seat = pending(state).actor as string;
          // A budget no decision reaches: the work bound alone ends the search, so a loaded machine cannot make
          // the two choices differ.
          const chosen = botIntent(state, seat, level, seed, UNBOUNDED_MS);
          const other = redrawHidden(state, seat, seededRandom(redraw));
          expect(botIntent(other, seat, level, seed, UNBOUNDED_MS)).toEqual(chosen);
        },
      ),
      { numRuns: 150, seed: 15 },
    );
  });
});
