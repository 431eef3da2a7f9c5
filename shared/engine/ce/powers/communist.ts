// 36 COMMUNIST (CE Titan, rules 004): "You are the beloved of the masses and the little ones."
import { characterPoints } from '../../../data/characters';
import { legionName } from '../../../data/markers';
import type { GameVariant } from '../../../data/mastercharts';
import { MASTERCHARTS, towerCreatures } from '../../../data/mastercharts';
import type { CharacterName, MarkerId, Terrain } from '../../../data/types';
import { TERRAINS } from '../../../data/types';
import type { BattleSide } from '../../battle/position';
import { legionOfSide, nextCharacterId, ownerOfSide, requireEngagement } from '../../engagementState';
import type { Decision, GameEvent } from '../../events';
import type { Intent } from '../../intents';
import { charactersValue, halfPoints, legionsOf, playerOf } from '../../lookups';
import { MAX_LEGION_HEIGHT } from '../../muster';
import { reject, withArticle } from '../../rejections';
import type { GameState, PlayerId } from '../../types';
import { entry } from '../catalogueEntry';
import type { Power } from '../power';
import { withReveals } from '../recruitSets';

const COMMUNIST = 36;

/** CE 36 B1: "max[(1/2) of original stack pointage, 36]". */
export const COMMONER_FLOOR = 36;

/** CE 36 M1: "in 4-handed and larger games" the commoners recycle. */
export const RECYCLING_PLAYERS = 4;

/**
 * CE 36 M1 "the weakest creature of any terrain" (reading): a land's commoner is the first creature of its
 * Masterchart (each chart lists its creatures from the weakest: Centaur, Gargoyle, Ogre, Lion or Troll); in a
 * Tower the three Tower Creatures, equally weak (12 points each).
 */
export function commonersOf(terrain: Terrain, variant: GameVariant): CharacterName[] {
  if (terrain === 'Tower') return [...towerCreatures(variant)];
  const first = MASTERCHARTS[terrain][0];
  return first === undefined ? [] : [first.creature];
}

/** CE 36 M1: every land's commoner ("all commoners"). */
function allCommoners(variant: GameVariant): CharacterName[] {
  return [...new Set(TERRAINS.flatMap((t) => commonersOf(t, variant)))];
}

/** CE 36 M1: a commoner the caretaker has, or else the dead pile ("even from dead"; fold.ts fromCaretakerInto takes
 *  it from the dead pile when the caretaker has none left). */
function inStock(state: GameState, creature: CharacterName): boolean {
  return (state.caretaker[creature] ?? 0) > 0 || (state.deadPile[creature] ?? 0) > 0;
}

/** CE 36 M2: the legions he may disband now: at his split step (before his movement roll), any without his Titan. */
function disbandable(state: GameState, player: PlayerId): MarkerId[] {
  const step = state.step;
  if (step.kind !== 'split' || step.actor !== player) return [];
  return legionsOf(state, player)
    .filter((l) => !l.characters.includes('Titan'))
    .map((l) => l.id);
}

/** CE 36 B1: the limit of this battle's commoners, in points, fixed as it began (his power's memory). */
function limitOf(state: GameState, player: PlayerId): number {
  const limit = state.ce?.memory[player]?.commonerLimit;
  return typeof limit === 'number' ? limit : 0;
}

