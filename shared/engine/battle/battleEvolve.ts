// The fold of the battle's events (10–16): each applies a fact decided by the battle sequence (sequence.ts,
// strikePhase.ts) and returns new objects.
import type { CharacterName, MarkerId } from '../../data/types';
import { mergeKnown, withoutCharacters } from '../contents';
import {
  damage,
  decided,
  fromLossesInto,
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
import { arrivals, dueLateArrivals, lossesOf, requireBattle, requireEngagement } from '../engagementState';
import type { BattleEvent, EventOf } from '../events';
import { fromCaretakerInto, withLegion } from '../fold';
import { requireLegion } from '../lookups';
import type { BattleState, GameState, PowerId } from '../types';
import type { BattleCharacterId, BattleSide } from './position';
import { attackHits, hits, opponent, passedTotal } from './position';

export function evolveBattleEvent(state: GameState, event: BattleEvent): GameState {
  switch (event.type) {
    case 'battleStarted':
      return battleStarted(state, event);
    case 'maneuverBegan':
      return withBattle(state, (b) => {
        const phase = { ...b, round: event.round, phasing: event.side };
        // CE 39 B3: the late arrivals due in this phase come to the side's entrance, off the board.
        const characters = [
          ...b.characters,
          ...dueLateArrivals(phase).map((a) => ({
            id: a.id,
            side: a.side,
            type: a.type,
            power: powerOf(state, a.type),
            hex: null,
            hits: 0,
            legion: a.legion,
          })),
        ];
        return {
          ...phase,
          characters,
          maneuverStart: characters
            .filter((c) => c.side === event.side)
            .map((c) => ({ id: c.id, hex: c.hex })),
          lockedInContact: [...event.lockedInContact],
          movedThisPhase: [],
          struck: [],
          pendingCarryOver: null,
          summon: event.summon ? 'available' : b.summon,
          reinforcement: event.reinforcement ? 'available' : b.reinforcement,
          mustEnter: [],
        };
      });
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
          // CE 39 B3: an arrival announced in this phase is undone too (one due now waits again off the board).
          lateArrivals: b.lateArrivals.filter((a) => a.side !== b.phasing || a.round <= b.round),
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
      return withBattle(state, (b) => {
        const struck = [...b.struck, event.striker];
        const struckAt = [...b.struckAt, event.target];
        if (event.passing === true) {
          // CE 29 B2: the hits wait for the struck side's power to pass them; a rangestrike carries nothing over.
          // Its discounted hits (a CE power's) are those the rolls hit beyond the event's hits.
          const discounted = hits(event.rolls, event.strikeNumber) - event.hits;
          const option = {
            target: event.target,
            strikeNumber: event.strikeNumber,
            dice: event.dice,
            carryTo: [],
            ...(discounted > 0 ? { discounted } : {}),
          };
          return {
            ...b,
            struck,
            struckAt,
            pendingCarryOver: { striker: event.striker, option, rolls: event.rolls },
          };
        }
        return {
          ...b,
          struck,
          struckAt,
          characters: damage(b.characters, [{ id: event.target, hits: event.hits }]),
        };
      });
    case 'carryOverAssigned':
      return withBattle(state, (b) => {
        const pending = b.pendingCarryOver;
        if (pending === null) throw new Error('carryOverAssigned without a pending strike');
        // CE 29 B2: the hits passed from the target land on the characters they were passed to.
        const passed = pending.passed ?? [];
        const strikeHits = attackHits(pending.rolls, pending.option) - passedTotal(passed);
        const primary = damage(b.characters, [
          { id: pending.option.target, hits: strikeHits },
          ...passed.map((p) => ({ id: p.target, hits: p.hits })),
        ]);
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
            seats: state.players.length,
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
    lateArrivals: [],
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
  if (event.id !== null && event.arrives !== undefined) {
    return announced(state, event.id, 'attacker', event.character, event.into, event.from, event.arrives);
  }
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
  if (event.id !== null && event.arrives !== undefined) {
    return announced(withReveal, event.id, 'defender', event.creature, event.legion, null, event.arrives);
  }
  if (event.id !== null) {
    // Errata 14.1: it joins the battle off the board; it leaves the caretaker (CE 44 B3: the losses) only when
    // it enters.
    return arriving(withReveal, event.id, 'defender', event.creature, event.legion, null, event.lost);
  }
  // CE 44 B3: a dead enemy comes from its side's losses.
  const lost = event.lost;
  return markReinforced(
    lost === undefined
      ? fromCaretakerInto(withReveal, event.legion, event.creature)
      : fromLossesInto(withReveal, lost, event.legion, event.creature),
  );
}

/** CE Titan: a character a power brings into the battle (`characterJoined` with an id: 36 COMMUNIST B1; with `lost`
 *  a slain enemy, 54 GHOUL M2, at -1 skill) waits off the board and must enter this phase, as a reinforcement
 *  does (errata 14.1); it is not the legion's muster. */
export function broughtIntoBattle(state: GameState, event: EventOf<'characterJoined'>): GameState {
  if (event.id === undefined) throw new Error('characterJoined in a battle without an id');
  const side: BattleSide = requireEngagement(state).attacker === event.legion ? 'attacker' : 'defender';
  return arriving(state, event.id, side, event.character, event.legion, null, event.lost, event.power);
}

/** CE 51 DEMOCRAT B2: an enemy character still off the board (`characterJoined` with `taken`) leaves its legion for
 *  the one joined and changes sides, keeping its id; both legions are public since the battle began (2.5.6.1). */
export function takenIntoBattle(state: GameState, event: EventOf<'characterJoined'>): GameState {
  const battle = requireBattle(state);
  const taken = battle.characters.find((c) => c.id === event.taken);
  if (taken === undefined || taken.hex !== null) throw new Error(`no character ${event.taken} off the board`);
  const from = requireLegion(state, taken.legion);
  const into = requireLegion(state, event.legion);
  const left = {
    ...from,
    characters: withoutCharacters(from.characters, [taken.type]),
    known: from.known.includes(taken.type) ? withoutCharacters(from.known, [taken.type]) : from.known,
  };
  const s = withLegion(withLegion(state, left), {
    ...into,
    characters: [...into.characters, taken.type],
    known: [...into.known, taken.type],
  });
  return withBattle(s, (b) => ({
    ...b,
    characters: b.characters.map((c) =>
      c.id === taken.id ? { ...c, side: opponent(c.side), legion: into.id } : c,
    ),
  }));
}

/** A summoned Angel or a reinforcement waits off the board and must enter this phase (errata 14.1, 15.1); `from`
 *  is the legion it is summoned from (null: from the caretaker, or with `lost` from that side's losses: CE 44 B3,
 *  a dead enemy recruited on the defender's fourth turn, which fights at -1 skill for the battle); `power`: a power
 *  brought it in from the caretaker (CE 36 B1), not the legion's muster. */
function arriving(
  state: GameState,
  id: BattleCharacterId,
  side: BattleSide,
  type: CharacterName,
  legion: MarkerId,
  from: MarkerId | null,
  lost?: BattleSide,
  power?: PowerId,
): GameState {
  const c = { id, side, type, power: powerOf(state, type), hex: null, hits: 0, legion };
  return withBattle(state, (b) => ({
    ...b,
    characters: [...b.characters, lost === undefined ? c : { ...c, skillModifier: -1 }],
    mustEnter: [
      ...b.mustEnter,
      lost !== undefined
        ? power !== undefined
          ? { id, from, lost, power }
          : { id, from, lost }
        : power !== undefined
          ? { id, from, power }
          : { id, from },
    ],
  }));
}

/** CE 39 B3: an Angel or reinforcement announced now waits, in its legion (the caretaker), for its side's maneuver
 *  phase of `round` (battle turns later). */
function announced(
  state: GameState,
  id: BattleCharacterId,
  side: BattleSide,
  type: CharacterName,
  legion: MarkerId,
  from: MarkerId | null,
  round: number,
): GameState {
  return withBattle(state, (b) => ({
    ...b,
    lateArrivals: [...b.lateArrivals, { id, side, type, legion, from, round }],
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
  for (const arrival of arrivals(battle)) {
    if (event.returned.includes(arrival.id)) continue;
    const c = battle.characters.find((x) => x.id === arrival.id);
    if (c === undefined) continue;
    if (arrival.power !== undefined && arrival.lost !== undefined) {
      // CE 54 M2: an enslaved enemy that entered leaves its side's losses for the legion; it is not its muster
      // (nor its reinforcement).
      s = fromLossesInto(s, arrival.lost, c.legion, c.type);
    } else if (arrival.power !== undefined) {
      // CE 36 B1: a commoner that entered stays in the legion, and is not its muster ("do not count against
      // recruit").
      const entered = { id: c.id, side: c.side, type: c.type };
      s = withBattle(fromCaretakerInto(s, c.legion, c.type), (b) => ({
        ...b,
        broughtIn: [...(b.broughtIn ?? []), entered],
      }));
    } else if (arrival.lost !== undefined)
      s = markReinforced(fromLossesInto(s, arrival.lost, c.legion, c.type));
    else if (arrival.from === null) s = markReinforced(fromCaretakerInto(s, c.legion, c.type));
    else s = markSummoned(transfer(s, arrival.from, c.legion, c.type));
  }
  const due = new Set(dueLateArrivals(battle).map((a) => a.id));
  const closed = withBattle(s, (b) => ({
    ...b,
    mustEnter: [],
    lateArrivals: b.lateArrivals.filter((a) => !due.has(a.id)), // CE 39 B3: entered, or gone back
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

/** 12.6: the slain leave the battleland (counted by side, and each where it fell); 15.0: a defending character that
 *  had entered triggers summoning. */
function slainRemoved(state: GameState, ids: readonly string[]): GameState {
  const battle = requireBattle(state);
  const slain = battle.characters.filter((c) => ids.includes(c.id));
  const s = withBattle(removeFromBattle(state, slain), (b) => {
    const before = b.slain ?? { attacker: 0, defender: 0 };
    const n = (side: BattleSide) => before[side] + slain.filter((c) => c.side === side).length;
    const fallen = slain.flatMap((c) =>
      c.hex === null ? [] : [{ type: c.type, power: c.power, side: c.side, hex: c.hex }],
    );
    return {
      ...b,
      slain: { attacker: n('attacker'), defender: n('defender') },
      fallen: [...(b.fallen ?? []), ...fallen],
    };
  });
  if (!slain.some((c) => c.side === 'defender')) return s;
  return withBattle(s, (b) => ({ ...b, defenderCharacterSlain: true }));
}

/** 16.0, 10.5: the battle is over; on a time loss the attacker's remaining characters are eliminated. */
function battleEnded(ended: GameState, event: EventOf<'battleEnded'>): GameState {
  // CE 39 B3: an Angel or reinforcement still to arrive never did (after winning, 15.2 and 14.0 apply as usual).
  const state = withBattle(ended, (b) => ({ ...b, lateArrivals: [] }));
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
