// The steps of the errata's Complete Sequence of Play in a player's words, with where each sits in the Sequence,
// the step as each viewer may know it (errata 9.3), and the two rejections every step shares: acting out of turn
// (errata 1.3, 1.4) and sending an intent the step does not allow. Used by the masterplay and the engagement
// dispatchers alike, and by view.ts.

import type { Decision } from './events';
import type { IntentType } from './intents';
import { reject } from './rejections';
import type { GameState, PlayerId, Step, StepKind, Viewer } from './types';

/** Each step: the words a player reads, and its place in the Complete Sequence of Play. */
export const STEPS: Readonly<Record<StepKind, { readonly words: string; readonly rule: string }>> = {
  rollTower: { words: 'the tower rolls', rule: 'Complete Sequence 1.3.1' },
  chooseColor: { words: 'the choice of colours', rule: 'Complete Sequence 1.4.1' },
  split: { words: 'the splits before the movement roll', rule: 'Complete Sequence 2.1, 2.2' },
  move: { words: 'the movement phase', rule: 'Complete Sequence 2.2.1, 2.3' },
  chooseEngagement: {
    words: 'the choice of the next engagement',
    rule: 'Complete Sequence 2.5, errata 9.1',
  },
  negotiate: { words: 'the negotiation', rule: 'Complete Sequence 2.5.3, 2.5.4, errata 9.2/9.3' },
  negotiateFinal: {
    words: 'the end of the negotiation',
    rule: 'Complete Sequence 2.5.5',
  },
  preBattleConcession: {
    words: 'the concessions before the battle',
    rule: 'Complete Sequence 2.5.6.2, 2.5.6.3',
  },
  maneuver: { words: 'the maneuver phase', rule: 'Complete Sequence 2.5.6.4.x.1' },
  concessionAttempted: {
    words: 'the answer to an attempted concession',
    rule: 'Complete Sequence 2.5.6.4.x.2, errata 9.4',
  },
  driftConcession: {
    words: 'the chance to concede before drift damage',
    rule: 'Complete Sequence 2.5.6.4.x.3.1',
  },
  strike: { words: 'the strike phase', rule: 'Complete Sequence 2.5.6.4.x.4' },
  counterstrike: { words: 'the counterstrikes', rule: 'Complete Sequence 2.5.6.4.x.5, 2.5.6.4.x.6' },
  carryOver: {
    words: 'the allocation of the carried-over damage',
    rule: 'Complete Sequence 2.5.6.4.x.4.3, errata 12.4',
  },
  battleEnding: { words: 'the end of the battle', rule: 'Complete Sequence 2.5.6.4.x.8.1' },
  postBattleAddition: {
    words: 'the summons or reinforcement after the battle',
    rule: 'Complete Sequence 2.5.6.5',
  },
  acquireAngel: { words: 'the choice of an earned Angel', rule: 'Complete Sequence 2.5.6.8, 17.x' },
  muster: { words: 'the muster phase', rule: 'Complete Sequence 2.6, 2.7' },
  gameOver: { words: 'the end of the game', rule: 'Complete Sequence 3' },
};

/** What each intent asks, in a player's words ("You cannot <words> now"). */
const INTENT_WORDS: Readonly<Record<IntentType, string>> = {
  rollTower: 'roll for your tower',
  chooseColor: 'choose a colour',
  split: 'split a legion',
  rollMovement: 'roll for movement',
  takeMulligan: 'take a mulligan',
  moveLegion: 'move a legion',
  undoMove: 'take a move back',
  doneMoving: 'end your movement',
  chooseEngagement: 'choose an engagement',
  flee: 'flee',
  propose: 'make proposals',
  acceptProposal: 'accept a proposal',
  noMoreProposals: 'declare that you make no more proposals',
  fight: 'choose to fight',
  concede: 'concede',
  acceptConcession: 'accept a concession',
  pass: 'decline an option',
  moveCharacter: 'move a character',
  resetManeuver: 'reset your maneuver',
  doneManeuvering: 'end your maneuver',
  strike: 'strike',
  rangestrike: 'rangestrike',
  assignCarryOver: 'allocate carried-over damage',
  doneStriking: 'end your strikes',
  summon: 'summon an Angel',
  reinforce: 'muster a reinforcement',
  acquireAngel: 'take an Angel',
  muster: 'muster',
  endTurn: 'end your turn',
  withdraw: 'withdraw from the game',
  callTime: 'call time',
  stopGame: 'stop the game',
};

/**
 * The step as `viewer` may know it. Errata 9.3: the negotiation is secret between its two players, so to anyone
 * else the end of the negotiation (2.5.5: one of them declared he will make no more proposals) is still the
 * negotiation. Every other step is public as it is (it holds nothing hidden: see Step).
 */
export function stepSeenBy(step: Step, viewer: Viewer): Step {
  if (step.kind !== 'negotiateFinal') return step;
  const player = 'player' in viewer ? viewer.player : null;
  if (player === step.actor || player === step.opponent) return step;
  return { kind: 'negotiate', actor: step.actor, opponent: step.opponent };
}

/** Errata 1.3, 1.4: only the one player due to act (`actor`) may act; `sender` is told the step as he knows it. */
export function notYourTurn(state: GameState, actor: PlayerId, sender: PlayerId): Decision {
  const name = state.players.find((p) => p.id === actor)?.name ?? actor;
  const step = stepSeenBy(state.step, { player: sender });
  return reject('notYourTurn', `It is ${name}'s turn to act (${STEPS[step.kind].words}).`, 'errata 1.3, 1.4');
}

/** The intent is not one the current step allows (Complete Sequence of Play). */
export function wrongStep(state: GameState, intent: IntentType): Decision {
  const step = STEPS[state.step.kind];
  return reject('wrongStep', `You cannot ${INTENT_WORDS[intent]} during ${step.words}.`, step.rule);
}

export interface Pending {
  /** The one player who may act now; null when the game is over. */
  readonly actor: PlayerId | null;
  readonly step: StepKind;
  /** What the actor may send; a view gives them to the actor alone (view.ts pendingSeenBy, 4.5, errata 9.3). */
  readonly intents: readonly IntentType[];
}

/** The steps of the engagement phase (Complete Sequence 2.5), run by engagement.ts and the battle sequence. */
export const ENGAGEMENT_STEPS = [
  'chooseEngagement',
  'negotiate',
  'negotiateFinal',
  'preBattleConcession',
  'maneuver',
  'concessionAttempted',
  'driftConcession',
  'strike',
  'counterstrike',
  'carryOver',
  'battleEnding',
  'postBattleAddition',
  'acquireAngel',
] as const satisfies readonly StepKind[];
export type EngagementStepKind = (typeof ENGAGEMENT_STEPS)[number];
export type EngagementStep = Extract<Step, { kind: EngagementStepKind }>;

export function isEngagementStep(step: Step): step is EngagementStep {
  return (ENGAGEMENT_STEPS as readonly StepKind[]).includes(step.kind);
}
