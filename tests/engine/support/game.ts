// A game builder for the engine tests: games set up through the engine's own intents and scripted dice, and
// hand-made positions ("given this position") for rule tables.
import { expect } from 'vitest';
import { MARKERS, markerColor } from '../../../shared/data/markers';
import { towerCreatures } from '../../../shared/data/mastercharts';
import type { CharacterName, LandNumber, MarkerId, PlayerColor } from '../../../shared/data/types';
import { PLAYER_COLORS } from '../../../shared/data/types';
import { decide } from '../../../shared/engine/decide';
import type { Decision, GameEvent } from '../../../shared/engine/events';
import { evolve } from '../../../shared/engine/evolve';
import type { Intent } from '../../../shared/engine/intents';
import { legalIntents } from '../../../shared/engine/legal';
import { createGame, markersPerPlayer } from '../../../shared/engine/setup';
import type {
  Actor,
  GameOptions,
  GameState,
  Legion,
  MoveRecord,
  PlayerId,
  Rejection,
  Step,
} from '../../../shared/engine/types';
import { gameEventSchema, gameStateSchema } from '../../../shared/protocol/game';
import { noDice, scriptedDice } from './dice';

/** A game in a test: its state and the events that built it (empty `events` for hand-made positions). */
export interface Run {
  state: GameState;
  events: GameEvent[];
}

export const NAMES = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay'] as const;

export function playerIds(n: number): PlayerId[] {
  return Array.from({ length: n }, (_, i) => `p${i + 1}`);
}

export function newGame(n: number, options: Partial<GameOptions> = {}): Run {
  const { state, events } = createGame({
    players: playerIds(n).map((id, i) => ({ id, name: NAMES[i] ?? id })),
    options,
  });
  return { state, events: [...events] };
}

/** What `decide` says, without changing the run. */
export function attempt(run: Run, actor: Actor, intent: Intent, rolls: readonly number[] = []): Decision {
  return decide(run.state, actor, intent, rolls.length === 0 ? noDice : scriptedDice(rolls));
}

/** Apply an intent that must be accepted, rolling exactly `rolls`; returns its events. */
export function act(run: Run, actor: Actor, intent: Intent, rolls: readonly number[] = []): GameEvent[] {
  const dice = scriptedDice(rolls);
  const decision = decide(run.state, actor, intent, rolls.length === 0 ? noDice : dice);
  if ('rejected' in decision) {
    throw new Error(`${actor} ${JSON.stringify(intent)} rejected: ${JSON.stringify(decision.rejected)}`);
  }
  expect(dice.left()).toBe(0);
  // Every event, and the state they make, is one the published schemas read: on the wire, from the log and from
  // a snapshot (shared/protocol/game.ts).
  for (const e of decision.events) {
    const parsed = gameEventSchema.safeParse(e);
    expect(parsed.success ? null : parsed.error.message, JSON.stringify(e)).toBeNull();
  }
  run.state = decision.events.reduce(evolve, run.state);
  const stored = gameStateSchema.safeParse(run.state);
  expect(stored.success ? null : stored.error.message).toBeNull();
  run.events.push(...decision.events);
  return [...decision.events];
}

/** The rejection of an intent that must be refused; also checks that deciding left the state untouched. */
export function rejectionOf(
  run: Run,
  actor: Actor,
  intent: Intent,
  rolls: readonly number[] = [],
): Rejection {
  const before = structuredClone(run.state);
  const decision = decide(run.state, actor, intent, rolls.length === 0 ? noDice : scriptedDice(rolls));
  expect(run.state).toEqual(before);
  if (!('rejected' in decision)) throw new Error(`expected a rejection of ${JSON.stringify(intent)}`);
  expect(decision.rejected.message.length).toBeGreaterThan(10);
  expect(decision.rejected.rule.length).toBeGreaterThan(0);
  return decision.rejected;
}

export interface SetUpOptions {
  readonly players?: number;
  /** Towers in seat order (default p1 600, p2 500, ...: p1 moves first). */
  readonly towers?: readonly LandNumber[];
  /** Colours in seat order (default Black, Blue, Brown, Gold, Green, Red). */
  readonly colors?: readonly PlayerColor[];
  readonly options?: Partial<GameOptions>;
}

/** A game through its set up (one set of distinct tower rolls, colours in ascending tower order) to the first
 *  player's split step. */
export function setUpGame(o: SetUpOptions = {}): Run {
  const n = o.players ?? 2;
  const towers = o.towers ?? playerIds(n).map((_, i) => (6 - i) * 100);
  const colors = o.colors ?? PLAYER_COLORS.slice(0, n);
  const run = newGame(n, o.options);
  const ids = playerIds(n);
  ids.forEach((id, i) => {
    act(run, id, { type: 'rollTower' }, [(towers[i] ?? 0) / 100]);
  });
  const byTower = ids.map((id, i) => ({ id, tower: towers[i] ?? 0 })).sort((a, b) => a.tower - b.tower);
  for (const { id } of byTower) {
    const color = colors[ids.indexOf(id)];
    if (color === undefined) throw new Error('colour missing');
    act(run, id, { type: 'chooseColor', color });
  }
  return run;
}

