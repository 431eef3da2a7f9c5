// 13 ZOMBIE (CE Titan, rules 004): "The casualties of battle fights for you, the undead."

import { decided } from '../../engagementFold';
import { requireEngagement } from '../../engagementState';
import { playerOf } from '../../lookups';
import type { GameState, PlayerId, PowerMemory } from '../../types';
import { entry } from '../catalogueEntry';
import type { Power } from '../power';

const ZOMBIE = 13;

/** The default fold of a power's act: its data merged into his memory (ce/fold.ts). */
function remembered(state: GameState, player: PlayerId, data: PowerMemory): GameState {
  const ce = state.ce;
  if (ce === null) return state;
  return { ...state, ce: { ...ce, memory: { ...ce.memory, [player]: { ...ce.memory[player], ...data } } } };
}

export const zombie: Power = {
  ...entry(ZOMBIE),
  // CE 13 M1: "You may recruit from the dead": any creature the caretaker has none left of, from the dead pile
  // (musters and reinforcements alike).
  fromTheDead: () => true,
  // CE 13 B2: "You win all mutuals, and can collect points if you win on time." A mutual elimination (by battle,
  // concession or agreement) is his win, scored on the enemy's losses, his emptied legion eliminated all the same
  // (4.4); a win on time (his defending legion outlasting the attacker's 7th turn, 10.5) scores the attacker's
  // losses (all its characters).
  winsMutual: (state, owner, side) => [
    {
      type: 'powerUsed',
      player: owner,
      power: ZOMBIE,
      act: 'winsMutual',
      words: `${playerOf(state, owner).name} wins the mutual elimination (the Zombie wins all mutuals).`,
      audience: 'all',
      data: { side },
    },
  ],
  scoresOnTime: true,
  // CE 13 T1: "If your titan dies in battle you lose (even if you win the battle)": the engagement's end eliminates
  // every player whose Titan fell in it (resolution.ts afterAngels), the victor too (a mutual he wins, B2).
  apply: (state, event) => {
    if (event.act === 'winsMutual') {
      const side = event.data.side === 'attacker' ? 'attacker' : 'defender';
      const result = requireEngagement(state).result;
      return decided(state, result?.outcome ?? 'mutualElimination', side);
    }
    return remembered(state, event.player, event.data);
  },
};
