// The strong bot's danger map (shared/bot/reach.ts): for every Movement Roll, the lands on which each legion of
// the other players could engage (7.1, 8.2) are exactly those the engine lists as engagement moves on that roll.
import { describe, expect, it } from 'vitest';
import { botIntent } from '../../shared/bot/index';
import { enemyReach } from '../../shared/bot/reach';
import { decide, evolve, type GameState, legalIntents, pending, seededDice } from '../../shared/engine/index';
import { createGame } from '../../shared/engine/setup';

/** The first movement steps (roll made, nothing moved yet) of a seeded game of random bots. */
function movementSteps(seed: number, players: number, wanted: number): GameState[] {
  let state = createGame({
    players: Array.from({ length: players }, (_, i) => ({ id: `p${i + 1}`, name: `P${i + 1}` })),
  }).state;
  const dice = seededDice(seed);
  const found: GameState[] = [];
  for (let k = 0; k < 20_000 && state.result === null && found.length < wanted; k++) {
    if (state.step.kind === 'move' && state.turn?.moves.length === 0 && (state.turn?.number ?? 0) > 4)
      found.push(state);
    const actor = pending(state).actor as string;
    const intent = botIntent(state, actor, 'random', seed * 7 + k);
    if (intent === null) break;
    const d = decide(state, actor, intent, dice);
    if ('rejected' in d) throw new Error(d.rejected.message);
    for (const e of d.events) state = evolve(state, e);
  }
  return found;
}

describe('reach (7.1, 8.1, 8.2)', () => {
  it('7.1, 8.2: each roll brings a legion onto exactly the lands the engine lists as its engagements', () => {
    const states = [11, 12, 13, 14].flatMap((seed) => movementSteps(seed, 2 + (seed % 3), 8));
    expect(states.length).toBeGreaterThan(20);
    let engagements = 0;
    for (const state of states) {
      const mover = state.turn?.player as string;
      // Reach as seen by one of the mover's opponents: the mover's legions are among "the others".
      const watcher = state.players.find((p) => p.id !== mover && !p.eliminated)?.id as string;
      const reach = enemyReach(state, watcher);
      for (let roll = 1; roll <= 6; roll++) {
        const rolled: GameState = {
          ...state,
          turn: { ...(state.turn as NonNullable<GameState['turn']>), movementRoll: roll },
        };
        const listed = new Set<string>();
        for (const i of legalIntents(rolled, mover)) {
          if (i.type === 'moveLegion' && i.entry != null) listed.add(`${i.legion}@${i.land}`);
        }
        const reached = new Set<string>();
        for (const [legion, lands] of reach) {
          if (state.legions[legion]?.owner !== mover) continue;
          for (const [land, rolls] of lands) if (rolls.includes(roll)) reached.add(`${legion}@${land}`);
        }
        expect([...reached].sort()).toEqual([...listed].sort());
        engagements += listed.size;
      }
    }
    // The positions do hold engagements to find.
    expect(engagements).toBeGreaterThan(10);
  });
});