/** CE 36 B1: the commoners he may bring in now (one per maneuver phase of his), each of the battleland's land. */
function callable(
  state: GameState,
  player: PlayerId,
): { side: BattleSide; creatures: CharacterName[] } | null {
  const step = state.step;
  const battle = state.battle;
  if (step.kind !== 'maneuver' || step.actor !== player || battle === null) return null;
  const engagement = requireEngagement(state);
  const legion = state.legions[legionOfSide(engagement, step.side)];
  // (a) the 7-character stack limit; (c) no other character is added to the stack that phase (an Angel, a
  // reinforcement, another commoner: each waits in mustEnter until the phase ends).
  if (legion === undefined || legion.characters.length >= MAX_LEGION_HEIGHT) return null;
  if (battle.mustEnter.length > 0) return null;
  // (b) the commoners brought in this battle are worth at most the limit.
  const score = playerOf(state, player).score;
  const spent = charactersValue(
    state,
    (battle.broughtIn ?? []).filter((c) => c.side === step.side).map((c) => c.type),
    player,
  );
  const left = limitOf(state, player) - spent;
  const creatures = commonersOf(battle.terrain, state.options.variant).filter(
    (c) => inStock(state, c) && characterPoints(c, score) <= left,
  );
  return creatures.length === 0 ? null : { side: step.side, creatures };
}

