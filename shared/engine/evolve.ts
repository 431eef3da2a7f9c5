// The fold: `evolve` applies one fact to the state and returns new objects (never mutates); `replay` folds a
// whole log. No rule is decided here (style 4-5): the events carry the decisions. Engagement and battle
// events are applied by the engagement helper's `evolveEngagementEvent`.
import type { CharacterName, MarkerId } from '../data/types';
import { broughtIntoBattle, takenIntoBattle } from './battle/battleEvolve';
import { evolveCeEvent, initialCe } from './ce/fold';
import { mergeKnown, withoutCharacters } from './contents';
import { evolveEngagementEvent } from './engagementEvolve';
import { fromLossesInto } from './engagementFold';
import type { EngagementEvent, EventOf, GameEvent } from './events';
import { isEngagementEvent } from './events';
import {
  fromCaretakerInto,
  markMustered,
  returnToStacks,
  sortMarkers,
  takeFromCaretaker,
  updatePlayer,
} from './fold';
import { currentTurn, playerOf, requireLegion } from './lookups';
import { mulligansAfterTurn } from './mulligan';
import { initialCaretaker, initialPlayer, turnOrderByTower } from './startingState';
import type { GameState, Legion, PendingEngagement, TurnState } from './types';

/** Fold a game's events from its creation (the first event must be `gameCreated`). */
export function replay(events: readonly GameEvent[]): GameState {
  const [first, ...rest] = events;
  if (first === undefined || first.type !== 'gameCreated') {
    throw new Error('replay: the first event of a game is gameCreated');
  }
  return rest.reduce(evolve, createdState(first));
}

/** Apply one event. */
export function evolve(state: GameState, event: GameEvent): GameState {
  return isEngagementEvent(event) ? evolveEngagementEvent(state, event) : evolveMasterplayEvent(state, event);
}

/** The events of set up, the turn, movement, musters and eliminations (the engagement phase's are folded by
 *  engagementEvolve.ts). */
function evolveMasterplayEvent(state: GameState, event: Exclude<GameEvent, EngagementEvent>): GameState {
  switch (event.type) {
    case 'gameCreated':
      return createdState(event);
    case 'powersDrawn':
    case 'bidSubmitted':
    case 'bidsRevealed':
    case 'powerAssigned':
    case 'setUpDrawn':
    case 'powerUsed':
      return evolveCeEvent(state, event);
    case 'towerRolled':
      return { ...state, towerRolls: { ...state.towerRolls, [event.player]: event.roll } };
    case 'towersAssigned':
      return towersAssigned(state, event);
    case 'colorChosen':
      return updatePlayer(state, event.player, (p) => ({
        ...p,
        color: event.color,
        markersAvailable: [...event.markers],
      }));
    case 'startingLegionPlaced':
      return startingLegionPlaced(state, event);
    case 'stepBegan':
      return { ...state, step: event.step };
    case 'turnStarted':
      return turnStarted(state, event);
    case 'legionSplit':
      return legionSplit(state, event);
    case 'splitContents':
      return splitContents(state, event);
    case 'movementRolled':
      return movementRolled(state, event);
    case 'legionMoved':
      return legionMoved(state, event);
    case 'moveUndone':
      return moveUndone(state, event);
    case 'legionsRecombined':
      return legionsRecombined(state, event);
    case 'legionMustered':
      // 18.0: the qualifying characters are shown, and the recruit is placed face up.
      return markMustered(fromCaretakerInto(state, event.legion, event.creature, event.reveal), event.legion);
    case 'characterJoined':
      // CE 36 B1: in a battle it joins off the board and must enter (battle/battleEvolve.ts); CE 44 B3: a dead
      // enemy comes from its side's losses in the engagement.
      if (event.id !== undefined) return broughtIntoBattle(state, event);
      if (event.taken !== undefined) return takenIntoBattle(state, event); // CE 51 B2
      return event.lost === undefined
        ? fromCaretakerInto(state, event.legion, event.character)
        : fromLossesInto(state, event.lost, event.legion, event.character);
    case 'turnEnded':
      return updatePlayer(state, event.player, (p) => ({
        ...p,
        mulligansLeft: mulligansAfterTurn(state.options, p),
      }));
    case 'legionEliminated':
      return legionEliminated(state, event);
    case 'playerEliminated':
      return playerEliminated(state, event);
    case 'timeCalled':
      return { ...state, timeCalled: { remainingTurns: [...event.remainingTurns] } };
    case 'gameOver':
      return gameOver(state, event);
    case 'movementEnded':
    case 'playerForced':
    case 'playerWithdrew':
    case 'optionDeclined':
      return state;
    default: {
      const unhandled: never = event;
      throw new Error(`evolve: unknown event ${JSON.stringify(unhandled)}`);
    }
  }
}

// ---------------------------------------------------------------- setup (Complete Sequence 1.x)

