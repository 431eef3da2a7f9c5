// The battle, step by step (10.0–16.0, errata 10.x–16.0; Complete Sequence 2.5.6.1–2.5.6.4.2.8.1): setup, the
// pre-battle concessions, then battle turns (the defender's first) of a maneuver phase, drift damage and a strike
// phase (strikePhase.ts), the slain removed, and the end-of-battle check with its time loss. The geometry and
// the strike arithmetic are the pure modules beside this one.
import { characterPower } from '../../data/characters';
import { land } from '../../data/masterboard';
import { BATTLE_TURNS } from '../../data/strikeChart';
import type { AttackerSide } from '../../data/types';
import { battlePowers, enemyStrikesFirst } from '../ce/hooks';
import type { BattleMoment, SideAttack } from '../ce/power';
import { attemptConcession } from '../concession';
import type { BattleCharacterState } from '../engagementState';
import {
  arrivals,
  awaitsArrival,
  battleCharacter,
  battlePosition,
  engagedLegion,
  isArriving,
  ownerOfSide,
  requireBattle,
  requireEngagement,
  sideCharacters,
  titanSlain,
} from '../engagementState';
import type { Decision, GameEvent } from '../events';
import { andThen } from '../evolve';
import type { Intent, IntentOf } from '../intents';
import { playerOf, raisedPowers } from '../lookups';
import { REINFORCEMENT_ROUND } from '../reinforcement';
import { reject, rejection } from '../rejections';
import { afterDecision } from '../resolution';
import type { BattleState, Dice, GameState, PlayerId, Rejection } from '../types';
import { driftDamage } from './drift';
import { inContact, maneuverMoves } from './maneuver';
import type { BattleCharacterId, BattleSide } from './position';
import { isSlain, opponent } from './position';
import { rangestrikeOptions } from './rangestrike';
import { strikeOptions } from './strike';
import { volleyEvents } from './volley';

// ---------------------------------------------------------------- CE Titan: the powers' moments

/** What the battle's powers do at a moment of it (ce/power.ts `atMoment`, then its `volley` where the moment
 *  rolls: volley.ts), each seeing what the one before did; `dice` where the moment may roll. */
export function momentEvents(state: GameState, moment: BattleMoment, dice: Dice | null): GameEvent[] {
  let events: GameEvent[] = [];
  for (const { side, power } of battlePowers(battlePosition(requireBattle(state)))) {
    const hook = power.atMoment;
    if (hook !== undefined) events = andThen(state, events, (s) => hook(s, side, moment, dice));
    const volley = power.volley?.(moment, side) ?? null;
    if (volley !== null && dice !== null) {
      events = andThen(state, events, (s) => volleyEvents(s, side, power.id, volley, dice));
    }
  }
  return events;
}

// ---------------------------------------------------------------- setup (2.5.6.1–2.5.6.3, 10.1–10.2)

/** 2.5.6.1, 10.0–10.2: both legions become public and the battle is set up on the land's battleland (the
 *  attacker enters from his side of entry, always the bottom in a Tower); then 2.5.6.2, the attacker may concede. */
export function startBattle(state: GameState): GameEvent[] {
  const engagement = requireEngagement(state);
  const terrain = land(engagement.land).terrain;
  const attackerEntry: AttackerSide = terrain === 'Tower' ? 'bottom' : engagement.entry; // 10.2, errata 10.4
  const side = (s: BattleSide) => {
    const legion = engagedLegion(state, s);
    if (legion === null) throw new Error('an engaged legion is missing');
    const score = playerOf(state, legion.owner).score;
    return {
      legion: legion.id,
      characters: legion.characters.map((type, i) => ({
        id: `${legion.id}-${i + 1}`,
        type,
        // 19.1: a Titan's power from its player's score (CE 13 B3: a raised Titan's, the game's)
        power: characterPower(type, score, raisedPowers(state)),
      })),
    };
  };
  return [
    {
      type: 'battleStarted',
      land: engagement.land,
      terrain,
      attackerEntry,
      attacker: side('attacker'),
      defender: side('defender'),
    },
    {
      type: 'stepBegan',
      step: { kind: 'preBattleConcession', actor: engagement.attackerOwner, side: 'attacker' },
    },
  ];
}

/** 2.5.6.2, 2.5.6.3: the attacker, then the defender, may concede before the first battle turn. */
export function decidePreBattlePass(state: GameState, player: PlayerId, side: BattleSide): Decision {
  const declined: GameEvent = { type: 'optionDeclined', player, step: 'preBattleConcession' };
  if (side === 'attacker') {
    const defender = requireEngagement(state).defenderOwner;
    return {
      events: [
        declined,
        { type: 'stepBegan', step: { kind: 'preBattleConcession', actor: defender, side: 'defender' } },
      ],
    };
  }
  return { events: andThen(state, [declined], (s) => beginManeuver(s, 'defender', 1)) };
}

