// The strike phase (12.0–12.7, 13.0–13.5, errata 11.7/12.x/13.x; Complete Sequence 2.5.6.4.x.4–6): the phasing
// player's strikes and rangestrikes one at a time, each declared as one of its legal options and rolled, the
// carry-over allocated after the roll, then the other player's counterstrikes (no rangestrikes); a player is done
// only when every character of his in contact with a living enemy has struck; a strike step in which its player has
// nothing to do ends by itself (`idleStrikeStepEnds`). The end of the phase (the slain removed, the end-of-battle
// check) is in sequence.ts.
import { enemyStrikesFirst, hitsLanding, powerChoicesBeyondAttacks, strikeRolls } from '../ce/hooks';
import { attemptConcession, concede } from '../concession';
import {
  battleCharacter,
  battlePosition,
  ownerOfSide,
  requireBattle,
  requireEngagement,
  sideCharacters,
  titanSlain,
} from '../engagementState';
import type { Decision, GameEvent } from '../events';
import { andThen, foldEvents } from '../evolve';
import type { Intent, IntentOf } from '../intents';
import { reject, rejection } from '../rejections';
import type { BattleState, Dice, GameState, PendingAttack, PowerId, Rejection } from '../types';
import { findStrikeOption, legalCarryOverAllocations } from './carryOver';
import type { BattleCharacterId, BattlePosition, BattleSide, StrikeOption } from './position';
import { attackHits, characterById, isSlain, opponent } from './position';
import { rangestrikeOptions, rangestrikeVerdict } from './rangestrike';
import { beginStrikes, endStrikePhase, sideAttacks } from './sequence';
import { strikeOptions } from './strike';

/** The striking side's characters that have not struck this strike phase and stand on the board. */
function readyStrikers(battle: BattleState, side: BattleSide) {
  return battle.characters.filter((c) => c.side === side && c.hex !== null && !battle.struck.includes(c.id));
}

/** 12.0, 12.1: the characters that still must strike (in contact with a living enemy, not yet struck). */
export function mustStrike(battle: BattleState, side: BattleSide): BattleCharacterId[] {
  const pos = battlePosition(battle);
  return readyStrikers(battle, side)
    .filter((c) => strikeOptions(pos, c.id).length > 0)
    .map((c) => c.id);
}

/** Every strike (and, for the phasing player, rangestrike: 12.0, 13.0) the striking side may make now. */
export function strikeIntents(state: GameState): Intent[] {
  const battle = requireBattle(state);
  const step = state.step;
  if (step.kind !== 'strike' && step.kind !== 'counterstrike') return [];
  const pos = battlePosition(battle);
  const intents: Intent[] = [];
  for (const c of readyStrikers(battle, step.side)) {
    for (const o of strikeOptions(pos, c.id)) {
      intents.push({
        type: 'strike',
        striker: c.id,
        target: o.target,
        strikeNumber: o.strikeNumber,
        dice: o.dice,
      });
    }
    if (step.kind === 'strike') {
      for (const o of rangestrikeOptions(pos, c.id)) {
        intents.push({
          type: 'rangestrike',
          striker: c.id,
          target: o.target,
          strikeNumber: o.strikeNumber,
          dice: o.dice,
        });
      }
    }
  }
  return intents;
}

function strikerProblem(state: GameState, striker: BattleCharacterId): Rejection | null {
  const battle = requireBattle(state);
  const step = state.step;
  if (step.kind !== 'strike' && step.kind !== 'counterstrike') {
    return rejection('wrongStep', 'Strikes are made in a strike phase.', '12.0');
  }
  const c = battleCharacter(battle, striker);
  if (c === null || c.side !== step.side || c.hex === null) {
    return rejection('illegalStrike', `${striker} is not one of your characters on the battleland.`, '12.1');
  }
  if (battle.struck.includes(c.id)) {
    return rejection('illegalStrike', `${c.type} ${c.id} has already struck this strike phase.`, '12.1');
  }
  return null;
}

