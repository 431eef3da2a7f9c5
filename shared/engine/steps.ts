// The steps of the errata's Complete Sequence of Play, one entry each: the step in a player's words and its place
// in the Sequence, whether its actor may withdraw (errata 20.4), his concrete legal choices, what each intent he
// sends does (handed to the module owning the rule), and what refusing to play does (errata 20.4). The public
// functions `decide`, `legalIntents`, `pending` and `defaultIntent` are one dispatch on this table; a new step is
// one new entry. Who acts is the step's `actor` (errata 1.3, 1.4: one player at a time).

import type { MarkerId } from '../data/types';
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
  attackKept,
  carryOverIntents,
  decideAssignCarryOver,
  decideDoneStriking,
  decideRangestrike,
  decideStrike,
  decideStrikeConcession,
  hitsLand,
  lastChanceToConcede,
  mustStrike,
  strikeIntents,
} from './battle/strikePhase';
import { BIDDING_RULE, decideBid, decideChoosePower, decideDrawPowers, maxBidFor } from './ce/bidding';
import type { PowerId } from './ce/power';
import { powerById } from './ce/registry';
import { concede } from './concession';
import { decideChooseEngagement, decideFlee, engagementChoices, mayFlee } from './engagement';
import { requireBattle, requireEngagement, sideOfPlayer } from './engagementState';
import type { Decision, GameEvent } from './events';
import { andThen } from './evolve';
import { type Intent, type IntentType, MAX_BID, MAX_PROPOSALS, type Proposal } from './intents';
import { playerOf } from './lookups';
import {
  decideDoneMoving,
  decideMoveLegion,
  decideRollMovement,
  decideTakeMulligan,
  decideUndoMove,
  moveIntents,
} from './movementPhase';
import { decideMuster, musterIntents } from './musterPhase';
import {
  acceptIntents,
  decideAcceptProposal,
  decideFight,
  decideNoMoreProposals,
  decidePropose,
  legalAgreements,
  madeProposals,
  proposalIntents,
} from './negotiation';
import { decideReinforce, reinforcementIntents } from './reinforcement';
import { reject } from './rejections';
import { afterAngels, angelsOfScore, awardPoints, resolveEngagement } from './resolution';
import { availableColors, decideChooseColor, decideRollTower } from './setup';
import { decideSplit, firstSplitPending, splitIntents } from './split';
import { decideSummon, summonIntents } from './summon';
import { decideEndTurn } from './turn';
import type { Dice, EngagementScore, GameState, PendingAttack, PlayerId, Step, StepKind } from './types';

export type StepOf<K extends StepKind> = Extract<Step, { readonly kind: K }>;

/** A step at which one player acts (every step but the end of the game). */
export type ActingStep = Exclude<Step, { readonly kind: 'gameOver' }>;

export interface StepRule<S extends ActingStep> {
  /** The step in a player's words ("You cannot ... during <words>"). */
  readonly words: string;
  /** Where the step sits in the Complete Sequence of Play (cited when an intent does not belong to it). */
  readonly rule: string;
  /** Errata 20.4 and the Complete Sequence (1.4.1, 2.1–2.3, 2.6, 2.7): the actor may withdraw from the game here. */
  readonly withdrawal: boolean;
  /** The actor's concrete legal choices (withdrawal, where allowed, is added by `legalIntents`). */
  readonly choices: (state: GameState, step: S) => Intent[];
  /** The actor's intent: its events, or why not; null when the step takes no intent of that kind. */
  readonly decide: (state: GameState, step: S, intent: Intent, dice: Dice) => Decision | null;
  /** Errata 20.4, refusing to play: the actor's default act at this step. */
  readonly onRefusal: (state: GameState, step: S) => Intent | null;
  /** The choices `choices` lists in one form only, described exactly (none when absent). */
  readonly described?: (state: GameState, step: S) => DescribedChoice[];
}

/** A parameterised choice `legalIntents` lists in one canonical form, described exactly. */
export type DescribedChoice =
  /** 4.2, 4.6: each listed split may give its new legions any distinct markers of these instead of the ones it
   *  names (the lowest free ones). */
  | { readonly type: 'split'; readonly markers: readonly MarkerId[] }
  /** CE bidding rules: a `bid` is any list of whole numbers from 0 to `maxBid`, one per power of `powers` (in
   *  that order); the one listed bids nothing. */
  | {
      readonly type: 'bid';
      readonly powers: readonly PowerId[];
      readonly maxBid: number;
      /** The most each power may be bid (its winner's Titan must begin at strength 1 or more). */
      readonly maxBids: readonly number[];
    }
  /** Errata 9.3, 2.5.4: a `propose` is any set of 1 to `maxProposals` of `agreements` holding at least one not
   *  among `made` (the sender's own proposals so far); the listed ones are a few sets of one. */
  | {
      readonly type: 'propose';
      readonly agreements: readonly Proposal[];
      readonly made: readonly Proposal[];
      readonly maxProposals: number;
    };

