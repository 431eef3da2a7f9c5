// Reinforcements (14.0–14.2, errata 14.0/14.1/14.2; Complete Sequence 2.5.5.1, 2.5.6.4.1.1, 2.5.6.5): the
// defender musters one character from the land's terrain (18.x), in his fourth maneuver phase (it must enter
// from his side then, errata 14.1) or after winning if not taken; the right is earned when the attacker ends
// his first maneuver phase other than by concession (errata 14.2) or by winning by agreement (2.5.5.1). It
// counts as the legion's muster for the turn (18.0).
import { land } from '../data/masterboard';
import type { CharacterName } from '../data/types';
import { lateArrivalRound, powerRecruits, recruitStock } from './ce/hooks';
import { sameCharacters, sortCharacters } from './contents';
import { awaitsArrival, nextCharacterId, requireEngagement } from './engagementState';
import type { Decision, GameEvent } from './events';
import type { Intent, IntentOf } from './intents';
import type { RecruitOption } from './muster';
import { MAX_LEGION_HEIGHT, recruitOptions } from './muster';
import { rejection, withArticle } from './rejections';
import type { GameState, Rejection } from './types';

/** 14.0: the battle round in whose maneuver phase the defender may take a reinforcement. */
export const REINFORCEMENT_ROUND = 4;

/** Why the defender may not muster a reinforcement now, or null. Reads public facts only (resolution.ts
 *  postBattleStepOffered relies on it, errata 9.1); what the legion can muster is reinforcementOptions'. */
export function reinforcementProblem(state: GameState): Rejection | null {
  const engagement = requireEngagement(state);
  const battle = state.battle;
  const step = state.step;
  if (step.kind === 'maneuver') {
    if (battle === null || step.side !== 'defender' || battle.reinforcement !== 'available') {
      return rejection(
        'illegalReinforcement',
        'A reinforcement may be mustered only in the defender\u2019s fourth maneuver phase.',
        '14.0',
      );
    }
    if (battle.mustEnter.length > 0) {
      return rejection(
        'illegalReinforcement',
        'A character added to your legion this phase is still to enter (one addition per phase).',
        '14.1',
      );
    }
    if (awaitsArrival(battle, 'defender')) {
      return rejection(
        'illegalReinforcement',
        'Your reinforcement is mustered: it arrives next battle turn.',
        'CE 39 B3',
      );
    }
  } else if (step.kind === 'postBattleAddition') {
    const result = engagement.result;
    if (step.side !== 'defender' || result?.winner !== 'defender') {
      return rejection(
        'illegalReinforcement',
        'Only the victorious defender may muster after the battle.',
        '14.0',
      );
    }
    if (result.outcome !== 'agreement' && !engagement.defenderMayReinforce) {
      return rejection(
        'illegalReinforcement',
        'The attacker conceded before ending his first maneuver phase: no reinforcement was earned.',
        'errata 14.2',
      );
    }
    if (battle !== null && battle.reinforcement === 'taken') {
      return rejection(
        'illegalReinforcement',
        'Your legion already took a reinforcement in this battle.',
        '14.1',
      );
    }
  } else {
    return rejection('illegalReinforcement', 'You may not muster a reinforcement at this step.', '14.0');
  }
  const legion = state.legions[engagement.defender];
  if (legion === undefined || legion.characters.length >= MAX_LEGION_HEIGHT) {
    return rejection('illegalReinforcement', 'Your legion already holds seven characters.', '14.1');
  }
  if (state.turn?.mustered.includes(legion.id) === true) {
    return rejection('illegalReinforcement', 'Your legion has already mustered this turn.', '18.0');
  }
  return null;
}

/** 14.0, 18.3–18.5: what the defending legion could muster in the land of the engagement. */
export function reinforcementOptions(state: GameState): RecruitOption[] {
  if (reinforcementProblem(state) !== null) return [];
  const engagement = requireEngagement(state);
  const legion = state.legions[engagement.defender];
  if (legion === undefined) return [];
  const terrain = land(engagement.land).terrain;
  return recruitOptions(terrain, legion.characters, {
    variant: state.options.variant,
    caretaker: recruitStock(state, legion, terrain),
    adjust: (options) => powerRecruits(state, legion, terrain, options),
  });
}

/** Every reinforcement the defender may muster now: each creature with each minimal reveal (18.4). */
export function reinforcementIntents(state: GameState): Intent[] {
  return reinforcementOptions(state).flatMap((o) =>
    o.reveal.map((reveal): Intent => ({ type: 'reinforce', creature: o.creature, reveal })),
  );
}

export function checkReinforcement(state: GameState, intent: IntentOf<'reinforce'>): Rejection | null {
  const problem = reinforcementProblem(state);
  if (problem !== null) return problem;
  const option = reinforcementOptions(state).find((o) => o.creature === intent.creature);
  if (option === undefined) {
    return rejection(
      'illegalReinforcement',
      `Your legion cannot muster ${withArticle(intent.creature)} here.`,
      '14.0, 18.3',
    );
  }
  const reveal: readonly CharacterName[] = intent.reveal;
  if (!option.reveal.some((r) => sameCharacters(r, reveal))) {
    return rejection(
      'illegalReinforcement',
      `Reveal exactly one of the sets that qualify ${withArticle(intent.creature)}: ${option.reveal.map((r) => `[${r.join(', ')}]`).join(' or ')}.`,
      '18.4',
    );
  }
  return null;
}

/**
 * The defender musters a reinforcement: in his fourth maneuver phase it joins the battle off the board and must
 * enter from his side this phase (errata 14.1); after winning it joins the legion at once. The step that follows
 * is the dispatcher's (steps of the maneuver or after the battle).
 */
export function decideReinforce(state: GameState, intent: IntentOf<'reinforce'>): Decision {
  const problem = checkReinforcement(state, intent);
  if (problem !== null) return { rejected: problem };
  const engagement = requireEngagement(state);
  const inBattle = state.step.kind === 'maneuver';
  // CE 39 B3: announced now, it may arrive in a later maneuver phase.
  const arrives = inBattle ? lateArrivalRound(state, engagement.defenderOwner) : null;
  const event: GameEvent = {
    type: 'reinforcementMustered',
    legion: engagement.defender,
    creature: intent.creature,
    reveal: sortCharacters(intent.reveal),
    id: inBattle ? nextCharacterId(state, engagement.defender, 'defender') : null,
    ...(arrives === null ? {} : { arrives }),
  };
  return { events: [event] };
}