// ---------------------------------------------------------------- maneuver phase (11.x, 2.5.6.4.x.1)

/**
 * 10.3, 10.5: a maneuver phase begins (the defender's opens each round); contact is fixed now (11.3). The
 * summoning option opens in the attacker's first phase after a defending character that entered was slain
 * (15.3), the reinforcement in the defender's fourth (14.0).
 */
export function beginManeuver(state: GameState, side: BattleSide, round: number): GameEvent[] {
  // CE Titan: what the powers do before a side's maneuver phase (ce/hooks.ts).
  const before = momentEvents(state, { kind: 'beforeManeuver', side }, null);
  return andThen(state, before, (s) => maneuverBegins(s, side, round));
}

function maneuverBegins(state: GameState, side: BattleSide, round: number): GameEvent[] {
  const battle = requireBattle(state);
  const engagement = requireEngagement(state);
  const pos = battlePosition(battle);
  const locked = battle.characters.filter((c) => c.side === side && inContact(pos, c.id)).map((c) => c.id);
  return [
    {
      type: 'maneuverBegan',
      round,
      side,
      lockedInContact: locked,
      summon: side === 'attacker' && battle.summon === 'notYet' && battle.defenderCharacterSlain,
      reinforcement:
        side === 'defender' && round === REINFORCEMENT_ROUND && battle.reinforcement === 'notYet',
    },
    { type: 'stepBegan', step: { kind: 'maneuver', actor: ownerOfSide(engagement, side), side } },
  ];
}

/** May this character still be entered from off the board this phase (10.1: the side's first phase; errata
 *  14.1/15.1: a reinforcement or summoned Angel arriving)? */
function mayArrive(battle: BattleState, id: BattleCharacterId): boolean {
  return battle.round === 1 || isArriving(battle, id);
}

/** Why this character of the phasing side may not move at all now (11.0, 11.3, 10.1), or null. */
function moverProblem(battle: BattleState, c: BattleCharacterState): Rejection | null {
  if (battle.movedThisPhase.includes(c.id)) {
    return rejection('illegalManeuver', `${c.type} ${c.id} has already moved this phase.`, '11.0');
  }
  if (battle.lockedInContact.includes(c.id)) {
    return rejection(
      'illegalManeuver',
      `${c.type} ${c.id} began the phase in contact and cannot move.`,
      '11.3',
    );
  }
  if (c.hex === null && !mayArrive(battle, c.id)) {
    return rejection('illegalManeuver', `${c.type} ${c.id} can no longer enter the battleland.`, '10.1');
  }
  return null;
}

/** 11.1–11.6, 10.1, 10.2 and the Hazards Chart: where a character that may move can go (maneuver.ts). */
function destinations(battle: BattleState, c: BattleCharacterState) {
  return maneuverMoves(battlePosition(battle), c.id, { firstManeuver: !isArriving(battle, c.id) });
}

/** Why this character may not move to `hex` now, or null (11.0–11.6, 10.1, 10.2, errata 11.0). */
export function maneuverProblem(state: GameState, intent: IntentOf<'moveCharacter'>): Rejection | null {
  const battle = requireBattle(state);
  const step = state.step;
  if (step.kind !== 'maneuver')
    return rejection('wrongStep', 'Characters move only in a maneuver phase.', '11.0');
  const c = battleCharacter(battle, intent.character);
  if (c === null || c.side !== step.side) {
    return rejection(
      'illegalManeuver',
      `${intent.character} is not one of your characters in this battle.`,
      '11.0',
    );
  }
  const problem = moverProblem(battle, c);
  if (problem !== null) return problem;
  if (!destinations(battle, c).includes(intent.hex)) {
    return rejection('illegalManeuver', `${c.type} ${c.id} cannot move to ${intent.hex}.`, '11.1–11.6, 11.7');
  }
  return null;
}

/** Every move of the phasing side's characters now (the same checks as `maneuverProblem`). */
export function maneuverIntents(state: GameState): Intent[] {
  const battle = requireBattle(state);
  const step = state.step;
  if (step.kind !== 'maneuver') return [];
  return battle.characters
    .filter((c) => c.side === step.side && moverProblem(battle, c) === null)
    .flatMap((c) =>
      destinations(battle, c).map((hex): Intent => ({ type: 'moveCharacter', character: c.id, hex })),
    );
}

export function decideMoveCharacter(state: GameState, intent: IntentOf<'moveCharacter'>): Decision {
  const problem = maneuverProblem(state, intent);
  if (problem !== null) return { rejected: problem };
  const c = battleCharacter(requireBattle(state), intent.character);
  if (c === null) throw new Error('checked above');
  return {
    events: [
      { type: 'characterMoved', id: c.id, from: c.hex, to: intent.hex },
      { type: 'stepBegan', step: state.step },
    ],
  };
}

