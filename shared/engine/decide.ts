// `decide`: the one entry point for every intent. It checks who may act (errata 1.3/1.4), hands the intent to
// the module owning the rule, and returns the events (the automatic part of the sequence folded in) or a
// rejection. The engagement phase's steps go to the engagement module as a whole.

import { decideEngagementStep } from './engagementSteps';
import type { Decision } from './events';
import type { Intent } from './intents';
import {
  decideDoneMoving,
  decideMoveLegion,
  decideRollMovement,
  decideTakeMulligan,
  decideUndoMove,
} from './movementPhase';
import { decideMuster } from './musterPhase';
import { reject } from './rejections';
import { decideChooseColor, decideRollTower } from './setup';
import { decideSplit } from './split';
import { isEngagementStep, notYourTurn, wrongStep } from './steps';
import { decideCallTime, decideEndTurn, decideStopGame } from './turn';
import type { Actor, Dice, GameState, PlayerId, StepKind } from './types';
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
    return withStep(state, intent.type === 'callTime' ? decideCallTime(state) : decideStopGame(state));
  }
  if (actor === DIRECTOR) {
    return reject('notAllowed', 'The tournament director only calls time or stops the game.', '21.1, 20.5');
  }
  if (!state.players.some((p) => p.id === actor)) {
    return reject('notYourTurn', 'You are not seated in this game.', 'errata 1.3, 1.4');
  }
  const step = state.step;
  if (step.kind === 'gameOver') return reject('wrongStep', 'The game is over.', '3, errata 19.0');
  if (intent.type === 'withdraw') return decideWithdraw(state, actor);
  if (isEngagementStep(step)) return decideEngagementStep(state, actor, intent, dice);
  if (step.actor !== actor) return notYourTurn(state, step.actor, actor);
  return withStep(state, decideMasterplay(state, actor, intent, dice));
}

/** Every accepted intent's events end with the step that follows (style: the last event is a `stepBegan` or
 *  `gameOver`); an act within a step (a split, a move, a muster, ...) repeats the current step. */
function withStep(state: GameState, decision: Decision): Decision {
  if ('rejected' in decision) return decision;
  const last = decision.events.at(-1);
  if (last?.type === 'stepBegan' || last?.type === 'gameOver') return decision;
  return { events: [...decision.events, { type: 'stepBegan', step: state.step }] };
}

/** The masterplay steps (Complete Sequence 1.3-1.4, 2.1-2.4, 2.6-2.7), the actor already checked. */
function decideMasterplay(state: GameState, player: PlayerId, intent: Intent, dice: Dice): Decision {
  const at = (kind: StepKind): Decision | null =>
    state.step.kind === kind ? null : wrongStep(state, intent.type);

  switch (intent.type) {
    case 'rollTower':
      return at('rollTower') ?? decideRollTower(state, player, dice);
    case 'chooseColor':
      return at('chooseColor') ?? decideChooseColor(state, player, intent);
    case 'split':
      return at('split') ?? decideSplit(state, player, intent);
    case 'rollMovement':
      return at('split') ?? decideRollMovement(state, player, dice);
    case 'takeMulligan':
      return at('move') ?? decideTakeMulligan(state, player, dice);
    case 'moveLegion':
      return at('move') ?? decideMoveLegion(state, player, intent);
    case 'undoMove':
      return at('move') ?? decideUndoMove(state, player, intent);
    case 'doneMoving':
      return at('move') ?? decideDoneMoving(state, player);
    case 'muster':
      return at('muster') ?? decideMuster(state, player, intent);
    case 'endTurn':
      return at('muster') ?? decideEndTurn(state, player);
    case 'withdraw':
      return decideWithdraw(state, player);
    case 'callTime':
    case 'stopGame':
      return reject(
        'notAllowed',
        'Only the tournament director may call time or stop the game.',
        '21.1, 20.5',
      );
    case 'chooseEngagement':
    case 'flee':
    case 'propose':
    case 'acceptProposal':
    case 'noMoreProposals':
    case 'fight':
    case 'concede':
    case 'acceptConcession':
    case 'pass':
    case 'moveCharacter':
    case 'resetManeuver':
    case 'doneManeuvering':
    case 'strike':
    case 'rangestrike':
    case 'assignCarryOver':
    case 'doneStriking':
    case 'summon':
    case 'reinforce':
    case 'acquireAngel':
      return wrongStep(state, intent.type);
    default: {
      const unhandled: never = intent;
      throw new Error(`decide: unknown intent ${JSON.stringify(unhandled)}`);
    }
  }
}