const CONCEDE: Intent = { type: 'concede' };
const PASS: Intent = { type: 'pass' };
const WITHDRAW: Intent = { type: 'withdraw' };

/** The actor's side in the engagement (every engagement step after the choice belongs to one of its players). */
function actorSide(state: GameState, player: PlayerId): BattleSide {
  const side = sideOfPlayer(requireEngagement(state), player);
  if (side === null) throw new Error(`${player} takes no part in this engagement`);
  return side;
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
function decideAngel(state: GameState, step: StepOf<'acquireAngel'>, intent: Intent): Decision | null {
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
    first = { type: 'angelAcquired', player: step.actor, legion: step.legion, character: intent.character };
  } else if (intent.type === 'pass') {
    first = { type: 'optionDeclined', player: step.actor, step: 'acquireAngel' };
  } else {
    return null;
  }
  return {
    events: andThen(state, [first], (s) => {
      const next = nextAngelStep(s, step.actor, step.legion, step.later);
      return next === null ? afterAngels(s) : [{ type: 'stepBegan', step: next }];
    }),
  };
}

export const STEPS: { readonly [K in ActingStep['kind']]: StepRule<StepOf<K>> } = {
  // ---------------------------------------------------------------- Cosmic Encounter Titan's bidding (rules 004)
  drawPowers: {
    words: 'the draw of the powers',
    rule: BIDDING_RULE,
    withdrawal: true,
    choices: () => [{ type: 'drawPowers' }],
    decide: (state, _step, intent, dice) =>
      intent.type === 'drawPowers' ? decideDrawPowers(state, dice) : null,
    // Like a tower roll (errata 5.1): the draw is made for a player who will not make it.
    onRefusal: () => ({ type: 'drawPowers' }),
  },
  bid: {
    words: 'the sealed bidding',
    rule: BIDDING_RULE,
    withdrawal: true,
    choices: (state) => [{ type: 'bid', bids: (state.ce?.drawn ?? []).map(() => 0) }],
    decide: (state, step, intent, dice) =>
      intent.type === 'bid' ? decideBid(state, step.actor, intent, dice) : null,
    // Refusing to bid is a bid of nothing for every power.
    onRefusal: (state) => ({ type: 'bid', bids: (state.ce?.drawn ?? []).map(() => 0) }),
    described: (state) => {
      const powers = state.ce?.drawn ?? [];
      return [{ type: 'bid', powers, maxBid: MAX_BID, maxBids: powers.map(maxBidFor) }];
    },
  },
  choosePower: {
    words: 'the choice of a power',
    rule: BIDDING_RULE,
    withdrawal: false,
    choices: (_state, step) => step.powers.map((power): Intent => ({ type: 'choosePower', power })),
    decide: (state, step, intent, dice) =>
      intent.type === 'choosePower' ? decideChoosePower(state, step, intent, dice) : null,
    onRefusal: (_state, step) => ({ type: 'choosePower', power: step.powers[0] ?? 0 }),
  },
  powerDecision: {
    words: 'a decision of a power',
    rule: 'CE powers',
    withdrawal: false,
    choices: (state, step) => powerById(step.power).choices?.(state, step.actor) ?? [],
    decide: (state, step, intent, dice) => {
      if (intent.type !== 'usePower') return null;
      const decision = powerById(step.power).decide?.(state, step.actor, intent, dice) ?? null;
      const scored = step.scored;
      if (decision !== null && !('rejected' in decision) && scored !== undefined) {
        // 2.5.6.8: once the power asks nothing more (begins no other step), the Angels of the points scored.
        const asksMore = decision.events.some((e) => e.type === 'stepBegan');
        return asksMore ? decision : then(state, decision, (s) => angelsOfScore(s, scored));
      }
      if (decision !== null && !('rejected' in decision) && step.concluded === true) {
        // CE 51 B1: once the power asks nothing more, the engagement's resolution goes on (resolution.ts).
        const asksMore = decision.events.some((e) => e.type === 'stepBegan');
        return asksMore ? decision : then(state, decision, afterAngels);
      }
      const landing = step.landing;
      if (decision !== null && !('rejected' in decision) && landing !== undefined) {
        // CE 29 B2: once the power asks nothing more, the attack's hits land (battle/strikePhase.ts).
        const asksMore = decision.events.some((e) => e.type === 'stepBegan');
        return asksMore ? decision : then(state, decision, (s) => hitsLand(s, landing));
      }
      const attack = step.attack;
      if (decision !== null && attack !== undefined) {
        // CE Titan: the attack rolled twice is resolved with the roll the power kept (battle/strikePhase.ts).
        return then(state, decision, (s) => attackKept(s, attack, keptRoll(decision, attack)));
      }
      const scoring = step.scoring;
      if (decision === null || scoring === undefined) return decision;
      // 2.5.6.8: the points the power decided on are scored, then the resolution goes on (resolution.ts).
      return then(state, decision, (s) =>
        awardPoints(s, { ...scoring, points: decidedPoints(decision, scoring) }),
      );
    },
    onRefusal: (state, step) => powerById(step.power).choices?.(state, step.actor)[0] ?? null,
  },
  // ---------------------------------------------------------------- set up (Complete Sequence 1.3, 1.4)
  rollTower: {
    words: 'the tower rolls',
    rule: 'Complete Sequence 1.3.1',
    withdrawal: false, // errata 5.1
    choices: () => [{ type: 'rollTower' }],
    decide: (state, step, intent, dice) =>
      intent.type === 'rollTower' ? decideRollTower(state, step.actor, dice) : null,
    // Errata 5.1: a player who will not roll for his tower has the roll made for him.
    onRefusal: () => ({ type: 'rollTower' }),
  },
  chooseColor: {
    words: 'the choice of colours',
    rule: 'Complete Sequence 1.4.1',
    withdrawal: true, // errata 5.0
    choices: (state) => availableColors(state).map((color): Intent => ({ type: 'chooseColor', color })),
    decide: (state, step, intent) =>
      intent.type === 'chooseColor' ? decideChooseColor(state, step.actor, intent) : null,
    onRefusal: () => WITHDRAW,
  },
  // ---------------------------------------------------------------- the turn (Complete Sequence 2.1–2.3)
  split: {
    words: 'the splits before the movement roll',
    rule: 'Complete Sequence 2.1, 2.2',
    withdrawal: true,
    choices: (state, step) => [
      ...splitIntents(state, step.actor),
      // Complete Sequence 2.1, errata 4.1/5.2: the first turn's split comes before the roll.
      ...(firstSplitPending(state) ? [] : [{ type: 'rollMovement' } as const]),
    ],
    decide: (state, step, intent, dice) => {
      if (intent.type === 'split') return decideSplit(state, step.actor, intent);
      if (intent.type === 'rollMovement') return decideRollMovement(state, step.actor, dice);
      return null;
    },
    onRefusal: () => WITHDRAW,
    described: (state, step) =>
      splitIntents(state, step.actor).length === 0
        ? []
        : [{ type: 'split', markers: playerOf(state, step.actor).markersAvailable }],
  },
  move: {
    words: 'the movement phase',
    rule: 'Complete Sequence 2.2.1, 2.3',
    withdrawal: true, // errata 20.4: the partial movement is undone first (withdraw.ts)
    choices: (state, step) => moveIntents(state, step.actor),
    decide: (state, step, intent, dice) => {
      switch (intent.type) {
        case 'takeMulligan':
          return decideTakeMulligan(state, step.actor, dice);
        case 'moveLegion':
          return decideMoveLegion(state, step.actor, intent);
        case 'undoMove':
          return decideUndoMove(state, step.actor, intent);
        case 'doneMoving':
          return decideDoneMoving(state, step.actor);
        default:
          return null;
      }
    },
    onRefusal: () => WITHDRAW,
  },
  // ---------------------------------------------------------------- the engagements (Complete Sequence 2.5)
  chooseEngagement: {
    words: 'the choice of the next engagement',
    rule: 'Complete Sequence 2.5, errata 9.1',
    withdrawal: false, // errata 20.4: never during the engagement phase
    choices: (state) => engagementChoices(state),
    decide: (state, _step, intent) =>
      intent.type === 'chooseEngagement' ? decideChooseEngagement(state, intent.land) : null,
    // Errata 20.4: the engagement in the lowest-numbered land.
    onRefusal: (state) => engagementChoices(state)[0] ?? null,
  },
  negotiate: {
    words: 'the negotiation',
    rule: 'Complete Sequence 2.5.3, 2.5.4, errata 9.2/9.3',
    withdrawal: false,
    choices: (state, step) => {
      const side = actorSide(state, step.actor);
      return [
        ...(mayFlee(state) ? [{ type: 'flee' } as const] : []),
        ...proposalIntents(state, side),
        ...acceptIntents(state, side),
        CONCEDE,
        { type: 'noMoreProposals' },
      ];
    },
    decide: (state, step, intent) => {
      switch (intent.type) {
        case 'flee':
          return decideFlee(state, step.actor);
        case 'propose':
          return decidePropose(state, step.actor, intent);
        case 'acceptProposal':
          return decideAcceptProposal(state, step.actor, intent);
        case 'noMoreProposals':
          return decideNoMoreProposals(state, step.actor);
        case 'concede':
          return { events: concede(state, actorSide(state, step.actor)) };
        default:
          return null;
      }
    },
    // Errata 20.4: flee if he may, else concede.
    onRefusal: (state) => (mayFlee(state) ? { type: 'flee' } : CONCEDE),
    described: (state, step) => {
      const side = actorSide(state, step.actor);
      return [
        {
          type: 'propose',
          agreements: legalAgreements(state, side),
          made: madeProposals(state, side),
          maxProposals: MAX_PROPOSALS,
        },
      ];
    },
  },
  negotiateFinal: {
    words: 'the end of the negotiation',
    rule: 'Complete Sequence 2.5.5',
    withdrawal: false,
    choices: (state, step) => [
      ...acceptIntents(state, actorSide(state, step.actor)),
      CONCEDE,
      { type: 'fight' },
    ],
    decide: (state, step, intent) => {
      switch (intent.type) {
        case 'acceptProposal':
          return decideAcceptProposal(state, step.actor, intent);
        case 'concede':
          return { events: concede(state, actorSide(state, step.actor)) };
        case 'fight':
          return decideFight(state);
        default:
          return null;
      }
    },
    onRefusal: () => CONCEDE,
  },
  // ---------------------------------------------------------------- the battle (Complete Sequence 2.5.6)
  preBattleConcession: {
    words: 'the concessions before the battle',
    rule: 'Complete Sequence 2.5.6.2, 2.5.6.3',
    withdrawal: false,
    choices: () => [CONCEDE, PASS],
    decide: (state, step, intent) => {
      if (intent.type === 'concede') return { events: concede(state, step.side) };
      if (intent.type === 'pass') return decidePreBattlePass(state, step.actor, step.side);
      return null;
    },
    onRefusal: () => CONCEDE,
  },
  maneuver: {
    words: 'the maneuver phase',
    rule: 'Complete Sequence 2.5.6.4.x.1',
    withdrawal: false,
    choices: (state, step) => {
      const started = maneuverStarted(requireBattle(state));
      return [
        ...maneuverIntents(state),
        // 2.5.6.4.2.1 (15.x) the attacker's summons, 2.5.6.4.1.1 (14.x) the defender's reinforcement.
        ...(step.side === 'attacker' ? summonIntents(state) : reinforcementIntents(state)),
        ...(started ? [{ type: 'resetManeuver' } as const] : []),
        { type: 'doneManeuvering' },
        // Errata 9.4, 10.0: a concession is attempted in place of maneuvering.
        ...(started ? [] : [CONCEDE]),
      ];
    },
    decide: (state, step, intent, dice) => {
      switch (intent.type) {
        case 'moveCharacter':
          return decideMoveCharacter(state, intent);
        case 'resetManeuver':
          return decideResetManeuver(state, step.side);
        case 'doneManeuvering':
          return decideDoneManeuvering(state, step.side, dice);
        case 'concede':
          return decideManeuverConcession(state, step.side);
        case 'summon':
          return stay(state, decideSummon(state, intent));
        case 'reinforce':
          return stay(state, decideReinforce(state, intent));
        default:
          return null;
      }
    },
    // Errata 20.4: a partial maneuver is undone, then a concession attempted.
    onRefusal: (state) => (maneuverStarted(requireBattle(state)) ? { type: 'resetManeuver' } : CONCEDE),
  },
  concessionAttempted: {
    words: 'the answer to an attempted concession',
    rule: 'Complete Sequence 2.5.6.4.x.2, errata 9.4',
    withdrawal: false,
    choices: () => [{ type: 'acceptConcession' }, CONCEDE],
    // Errata 9.4, 10.0: accept the attempted concession, or concede instead of the opponent.
    decide: (state, step, intent) => {
      if (intent.type === 'acceptConcession') return { events: concede(state, opponent(step.side)) };
      if (intent.type === 'concede') return { events: concede(state, step.side) };
      return null;
    },
    onRefusal: () => CONCEDE,
  },
  driftConcession: {
    words: 'the chance to concede before drift damage',
    rule: 'Complete Sequence 2.5.6.4.x.3.1',
    withdrawal: false,
    choices: () => [CONCEDE, PASS],
    decide: (state, step, intent, dice) => {
      if (intent.type === 'concede') return { events: concede(state, step.side) };
      if (intent.type === 'pass') return decideDriftPass(state, step.actor, step.side, dice);
      return null;
    },
    onRefusal: () => CONCEDE,
  },
  strike: {
    words: 'the strike phase',
    rule: 'Complete Sequence 2.5.6.4.x.4',
    withdrawal: false,
    choices: (state, step) => strikeChoices(state, step.side),
    decide: (state, _step, intent, dice) => decideStriking(state, intent, dice),
    onRefusal: () => CONCEDE,
  },
  counterstrike: {
    words: 'the counterstrikes',
    rule: 'Complete Sequence 2.5.6.4.x.5, 2.5.6.4.x.6',
    withdrawal: false,
    choices: (state, step) => strikeChoices(state, step.side),
    decide: (state, _step, intent, dice) => decideStriking(state, intent, dice),
    // Errata 20.4: (attempt to) concede. But a step that waits with nothing to strike only as his last chance to
    // concede comes as the battle is decided (strikePhase.ts `lastChanceToConcede`): as at `battleEnding`,
    // refusing to play lets it end as it stands (a concession would undo a time loss won, or make a mutual
    // elimination).
    onRefusal: (state) =>
      strikeIntents(state).length === 0 && lastChanceToConcede(state) ? { type: 'doneStriking' } : CONCEDE,
  },
  carryOver: {
    words: 'the allocation of the carried-over damage',
    rule: 'Complete Sequence 2.5.6.4.x.4.3, errata 12.4',
    withdrawal: false,
    choices: (state) => carryOverIntents(state),
    // Errata 12.2/12.3: a strike once rolled is resolved completely; no concession part way through.
    decide: (state, _step, intent) =>
      intent.type === 'assignCarryOver' ? decideAssignCarryOver(state, intent) : null,
    // Errata 20.4: refuse to carry over damage.
    onRefusal: () => ({ type: 'assignCarryOver', targets: [] }),
  },
  battleEnding: {
    words: 'the end of the battle',
    rule: 'Complete Sequence 2.5.6.4.x.8.1',
    withdrawal: false,
    choices: () => [CONCEDE, PASS],
    decide: (state, step, intent) => {
      if (intent.type === 'concede') return { events: concede(state, step.side) };
      if (intent.type === 'pass') return decideBattleEndingPass(state, step.actor);
      return null;
    },
    // Errata 20.4 read literally would have him concede here, and a victor's concession as the battle ends
    // turns his win into a mutual elimination (2.5.6.4.x.8.1). The battle is decided by then: refusing to
    // play lets it end as it stands (a loser's concession would change nothing either).
    onRefusal: () => PASS,
  },
  // ---------------------------------------------------------------- after the engagement (2.5.6.5–2.5.6.10)
  postBattleAddition: {
    words: 'the summons or reinforcement after the battle',
    rule: 'Complete Sequence 2.5.6.5',
    withdrawal: false,
    choices: (state, step) => [
      ...(step.side === 'attacker' ? summonIntents(state) : reinforcementIntents(state)),
      PASS,
    ],
    // 2.5.6.5, then 2.5.6.6: the engagement is resolved.
    decide: (state, step, intent) => {
      switch (intent.type) {
        case 'summon':
          return then(state, decideSummon(state, intent), resolveEngagement);
        case 'reinforce':
          return then(state, decideReinforce(state, intent), resolveEngagement);
        case 'pass':
          return {
            events: andThen(
              state,
              [{ type: 'optionDeclined', player: step.actor, step: step.kind }],
              resolveEngagement,
            ),
          };
        default:
          return null;
      }
    },
    // Errata 20.4: refuse a muster (the reinforcement), refuse the summons.
    onRefusal: () => PASS,
  },
  acquireAngel: {
    words: 'the choice of an earned Angel',
    rule: 'Complete Sequence 2.5.6.8, 17.x',
    withdrawal: false,
    choices: (state, step) => [
      ...angelChoices(state, step.legion, step.archangel).map(
        (character): Intent => ({ type: 'acquireAngel', character }),
      ),
      PASS,
    ],
    decide: (state, step, intent) => decideAngel(state, step, intent),
    // Errata 20.4: refuse an Angel or Archangel.
    onRefusal: () => PASS,
  },
  // ---------------------------------------------------------------- muster and the end of the turn (2.6, 2.7)
  muster: {
    words: 'the muster phase',
    rule: 'Complete Sequence 2.6, 2.7',
    withdrawal: true,
    choices: (state, step) => [...musterIntents(state, step.actor), { type: 'endTurn' }],
    decide: (state, step, intent) => {
      if (intent.type === 'muster') return decideMuster(state, step.actor, intent);
      if (intent.type === 'endTurn') return decideEndTurn(state, step.actor);
      return null;
    },
    onRefusal: () => WITHDRAW,
  },
};

