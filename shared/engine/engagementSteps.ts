// The engagement phase's dispatchers (Complete Sequence 2.5–2.5.6.10): for each step, which intents its one
// actor may send (errata 1.3/1.4), the concrete legal choices, the errata 20.4 default, and the hand-off of each
// intent to the module owning the rule. The masterplay dispatchers (decide.ts, pending.ts, legal.ts,
// defaultIntent.ts) call these for the engagement steps.

import { angelChoices, nextAngelStep } from './angels';
import type { BattleSide } from './battle/position';
import { opponent } from './battle/position';
import {
  decideBattleEndingPass,
  decideDoneManeuvering,
  decideDriftPass,
  decideManeuverConcession,
  decideMoveCharacter,
  decidePreBattlePass,
  decideResetManeuver,
  maneuverIntents,
  maneuverStarted,
} from './battle/sequence';
import {
  carryOverIntents,
  decideAssignCarryOver,
  decideDoneStriking,
  decideRangestrike,
  decideStrike,
  decideStrikeConcession,
  mustStrike,
  strikeIntents,
} from './battle/strikePhase';
import { concede } from './concession';
import { decideChooseEngagement, decideFlee, engagementChoices, mayFlee } from './engagement';
import { requireBattle, requireEngagement, sideOfPlayer } from './engagementState';
import type { Decision, GameEvent } from './events';
import { andThen } from './evolve';
import type { Intent, IntentType } from './intents';
import {
  acceptIntents,
  decideAcceptProposal,
  decideFight,
  decideNoMoreProposals,
  decidePropose,
  proposalIntents,
} from './negotiation';
import { decideReinforce, reinforcementIntents } from './reinforcement';
import { reject } from './rejections';
import { afterAngels, resolveEngagement } from './resolution';
import type { EngagementStep, Pending } from './steps';
import { notYourTurn, wrongStep } from './steps';
import { decideSummon, summonIntents } from './summon';
import type { Actor, Dice, GameState, PlayerId } from './types';

function currentStep(state: GameState): EngagementStep {
  return state.step as EngagementStep;
}

/** The actor's side in the engagement (every engagement step after the choice belongs to one of its players). */
function actorSide(state: GameState, player: PlayerId): BattleSide {
  const side = sideOfPlayer(requireEngagement(state), player);
  if (side === null) throw new Error(`${player} takes no part in this engagement`);
  return side;
}