function createdState(event: EventOf<'gameCreated'>): GameState {
  const first = event.players[0];
  if (first === undefined) throw new Error('gameCreated without players');
  return {
    options: event.options,
    players: event.players.map((p) => initialPlayer(p, event.options)),
    turnOrder: [],
    towerRolls: {},
    // Replaced at once by the `stepBegan` that follows `gameCreated`.
    step: { kind: 'rollTower', actor: first.id },
    legions: {},
    caretaker: initialCaretaker(event.options.variant),
    deadPile: {},
    turn: null,
    engagement: null,
    battle: null,
    timeCalled: null,
    result: null,
    ce: initialCe(event.options),
  };
}

function towersAssigned(state: GameState, event: EventOf<'towersAssigned'>): GameState {
  const towers = new Map(event.assignments.map((a) => [a.player, a.tower]));
  const players = state.players.map((p) => {
    const tower = towers.get(p.id);
    return tower === undefined ? p : { ...p, tower };
  });
  const complete = players.every((p) => p.tower !== null);
  // 5.1, errata 5.1: once every tower is assigned the turn order is fixed (descending tower).
  return {
    ...state,
    players,
    towerRolls: {},
    turnOrder: complete ? turnOrderByTower(players) : state.turnOrder,
  };
}

function startingLegionPlaced(state: GameState, event: EventOf<'startingLegionPlaced'>): GameState {
  const legion: Legion = {
    id: event.legion,
    owner: event.player,
    land: event.land,
    characters: [...event.characters],
    known: [...event.characters],
  };
  const withLegion = updatePlayer(state, event.player, (p) => ({
    ...p,
    markersAvailable: p.markersAvailable.filter((m) => m !== event.legion),
  }));
  return {
    ...withLegion,
    legions: { ...withLegion.legions, [legion.id]: legion },
    caretaker: takeFromCaretaker(withLegion.caretaker, event.characters),
  };
}

// ---------------------------------------------------------------- the turn (2.x)

function turnStarted(state: GameState, event: EventOf<'turnStarted'>): GameState {
  const turn: TurnState = {
    number: event.number,
    player: event.player,
    movementRoll: null,
    mulliganUsed: false,
    legionMoved: false,
    splits: [],
    moves: [],
    engagements: [],
    engagementsStarted: false,
    summoned: false,
    mustered: [],
  };
  const timeCalled =
    state.timeCalled === null
      ? null
      : { remainingTurns: state.timeCalled.remainingTurns.filter((p) => p !== event.player) };
  return {
    ...updatePlayer(state, event.player, (p) => ({ ...p, turnsTaken: p.turnsTaken + 1 })),
    turn,
    timeCalled,
  };
}

function legionSplit(state: GameState, event: EventOf<'legionSplit'>): GameState {
  const turn = currentTurn(state);
  const parent = requireLegion(state, event.parent);
  const legions: Record<MarkerId, Legion> = {
    ...state.legions,
    // 4.3: the split is not revealed, so nothing stays known about which part holds what.
    [parent.id]: { ...parent, known: [] },
  };
  for (const child of event.children) {
    legions[child.marker] = {
      id: child.marker,
      owner: event.player,
      land: event.land,
      characters: [],
      known: [],
    };
  }
  const used = new Set(event.children.map((c) => c.marker));
  return {
    ...updatePlayer(state, event.player, (p) => ({
      ...p,
      markersAvailable: p.markersAvailable.filter((m) => !used.has(m)),
    })),
    legions,
    turn: {
      ...turn,
      splits: [...turn.splits, { parent: event.parent, children: event.children.map((c) => c.marker) }],
    },
  };
}

function splitContents(state: GameState, event: EventOf<'splitContents'>): GameState {
  const parent = requireLegion(state, event.parent);
  const legions: Record<MarkerId, Legion> = { ...state.legions };
  let remaining: readonly CharacterName[] = parent.characters;
  for (const child of event.children) {
    legions[child.marker] = { ...requireLegion(state, child.marker), characters: [...child.characters] };
    remaining = withoutCharacters(remaining, child.characters);
  }
  legions[parent.id] = { ...parent, known: [], characters: [...remaining] };
  return { ...state, legions };
}

function movementRolled(state: GameState, event: EventOf<'movementRolled'>): GameState {
  const turn = currentTurn(state);
  const withTurn: GameState = {
    ...state,
    turn: { ...turn, movementRoll: event.roll, mulliganUsed: turn.mulliganUsed || event.mulligan },
  };
  if (!event.mulligan) return withTurn;
  return updatePlayer(withTurn, event.player, (p) => ({ ...p, mulligansLeft: p.mulligansLeft - 1 }));
}

function legionMoved(state: GameState, event: EventOf<'legionMoved'>): GameState {
  const turn = currentTurn(state);
  const legion = requireLegion(state, event.legion);
  return {
    ...state,
    legions: {
      ...state.legions,
      // 8.1, 8.2: the lord (or Titan) shown for a teleport is known to all from now on.
      [legion.id]: { ...legion, land: event.to, known: mergeKnown(legion.known, event.revealed) },
    },
    turn: {
      ...turn,
      legionMoved: true,
      moves: [
        ...turn.moves,
        {
          legion: event.legion,
          from: event.from,
          to: event.to,
          via: event.via,
          entry: event.entry,
          revealed: [...event.revealed],
        },
      ],
      engagements: [...turn.engagements, ...engagementMade(state, legion, event)],
    },
  };
}