/** 12.1, 12.2, errata 11.7/12.x: one strike, declared exactly as one of its legal options, then rolled. */
export function decideStrike(state: GameState, intent: IntentOf<'strike'>, dice: Dice): Decision {
  const problem = strikerProblem(state, intent.striker);
  if (problem !== null) return { rejected: problem };
  const battle = requireBattle(state);
  const pos = battlePosition(battle);
  const option = findStrikeOption(pos, intent.striker, intent);
  if (option === null) {
    return reject(
      'illegalStrike',
      'That target, strike number and number of dice are not one of the strike options (strike with maximum effectiveness unless a penalty opens carry-over).',
      '12.2, errata 11.7/12.0',
    );
  }
  // CE Titan: a power may roll the attack its own way (ce/hooks.ts); the events record every die.
  const striker = battleCharacter(battle, intent.striker);
  const { rolls, events: rolled, either } = strikeRolls(state, striker, option, dice);
  const step = state.step as StrikeStep;
  if (either !== null)
    return {
      events: [
        ...rolled,
        keepOneStep(step, either, { ...pendingAttack(intent.striker, option), rangestrike: false }),
      ],
    };
  return { events: [...rolled, ...struck(state, pos, step, intent.striker, option, rolls)] };
}

type StrikeStep = Extract<GameState['step'], { kind: 'strike' | 'counterstrike' }>;

/** 12.2–12.4: a strike rolled: its hits, then the struck side's power passing them on (CE 29 B2), the carry-over to
 *  allocate, or the strike step again. */
function struck(
  state: GameState,
  pos: BattlePosition,
  step: StrikeStep,
  striker: BattleCharacterId,
  option: StrikeOption,
  rolls: readonly number[],
): GameEvent[] {
  const hits = attackHits(rolls, option);
  const passing = passingStep(state, pos, step, striker, option.target, hits, false);
  const carryOver =
    passing !== null || legalCarryOverAllocations(pos, striker, option, rolls).some((a) => a.length > 0);
  const next: GameEvent =
    passing ??
    (carryOver
      ? {
          type: 'stepBegan',
          step: { kind: 'carryOver', actor: step.actor, side: step.side, resume: step.kind },
        }
      : { type: 'stepBegan', step });
  return [{ type: 'strikeRolled', striker, option, rolls: [...rolls], hits, carryOver }, next];
}

/** 13.x: a rangestrike rolled: its hits, then the struck side's power passing them on (CE 29 B2) or the strike
 *  step again. */
function rangestruck(
  state: GameState,
  step: StrikeStep,
  attack: Omit<PendingAttack, 'rolls' | 'resume' | 'rangestrike'>,
  rolls: readonly number[],
): GameEvent[] {
  const hits = attackHits(rolls, attack);
  const pos = battlePosition(requireBattle(state));
  const passing = passingStep(state, pos, step, attack.striker, attack.target, hits, true);
  return [
    {
      type: 'rangestrikeRolled',
      striker: attack.striker,
      target: attack.target,
      strikeNumber: attack.strikeNumber,
      dice: attack.dice,
      rolls: [...rolls],
      hits,
      ...(passing === null ? {} : { passing: true }),
    },
    passing ?? { type: 'stepBegan', step },
  ];
}

/** CE 29 B2: the struck side's power may pass an attack's hits on before they land: its owner's decision (the hits
 *  wait in the battle's `pendingCarryOver`), or null. */
function passingStep(
  state: GameState,
  pos: BattlePosition,
  step: StrikeStep,
  striker: BattleCharacterId,
  target: BattleCharacterId,
  hits: number,
  rangestrike: boolean,
): GameEvent | null {
  const landing = {
    striker: characterById(pos, striker),
    target: characterById(pos, target),
    hits,
    rangestrike,
  };
  const asked = hitsLanding(pos, landing);
  if (asked === null) return null;
  return {
    type: 'stepBegan',
    step: {
      kind: 'powerDecision',
      actor: ownerOfSide(requireEngagement(state), landing.target.side),
      power: asked.power,
      question: asked.question,
      landing: step.kind,
    },
  };
}

/** CE 29 B2: the struck side's power has passed what it would of the pending attack's hits: the striker's
 *  carry-over of what its target keeps beyond what slays it, if he has one (errata 12.4); otherwise the hits land
 *  and the strike step goes on (`powerDecision` with `landing`, steps.ts). */
