// Summoning Angels (15.0–15.3, errata 15.0/15.1/15.3; Complete Sequence 2.5.3.1, 2.5.6.4.2.1, 2.5.6.5): the
// attacker brings an Angel or Archangel from another of his legions not engaged in an unresolved engagement,
// once per engagement phase: in his first maneuver phase after the first defending character that entered the
// battleland was slain (it must enter then, errata 15.1), or after winning if he has not summoned yet (15.2).
import { type MarkerId, SUMMONABLE, type Summonable } from '../data/types';
import { lateArrivalRound } from './ce/hooks';
import { awaitsArrival, nextCharacterId, requireEngagement } from './engagementState';
import type { Decision, GameEvent } from './events';
import { andThen } from './evolve';
import type { Intent, IntentOf } from './intents';
import { MAX_LEGION_HEIGHT } from './muster';
import { rejection } from './rejections';
import type { GameState, Legion, Rejection } from './types';

export interface SummonOption {
  readonly from: MarkerId;
  readonly character: Summonable;
}

/** 15.0: the attacker's other legions not in an unresolved engagement (which they are is public; what they hold
 *  is not), sorted by marker. */
export function summonCandidates(state: GameState): Legion[] {
  const engagement = requireEngagement(state);
  const engaged = new Set((state.turn?.engagements ?? []).flatMap((e) => [e.attacker, e.defender]));
  return Object.values(state.legions)
    .filter((l) => l.owner === engagement.attackerOwner && l.id !== engagement.attacker && !engaged.has(l.id))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** 15.0: the Angels and Archangels (CE 13 B3: and raised Titans) in the attacker's other legions not in an
 *  unresolved engagement. */
export function summonSources(state: GameState): SummonOption[] {
  const options: SummonOption[] = [];
  for (const legion of summonCandidates(state)) {
    for (const character of SUMMONABLE) {
      if (legion.characters.includes(character)) options.push({ from: legion.id, character });
    }
  }
  return options;
}

/** Why the attacker may not summon now (in his maneuver phase, or after winning), or null. Reads public facts
 *  only (resolution.ts postBattleStepOffered relies on it, errata 9.1); what his legions hold is summonSources'. */
export function summonProblem(state: GameState): Rejection | null {
  const engagement = requireEngagement(state);
  const battle = state.battle;
  const step = state.step;
  const rule = '15.0, 15.3, errata 15.0';
  if (state.turn?.summoned === true) {
    return rejection(
      'illegalSummon',
      'You have already summoned once in this engagement phase.',
      'errata 15.0',
    );
  }
  if (!engagement.attackerMaySummon) {
    return rejection('illegalSummon', 'The defender fled: the attacker may not summon.', '9.2, 15.2');
  }
  if (step.kind === 'maneuver') {
    if (battle === null || step.side !== 'attacker' || battle.summon !== 'available') {
      return rejection(
        'illegalSummon',
        'Summoning is possible only in your first maneuver phase after the first defending character that entered the battleland was slain.',
        rule,
      );
    }
    if (battle.mustEnter.length > 0) {
      return rejection(
        'illegalSummon',
        'A character added to your legion this phase is still to enter (one addition per phase).',
        'errata 15.0',
      );
    }
    if (awaitsArrival(battle, 'attacker')) {
      return rejection('illegalSummon', 'Your Angel is summoned: it arrives next battle turn.', 'CE 39 B3');
    }
  } else if (step.kind === 'postBattleAddition') {
    if (step.side !== 'attacker' || engagement.result?.winner !== 'attacker') {
      return rejection('illegalSummon', 'Only the victorious attacker may summon after the battle.', '15.2');
    }
    if (battle !== null && battle.summon === 'taken') {
      return rejection('illegalSummon', 'You already summoned in this battle.', '15.3');
    }
  } else {
    return rejection('illegalSummon', 'You may not summon at this step.', rule);
  }
  const legion = state.legions[engagement.attacker];
  if (legion === undefined || legion.characters.length >= MAX_LEGION_HEIGHT) {
    return rejection('illegalSummon', 'Your legion already holds seven characters.', '15.0, 4.1');
  }
  return null;
}

/** Every summon the attacker may make now. */
export function summonIntents(state: GameState): Intent[] {
  if (summonProblem(state) !== null) return [];
  return summonSources(state).map((o): Intent => ({ type: 'summon', from: o.from, character: o.character }));
}

export function checkSummon(state: GameState, intent: IntentOf<'summon'>): Rejection | null {
  const problem = summonProblem(state);
  if (problem !== null) return problem;
  const ok = summonSources(state).some((o) => o.from === intent.from && o.character === intent.character);
  return ok
    ? null
    : rejection(
        'illegalSummon',
        `Legion ${intent.from} has no ${intent.character} that may be summoned (it must be another of your legions not in an unresolved engagement).`,
        '15.0',
      );
}

/**
 * The attacker summons: in his maneuver phase the Angel joins the battle off the board and must enter this
 * phase (errata 15.1); after winning it joins the legion at once (15.2), disbanding an emptied legion (errata
 * 18.1). The step that follows is the dispatcher's (steps of the maneuver or after the battle).
 */
export function decideSummon(state: GameState, intent: IntentOf<'summon'>): Decision {
  const problem = checkSummon(state, intent);
  if (problem !== null) return { rejected: problem };
  const engagement = requireEngagement(state);
  const inBattle = state.step.kind === 'maneuver';
  // CE 39 B3: announced now, it may arrive in a later maneuver phase.
  const arrives = inBattle ? lateArrivalRound(state, engagement.attackerOwner) : null;
  const summoned: GameEvent = {
    type: 'angelSummoned',
    from: intent.from,
    into: engagement.attacker,
    character: intent.character,
    id: inBattle ? nextCharacterId(state, engagement.attacker, 'attacker') : null,
    ...(arrives === null ? {} : { arrives }),
  };
  if (inBattle) return { events: [summoned] };
  return {
    events: andThen(state, [summoned], (s) => {
      const source = s.legions[intent.from];
      return source !== undefined && source.characters.length === 0
        ? [
            {
              type: 'legionEliminated',
              legion: source.id,
              owner: source.owner,
              characters: [],
              reason: 'engagement',
            },
          ]
        : [];
    }),
  };
}
