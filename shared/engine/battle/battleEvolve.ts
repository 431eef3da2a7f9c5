// The fold of the battle's events (10–16): each applies a fact decided by the battle sequence (sequence.ts,
// strikePhase.ts) and returns new objects.
import type { CharacterName, MarkerId } from '../../data/types';
import { mergeKnown } from '../contents';
import {
  damage,
  decided,
  legionAt,
  markReinforced,
  markSummoned,
  park,
  powerOf,
  removeFromBattle,
  transfer,
  withBattle,
  withEngagement,
} from '../engagementFold';
import type { BattleCharacterState } from '../engagementState';
import { lossesOf, requireBattle, requireEngagement } from '../engagementState';
import type { BattleEvent, EventOf } from '../events';
import { fromCaretakerInto, withLegion } from '../fold';
import { requireLegion } from '../lookups';
import type { BattleState, GameState } from '../types';
import type { BattleCharacterId, BattleSide } from './position';
import { attackHits, opponent } from './position';

export function evolveBattleEvent(state: GameState, event: BattleEvent): GameState {
  switch (event.type) {
    case 'battleStarted':
      return battleStarted(state, event);
    case 'maneuverBegan':
      return withBattle(state, (b) => ({
        ...b,
        round: event.round,
        phasing: event.side,
        maneuverStart: b.characters
          .filter((c) => c.side === event.side)
          .map((c) => ({ id: c.id, hex: c.hex })),
        lockedInContact: [...event.lockedInContact],
        movedThisPhase: [],
        struck: [],
        pendingCarryOver: null,
        summon: event.summon ? 'available' : b.summon,
        reinforcement: event.reinforcement ? 'available' : b.reinforcement,
        mustEnter: [],
      }));
    case 'characterMoved':
      return withBattle(state, (b) => ({
        ...b,
        characters: b.characters.map((c) => (c.id === event.id ? { ...c, hex: event.to } : c)),
        movedThisPhase: [...b.movedThisPhase, event.id],
      }));
    case 'maneuverReset':
      return withBattle(state, (b) => {
        const start = new Map(b.maneuverStart.map((s) => [s.id, s.hex]));
        const arriving = new Set(b.mustEnter.map((m) => m.id));
        return {
          ...b,
          characters: b.characters
            .filter((c) => !arriving.has(c.id))
            .map((c) => (start.has(c.id) ? { ...c, hex: start.get(c.id) ?? null } : c)),
          movedThisPhase: [],
          mustEnter: [],
        };
      });
    case 'angelSummoned':
      return angelSummoned(state, event);
    case 'reinforcementMustered':
      return reinforcementMustered(state, event);
    case 'maneuverEnded':
      return maneuverEnded(state, event);
    case 'driftDamage':
      return withBattle(state, (b) => ({
        ...b,
        characters: b.characters.map((c) => (event.ids.includes(c.id) ? { ...c, hits: c.hits + 1 } : c)),
      }));
    case 'strikePhaseBegan':
      return withBattle(state, (b) => ({
        ...b,
        struck: event.counterstrike ? b.struck : [],
        struckAt: event.counterstrike ? b.struckAt : [],
        pendingCarryOver: null,
      }));
    case 'strikeRolled':
      return withBattle(state, (b) => {
        const struck = [...b.struck, event.striker];
        const struckAt = [...b.struckAt, event.option.target];
        if (event.carryOver) {
          return {
            ...b,
            struck,
            struckAt,
            pendingCarryOver: { striker: event.striker, option: event.option, rolls: event.rolls },
          };
        }
        return {
          ...b,
          struck,
          struckAt,
          characters: damage(b.characters, [{ id: event.option.target, hits: event.hits }]),
        };
      });
    case 'rangestrikeRolled':
      return withBattle(state, (b) => ({
        ...b,
        struck: [...b.struck, event.striker],
        struckAt: [...b.struckAt, event.target],
        characters: damage(b.characters, [{ id: event.target, hits: event.hits }]),
      }));
    case 'carryOverAssigned':
      return withBattle(state, (b) => {
        const pending = b.pendingCarryOver;
        if (pending === null) throw new Error('carryOverAssigned without a pending strike');
        const strikeHits = attackHits(pending.rolls, pending.option);
        const primary = damage(b.characters, [{ id: pending.option.target, hits: strikeHits }]);
        const carried = damage(
          primary,
          event.allocation.map((a) => ({ id: a.target, hits: a.damage })),
        );
        const struckAt = [...b.struckAt, ...event.allocation.map((a) => a.target)];
        return { ...b, characters: carried, struckAt, pendingCarryOver: null };
      });
    case 'slainRemoved':
      return slainRemoved(state, event.ids);
    case 'battleEnded':
      return battleEnded(state, event);
    default: {
      const unhandled: never = event;
      throw new Error(`evolveBattleEvent: unknown event ${JSON.stringify(unhandled)}`);
    }
  }
}

