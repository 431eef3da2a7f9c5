// `decide`: the one entry point for every intent. It checks who may act (errata 1.3/1.4), hands the intent to
// the step's entry in the STEPS table (steps.ts), and returns the events (the automatic part of the sequence
// folded in, an idle strike step's end included) or a rejection.
import { idleStrikeStepEnds } from './battle/strikePhase';
import { decidePowerUse } from './ce/hooks';
import type { Decision } from './events';
import { andThen } from './evolve';
import type { Intent } from './intents';
import { reject } from './rejections';
import { notYourTurn, ruleOf, wrongStep } from './steps';
import { decideCallTime, decideStopGame } from './turn';
import type { Actor, Dice, GameState } from './types';
import { DIRECTOR } from './types';
import { decideWithdraw } from './withdraw';

export function decide(state: GameState, actor: Actor, intent: Intent, dice: Dice): Decision {
  // 21.1, 20.5: time limits and stopping the game belong to the tournament director.
  if (intent.type === 'callTime' || intent.type === 'stopGame') {
    if (actor !== DIRECTOR) {
      return reject(
        'notAllowed',
        'Only the tournament director may call time or stop the game.',
        '21.1, 20.5',
      );
    }
    return withStep(state, intent.type === 'callTime' ? decideCallTime(state) : decideStopGame(state), dice);
  }
  if (actor === DIRECTOR) {
    return reject('notAllowed', 'The tournament director only calls time or stops the game.', '21.1, 20.5');
  }
  if (!state.players.some((p) => p.id === actor)) {
    return reject('notYourTurn', 'You are not seated in this game.', 'errata 1.3, 1.4');
  }
  const step = state.step;
  if (step.kind === 'gameOver') return reject('wrongStep', 'The game is over.', '3, errata 19.0');
  const rule = ruleOf(step);
  // 20.4, errata 5.0/5.1/20.4: only at the steps that allow it, and only on one's own turn.
  if (intent.type === 'withdraw')
    return decideWithdraw(state, actor, rule.withdrawal && step.actor === actor);
  if (step.actor !== actor) return notYourTurn(state, step, actor);
  return withStep(
    state,
    rule.decide(state, step, intent, dice) ??
      decidePowerUse(state, actor, intent, dice) ??
      wrongStep(step, intent.type),
    dice,
  );
}

/** Every accepted intent's events end with the step that follows (style: the last event is a `stepBegan` or
 *  `gameOver`); an act within a step (a split, a move, a muster, ...) repeats the current step. A strike step with
 *  nothing to do in it does not wait: its end follows at once, rolled with the same dice (strikePhase.ts). */
function withStep(state: GameState, decision: Decision, dice: Dice): Decision {
  if ('rejected' in decision) return decision;
  const last = decision.events.at(-1);
  const events =
    last?.type === 'stepBegan' || last?.type === 'gameOver'
      ? decision.events
      : [...decision.events, { type: 'stepBegan', step: state.step } as const];
  const next = events.at(-1);
  if (next?.type !== 'stepBegan' || (next.step.kind !== 'strike' && next.step.kind !== 'counterstrike')) {
    return { events };
  }
  return { events: andThen(state, events, (s) => idleStrikeStepEnds(s, dice)) };
}
