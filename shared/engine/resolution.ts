// After an engagement is decided (Complete Sequence 2.5.6.5–2.5.6.10, and 2.5.3/2.5.5 for flight, agreement and
// concession): the victor's optional summon or reinforcement, healing and the survivors back under their marker,
// the points and the Angels they earn, the half points of eliminated players, the slain to the caretaker or the
// dead pile; then the end of the game (errata 19.0), the next engagement (9.1) or the muster phase (2.6).

import { nextAngelStep } from './angels';
import type { BattleSide } from './battle/position';
import { opponent } from './battle/position';
import { openEngagements } from './engagement';
import { andThen, legionOfSide, lossesOf, ownerOfSide, requireEngagement } from './engagementState';
import type { GameEvent } from './events';
import type { Intent } from './intents';
import { beginMusterPhase } from './musterPhase';
import { reinforcementIntents } from './reinforcement';
import { angelsEarned, engagementPoints } from './scoring';
import { summonIntents } from './summon';
import type { Elimination } from './titan';
import { eliminationEvents } from './titan';
import { gameOverEvents, playerOf } from './turn';
import type { EngagementResult, GameState, Step } from './types';

function requireResult(state: GameState): EngagementResult {
  const result = requireEngagement(state).result;
  if (result === null) throw new Error('the engagement has not been decided');
  return result;
}

/** The post-battle step of the victor (2.5.6.5), as it would be now. */
function additionStep(state: GameState, side: BattleSide): Step {
  return { kind: 'postBattleAddition', actor: ownerOfSide(requireEngagement(state), side), side };
}

/** The intents the victor would have at the post-battle step (2.5.6.5, 14.0, 15.2): [] when none. */
export function postBattleAdditions(state: GameState): Intent[] {
  const winner = requireResult(state).winner;
  if (winner === null) return [];
  const at: GameState = { ...state, step: additionStep(state, winner) };
  return winner === 'attacker' ? summonIntents(at) : reinforcementIntents(at);
}

/** The engagement has just been decided: 2.5.6.5 if the victor may add a character, else on to 2.5.6.6. */
export function afterDecision(state: GameState): GameEvent[] {
  const winner = requireResult(state).winner;
  if (winner !== null && postBattleAdditions(state).length > 0) {
    return [{ type: 'stepBegan', step: additionStep(state, winner) }];
  }
  return resolveEngagement(state);
}

/**
 * 2.5.6.6–2.5.6.8, errata 9.5: the losses are made public, the survivors healed and returned to the Masterboard,
 * emptied legions removed; the victor scores and takes the Angels he earned and wants (17.x).
 */
export function resolveEngagement(state: GameState): GameEvent[] {
  const engagement = requireEngagement(state);
  const result = requireResult(state);
  const events: GameEvent[] = [
    {
      type: 'engagementResolved',
      land: engagement.land,
      outcome: result.outcome,
      winner: result.winner === null ? null : legionOfSide(engagement, result.winner),
      attackerLosses: [...engagement.attackerLosses],
      defenderLosses: [...engagement.defenderLosses],
    },
  ];
  // 4.4: a legion that lost all its characters is eliminated (its losses are already public).
  for (const side of ['attacker', 'defender'] as const) {
    const legion = state.legions[legionOfSide(engagement, side)];
    if (legion !== undefined && legion.characters.length === 0) {
      events.push({
        type: 'legionEliminated',
        legion: legion.id,
        owner: legion.owner,
        characters: [],
        reason: 'engagement',
      });
    }
  }
  const score = engagementPoints(state, engagement, result);
  if (score === null) return andThen(state, events, afterAngels);
  events.push({ type: 'pointsScored', player: score.player, points: score.points, reason: score.reason });
  const before = playerOf(state, score.player).score;
  const winner = result.winner as BattleSide;
  const legionId = legionOfSide(engagement, winner);
  return andThen(state, events, (s) => {
    // 17.0, 17.2: one Angel per multiple of 100 crossed; 19.3: the Titan's slayer may take them too.
    const step = nextAngelStep(s, score.player, legionId, angelsEarned(before, before + score.points));
    return step === null ? afterAngels(s) : [{ type: 'stepBegan', step }];
  });
}

/**
 * 2.5.6.9–2.5.6.10 (after the Angel decisions, errata 17.0/19.4): players whose Titan fell are eliminated with
 * their other legions (titan.ts); the slain are regenerated or go to the dead pile; then the game ends (errata
 * 19.0: zero or one players left), or the Mover picks the next engagement (9.1), or mustering begins (2.6).
 */
export function afterAngels(state: GameState): GameEvent[] {
  const engagement = requireEngagement(state);
  const fallen = (['attacker', 'defender'] as const).filter((side) =>
    lossesOf(engagement, side).includes('Titan'),
  );
  const eliminated: Elimination[] = fallen.map((side) => ({
    player: ownerOfSide(engagement, side),
    // Errata 19.3/19.4: when both Titans fall nobody takes the markers.
    slayer: fallen.length === 2 ? null : ownerOfSide(engagement, opponent(side)),
  }));
  const events: GameEvent[] =
    eliminated.length === 0 ? [] : eliminationEvents(state, eliminated, 'titanSlain');
  events.push({ type: 'engagementEnded', land: engagement.land });
  return andThen(state, events, nextAfterEngagement);
}

/** The engagement is over: the end of the game, the next engagement, or the muster phase. */
export function nextAfterEngagement(state: GameState): GameEvent[] {
  const over = gameOverEvents(state);
  if (over !== null) return over; // errata 19.0: at the end of the engagement, before any muster
  if (openEngagements(state).length > 0 && state.turn !== null) {
    return [{ type: 'stepBegan', step: { kind: 'chooseEngagement', actor: state.turn.player } }];
  }
  return beginMusterPhase(state);
}
