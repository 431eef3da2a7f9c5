// Hand-made engagements for the engagement and battle sequence tests: two legions engaged on a land at the
// Mover's chooseEngagement step (p1 Black attacks p2 Blue by default), and helpers to walk the sequence.
import { expect } from 'vitest';
import type { AttackerSide, CharacterName, HexLabel, LandNumber, MarkerId } from '../../../shared/data/types';
import type { BattleCharacterState } from '../../../shared/engine/engagementState';
import type { GameEvent } from '../../../shared/engine/events';
import type { Intent } from '../../../shared/engine/intents';
import type { PendingEngagement, PlayerId, Step } from '../../../shared/engine/types';
import type { LegionSpec, Run } from '../support/game';
import { act, arrange, setUpGame } from '../support/game';

export const A = 'p1';
export const D = 'p2';

export interface EngagementSpec {
  readonly attacker: readonly CharacterName[];
  readonly defender: readonly CharacterName[];
  /** Default 1 (Plains: no hazards). */
  readonly land?: LandNumber;
  readonly entry?: AttackerSide;
  readonly attackerId?: MarkerId;
  readonly defenderId?: MarkerId;
  /** Other legions on the board. */
  readonly others?: readonly LegionSpec[];
  /** Engagements still to come after this one (their legions must be in `others`). */
  readonly more?: readonly PendingEngagement[];
  readonly players?: number;
  readonly scores?: Readonly<Record<PlayerId, number>>;
  readonly caretaker?: Readonly<Partial<Record<CharacterName, number>>>;
}

/** A run at p1's chooseEngagement step with the engagement(s) of `spec` pending. */
export function engagedRun(spec: EngagementSpec): Run {
  const land = spec.land ?? 1;
  const attackerId = spec.attackerId ?? 'Bk01';
  const defenderId = spec.defenderId ?? 'Bu01';
  const entry = spec.entry ?? 'bottom';
  const base = setUpGame({ players: spec.players ?? 2 });
  const run = arrange(
    base,
    [
      { id: attackerId, land, characters: spec.attacker },
      { id: defenderId, land, characters: spec.defender },
      ...(spec.others ?? []),
    ],
    {
      roll: 1,
      ...(spec.scores === undefined ? {} : { scores: spec.scores }),
      ...(spec.caretaker === undefined ? {} : { caretaker: spec.caretaker }),
    },
  );
  const turn = run.state.turn;
  if (turn === null) throw new Error('no turn');
  const engagements: PendingEngagement[] = [
    { land, attacker: attackerId, defender: defenderId, entry },
    ...(spec.more ?? []),
  ];
  run.state = {
    ...run.state,
    step: { kind: 'chooseEngagement', actor: A },
    turn: {
      ...turn,
      moves: engagements.map((e) => ({
        legion: e.attacker,
        from: e.land,
        to: e.land,
        via: 'normal',
        entry: e.entry,
        revealed: [],
      })),
      engagements,
    },
  };
  return run;
}

/** Chooses the engagement on `land` (default: the first pending one, 2.5): the defender negotiates next. */
export function begin(run: Run, land?: LandNumber): GameEvent[] {
  const first = run.state.turn?.engagements[0]?.land;
  if (first === undefined) throw new Error('no engagement pending');
  return act(run, A, { type: 'chooseEngagement', land: land ?? first });
}

/** From the defender's first negotiation action to the defender's first maneuver phase (no concessions). */
export function toBattle(run: Run): void {
  act(run, D, { type: 'noMoreProposals' });
  act(run, A, { type: 'fight' });
  act(run, A, { type: 'pass' });
  act(run, D, { type: 'pass' });
  expect(run.state.step).toMatchObject({ kind: 'maneuver', side: 'defender' });
}

/** Moves characters in order (each intent must be legal). */
export function moveAll(run: Run, actor: PlayerId, moves: Readonly<Record<string, HexLabel>>): void {
  for (const [character, hex] of Object.entries(moves))
    act(run, actor, { type: 'moveCharacter', character, hex });
}

/** A hand-made battle position: hexes and hits of some characters changed (a test's "given"). */
export function place(
  run: Run,
  changes: Readonly<Record<string, { readonly hex?: HexLabel | null; readonly hits?: number }>>,
): void {
  const battle = run.state.battle;
  if (battle === null) throw new Error('no battle');
  const characters: BattleCharacterState[] = battle.characters.map((c) => {
    const change = changes[c.id];
    return change === undefined
      ? c
      : { ...c, hex: change.hex === undefined ? c.hex : change.hex, hits: change.hits ?? c.hits };
  });
  run.state = { ...run.state, battle: { ...battle, characters } };
}

export function step(run: Run): Step {
  return run.state.step;
}

export function types(events: readonly GameEvent[]): string[] {
  return events.map((e) => e.type);
}

export function score(run: Run, player: PlayerId): number {
  return run.state.players.find((p) => p.id === player)?.score ?? Number.NaN;
}

export function legion(run: Run, id: MarkerId) {
  return run.state.legions[id];
}

/** Sends `done`-style intents (no dice) in order. */
export function sequence(run: Run, steps: readonly (readonly [PlayerId, Intent])[]): void {
  for (const [actor, intent] of steps) act(run, actor, intent);
}