export function decideEngagementStep(state: GameState, actor: Actor, intent: Intent, dice: Dice): Decision {
  const step = currentStep(state);
  if (actor !== step.actor) return notYourTurn(state, step.actor, actor);
  const player: PlayerId = actor;
  const wrong = (): Decision => wrongStep(state, intent.type);
  switch (step.kind) {
    case 'chooseEngagement':
      return intent.type === 'chooseEngagement' ? decideChooseEngagement(state, intent.land) : wrong();
    case 'negotiate':
      switch (intent.type) {
        case 'flee':
          return decideFlee(state, player);
        case 'propose':
          return decidePropose(state, player, intent);
        case 'acceptProposal':
          return decideAcceptProposal(state, player, intent);
        case 'noMoreProposals':
          return decideNoMoreProposals(state, player);
        case 'concede':
          return { events: concede(state, actorSide(state, player)) };
        default:
          return wrong();
      }
    case 'negotiateFinal':
      switch (intent.type) {
        case 'acceptProposal':
          return decideAcceptProposal(state, player, intent);
        case 'concede':
          return { events: concede(state, actorSide(state, player)) };
        case 'fight':
          return decideFight(state);
        default:
          return wrong();
      }
    case 'preBattleConcession':
      if (intent.type === 'concede') return { events: concede(state, step.side) };
      if (intent.type === 'pass') return decidePreBattlePass(state, player, step.side);
      return wrong();
    case 'maneuver':
      switch (intent.type) {
        case 'moveCharacter':
          return decideMoveCharacter(state, intent);
        case 'resetManeuver':
          return decideResetManeuver(state, step.side);
        case 'doneManeuvering':
          return decideDoneManeuvering(state, step.side);
        case 'concede':
          return decideManeuverConcession(state, step.side);
        case 'summon':
          return stay(state, decideSummon(state, intent));
        case 'reinforce':
          return stay(state, decideReinforce(state, intent));
        default:
          return wrong();
      }
    case 'concessionAttempted':
      // Errata 9.4, 10.0: accept the attempted concession, or concede instead of the opponent.
      if (intent.type === 'acceptConcession') return { events: concede(state, opponent(step.side)) };
      if (intent.type === 'concede') return { events: concede(state, step.side) };
      return wrong();
    case 'driftConcession':
      if (intent.type === 'concede') return { events: concede(state, step.side) };
      if (intent.type === 'pass') return decideDriftPass(state, player, step.side);
      return wrong();
    case 'strike':
    case 'counterstrike':
      switch (intent.type) {
        case 'strike':
          return decideStrike(state, intent, dice);
        case 'rangestrike':
          return decideRangestrike(state, intent, dice);
        case 'doneStriking':
          return decideDoneStriking(state);
        case 'concede':
          return decideStrikeConcession(state);
        default:
          return wrong();
      }
    case 'carryOver':
      // Errata 12.2/12.3: a strike once rolled is resolved completely; no concession part way through.
      return intent.type === 'assignCarryOver' ? decideAssignCarryOver(state, intent) : wrong();
    case 'battleEnding':
      if (intent.type === 'concede') return { events: concede(state, step.side) };
      if (intent.type === 'pass') return decideBattleEndingPass(state, player);
      return wrong();
    case 'postBattleAddition':
      // 2.5.6.5, then 2.5.6.6: the engagement is resolved.
      if (intent.type === 'summon') return then(state, decideSummon(state, intent), resolveEngagement);
      if (intent.type === 'reinforce') return then(state, decideReinforce(state, intent), resolveEngagement);
      if (intent.type === 'pass') {
        return {
          events: andThen(state, [{ type: 'optionDeclined', player, step: step.kind }], resolveEngagement),
        };
      }
      return wrong();
    case 'acquireAngel':
      return decideAngel(state, player, intent);
    default: {
      const unhandled: never = step;
      throw new Error(`decideEngagementStep: unknown step ${JSON.stringify(unhandled)}`);
    }
  }
}

/** An act within the step (a summon or a reinforcement during the maneuver): the same step goes on. */
function stay(state: GameState, decision: Decision): Decision {
  if ('rejected' in decision) return decision;
  return { events: [...decision.events, { type: 'stepBegan', step: state.step }] };
}

/** The accepted intent's events, then what `next` adds from the state they fold to. */
function then(state: GameState, decision: Decision, next: (s: GameState) => readonly GameEvent[]): Decision {
  if ('rejected' in decision) return decision;
  return { events: andThen(state, decision.events, next) };
}

/** 2.5.6.8, 17.x, errata 17.0: take the Angel (or Archangel) due, or refuse it; then the next one due. */
function decideAngel(state: GameState, player: PlayerId, intent: Intent): Decision {
  const step = state.step;
  if (step.kind !== 'acquireAngel') throw new Error('not the Angel step');
  let first: GameEvent;
  if (intent.type === 'acquireAngel') {
    if (!angelChoices(state, step.legion, step.archangel).includes(intent.character)) {
      return reject(
        'illegalAngel',
        step.archangel
          ? `No ${intent.character} can be taken now (the caretaker has none left).`
          : 'Only an Angel was earned here (an Archangel needs a multiple of 500 points).',
        '17.1, 17.3, errata 17.0',
      );
    }
    first = { type: 'angelAcquired', player, legion: step.legion, character: intent.character };
  } else if (intent.type === 'pass') {
    first = { type: 'optionDeclined', player, step: 'acquireAngel' };
  } else {
    return wrongStep(state, intent.type);
  }
  return {
    events: andThen(state, [first], (s) => {
      const next = nextAngelStep(s, player, step.legion, step.later);
      return next === null ? afterAngels(s) : [{ type: 'stepBegan', step: next }];
    }),
  };
}

