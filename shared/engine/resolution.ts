// After an engagement is decided (Complete Sequence 2.5.6.5–2.5.6.10, and 2.5.3/2.5.5 for flight, agreement and
// concession): the victor's optional summon or reinforcement, healing and the survivors back under their marker,
// the points and the Angels they earn, the half points of eliminated players, the slain to the caretaker or the
// dead pile; then the end of the game (errata 19.0), the next engagement (9.1) or the muster phase (2.6).

import { nextAngelStep } from './angels';
import type { BattleSide } from './battle/position';
import { opponent } from './battle/position';
import { mutualWon, powerConcluded, powerPoints, powerScored, powerScoring } from './ce/hooks';
import { angelsDue, titanTooWeak } from './ce/titan';
import { sameCharacters } from './contents';
import { openEngagements } from './engagementPhase';
import { legionOfSide, lossesOf, ownerOfSide, requireEngagement } from './engagementState';
import type { GameEvent } from './events';
import { andThen } from './evolve';
import { playerOf } from './lookups';
import { beginMusterPhase } from './musterPhase';
import { reinforcementIntents, reinforcementProblem } from './reinforcement';
import { engagementPoints } from './scoring';
import { summonCandidates, summonIntents, summonProblem } from './summon';
import type { Elimination } from './titan';
import { eliminationEvents } from './titan';
import { gameOverEvents } from './turn';
import type { EngagementResult, EngagementScore, GameState, Legion, Step } from './types';

function requireResult(state: GameState): EngagementResult {
  const result = requireEngagement(state).result;
  if (result === null) throw new Error('the engagement has not been decided');
  return result;
}

/** The post-battle step of the victor (2.5.6.5), as it would be now. */
function additionStep(state: GameState, side: BattleSide): Step {
  return { kind: 'postBattleAddition', actor: ownerOfSide(requireEngagement(state), side), side };
}

/** Every character of the legion is known to all (after a battle, 2.5.6.1; or revealed piece by piece). */
function whollyKnown(legion: Legion): boolean {
  return sameCharacters(legion.known, legion.characters);
}

/**
 * 2.5.6.5, errata 9.1: is the victor's step offered? Whenever what all the players know leaves a summons or a
 * reinforcement possible, even if what they do not know rules it out (the victor then only passes): after a
 * flight, an agreement or a concession without battle the victorious legion is not revealed, nor are the
 * attacker's other legions, so the step coming or not must not tell whether they could muster or hold an Angel.
 * Both problems (summon.ts, reinforcement.ts) read public facts only: the right earned, one summons per phase,
 * the legion's height, its muster this turn.
 */
export function postBattleStepOffered(state: GameState): boolean {
  const winner = requireResult(state).winner;
  if (winner === null) return false;
  // CE 13 B2: a mutual elimination won by a power leaves the victor's legion empty: it is eliminated (4.4).
  if (state.legions[legionOfSide(requireEngagement(state), winner)]?.characters.length === 0) return false;
  const at: GameState = { ...state, step: additionStep(state, winner) };
  if (winner === 'attacker') {
    if (summonProblem(at) !== null) return false;
    // 15.0: only his other legions not engaged can give an Angel; those known to all are judged on it.
    return summonCandidates(at).some((l) => !whollyKnown(l)) || summonIntents(at).length > 0;
  }
  if (reinforcementProblem(at) !== null) return false;
  // 14.0, 18.x: a legion known to all (after a battle, 2.5.6.1) is judged on what it can muster.
  const legion = state.legions[requireEngagement(state).defender];
  return (legion !== undefined && !whollyKnown(legion)) || reinforcementIntents(at).length > 0;
}

/** The engagement has just been decided: 2.5.6.5 if the victor's step is offered, else on to 2.5.6.6. */
export function afterDecision(state: GameState): GameEvent[] {
  const result = requireResult(state);
  // CE Titan: a power may win a mutual elimination (13 B2); its events set the winner.
  if (result.outcome === 'mutualElimination' && result.winner === null) {
    const won = mutualWon(state);
    if (won !== null) return andThen(state, won, afterDecisionOf);
  }
  return afterDecisionOf(state);
}

