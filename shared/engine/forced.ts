// The server acting for a player: when his time runs out (errata 21.0, Law 21.2), while he is absent, or
// when the tournament director rules so (errata 20.4: unsporting conduct is treated as refusing to play).
// Pure like `decide`: the server only decides WHEN; what is played, and the public record of it
// (`playerForced`, first in the batch), come from here.

import { decide } from './decide';
import { defaultIntent } from './defaultIntent';
import type { Decision, GameEvent } from './events';
import { evolve } from './evolve';
import type { Intent } from './intents';
import { legalIntents } from './legal';
import { reject } from './rejections';
import type { Dice, GameState, PlayerId } from './types';

/** Why the server acts for the player. */
export type ForcedBy = 'time' | 'absence' | 'director';

/**
 * What is played for him: `refuse`, errata 20.4's list (errata 21.0's standard penalty; partial movement
 * undone first); `phaseLimit`, Law 21.2's own consequence of a Movement or Maneuver phase over its limit;
 * `bot`, the intent his seat's bot chose (friendly games).
 */
export type ForcedPlay =
  | { readonly kind: 'refuse' }
  | { readonly kind: 'phaseLimit' }
  | { readonly kind: 'bot'; readonly intent: Intent };

/** A phase Law 21.2 may time: the Movement Phase on the Masterboard, or one Maneuver Phase of a battle. */
export interface TimedPhase {
  readonly kind: 'movement' | 'maneuver';
  /** Law 21.2: "allow two minutes for each player's first phase" (his first Maneuver Phase in a battle). */
  readonly first: boolean;
  /** Changes when a new phase begins (the server restarts the phase's limit then). */
  readonly key: string;
}

/** The phase under way that Law 21.2 times, or null (its limit runs only while this is not null). */
export function timedPhase(state: GameState): TimedPhase | null {
  const step = state.step;
  if (step.kind === 'move' && state.turn !== null) {
    return { kind: 'movement', first: false, key: `movement:${state.turn.number}` };
  }
  if (step.kind === 'maneuver' && state.battle !== null && state.turn !== null) {
    const b = state.battle;
    return {
      kind: 'maneuver',
      first: b.round === 1,
      key: `maneuver:${state.turn.number}:${b.land}:${b.round}:${step.side}`,
    };
  }
  return null;
}

/**
 * The events of the server's action for `player`, who must act now: first the public `playerForced`,
 * then those of the intents played, in order. Rejected when it is not his turn to act (or there is nothing
 * to play for him).
 */
export function decideForced(
  state: GameState,
  player: PlayerId,
  by: ForcedBy,
  play: ForcedPlay,
  dice: Dice,
): Decision {
  if (state.step.kind === 'gameOver') return reject('wrongStep', 'The game is over.', '3');
  if (play.kind === 'phaseLimit') return phaseLimit(state, player, by, dice);
  const intent = play.kind === 'bot' ? play.intent : defaultIntent(state, player);
  if (intent === null)
    return reject('notYourTurn', 'There is nothing to do for this player now.', 'errata 20.4');
  return played(state, player, by, play.kind, [], [intent], dice);
}

/** Law 21.2: the Movement Phase ends; a legion chosen at random is moved when none has (and while one of
 *  a split left together must still move, errata 4.3); in a Maneuver Phase, the characters not yet on the
 *  Battleland stay off it and are eliminated (the phase simply ends, keeping the moves made). */
function phaseLimit(state: GameState, player: PlayerId, by: ForcedBy, dice: Dice): Decision {
  const phase = timedPhase(state);
  if (phase === null || state.step.kind === 'gameOver' || state.step.actor !== player) {
    return reject('wrongStep', 'No timed phase of this player is under way.', '21.2');
  }
  if (phase.kind === 'maneuver')
    return played(state, player, by, 'phaseLimit', [], [{ type: 'doneManeuvering' }], dice);
  // Which legions move is decided first (the rolls go into `playerForced`), then the moves are played.
  const rolls: number[] = [];
  const moves: Intent[] = [];
  let s = state;
  while ('rejected' in decide(s, player, { type: 'doneMoving' }, noDice)) {
    const legal = legalIntents(s, player).filter((i) => i.type === 'moveLegion');
    const legions = [...new Set(legal.map((m) => m.legion))];
    if (legions.length === 0) break;
    const legion = legions[randomIndex(dice, legions.length, rolls)];
    const ofLegion = legal.filter((m) => m.legion === legion);
    const move = ofLegion[randomIndex(dice, ofLegion.length, rolls)];
    if (move === undefined) throw new Error('random legion without a move');
    const decision = decide(s, player, move, noDice);
    if ('rejected' in decision) throw new Error(`a legal move was refused: ${decision.rejected.message}`);
    s = decision.events.reduce(evolve, s);
    moves.push(move);
  }
  return played(state, player, by, 'phaseLimit', rolls, [...moves, { type: 'doneMoving' }], dice);
}

/** Decides `intents` one after the other from `state`, after the public record of the forced action. */
function played(
  state: GameState,
  player: PlayerId,
  by: ForcedBy,
  play: ForcedPlay['kind'],
  rolls: readonly number[],
  intents: readonly Intent[],
  dice: Dice,
): Decision {
  const forced: GameEvent = {
    type: 'playerForced',
    player,
    forced: { by },
    play,
    actions: intents.map((i) => i.type),
    rolls: [...rolls],
    rule: play === 'phaseLimit' ? '21.2' : play === 'refuse' ? 'errata 20.4' : null,
  };
  const events: GameEvent[] = [forced];
  let s = evolve(state, forced);
  for (const intent of intents) {
    const decision = decide(s, player, intent, dice);
    if ('rejected' in decision) return decision;
    events.push(...decision.events);
    s = decision.events.reduce(evolve, s);
  }
  return { events };
}

/** The dice of a decision that rolls none (moves and the end of movement). */
const noDice: Dice = {
  roll: () => {
    throw new Error('a move rolled dice');
  },
};

/** A uniform index in [0, n) from six-sided dice (base-6 digits, rejection sampling), each die kept. */
function randomIndex(dice: Dice, n: number, rolls: number[]): number {
  if (n <= 1) return 0;
  let digits = 1;
  while (6 ** digits < n) digits++;
  const span = 6 ** digits;
  const limit = span - (span % n);
  for (;;) {
    const dieRolls = dice.roll(digits);
    rolls.push(...dieRolls);
    const value = dieRolls.reduce((v, d) => v * 6 + (d - 1), 0);
    if (value < limit) return value % n;
  }
}