/** The starting legion's marker and the marker of the first split-off of a colour. */
export function firstMarkers(color: PlayerColor): [MarkerId, MarkerId] {
  const [a, b] = MARKERS[color];
  if (a === undefined || b === undefined) throw new Error('markers missing');
  return [a.id, b.id];
}

/** A standard first-turn split: the Angel with one of each Tower Creature splits off under the second marker. */
export function standardFirstSplit(run: Run, player: PlayerId): GameEvent[] {
  const color = run.state.players.find((p) => p.id === player)?.color;
  if (color === undefined || color === null) throw new Error('no colour');
  const [parent, child] = firstMarkers(color);
  return act(run, player, {
    type: 'split',
    legion: parent,
    groups: [{ marker: child, characters: ['Angel', ...towerCreatures(run.state.options.variant)] }],
  });
}

export interface LegionSpec {
  readonly id: MarkerId;
  readonly land: LandNumber;
  readonly characters: readonly CharacterName[];
  readonly known?: readonly CharacterName[];
  /** Default: the player of the marker's colour (set it for markers taken from an eliminated player, 4.6). */
  readonly owner?: PlayerId;
}

export interface ArrangeOptions {
  /** The movement roll: the run is put at the move step with it. */
  readonly roll?: number;
  /** Put the run at the muster step, these legions having moved (to where they stand). */
  readonly moved?: readonly MarkerId[];
  readonly scores?: Readonly<Record<PlayerId, number>>;
  /** How many turns the current player has started (default: as it was). */
  readonly turnsTaken?: number;
  /** Caretaker stacks to change (e.g. none left). */
  readonly caretaker?: Readonly<Partial<Record<CharacterName, number>>>;
}

/**
 * A hand-made position (a test's "given"): the run's legions are replaced by `legions` (owners from the marker
 * colours), the current turn is cleared and set at the move step (with `roll`) or the muster step (with
 * `moved`). The caretaker is left as it was. Such a run has no events.
 */
export function arrange(run: Run, legions: readonly LegionSpec[], o: ArrangeOptions = {}): Run {
  const s = run.state;
  const turn = s.turn;
  if (turn === null) throw new Error('arrange needs a started game');
  const ownerOf = (id: MarkerId): PlayerId => {
    const p = s.players.find((x) => x.color === markerColor(id));
    if (p === undefined) throw new Error(`no player has the colour of ${id}`);
    return p.id;
  };
  const placed: Record<MarkerId, Legion> = {};
  for (const l of legions) {
    placed[l.id] = {
      id: l.id,
      owner: l.owner ?? ownerOf(l.id),
      land: l.land,
      characters: [...l.characters],
      known: [...(l.known ?? [])],
    };
  }
  const players = s.players.map((p) => ({
    ...p,
    score: o.scores?.[p.id] ?? p.score,
    turnsTaken: p.id === turn.player && o.turnsTaken !== undefined ? o.turnsTaken : p.turnsTaken,
    markersAvailable:
      p.color === null
        ? []
        : MARKERS[p.color]
            .slice(0, markersPerPlayer(s.options.variant))
            .map((m) => m.id)
            .filter((id) => placed[id] === undefined),
  }));
  const moves: MoveRecord[] = (o.moved ?? []).map((id) => {
    const l = placed[id];
    if (l === undefined) throw new Error(`moved legion ${id} not placed`);
    return { legion: id, from: l.land, to: l.land, via: 'normal', entry: null, revealed: [] };
  });
  const step: Step =
    o.moved !== undefined
      ? { kind: 'muster', actor: turn.player }
      : o.roll !== undefined
        ? { kind: 'move', actor: turn.player }
        : { kind: 'split', actor: turn.player };
  return {
    state: {
      ...s,
      players,
      legions: placed,
      caretaker: { ...s.caretaker, ...o.caretaker },
      step,
      turn: {
        ...turn,
        movementRoll: o.roll ?? (o.moved !== undefined ? 1 : null),
        mulliganUsed: false,
        legionMoved: moves.length > 0,
        splits: [],
        moves,
        engagements: [],
        engagementsStarted: false,
        mustered: [],
      },
    },
    events: [],
  };
}

/** The events of the given types, in order. */
export function ofType<T extends GameEvent['type']>(
  events: readonly GameEvent[],
  type: T,
): Extract<GameEvent, { type: T }>[] {
  return events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
}

/** A quiet turn for `player` (at his split step): the first-turn split if due, the movement roll, the first
 *  listed normal move that engages nobody, the end of movement and of the turn. */
export function playQuietTurn(run: Run, player: PlayerId, roll: number): void {
  expect(run.state.step).toEqual({ kind: 'split', actor: player });
  const p = run.state.players.find((x) => x.id === player);
  if (p?.turnsTaken === 1 && run.state.turn?.splits.length === 0) standardFirstSplit(run, player);
  act(run, player, { type: 'rollMovement' }, [roll]);
  const quiet = legalIntents(run.state, player).find(
    (i) => i.type === 'moveLegion' && i.via === 'normal' && i.entry === null,
  );
  if (quiet === undefined) throw new Error('no quiet move');
  act(run, player, quiet);
  act(run, player, { type: 'doneMoving' });
  act(run, player, { type: 'endTurn' });
}
