import { MARKERS } from '../data/markers';
import { towerCreatures } from '../data/mastercharts';
import type { CharacterName, LandNumber, MarkerId, PlayerColor } from '../data/types';
import { PLAYER_COLORS } from '../data/types';
import { powerOf, startingLegions } from './ce/hooks';
import type { Decision, GameEvent } from './events';
import { foldEvents, replay } from './evolve';
import type { IntentOf } from './intents';
import { reject } from './rejections';
import { gameOverEvents, startTurnEvents } from './turn';
import type { Dice, GameOptions, GameSetup, GameState, PlayerId, Variant } from './types';
import { DIRECTOR } from './types';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;

export const DEFAULT_OPTIONS: GameOptions = {
  variant: 'default',
  handicapMulligans: {},
  timeLimits: { perTurnSeconds: null, gameSeconds: null },
};

/** 4.2: twelve legion markers each; 21.3 TITANplus: eight. */
export function markersPerPlayer(variant: Variant): number {
  return variant === 'titanPlus' ? 8 : 12;
}

/** 1.1-1.2: the game's creation events (`gameCreated`, then the first tower roll is due) and their state.
 *  A bad setup is the caller's bug (the server validates it first) and throws. */
export function createGame(setup: GameSetup): { state: GameState; events: GameEvent[] } {
  const options = gameOptions(setup);
  const players = setup.players.map((p) => ({ id: p.id, name: p.name }));
  const first = players[0];
  if (first === undefined) throw new Error('createGame: no players');
  const events: GameEvent[] = [
    { type: 'gameCreated', players, options },
    // CE bidding rules: a game of Cosmic Encounter Titan begins with the draw of the powers; no tower rolls.
    {
      type: 'stepBegan',
      step: { kind: options.variant === 'ceTitan' ? 'drawPowers' : 'rollTower', actor: first.id },
    },
  ];
  return { state: replay(events), events };
}

function gameOptions(setup: GameSetup): GameOptions {
  const n = setup.players.length;
  if (n < MIN_PLAYERS || n > MAX_PLAYERS)
    throw new Error(`createGame: Titan is for 2 to 6 players, not ${n}`);
  const ids = setup.players.map((p) => p.id);
  if (new Set(ids).size !== n) throw new Error('createGame: player ids must be distinct');
  if (ids.some((id) => id.length === 0 || id === DIRECTOR)) throw new Error('createGame: bad player id');
  const options: GameOptions = {
    variant: setup.options?.variant ?? DEFAULT_OPTIONS.variant,
    handicapMulligans: { ...(setup.options?.handicapMulligans ?? {}) },
    timeLimits: { ...(setup.options?.timeLimits ?? DEFAULT_OPTIONS.timeLimits) },
    ...(setup.options?.variant === 'ceTitan' ? { powersDrawn: setup.options.powersDrawn ?? 'N' } : {}),
  };
  for (const [id, count] of Object.entries(options.handicapMulligans)) {
    if (!ids.includes(id)) throw new Error(`createGame: handicap for unknown player ${id}`);
    if (!Number.isInteger(count) || count < 0) throw new Error(`createGame: bad handicap ${count} for ${id}`);
  }
  return options;
}

/** 5.2, errata 5.2, 21.3: the starting characters: Titan, Angel and two of each Tower Creature. */
export function startingCharacters(variant: Variant): CharacterName[] {
  return ['Titan', 'Angel', ...towerCreatures(variant).flatMap((c) => [c, c])];
}

// ---------------------------------------------------------------- 1.3 starting towers

/** 1.3.1.1: the next player of this set of rolls (seat order) not yet assigned a tower and not yet rolled. */
export function nextTowerRoller(state: GameState): PlayerId | null {
  return state.players.find((p) => p.tower === null && state.towerRolls[p.id] === undefined)?.id ?? null;
}

/** 1.3.1: a tower roll, then either the next roller, or the assignments of the set (1.3.1.2) and what follows. */
export function decideRollTower(state: GameState, player: PlayerId, dice: Dice): Decision {
  const roll = rollOne(dice);
  const events: GameEvent[] = [{ type: 'towerRolled', player, roll }];
  let s = foldEvents(state, events);
  const next = nextTowerRoller(s);
  if (next !== null) {
    events.push({ type: 'stepBegan', step: { kind: 'rollTower', actor: next } });
    return { events };
  }
  const assigned: GameEvent = { type: 'towersAssigned', assignments: towerAssignments(s) };
  events.push(assigned);
  s = foldEvents(s, [assigned]);
  const roller = nextTowerRoller(s);
  events.push(
    ...(roller !== null
      ? [{ type: 'stepBegan', step: { kind: 'rollTower', actor: roller } } as const]
      : colorStepEvents(s)),
  );
  return { events };
}