function afterDecisionOf(state: GameState): GameEvent[] {
  const winner = requireResult(state).winner;
  if (winner !== null && postBattleStepOffered(state)) {
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
  // CE Titan: the players' powers may change the points (44 VALKYRIE B1); a player who did not win may score
  // some too, which earn no Angels.
  const { score, unwon } = powerPoints(state, engagementPoints(state, engagement, result));
  for (const u of unwon) {
    events.push({ type: 'pointsScored', player: u.player, points: u.points, reason: u.reason });
  }
  if (score === null || score.points <= 0) return andThen(state, events, afterAngels);
  // CE Titan: a power may decide on the points first (46 REPUBLICAN B1); it resumes with `awardPoints`.
  return andThen(state, events, (s) => powerScoring(s, score) ?? awardPoints(s, score));
}

/** 2.5.6.8: the victor scores the engagement's points and takes the Angels they earn (17.x). */
export function awardPoints(state: GameState, score: EngagementScore): GameEvent[] {
  if (score.points <= 0) return afterAngels(state);
  const events: GameEvent[] = [
    { type: 'pointsScored', player: score.player, points: score.points, reason: score.reason },
  ];
  // CE Titan: the scorer's power may act first (47 GLADIATOR M2, B2: a decision, which resumes with
  // `angelsOfScore`; 53 M3: an event only, and the Angels follow).
  return andThen(state, events, (s) => {
    const acted = powerScored(s, score);
    if (acted === null) return angelsOfScore(s, score);
    if (acted.some((e) => e.type === 'stepBegan')) return acted;
    return andThen(s, acted, (t) => angelsOfScore(t, score));
  });
}

/** 2.5.6.8: the Angels the engagement's points just scored earn, taken into the winning legion (17.x). */
export function angelsOfScore(state: GameState, score: EngagementScore): GameEvent[] {
  const engagement = requireEngagement(state);
  const winner = requireResult(state).winner as BattleSide;
  const after = playerOf(state, score.player).score;
  // 17.0, 17.2: one Angel per multiple of 100 crossed; 19.3: the Titan's slayer may take them too.
  const step = nextAngelStep(
    state,
    score.player,
    legionOfSide(engagement, winner),
    angelsDue(state, score.player, after - score.points, after),
  );
  return step === null ? afterAngels(state) : [{ type: 'stepBegan', step }];
}

/**
 * 2.5.6.9–2.5.6.10 (after the Angel decisions, errata 17.0/19.4): players whose Titan fell are eliminated with
 * their other legions (titan.ts); the slain are regenerated or go to the dead pile; then the game ends (errata
 * 19.0: zero or one players left), or the Mover picks the next engagement (9.1), or mustering begins (2.6).
 */
export function afterAngels(state: GameState): GameEvent[] {
  // CE Titan: the powers may act once the engagement is concluded (51 DEMOCRAT B1: a decision, which comes back here).
  const concluded = powerConcluded(state);
  if (concluded !== null) return concluded;
  const engagement = requireEngagement(state);
  const fallen = (['attacker', 'defender'] as const).filter((side) =>
    lossesOf(engagement, side).includes('Titan'),
  );
  const eliminated: Elimination[] = fallen.map((side) => ({
    player: ownerOfSide(engagement, side),
    // Errata 19.3/19.4: when both Titans fall nobody takes the markers.
    slayer: fallen.length === 2 ? null : ownerOfSide(engagement, opponent(side)),
  }));
  // CE bidding rules: "anytime anyone end up with a Titan strength of 0 or less, s/he is eliminated" (a score
  // lowered by a power, 51 DEMOCRAT B1), with nobody as his Titan's slayer.
  for (const p of state.players) {
    if (titanTooWeak(state, p.id) && !eliminated.some((e) => e.player === p.id)) {
      eliminated.push({ player: p.id, slayer: null });
    }
  }
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