/** Has the phasing player moved, summoned or reinforced anything this phase (errata 11.0; CE 39 B3: announced an
 *  arrival for a later phase)? */
export function maneuverStarted(battle: BattleState): boolean {
  const announced = battle.lateArrivals.some((a) => a.side === battle.phasing && a.round > battle.round);
  return battle.movedThisPhase.length > 0 || battle.mustEnter.length > 0 || announced;
}

/** Errata 11.0: until he is done the phasing player may reset the battleland and redo his movement. */
export function decideResetManeuver(state: GameState, side: BattleSide): Decision {
  if (!maneuverStarted(requireBattle(state))) {
    return reject('notAllowed', 'Nothing has moved this phase.', 'errata 11.0');
  }
  return {
    events: [
      { type: 'maneuverReset', side },
      { type: 'stepBegan', step: state.step },
    ],
  };
}

/** 2.5.6.4.x.1: in place of maneuvering the phasing player may attempt to concede (errata 9.4, 10.0). */
export function decideManeuverConcession(state: GameState, side: BattleSide): Decision {
  if (maneuverStarted(requireBattle(state))) {
    return reject(
      'notAllowed',
      'A concession is attempted instead of maneuvering: reset your maneuver first.',
      'errata 9.4, 11.0',
    );
  }
  return { events: attemptConcession(state, side, 'maneuver') };
}

/**
 * The phasing player is done maneuvering: characters left off on his first phase are slain (10.1); a summoned
 * Angel or reinforcement that did not enter goes back (errata 14.1, 15.1); a legion emptied by the summons is
 * disbanded (errata 18.1). Then drift damage (2.5.6.4.x.3).
 */
export function decideDoneManeuvering(state: GameState, side: BattleSide, dice: Dice): Decision {
  const battle = requireBattle(state);
  const offBoard = battle.characters.filter((c) => c.side === side && c.hex === null);
  const leftOff =
    battle.round === 1 ? offBoard.filter((c) => !isArriving(battle, c.id)).map((c) => c.id) : [];
  const returned = offBoard.filter((c) => isArriving(battle, c.id)).map((c) => c.id);
  const sources = arrivals(battle)
    .filter((m) => !returned.includes(m.id))
    .map((m) => m.from);
  const events: GameEvent[] = [{ type: 'maneuverEnded', side, leftOff, returned }];
  return {
    events: andThen(state, events, (s) => {
      const disbanded: GameEvent[] = [];
      for (const from of sources) {
        const legion = from === null ? undefined : s.legions[from];
        if (legion !== undefined && legion.characters.length === 0) {
          disbanded.push({
            type: 'legionEliminated',
            legion: legion.id,
            owner: legion.owner,
            characters: [],
            reason: 'engagement',
          });
        }
      }
      return andThen(s, disbanded, (t) => beginDrift(t, side, dice));
    }),
  };
}

// ---------------------------------------------------------------- drift (Hazards Chart, 2.5.6.4.x.3)

/** 2.5.6.4.x.3, errata 9.4/11.7: if drift damage will slay a phasing character, the other player may concede
 *  first; otherwise it is applied and the strike phase begins. */
function beginDrift(state: GameState, side: BattleSide, dice: Dice): GameEvent[] {
  const battle = requireBattle(state);
  const drift = driftDamage(battlePosition(battle), side);
  const slays = drift.some((d) => {
    const c = battleCharacter(battle, d.id);
    return c !== null && c.hits + d.hits >= c.power;
  });
  if (slays) {
    const other = opponent(side);
    const actor = ownerOfSide(requireEngagement(state), other);
    return [{ type: 'stepBegan', step: { kind: 'driftConcession', actor, side: other } }];
  }
  return applyDrift(state, side, dice);
}

/** Drift damage is applied (a character slain by it still strikes, 12.0) and the strike phase begins: the
 *  phasing side's strikes, or (CE Titan: 53 B1) the enemy's counterstrikes first when the phasing side's power
 *  says so. */
export function applyDrift(state: GameState, side: BattleSide, dice: Dice): GameEvent[] {
  const battle = requireBattle(state);
  const drift = driftDamage(battlePosition(battle), side);
  const events: GameEvent[] = drift.length > 0 ? [{ type: 'driftDamage', ids: drift.map((d) => d.id) }] : [];
  events.push({ type: 'strikePhaseBegan', side, counterstrike: false });
  const first = enemyStrikesFirst(battlePosition(battle), side) ? 'counterstrike' : 'strike';
  return andThen(state, events, (s) => beginStrikes(s, first, dice));
}