/** The roll a power kept of an attack rolled twice: its last `powerUsed` event's `data.picked` (types.ts Step). */
function keptRoll(decision: Decision, attack: PendingAttack): readonly number[] {
  const first = attack.rolls[0] ?? [];
  if ('rejected' in decision) return first;
  const used = decision.events.filter((e) => e.type === 'powerUsed').at(-1);
  const picked = used?.type === 'powerUsed' ? used.data.picked : undefined;
  return Array.isArray(picked) ? picked.map(Number) : first;
}

/** The points a power's scoring decision settled on: its last `powerUsed` event's `data.points` (types.ts Step). */
function decidedPoints(decision: Decision, scoring: EngagementScore): number {
  if ('rejected' in decision) return scoring.points;
  const used = decision.events.filter((e) => e.type === 'powerUsed').at(-1);
  const points = used?.type === 'powerUsed' ? used.data.points : undefined;
  return typeof points === 'number' ? points : scoring.points;
}

/** 2.5.6.4.x.4–6: strikes and rangestrikes; done once no character must strike (12.1); concede. */
function strikeChoices(state: GameState, side: BattleSide): Intent[] {
  const done: Intent[] =
    mustStrike(requireBattle(state), side).length === 0 ? [{ type: 'doneStriking' }] : [];
  return [...strikeIntents(state), ...done, CONCEDE];
}