function battleStarted(state: GameState, event: EventOf<'battleStarted'>): GameState {
  const characters: BattleCharacterState[] = [];
  for (const side of ['attacker', 'defender'] as const) {
    const legion = event[side];
    for (const c of legion.characters) {
      characters.push({
        id: c.id,
        side,
        type: c.type,
        power: c.power,
        hex: null,
        hits: 0,
        legion: legion.legion,
      });
    }
  }
  const engagement = requireEngagement(state);
  const battle: BattleState = {
    powers:
      state.ce === null
        ? null
        : {
            attacker: state.ce.powers[engagement.attackerOwner] ?? null,
            defender: state.ce.powers[engagement.defenderOwner] ?? null,
          },
    land: event.land,
    terrain: event.terrain,
    attackerEntry: event.attackerEntry,
    round: 1,
    phasing: 'defender',
    characters,
    maneuverStart: [],
    lockedInContact: [],
    movedThisPhase: [],
    struck: [],
    struckAt: [],
    trees: [],
    nonNative: false,
    pendingCarryOver: null,
    defenderCharacterSlain: false,
    summon: 'notYet',
    reinforcement: 'notYet',
    mustEnter: [],
  };
  // 2.5.6.1, errata 9.3: both legions are public once the battle is to be fought.
  const attacker = requireLegion(state, event.attacker.legion);
  const defender = requireLegion(state, event.defender.legion);
  const s = withLegion(withLegion(state, { ...attacker, known: [...attacker.characters] }), {
    ...defender,
    known: [...defender.characters],
  });
  return { ...s, battle, engagement: { ...requireEngagement(s), attackerMaySummon: true } };
}

function angelSummoned(state: GameState, event: EventOf<'angelSummoned'>): GameState {
  if (event.id !== null) {
    // Errata 15.1: it joins the battle off the board; it leaves its legion only when it enters.
    return arriving(state, event.id, 'attacker', event.character, event.into, event.from);
  }
  // 15.2: after the battle it joins the victorious legion at once.
  const s = transfer(state, event.from, event.into, event.character);
  return markSummoned(s);
}

function reinforcementMustered(state: GameState, event: EventOf<'reinforcementMustered'>): GameState {
  const legion = requireLegion(state, event.legion);
  const withReveal = withLegion(state, { ...legion, known: mergeKnown(legion.known, event.reveal) });
  if (event.id !== null) {
    // Errata 14.1: it joins the battle off the board; it leaves the caretaker only when it enters.
    return arriving(withReveal, event.id, 'defender', event.creature, event.legion, null);
  }
  return markReinforced(fromCaretakerInto(withReveal, event.legion, event.creature));
}

/** A summoned Angel or a reinforcement waits off the board and must enter this phase (errata 14.1, 15.1); `from`
 *  is the legion it is summoned from (null: from the caretaker). */
function arriving(
  state: GameState,
  id: BattleCharacterId,
  side: BattleSide,
  type: CharacterName,
  legion: MarkerId,
  from: MarkerId | null,
): GameState {
  return withBattle(state, (b) => ({
    ...b,
    characters: [
      ...b.characters,
      { id, side, type, power: powerOf(state, type), hex: null, hits: 0, legion },
    ],
    mustEnter: [...b.mustEnter, { id, from }],
  }));
}

/** The end of a maneuver phase: arrivals that entered join their legion; the rest are handled as decided. */
function maneuverEnded(state: GameState, event: EventOf<'maneuverEnded'>): GameState {
  const battle = requireBattle(state);
  let s = state;
  // 10.1: characters left off on the side's first phase are slain (they do not trigger summoning).
  const leftOff = battle.characters.filter((c) => event.leftOff.includes(c.id));
  s = removeFromBattle(s, leftOff);
  // Errata 14.1, 15.1: an arrival that did not enter was never mustered or summoned.
  s = withBattle(s, (b) => ({
    ...b,
    characters: b.characters.filter((c) => !event.returned.includes(c.id)),
  }));
  for (const arrival of battle.mustEnter) {
    if (event.returned.includes(arrival.id)) continue;
    const c = battle.characters.find((x) => x.id === arrival.id);
    if (c === undefined) continue;
    if (arrival.from === null) s = markReinforced(fromCaretakerInto(s, c.legion, c.type));
    else s = markSummoned(transfer(s, arrival.from, c.legion, c.type));
  }
  const closed = withBattle(s, (b) => ({
    ...b,
    mustEnter: [],
    // 15.3, 14.0: an option not taken in its phase is lost for the battle (it may still be used after winning).
    summon: event.side === 'attacker' && b.summon === 'available' ? 'lost' : b.summon,
    reinforcement: event.side === 'defender' && b.reinforcement === 'available' ? 'lost' : b.reinforcement,
  }));
  return earnReinforcement(closed, event.side, battle.round);
}

/** Errata 14.2, 2.5.6.4.2.1: the attacker ending his first maneuver phase earns the defender his reinforcement. */
function earnReinforcement(state: GameState, side: BattleSide, round: number): GameState {
  if (side !== 'attacker' || round !== 1) return state;
  return withEngagement(state, (e) => ({ ...e, defenderMayReinforce: true }));
}

/** 12.6: the slain leave the battleland; 15.0: a defending character that had entered triggers summoning. */
function slainRemoved(state: GameState, ids: readonly string[]): GameState {
  const battle = requireBattle(state);
  const slain = battle.characters.filter((c) => ids.includes(c.id));
  const s = removeFromBattle(state, slain);
  if (!slain.some((c) => c.side === 'defender')) return s;
  return withBattle(s, (b) => ({ ...b, defenderCharacterSlain: true }));
}

/** 16.0, 10.5: the battle is over; on a time loss the attacker's remaining characters are eliminated. */
function battleEnded(state: GameState, event: EventOf<'battleEnded'>): GameState {
  if (event.timeLoss) {
    const s = removeFromBattle(
      state,
      requireBattle(state).characters.filter((c) => c.side === 'attacker'),
    );
    return decided(park(s, 'attacker', legionAt(s, 'attacker').characters), 'timeLoss', 'defender');
  }
  if (event.winner === null) return decided(state, 'mutualElimination', null);
  const loser = opponent(event.winner);
  const titanFell = lossesOf(requireEngagement(state), loser).includes('Titan');
  return decided(state, titanFell ? 'titanElimination' : 'battle', event.winner);
}