/** A move that ends on another player's legion makes an Engagement (7.1, 8.2): `entry` is set exactly then. */
function engagementMade(
  state: GameState,
  legion: Legion,
  event: EventOf<'legionMoved'>,
): PendingEngagement[] {
  if (event.entry === null) return [];
  const defender = Object.values(state.legions).find((l) => l.land === event.to && l.owner !== legion.owner);
  if (defender === undefined)
    throw new Error(`legionMoved: an entry side but no enemy legion on ${event.to}`);
  return [{ land: event.to, attacker: legion.id, defender: defender.id, entry: event.entry }];
}

/** Errata 7.0: the legion's move and every later move are taken back (latest first). */
function moveUndone(state: GameState, event: EventOf<'moveUndone'>): GameState {
  const turn = currentTurn(state);
  const index = turn.moves.findIndex((m) => m.legion === event.legion);
  if (index < 0) throw new Error(`moveUndone: ${event.legion} has not moved`);
  const undone = turn.moves.slice(index);
  const legions: Record<MarkerId, Legion> = { ...state.legions };
  for (const move of [...undone].reverse()) {
    legions[move.legion] = { ...requireLegion(state, move.legion), land: move.from };
  }
  const undoneLegions = new Set(undone.map((m) => m.legion));
  return {
    ...state,
    legions,
    turn: {
      ...turn,
      moves: turn.moves.slice(0, index),
      engagements: turn.engagements.filter((e) => !undoneLegions.has(e.attacker)),
    },
  };
}

function legionsRecombined(state: GameState, event: EventOf<'legionsRecombined'>): GameState {
  const into = requireLegion(state, event.into);
  const legions: Record<MarkerId, Legion> = { ...state.legions };
  let characters: readonly CharacterName[] = into.characters;
  let known: readonly CharacterName[] = into.known;
  for (const id of event.from) {
    const other = requireLegion(state, id);
    characters = [...characters, ...other.characters];
    known = [...known, ...other.known];
    delete legions[id];
  }
  legions[into.id] = { ...into, characters: [...characters], known: [...known] };
  const freed = new Set(event.from);
  return {
    ...updatePlayer({ ...state, legions }, into.owner, (p) => ({
      ...p,
      markersAvailable: sortMarkers([...p.markersAvailable, ...freed]),
    })),
  };
}

// ---------------------------------------------------------------- eliminations (4.4, 19.4, 20.4)

/**
 * A legion leaves the board: the characters still under its marker go to the dead pile (creatures) or back to
 * the caretaker (Angels, Archangels, Guardians, Warlocks; the Titan leaves the game); its marker returns to its
 * owner (4.4); engagements it was part of are dropped (19.4).
 */
function legionEliminated(state: GameState, event: EventOf<'legionEliminated'>): GameState {
  const legion = requireLegion(state, event.legion);
  const legions = { ...state.legions };
  delete legions[legion.id];
  const next = updatePlayer(returnToStacks({ ...state, legions }, legion.characters), legion.owner, (p) => ({
    ...p,
    markersAvailable: sortMarkers([...p.markersAvailable, legion.id]),
  }));
  if (next.turn === null) return next;
  return {
    ...next,
    turn: {
      ...next.turn,
      engagements: next.turn.engagements.filter((e) => e.attacker !== legion.id && e.defender !== legion.id),
    },
  };
}

/** 4.6, 19.4, 20.4: the player is out; `by` takes his legion markers (nobody on a withdrawal). */
function playerEliminated(state: GameState, event: EventOf<'playerEliminated'>): GameState {
  const loser = playerOf(state, event.player);
  const markers = loser.markersAvailable;
  const withLoser = updatePlayer(state, event.player, (p) => ({
    ...p,
    eliminated: true,
    markersAvailable: [],
  }));
  if (event.by === null) return withLoser;
  return updatePlayer(withLoser, event.by, (p) => ({
    ...p,
    markersAvailable: sortMarkers([...p.markersAvailable, ...markers]),
  }));
}

function gameOver(state: GameState, event: EventOf<'gameOver'>): GameState {
  const legions: Record<MarkerId, Legion> = { ...state.legions };
  for (const r of event.revealed) {
    const legion = requireLegion(state, r.legion);
    legions[r.legion] = { ...legion, known: [...legion.characters] };
  }
  return { ...state, legions, result: event.result, step: { kind: 'gameOver' } };
}

/** Fold events onto a state (decide uses it to run the automatic part of the sequence). */
export function foldEvents(state: GameState, events: readonly GameEvent[]): GameState {
  return events.reduce(evolve, state);
}

/** The events, then whatever `next` adds from the state they fold to. */
export function andThen(
  state: GameState,
  events: readonly GameEvent[],
  next: (s: GameState) => readonly GameEvent[],
): GameEvent[] {
  return [...events, ...next(foldEvents(state, events))];
}