export function hitsLand(state: GameState, resume: 'strike' | 'counterstrike'): GameEvent[] {
  const battle = requireBattle(state);
  const pending = battle.pendingCarryOver;
  if (pending === null) throw new Error('no attack awaits its hits');
  const striker = battleCharacter(battle, pending.striker);
  if (striker === null) throw new Error(`no striker ${pending.striker}`);
  const step: StrikeStep = {
    kind: resume,
    actor: ownerOfSide(requireEngagement(state), striker.side),
    side: striker.side,
  };
  // A rangestrike (and a strike with no one to carry to) carries nothing over.
  const carryOver =
    pending.option.carryTo.length > 0 &&
    legalCarryOverAllocations(
      battlePosition(battle),
      pending.striker,
      pending.option,
      pending.rolls,
      pending.passed,
    ).some((a) => a.length > 0);
  if (carryOver) {
    return [{ type: 'stepBegan', step: { kind: 'carryOver', actor: step.actor, side: step.side, resume } }];
  }
  return [
    { type: 'carryOverAssigned', allocation: [] },
    { type: 'stepBegan', step },
  ];
}

/** The attack a CE power's decision holds while it waits (the step's `attack`): its striker and declared option,
 *  nothing more (no carry-over targets: `attackKept` finds the strike option again). */
function pendingAttack(
  striker: BattleCharacterId,
  option: Pick<StrikeOption, 'target' | 'strikeNumber' | 'dice' | 'discounted'>,
): Omit<PendingAttack, 'rolls' | 'resume' | 'rangestrike'> {
  return {
    striker,
    target: option.target,
    strikeNumber: option.strikeNumber,
    dice: option.dice,
    ...(option.discounted === undefined ? {} : { discounted: option.discounted }),
  };
}

/** CE Titan (ce/power.ts `rollStrike`'s `either`): the attack was rolled twice; its striker's owner keeps one
 *  roll (the power's `powerDecision` step), then `attackKept` resolves it. */
function keepOneStep(
  step: StrikeStep,
  either: { readonly power: PowerId; readonly rolls: readonly (readonly number[])[] },
  attack: Omit<PendingAttack, 'rolls' | 'resume'>,
): GameEvent {
  const [first = [], second = []] = either.rolls;
  const described = (rolls: readonly number[]) =>
    `${rolls.join(', ')}: ${attackHits(rolls, attack)} hit${attackHits(rolls, attack) === 1 ? '' : 's'}`;
  return {
    type: 'stepBegan',
    step: {
      kind: 'powerDecision',
      actor: step.actor,
      power: either.power,
      question: `Keep the first roll (${described(first)}) or the second (${described(second)})?`,
      attack: { ...attack, rolls: either.rolls, resume: step.kind },
    },
  };
}

/** CE Titan: the attack rolled twice, resolved with the roll kept (`powerDecision` with `attack`, steps.ts). */
export function attackKept(state: GameState, attack: PendingAttack, rolls: readonly number[]): GameEvent[] {
  const battle = requireBattle(state);
  const striker = battleCharacter(battle, attack.striker);
  if (striker === null) throw new Error(`no striker ${attack.striker}`);
  const step: StrikeStep = {
    kind: attack.resume,
    actor: ownerOfSide(requireEngagement(state), striker.side),
    side: striker.side,
  };
  if (attack.rangestrike) return rangestruck(state, step, attack, rolls);
  const pos = battlePosition(battle);
  const option = findStrikeOption(pos, attack.striker, attack);
  if (option === null) throw new Error('the pending strike is no longer an option');
  return struck(state, pos, step, attack.striker, option, rolls);
}