function decideStriking(state: GameState, intent: Intent, dice: Dice): Decision | null {
  switch (intent.type) {
    case 'strike':
      return decideStrike(state, intent, dice);
    case 'rangestrike':
      return decideRangestrike(state, intent, dice);
    case 'doneStriking':
      return decideDoneStriking(state, dice);
    case 'concede':
      return decideStrikeConcession(state);
    default:
      return null;
  }
}

/** The entry of an acting step, typed by its kind. */
export function ruleOf<S extends ActingStep>(step: S): StepRule<S> {
  return STEPS[step.kind] as unknown as StepRule<S>;
}

/** What each intent asks, in a player's words ("You cannot <words> now"). */
const INTENT_WORDS: Readonly<Record<IntentType, string>> = {
  drawPowers: 'draw the powers',
  bid: 'bid for the powers',
  choosePower: 'choose a power',
  usePower: 'use your power',
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

/** The intent is not one the current step allows (Complete Sequence of Play). */
export function wrongStep(step: ActingStep, intent: IntentType): Decision {
  const rule = ruleOf(step);
  return reject('wrongStep', `You cannot ${INTENT_WORDS[intent]} during ${rule.words}.`, rule.rule);
}

/**
 * Errata 1.3, 1.4: only the step's actor may act. The sender is told whose turn it is, except inside a
 * negotiation he takes no part in (errata 9.3): he learns only that it is going on, and between whom.
 */
export function notYourTurn(state: GameState, step: ActingStep, sender: PlayerId): Decision {
  const name = (id: PlayerId) => state.players.find((p) => p.id === id)?.name ?? id;
  if ((step.kind === 'negotiate' || step.kind === 'negotiateFinal') && sender !== step.opponent) {
    const e = requireEngagement(state);
    return reject(
      'notYourTurn',
      `${name(e.defenderOwner)} and ${name(e.attackerOwner)} are negotiating the engagement in land ${e.land}.`,
      'errata 1.3, 1.4, 9.3',
    );
  }
  return reject(
    'notYourTurn',
    `It is ${name(step.actor)}'s turn to act (${ruleOf(step).words}).`,
    'errata 1.3, 1.4',
  );
}
