// The Enlistment Phase (Complete Sequence 2.6; 6.4, 18.0-18.5, errata 18.0/18.1): each legion that moved this
// turn and still stands may muster one character, revealing exactly one of the minimal sets that qualify it.
import { land } from '../data/masterboard';
import type { MarkerId } from '../data/types';
import { powerRecruits, recruitStock } from './ce/hooks';
import { sameCharacters, sortCharacters } from './contents';
import type { Decision, GameEvent } from './events';
import type { Intent, IntentOf } from './intents';
import { currentTurn, playerOf } from './lookups';
import type { RecruitOption } from './muster';
import { canMuster, MAX_LEGION_HEIGHT, recruitOptions } from './muster';
import { rejection, withArticle } from './rejections';
import { endTurnEvents } from './turn';
import type { GameState, PlayerId, Rejection } from './types';

/** Called when the engagement phase is over (or there was none): 2.6 mustering begins. If the Mover was
 *  eliminated during his own engagement phase his turn simply ends. */
export function beginMusterPhase(state: GameState): GameEvent[] {
  const player = currentTurn(state).player;
  if (playerOf(state, player).eliminated) return endTurnEvents(state, player);
  return [{ type: 'stepBegan', step: { kind: 'muster', actor: player } }];
}

/** Why a legion may not muster at all this phase (18.0, 18.1, errata 18.1), or null. */
export function musterEligibilityProblem(
  state: GameState,
  player: PlayerId,
  legionId: MarkerId,
): Rejection | null {
  const legion = state.legions[legionId];
  if (legion === undefined) {
    return rejection(
      'unknownLegion',
      `There is no legion ${legionId} on the Masterboard (a legion summoned empty is disbanded).`,
      '4.2, errata 18.1',
    );
  }
  if (legion.owner !== player) return rejection('notYourLegion', `Legion ${legionId} is not yours.`, '4.6');
  const turn = currentTurn(state);
  if (!turn.moves.some((m) => m.legion === legionId)) {
    return rejection(
      'illegalMuster',
      `Legion ${legionId} did not move this turn, so it cannot muster.`,
      '18.1',
    );
  }
  if (turn.mustered.includes(legionId)) {
    return rejection(
      'illegalMuster',
      `Legion ${legionId} has already mustered a character this turn (a reinforcement counts).`,
      '18.0',
    );
  }
  if (!canMuster(legion.characters)) {
    return rejection(
      'illegalMuster',
      `Legion ${legionId} already holds ${MAX_LEGION_HEIGHT} characters.`,
      '4.1, 18.1',
    );
  }
  return null;
}

/** What an eligible legion may muster where it stands (18.3-18.5, errata 18.0), given the caretaker's stacks. */
export function musterOptions(state: GameState, player: PlayerId, legionId: MarkerId): RecruitOption[] {
  if (musterEligibilityProblem(state, player, legionId) !== null) return [];
  const legion = state.legions[legionId];
  if (legion === undefined) return [];
  const terrain = land(legion.land).terrain;
  return recruitOptions(terrain, legion.characters, {
    variant: state.options.variant,
    caretaker: recruitStock(state, legion, terrain),
    adjust: (options) => powerRecruits(state, legion, terrain, options),
  });
}

/** The one check of a muster (decide and legalIntents both use it): null when legal. */
export function checkMuster(
  state: GameState,
  player: PlayerId,
  intent: IntentOf<'muster'>,
): Rejection | null {
  const problem = musterEligibilityProblem(state, player, intent.legion);
  if (problem !== null) return problem;
  const legion = state.legions[intent.legion];
  if (legion === undefined) throw new Error('checked above');
  const terrain = land(legion.land).terrain;
  const option = musterOptions(state, player, intent.legion).find((o) => o.creature === intent.creature);
  if (option === undefined) {
    const unlimited = recruitOptions(terrain, legion.characters, {
      variant: state.options.variant,
      adjust: (options) => powerRecruits(state, legion, terrain, options),
    });
    if (unlimited.some((o) => o.creature === intent.creature)) {
      return rejection('illegalMuster', `The caretaker has no ${intent.creature} left.`, '18.0, errata 3.5');
    }
    return rejection(
      'illegalMuster',
      `Legion ${legion.id} is not qualified to muster ${withArticle(intent.creature)} in the ${terrain} of land ${legion.land}.`,
      '18.3, 18.5',
    );
  }
  if (!option.reveal.some((set) => sameCharacters(set, intent.reveal))) {
    const sets = option.reveal.map((s) => (s.length === 0 ? 'nothing' : s.join(' + '))).join('; or ');
    return rejection(
      'illegalMuster',
      `To muster ${withArticle(intent.creature)} here, reveal exactly one of: ${sets}.`,
      '18.4, errata 18.0',
    );
  }
  return null;
}

export function decideMuster(state: GameState, player: PlayerId, intent: IntentOf<'muster'>): Decision {
  const problem = checkMuster(state, player, intent);
  if (problem !== null) return { rejected: problem };
  return {
    events: [
      {
        type: 'legionMustered',
        legion: intent.legion,
        creature: intent.creature,
        reveal: sortCharacters(intent.reveal),
      },
    ],
  };
}

/** Every legal muster: each eligible legion, each creature, each minimal reveal (18.4). */
export function musterIntents(state: GameState, player: PlayerId): Intent[] {
  return currentTurn(state).moves.flatMap((m) =>
    musterOptions(state, player, m.legion).flatMap((o) =>
      o.reveal.map((reveal): Intent => ({ type: 'muster', legion: m.legion, creature: o.creature, reveal })),
    ),
  );
}