/** 13.0–13.5: a rangestrike by the phasing player, declared as one of its legal options; no carry-over. */
export function decideRangestrike(state: GameState, intent: IntentOf<'rangestrike'>, dice: Dice): Decision {
  if (state.step.kind !== 'strike') {
    return reject(
      'illegalStrike',
      'Only the phasing player rangestrikes (not in counterstrikes).',
      '12.0, 13.0',
    );
  }
  const problem = strikerProblem(state, intent.striker);
  if (problem !== null) return { rejected: problem };
  const pos = battlePosition(requireBattle(state));
  const option = rangestrikeOptions(pos, intent.striker).find(
    (o) => o.target === intent.target && o.strikeNumber === intent.strikeNumber && o.dice === intent.dice,
  );
  if (option === undefined) {
    // 13.0–13.5: why this rangestrike is refused, in the rangestrike rules' own words.
    const verdict =
      battleCharacter(requireBattle(state), intent.target) === null
        ? null
        : rangestrikeVerdict(pos, intent.striker, intent.target);
    if (verdict !== null && !verdict.allowed) {
      const { reason, rule } = verdict.refusal;
      return reject('illegalStrike', `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`, rule);
    }
    return reject(
      'illegalStrike',
      verdict === null
        ? `There is no character ${intent.target} in this battle.`
        : `Rangestrike ${intent.target} with one of: ${verdict.options.map((o) => `${o.dice} dice needing ${o.strikeNumber}s`).join('; ')}.`,
      '13.1–13.3, errata 11.7/13.3',
    );
  }
  const {
    rolls,
    events: rolled,
    either,
  } = strikeRolls(state, battleCharacter(requireBattle(state), intent.striker), option, dice);
  const attack = pendingAttack(intent.striker, option);
  const step = state.step;
  if (either !== null)
    return { events: [...rolled, keepOneStep(step, either, { ...attack, rangestrike: true })] };
  return { events: [...rolled, ...rangestruck(state, step, attack, rolls)] };
}

/** 2.5.6.4.x.4.3, errata 12.4: the legal allocations of the pending carry-over, as intents ([] first). */
export function carryOverIntents(state: GameState): Intent[] {
  const battle = requireBattle(state);
  const pending = battle.pendingCarryOver;
  if (pending === null) return [];
  return legalCarryOverAllocations(
    battlePosition(battle),
    pending.striker,
    pending.option,
    pending.rolls,
    pending.passed,
  ).map((a): Intent => ({ type: 'assignCarryOver', targets: a.map((x) => x.target) }));
}

export function decideAssignCarryOver(state: GameState, intent: IntentOf<'assignCarryOver'>): Decision {
  const battle = requireBattle(state);
  const step = state.step;
  const pending = battle.pendingCarryOver;
  if (step.kind !== 'carryOver' || pending === null)
    throw new Error('carry-over step without a pending strike');
  const allocation = legalCarryOverAllocations(
    battlePosition(battle),
    pending.striker,
    pending.option,
    pending.rolls,
    pending.passed,
  ).find((a) => a.length === intent.targets.length && a.every((x, i) => x.target === intent.targets[i]));
  if (allocation === undefined) {
    return reject(
      'illegalCarryOver',
      'That carry-over is not allowed; choose one of the listed allocations.',
      'errata 12.4',
    );
  }
  const resume = step.resume;
  return {
    events: [
      {
        type: 'carryOverAssigned',
        allocation: allocation.map((a) => ({ target: a.target, damage: a.damage })),
      },
      { type: 'stepBegan', step: { kind: resume, actor: step.actor, side: step.side } },
    ],
  };
}

/** 12.0, 12.1: the striking player is finished (every required strike made); counterstrikes follow, or the
 *  strike phase ends. */
export function decideDoneStriking(state: GameState, dice: Dice): Decision {
  const battle = requireBattle(state);
  const step = state.step;
  if (step.kind !== 'strike' && step.kind !== 'counterstrike') throw new Error('not a strike step');
  const owed = mustStrike(battle, step.side);
  if (owed.length > 0) {
    return reject('mustStrike', `These characters must still strike: ${owed.join(', ')}.`, '12.0, 12.1');
  }
  // CE Titan (53 B1): the enemy may strike first in the phasing side's strike phase; the phasing side's strikes
  // then follow the counterstrikes, and end the phase.
  const reversed = enemyStrikesFirst(battlePosition(battle), battle.phasing);
  if (step.kind === 'strike' && !reversed) {
    const begun: GameEvent[] = [{ type: 'strikePhaseBegan', side: opponent(step.side), counterstrike: true }];
    return { events: andThen(state, begun, (s) => beginStrikes(s, 'counterstrike', dice)) };
  }
  if (step.kind === 'counterstrike' && reversed) return { events: beginStrikes(state, 'strike', dice) };
  return { events: endStrikePhase(state) };
}