/** 1.3.1.2, 5.1: a roll is assigned its tower when nobody else unassigned rolled the same number in this set and
 *  that tower is not already taken (the zeros of the tower numbers are ignored). */
export function towerAssignments(state: GameState): { player: PlayerId; tower: LandNumber }[] {
  const taken = new Set(state.players.map((p) => p.tower).filter((t) => t !== null));
  const rolls = state.players.flatMap((p) => {
    const roll = state.towerRolls[p.id];
    return p.tower === null && roll !== undefined ? [{ player: p.id, roll }] : [];
  });
  return rolls
    .filter((r) => rolls.filter((o) => o.roll === r.roll).length === 1 && !taken.has(r.roll * 100))
    .map((r) => ({ player: r.player, tower: r.roll * 100 }));
}

// ---------------------------------------------------------------- 1.4 colours, 1.5 distribution

/** Errata 5.0, 20.1: colours are chosen in ascending order of starting tower. */
export function nextColorChooser(state: GameState): PlayerId | null {
  const waiting = state.players
    .filter((p) => !p.eliminated && p.color === null && p.tower !== null)
    .sort((a, b) => (a.tower ?? 0) - (b.tower ?? 0));
  return waiting[0]?.id ?? null;
}

export function colorsTaken(state: GameState): PlayerColor[] {
  return state.players.flatMap((p) => (p.color === null ? [] : [p.color]));
}

export function availableColors(state: GameState): PlayerColor[] {
  const taken = colorsTaken(state);
  return PLAYER_COLORS.filter((c) => !taken.includes(c));
}

/** 1.4.1: choose a colour no other player has chosen. */
export function decideChooseColor(
  state: GameState,
  player: PlayerId,
  intent: IntentOf<'chooseColor'>,
): Decision {
  const owner = state.players.find((p) => p.color === intent.color);
  if (owner !== undefined) {
    return reject(
      'notAllowed',
      `${intent.color} has already been chosen by ${owner.name}; choose another colour.`,
      'errata 5.0, Complete Sequence 1.4.1',
    );
  }
  const markers: MarkerId[] = MARKERS[intent.color]
    .slice(0, markersPerPlayer(state.options.variant))
    .map((m) => m.id);
  const events: GameEvent[] = [{ type: 'colorChosen', player, color: intent.color, markers }];
  events.push(...colorStepEvents(foldEvents(state, events)));
  return { events };
}

/** After a colour is chosen (or a player withdrew instead): the next chooser, or the distribution of markers and
 *  starting legions (1.5) and the first turn (2). */
export function colorStepEvents(state: GameState): GameEvent[] {
  const over = gameOverEvents(state);
  if (over !== null) return over;
  const chooser = nextColorChooser(state);
  if (chooser !== null) return [{ type: 'stepBegan', step: { kind: 'chooseColor', actor: chooser } }];
  const placed: GameEvent[] = state.turnOrder.flatMap((id): GameEvent[] => {
    const p = state.players.find((x) => x.id === id);
    if (p === undefined || p.eliminated || p.tower === null) return [];
    const tower = p.tower;
    // CE S powers may start with other legions (ce/hooks.ts startingLegions).
    const legions = startingLegions(powerOf(state, id), startingCharacters(state.options.variant));
    return legions.map((characters, i): GameEvent => {
      const legion = p.markersAvailable[i];
      if (legion === undefined) throw new Error(`${id} has no legion markers`);
      return { type: 'startingLegionPlaced', player: id, legion, land: tower, characters };
    });
  });
  const first = state.turnOrder.find((id) => !state.players.find((p) => p.id === id)?.eliminated);
  if (first === undefined) throw new Error('no player left to take the first turn');
  return [...placed, ...startTurnEvents(foldEvents(state, placed), first)];
}

function rollOne(dice: Dice): number {
  const [roll] = dice.roll(1);
  if (roll === undefined || !Number.isInteger(roll) || roll < 1 || roll > 6) {
    throw new Error(`dice.roll(1) gave ${String(roll)}`);
  }
  return roll;
}

export { rollOne };