/** The attacks `side` may make as its strikes (counterstrikes: no rangestrikes, 12.0, 13.0) begin. */
export function sideAttacks(
  state: GameState,
  side: BattleSide,
  kind: 'strike' | 'counterstrike',
): SideAttack[] {
  const battle = requireBattle(state);
  const pos = battlePosition(battle);
  return battle.characters
    .filter((c) => c.side === side && c.hex !== null && !battle.struck.includes(c.id))
    .flatMap((c) => {
      const dice = [
        ...strikeOptions(pos, c.id).map((o) => o.dice),
        ...(kind === 'strike' ? rangestrikeOptions(pos, c.id).map((o) => o.dice) : []),
      ];
      return dice.length === 0 ? [] : [{ striker: c.id, dice: Math.max(...dice) }];
    });
}

/** 2.5.6.4.x.4–5: the phasing side's strikes (`strike`) or the other side's counterstrikes begin, after what the
 *  powers do at that moment (ce/hooks.ts). */
export function beginStrikes(state: GameState, kind: 'strike' | 'counterstrike', dice: Dice): GameEvent[] {
  const phasing = requireBattle(state).phasing;
  const side = kind === 'strike' ? phasing : opponent(phasing);
  const actor = ownerOfSide(requireEngagement(state), side);
  const moment: BattleMoment = {
    kind: kind === 'strike' ? 'strikes' : 'counterstrikes',
    side,
    attacks: sideAttacks(state, side, kind),
  };
  return [...momentEvents(state, moment, dice), { type: 'stepBegan', step: { kind, actor, side } }];
}

/** 2.5.6.4.x.3.1: the non-phasing player declines to concede before the drift damage. */
export function decideDriftPass(state: GameState, player: PlayerId, side: BattleSide, dice: Dice): Decision {
  const declined: GameEvent = { type: 'optionDeclined', player, step: 'driftConcession' };
  return { events: [declined, ...applyDrift(state, opponent(side), dice)] };
}

// ---------------------------------------------------------------- end of the strike phase (12.6, 16.0, 10.5)

/** 2.5.6.4.x.7–8: the slain are removed; then the end-of-battle check. */
export function endStrikePhase(state: GameState): GameEvent[] {
  const battle = requireBattle(state);
  const slain = battle.characters.filter(isSlain).map((c) => c.id);
  const events: GameEvent[] = slain.length > 0 ? [{ type: 'slainRemoved', ids: slain }] : [];
  // CE Titan: what the powers do at the end of a battle turn (ce/hooks.ts).
  const removed = andThen(state, events, (s) =>
    momentEvents(s, { kind: 'endOfStrikePhase', side: requireBattle(s).phasing }, null),
  );
  return andThen(state, removed, (s) => {
    const b = requireBattle(s);
    if (battleEndCheck(s) !== null) {
      const actor = ownerOfSide(requireEngagement(s), b.phasing);
      return [{ type: 'stepBegan', step: { kind: 'battleEnding', actor, side: b.phasing } }];
    }
    return b.phasing === 'defender'
      ? beginManeuver(s, 'attacker', b.round)
      : beginManeuver(s, 'defender', b.round + 1);
  });
}

export interface BattleEnd {
  readonly winner: BattleSide | null;
  readonly timeLoss: boolean;
}

/**
 * 2.5.6.4.x.8, 16.0, 19.3, 10.5, errata 10.5/16.0: the battle ends when a side has no characters left or its
 * Titan has been slain (left off included); else after the attacker's 7th turn it is a time loss (the defender
 * wins). null while the battle goes on.
 */
export function battleEndCheck(state: GameState): BattleEnd | null {
  const battle = requireBattle(state);
  // CE 39 B3: a side whose Angel or reinforcement is still to arrive is still in the battle.
  const out = (side: BattleSide) =>
    (sideCharacters(battle, side).length === 0 && !awaitsArrival(battle, side)) || titanSlain(state, side);
  const attackerOut = out('attacker');
  const defenderOut = out('defender');
  if (attackerOut && defenderOut) return { winner: null, timeLoss: false };
  if (attackerOut) return { winner: 'defender', timeLoss: false };
  if (defenderOut) return { winner: 'attacker', timeLoss: false };
  if (battle.phasing === 'attacker' && battle.round >= BATTLE_TURNS)
    return { winner: 'defender', timeLoss: true };
  return null;
}

/** 2.5.6.4.x.8.1: the phasing player lets the battle end (without conceding). */
export function decideBattleEndingPass(state: GameState, player: PlayerId): Decision {
  const end = battleEndCheck(state);
  if (end === null) throw new Error('battleEnding step while the battle goes on');
  const events: GameEvent[] = [
    { type: 'optionDeclined', player, step: 'battleEnding' },
    { type: 'battleEnded', winner: end.winner, timeLoss: end.timeLoss },
  ];
  return { events: andThen(state, events, afterDecision) };
}