/**
 * Issue 14 (no "Done" to press), 12.0, 12.1: a strike step (the phasing player's strikes, the other's
 * counterstrikes) in which its player has no strike and no rangestrike to make, and no power act offered (but for
 * those bearing only on an attack to roll, ce/power.ts `attackActs`), does not wait: it ends at once with the
 * events `doneStriking` gives there (the powers' moments, rolled with the same dice), inside the decision of the
 * intent that led to it (decide.ts), and so on while the next strike step is as idle; except where it is the
 * non-phasing player's last chance to concede (`lastChanceToConcede`). [] when it waits. Reading: the phasing
 * player's attempt to concede in place of striking (x.4.1) is not waited for: he may attempt it in place of
 * maneuvering (x.1) and concede as the battle ends (x.8.1). So errata 9.4/10.1's defender who enters and then
 * concedes before the attacker enters has no step for it in round 1 (nothing to strike there); he may concede
 * instead of the attacker's attempt in place of entering (2.5.6.4.2.2), to the same effect (errata 11.1).
 */
export function idleStrikeStepEnds(state: GameState, dice: Dice): GameEvent[] {
  const step = state.step;
  if (step.kind !== 'strike' && step.kind !== 'counterstrike') return [];
  if (strikeIntents(state).length > 0 || powerChoicesBeyondAttacks(state, step.actor).length > 0) return [];
  if (lastChanceToConcede(state)) return [];
  const done = decideDoneStriking(state, dice);
  if ('rejected' in done) throw new Error('a strike step without a strike to make owes none (12.1)');
  return andThen(state, done.events, (s) => idleStrikeStepEnds(s, dice));
}

/**
 * Complete Sequence 2.5.6.4.x.5, x.8.1, errata 9.4/10.0 (reading): the counterstriking player's step, before his
 * first counterstrike, is his unconditional concession (x.5, "just before becoming the phasing player":
 * concession.ts). It is his LAST chance to concede when the battle may end at this strike phase's end-of-battle
 * check (x.8): the concession as the battle ends is the other player's (x.8.1), then the battle is over. That is
 * so when the check after the slain are removed finds the battle ending (a side beaten, or the time loss of the
 * attacker's 7th turn, 10.5), and (CE 53 B1, the enemy striking first) while the phasing player's strikes are still
 * to come. When the battle goes on he concedes in place of maneuvering in his own next battle turn (x.1, errata
 * 9.4: an attempt, "generally ... the same as conceding"), so the step does not wait. It waits only while a
 * concession is open to him in deed: his own side still stands (errata 9.4/9.5: conceding then may yet make a
 * mutual elimination, or give up a time loss); a side already beaten has nothing left to concede (its concession
 * would change nothing, as at the `battleEnding` step).
 */
export function lastChanceToConcede(state: GameState): boolean {
  const battle = requireBattle(state);
  const step = state.step;
  if (step.kind !== 'counterstrike') return false;
  if (battle.characters.some((c) => c.side === step.side && battle.struck.includes(c.id))) return false;
  const standing = sideCharacters(battle, step.side).some((c) => !isSlain(c));
  if (!standing || titanSlain(state, step.side)) return false;
  const phasing = battle.phasing;
  if (
    enemyStrikesFirst(battlePosition(battle), phasing) &&
    sideAttacks(state, phasing, 'strike').length > 0
  ) {
    return true;
  }
  return foldEvents(state, endStrikePhase(state)).step.kind === 'battleEnding';
}

/** 2.5.6.4.x.4.1 (an attempt) / 2.5.6.4.x.5 (unconditional before the first counterstrike) / .6.1 (an attempt). */
export function decideStrikeConcession(state: GameState): Decision {
  const battle = requireBattle(state);
  const step = state.step;
  if (step.kind === 'strike') return { events: attemptConcession(state, step.side, 'strike') };
  if (step.kind !== 'counterstrike') throw new Error('not a strike step');
  const counterstruck = battle.characters.some((c) => c.side === step.side && battle.struck.includes(c.id));
  if (!counterstruck) return { events: concede(state, step.side) };
  return { events: attemptConcession(state, step.side, 'counterstrike') };
}