/** The concrete legal choices of `player` at the current engagement step ([] if it is not his to act). */
export function legalEngagementIntents(state: GameState, player: Actor): Intent[] {
  const step = currentStep(state);
  if (player !== step.actor) return [];
  const concession: Intent = { type: 'concede' };
  const pass: Intent = { type: 'pass' };
  switch (step.kind) {
    case 'chooseEngagement':
      return engagementChoices(state);
    case 'negotiate': {
      const side = actorSide(state, player);
      const flee: Intent[] = mayFlee(state) ? [{ type: 'flee' }] : [];
      return [
        ...flee,
        ...proposalIntents(state, side),
        ...acceptIntents(state, side),
        concession,
        { type: 'noMoreProposals' },
      ];
    }
    case 'negotiateFinal':
      return [...acceptIntents(state, actorSide(state, player)), concession, { type: 'fight' }];
    case 'preBattleConcession':
    case 'driftConcession':
    case 'battleEnding':
      return [concession, pass];
    case 'maneuver': {
      const battle = requireBattle(state);
      const started = maneuverStarted(battle);
      return [
        ...maneuverIntents(state),
        ...(step.side === 'attacker' ? summonIntents(state) : reinforcementIntents(state)),
        ...(started ? [{ type: 'resetManeuver' } as const] : []),
        { type: 'doneManeuvering' },
        ...(started ? [] : [concession]),
      ];
    }
    case 'concessionAttempted':
      return [{ type: 'acceptConcession' }, concession];
    case 'strike':
    case 'counterstrike': {
      const done: Intent[] =
        mustStrike(requireBattle(state), step.side).length === 0 ? [{ type: 'doneStriking' }] : [];
      return [...strikeIntents(state), ...done, concession];
    }
    case 'carryOver':
      return carryOverIntents(state);
    case 'postBattleAddition':
      return [...(step.side === 'attacker' ? summonIntents(state) : reinforcementIntents(state)), pass];
    case 'acquireAngel':
      return [
        ...angelChoices(state, step.legion, step.archangel).map(
          (character): Intent => ({ type: 'acquireAngel', character }),
        ),
        pass,
      ];
    default: {
      const unhandled: never = step;
      throw new Error(`legalEngagementIntents: unknown step ${JSON.stringify(unhandled)}`);
    }
  }
}

/** Who must act now at an engagement step, and which kinds of intent he may send. */
export function engagementPending(state: GameState): Pending {
  const step = currentStep(state);
  const types: IntentType[] = [];
  for (const intent of legalEngagementIntents(state, step.actor)) {
    if (!types.includes(intent.type)) types.push(intent.type);
  }
  return { actor: step.actor, step: step.kind, intents: types };
}

/**
 * Errata 20.4, refusing to play: the first legal action of flee, concede, refuse a muster (the reinforcement),
 * refuse an Angel, the lowest-numbered engagement, refuse carry-over; a partial maneuver is reset, then a
 * concession attempted. null when it is not `player`'s turn to act.
 */
export function defaultEngagementIntent(state: GameState, player: PlayerId): Intent | null {
  const step = currentStep(state);
  if (player !== step.actor) return null;
  switch (step.kind) {
    case 'chooseEngagement':
      return engagementChoices(state)[0] ?? null;
    case 'negotiate':
      return mayFlee(state) ? { type: 'flee' } : { type: 'concede' };
    case 'maneuver':
      return maneuverStarted(requireBattle(state)) ? { type: 'resetManeuver' } : { type: 'concede' };
    case 'carryOver':
      return { type: 'assignCarryOver', targets: [] };
    case 'postBattleAddition':
    case 'acquireAngel':
      return { type: 'pass' };
    case 'negotiateFinal':
    case 'preBattleConcession':
    case 'concessionAttempted':
    case 'driftConcession':
    case 'strike':
    case 'counterstrike':
    case 'battleEnding':
      return { type: 'concede' };
    default: {
      const unhandled: never = step;
      throw new Error(`defaultEngagementIntent: unknown step ${JSON.stringify(unhandled)}`);
    }
  }
}