/** `n` dice all showing 1 (rolls that hit nothing needing 2 or more). */
export const ones = (n: number): number[] => Array.from({ length: n }, () => 1);

/** A battle turn with no movement and no strikes: the mover ends his maneuver, and his strikes and the other's
 *  counterstrikes, with nothing to strike, end by themselves in that same decision (issue 14, 12.0, 12.1): no
 *  strike step waits. */
export function quietTurn(run: Run, side: 'attacker' | 'defender'): GameEvent[] {
  const mover = side === 'defender' ? D : A;
  const events = act(run, mover, { type: 'doneManeuvering' });
  expect(events.filter((e) => e.type === 'strikePhaseBegan')).toEqual([
    { type: 'strikePhaseBegan', side, counterstrike: false },
    { type: 'strikePhaseBegan', side: side === 'defender' ? 'attacker' : 'defender', counterstrike: true },
  ]);
  expect(['strike', 'counterstrike']).not.toContain(run.state.step.kind);
  return events;
}

/** The attacker's 7th battle turn, nothing in contact: his strikes end by themselves, but the defender's
 *  counterstrike step waits though he has nothing to strike, his last chance to concede before the time loss
 *  (2.5.6.4.2.5, 2.5.6.4.2.8.1); he lets it go, and the attacker is at the end of the battle. */
export function lastQuietTurn(run: Run): void {
  expect(run.state.battle).toMatchObject({ round: 7, phasing: 'attacker' });
  act(run, A, { type: 'doneManeuvering' });
  expect(run.state.step).toEqual({ kind: 'counterstrike', actor: D, side: 'defender' });
  act(run, D, { type: 'doneStriking' });
  expect(run.state.step).toEqual({ kind: 'battleEnding', actor: A, side: 'attacker' });
}

/** The events that `steps` add to the run. */
export function during(run: Run, steps: () => void): GameEvent[] {
  const at = run.events.length;
  steps();
  return run.events.slice(at);
}

/** The strike steps that began in these events (each one waited, or ended by itself at once). */
export function strikeStepsBegun(events: readonly GameEvent[]): string[] {
  return events.flatMap((e) =>
    e.type === 'stepBegan' && (e.step.kind === 'strike' || e.step.kind === 'counterstrike')
      ? [`${e.step.kind}:${e.step.side}`]
      : [],
  );
}

/** A strike declared as (target, Strike-number, dice), rolling exactly `rolls`. */
export function strike(
  run: Run,
  actor: PlayerId,
  striker: string,
  target: string,
  strikeNumber: number,
  dice: number,
  rolls: readonly number[],
): GameEvent[] {
  return act(run, actor, { type: 'strike', striker, target, strikeNumber, dice }, rolls);
}

/** Round 1 of a two-against-two battle on the Plains up to the attacker's strikes: the defender enters Bu01-1 on E5
 *  and Bu01-2 on F4 and strikes nothing; the attacker enters Bk01-1 on D1 and Bk01-2 on A1; then the hand-made
 *  `given` (e.g. Bk01-1 put in contact) and the attacker ends his maneuver. */
export function firstRound(
  run: Run,
  given: Readonly<Record<string, { readonly hex?: HexLabel | null; readonly hits?: number }>>,
): void {
  moveAll(run, D, { 'Bu01-1': 'E5', 'Bu01-2': 'F4' });
  quietTurn(run, 'defender');
  moveAll(run, A, { 'Bk01-1': 'D1', 'Bk01-2': 'A1' });
  place(run, given);
  act(run, A, { type: 'doneManeuvering' });
}

/** Round 1 on the Plains of `engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Troll'] })`: the
 *  attacker's Titan on E4 slays the defender's Ogre (E5, 5 hits), the Ogre and the Troll (F4) counterstrike and
 *  miss (ones); each strike step ends by itself once its strikes are made (issue 14). */
export function titanSlaysOgre(run: Run): void {
  firstRound(run, { 'Bk01-1': { hex: 'E4' }, 'Bu01-1': { hits: 5 } });
  strike(run, A, 'Bk01-1', 'Bu01-1', 2, 6, [2, 1, 1, 1, 1, 1]);
  strike(run, D, 'Bu01-1', 'Bk01-1', 6, 6, ones(6));
  strike(run, D, 'Bu01-2', 'Bk01-1', 6, 8, ones(8));
}

/** Tundra 2000, round 1, the attacker's maneuver: his Ogre entered on the Drift hex A1 with `hits` hits, his Troll
 *  on C1; the defender's Ogres on F4 and E5. */
export function inDrift(hits: number): Run {
  const run = engagedRun({ land: 2000, attacker: ['Ogre', 'Troll'], defender: ['Ogre', 'Ogre'] });
  begin(run);
  toBattle(run);
  moveAll(run, D, { 'Bu01-1': 'F4', 'Bu01-2': 'E5' });
  quietTurn(run, 'defender');
  moveAll(run, A, { 'Bk01-1': 'A1', 'Bk01-2': 'C1' });
  place(run, { 'Bk01-1': { hits } });
  return run;
}
