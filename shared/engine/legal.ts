// The concrete legal choices of a player now (bots and the client use them): the step's entry in the STEPS
// table (steps.ts) lists them from the same checks `decide` applies; withdrawing is added where errata 20.4
// allows it; `describedChoices` describes exactly the parameterised ones listed in one form. The tournament director's two acts are his at any point before the end (21.1, 20.5).
import { powerChoices } from './ce/hooks';
import type { Intent } from './intents';
import { perState } from './perState';
import { type DescribedChoice, ruleOf } from './steps';
import type { Actor, GameState } from './types';
import { DIRECTOR } from './types';

/** Listed once per state and actor (perState.ts). */
export const legalIntents: (state: GameState, player: Actor) => readonly Intent[] = perState(listIntents);

function listIntents(state: GameState, player: Actor): Intent[] {
  const step = state.step;
  if (step.kind === 'gameOver') return [];
  if (player === DIRECTOR) {
    return state.timeCalled === null ? [{ type: 'callTime' }, { type: 'stopGame' }] : [{ type: 'stopGame' }];
  }
  if (step.actor !== player) return [];
  const rule = ruleOf(step);
  // Cosmic Encounter Titan: the player's power's own choices at this step (ce/hooks.ts), like any other. One
  // list, made once: the listing is the server's at every position (issue 16).
  const choices =
    step.kind === 'powerDecision'
      ? [...rule.choices(state, step)]
      : [...rule.choices(state, step), ...powerChoices(state, player)];
  if (rule.withdrawal) choices.push({ type: 'withdraw' });
  return choices;
}

export type { DescribedChoice };

/** What `legalIntents` lists in one canonical form only (the markers of a split, the sets of proposals),
 *  described exactly: every intent `decide` accepts is listed or described (errata 9.3, 4.2). */
export function describedChoices(state: GameState, player: Actor): DescribedChoice[] {
  const step = state.step;
  if (step.kind === 'gameOver' || step.actor !== player) return [];
  return ruleOf(step).described?.(state, step) ?? [];
}