export const communist: Power = {
  ...entry(COMMUNIST),
  // CE 36 M1: "You may always recruit the weakest creature of any terrain": in every land its commoner musters
  // with nothing revealed (in a Tower the Tower Creatures already need nothing, errata 18.0); reinforcements too.
  recruits: (ctx, options) =>
    ctx.terrain === 'Tower'
      ? options
      : withReveals(
          options,
          commonersOf(ctx.terrain, ctx.state.options.variant).map((creature) => ({ creature, reveal: [] })),
        ),
  // CE 36 M1: "... even from dead": the land's commoner from the dead pile when the caretaker has none left.
  fromTheDead: (ctx, creature) => commonersOf(ctx.terrain, ctx.state.options.variant).includes(creature),
  // CE 36 M1: "All `commoners' recycle (never run out) in 4-handed and larger games" (reading: "recycle" as in M2,
  // back to the caretaker): in a game of 4 players or more, every commoner leaving the game (slain, or with an
  // eliminated legion), whoever's, goes back to the caretaker's stacks instead of the dead pile.
  recycles: (state) => (state.players.length >= RECYCLING_PLAYERS ? allCommoners(state.options.variant) : []),
  // CE 36 B1: as one of his battles begins (before the defender's first maneuver), the limit of its commoners:
  // max(half the points of his legion as it stands then, 36), public.
  atMoment: (state, side, moment) => {
    const battle = state.battle;
    if (moment.kind !== 'beforeManeuver' || battle === null) return [];
    if (moment.side !== 'defender' || battle.maneuverStart.length > 0) return [];
    const engagement = requireEngagement(state);
    const owner = side === 'attacker' ? engagement.attackerOwner : engagement.defenderOwner;
    const legion = state.legions[legionOfSide(engagement, side)];
    if (legion === undefined) return [];
    const worth = charactersValue(state, legion.characters, owner);
    const limit = Math.max(halfPoints(worth), COMMONER_FLOOR);
    return [
      {
        type: 'powerUsed',
        player: owner,
        power: COMMUNIST,
        act: 'commonerLimit',
        words: `${playerOf(state, owner).name}'s ${legionName(legion.id)} is worth ${worth} points: the Communist may bring in commoners worth up to ${limit} points in this battle.`,
        audience: 'all',
        data: { commonerLimit: limit },
      },
    ];
  },
  // CE 36 B1: "Commoner kickers only count as half-points": the commoners brought into this battle that were lost
  // in it are worth half their points to the victor (the rest of the losses as usual; 16.1: rounded down).
  lostValue: (state, side, value) => {
    const battle = state.battle;
    if (battle === null) return value;
    const lost = (battle.broughtIn ?? []).filter(
      (c) => c.side === side && !battle.characters.some((x) => x.id === c.id),
    );
    const full = charactersValue(
      state,
      lost.map((c) => c.type),
      ownerOfSide(requireEngagement(state), side),
    );
    return value - full + halfPoints(full);
  },
  choices: (state, player) => {
    // CE 36 M2: disbanding before the movement roll.
    const disband = disbandable(state, player).map(
      (legion): Intent => ({ type: 'usePower', act: 'disband', args: { legion } }),
    );
    // CE 36 B1: a commoner into the battle.
    const call = callable(state, player);
    const commoners = (call?.creatures ?? []).map(
      (creature): Intent => ({ type: 'usePower', act: 'commoner', args: { creature } }),
    );
    return [...disband, ...commoners];
  },
  decide: (state, player, intent): Decision | null => {
    const name = playerOf(state, player).name;
    if (intent.act === 'disband') {
      const open = disbandable(state, player);
      if (state.step.kind !== 'split' || state.step.actor !== player) return null;
      const legionId = intent.args?.legion;
      const legion = typeof legionId === 'string' ? state.legions[legionId as MarkerId] : undefined;
      if (legion === undefined || !open.includes(legion.id)) {
        return reject(
          'notAllowed',
          open.length === 0
            ? 'You have no legion to disband: the legion holding your Titan cannot be disbanded.'
            : `Disband one of your legions without your Titan: ${open.map(legionName).join(', ')}.`,
          'CE 36 M2',
        );
      }
      // CE 36 M2: "You may DISBAND stacks before movement roll, recycling all chars": the legion leaves the
      // board and every character in it goes back to the caretaker's stacks (shown to all), its marker to him.
      const characters = [...legion.characters].sort();
      const events: GameEvent[] = [
        {
          type: 'powerUsed',
          player,
          power: COMMUNIST,
          act: 'disband',
          words: `${name} disbands ${legionName(legion.id)}: ${characters.join(', ')} go back to the caretaker.`,
          audience: 'all',
          data: { legion: legion.id },
        },
        { type: 'legionEliminated', legion: legion.id, owner: player, characters, reason: 'disbanded' },
      ];
      return { events };
    }
    if (intent.act === 'commoner') {
      if (state.step.kind !== 'maneuver' || state.step.actor !== player) return null;
      const call = callable(state, player);
      const creature = intent.args?.creature;
      const chosen = call?.creatures.find((c) => c === creature);
      if (call === null || chosen === undefined) {
        return reject(
          'notAllowed',
          call === null
            ? 'No commoner may join now: one per maneuver phase, with nothing else added to the legion that phase, the legion under 7 characters, the commoners of this battle worth at most its limit, and one of the land\u2019s commoners left.'
            : `Bring in the land's commoner: ${call.creatures.join(' or ')}.`,
          'CE 36 B1',
        );
      }
      const engagement = requireEngagement(state);
      const legion = legionOfSide(engagement, call.side);
      // CE 36 B1: it joins off the board and must enter this phase, as a reinforcement does (errata 14.1).
      return {
        events: [
          {
            type: 'characterJoined',
            player,
            power: COMMUNIST,
            legion,
            character: chosen,
            id: nextCharacterId(state, legion, call.side),
          },
        ],
      };
    }
    return null;
  },
  // CE 36 M2: the disbanded legion's characters go back to the caretaker (its `legionEliminated` then removes the
  // emptied legion and gives back its marker).
  apply: (state, event) => {
    const ce = state.ce;
    if (ce === null) return state;
    if (event.act === 'disband') {
      const legion = state.legions[event.data.legion as MarkerId];
      if (legion === undefined) return state;
      const caretaker: Partial<Record<CharacterName, number>> = { ...state.caretaker };
      for (const c of legion.characters) caretaker[c] = (caretaker[c] ?? 0) + 1;
      return {
        ...state,
        caretaker,
        legions: { ...state.legions, [legion.id]: { ...legion, characters: [], known: [] } },
      };
    }
    return {
      ...state,
      ce: { ...ce, memory: { ...ce.memory, [event.player]: { ...ce.memory[event.player], ...event.data } } },
    };
  },
  actWords: (intent) => {
    const { legion, creature } = intent.args ?? {};
    if (intent.act === 'disband' && typeof legion === 'string') return `Disband ${legionName(legion)}`;
    if (intent.act === 'commoner' && typeof creature === 'string')
      return `Bring in ${withArticle(creature)} (commoner)`;
    return null;
  },
};
