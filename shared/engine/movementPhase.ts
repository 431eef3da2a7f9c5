// The Movement Phase (Complete Sequence 2.2-2.4; 6.2, 7.x, 8.x; errata 6.2, 7.0, 7.1, 7.6, 8.x, 10.4): the
// movement roll and mulligans, moving legions with movement.ts's generator, undoing moves, and the end of
// movement (the must-move rules, recombination, the hand-off to the engagements).
import type { CharacterName, LandNumber } from '../data/types';
import { fatedRoll, movementNumbers, powerMovementRoll } from './ce/hooks';
import { variantMoves, variantRefusal } from './ce/masterboard';
import { beginEngagementPhase } from './engagementPhase';
import type { Decision, GameEvent } from './events';
import { foldEvents } from './evolve';
import type { Intent, IntentOf } from './intents';
import { currentTurn, legionsOf, playerOf } from './lookups';
import type { LegionMove, MoveContext } from './movement';
import {
  compareMoves,
  hasNormalMove,
  legalMoves,
  TELEPORT_ROLL,
  towerTeleportLord,
  towerTeleportLords,
} from './movement';
import { mulliganProblem } from './mulligan';
import { perState } from './perState';
import { reject, rejection } from './rejections';
import { rollOne } from './setup';
import { firstSplitPending, recombinationEvents, stackedSplitGroups } from './split';
import type { Dice, GameState, PlayerId, Rejection } from './types';

// ---------------------------------------------------------------- 2.2 the movement roll, 2.2.1 mulligans

/** 6.2, Complete Sequence 2.2: the movement roll (after the first turn's split, errata 4.1/5.2). */
export function decideRollMovement(state: GameState, player: PlayerId, dice: Dice): Decision {
  if (firstSplitPending(state)) {
    return reject(
      'notAllowed',
      'On your first turn you must first split your legion of eight 4-4, one lord in each, before rolling.',
      'Complete Sequence 2.1, errata 4.1/5.2',
    );
  }
  // CE Titan: a power may have fixed the roll (53 M2, M3), or roll for movement its own way (64 HI-&-LOIS M1).
  const fated = fatedRoll(state, player);
  if (fated !== null) {
    return {
      events: [
        ...fated.events,
        { type: 'movementRolled', player, roll: fated.roll, mulligan: false },
        { type: 'stepBegan', step: { kind: 'move', actor: player } },
      ],
    };
  }
  const rolled = powerMovementRoll(state, player, false, dice);
  if (rolled !== null) return rolled;
  return {
    events: [
      { type: 'movementRolled', player, roll: rollOne(dice), mulligan: false },
      { type: 'stepBegan', step: { kind: 'move', actor: player } },
    ],
  };
}

export function decideTakeMulligan(state: GameState, player: PlayerId, dice: Dice): Decision {
  const problem = mulliganProblem(state, player);
  if (problem !== null) return { rejected: problem };
  const rolled = powerMovementRoll(state, player, true, dice);
  if (rolled !== null) return rolled;
  return { events: [{ type: 'movementRolled', player, roll: rollOne(dice), mulligan: true }] };
}

// ---------------------------------------------------------------- 2.3 moving legions

/** The movement.ts context for one of the Mover's legions, from the state, for the movement roll (or another
 *  number his power lets it move with: `movementNumbers`). */
export function moveContext(state: GameState, legionId: string, number?: number): MoveContext {
  const turn = currentTurn(state);
  const legion = state.legions[legionId];
  if (legion === undefined) throw new Error(`no legion ${legionId}`);
  if (turn.movementRoll === null) throw new Error('no movement roll yet');
  // 7.1: the Mover's other legions block ending a move (split-offs still stacked included). One pass over
  // the legions: each of the Mover's legions asks, at every position of his movement (issue 16).
  const friendly: LandNumber[] = [];
  const enemy: LandNumber[] = [];
  for (const other of Object.values(state.legions)) {
    if (other.id === legion.id) continue;
    (other.owner === legion.owner ? friendly : enemy).push(other.land);
  }
  return {
    from: legion.land,
    roll: number ?? turn.movementRoll,
    characters: legion.characters,
    score: playerOf(state, legion.owner).score,
    friendly,
    enemy,
    // 7.1, errata 7.1/8.2: engagements made this phase.
    engaged: turn.engagements.map((e) => e.land),
    // 8.0: one teleport per movement phase.
    teleportUsed: turn.moves.some((m) => m.via !== 'normal'),
  };
}

export function hasMoved(state: GameState, legionId: string): boolean {
  return currentTurn(state).moves.some((m) => m.legion === legionId);
}

/** The legal moves of one of the Mover's legions now: none once it has moved (each legion moves once). */
export function legionMoves(state: GameState, legionId: string): readonly LegionMove[] {
  if (hasMoved(state, legionId)) return [];
  return movesInThisGame(state, legionId);
}

/** The contexts a legion may move in: one per number it may move with (6.2: the movement roll; CE 27 M2: either
 *  of two). */
function moveContexts(state: GameState, legionId: string): MoveContext[] {
  const legion = state.legions[legionId];
  const roll = currentTurn(state).movementRoll;
  if (legion === undefined || roll === null) return [moveContext(state, legionId)];
  return movementNumbers(state, legion.owner, roll).map((n) => moveContext(state, legionId, n));
}

/** The standard legal moves (movement.ts), then the variant's (Cosmic Encounter Titan: ce/masterboard.ts), for
 *  every number the legion may move with, each move listed once. Found once per state and legion (perState.ts):
 *  the position's listing finds them, and `decide` checks the move it is sent against the same list. */
const movesInThisGame: (state: GameState, legionId: string) => readonly LegionMove[] =
  perState(listMovesInThisGame);

function listMovesInThisGame(state: GameState, legionId: string): LegionMove[] {
  const legion = state.legions[legionId];
  if (legion === undefined) throw new Error(`no legion ${legionId}`);
  const contexts = moveContexts(state, legionId);
  // One number to move with and the standard game: legalMoves lists each move once, in order, and
  // variantMoves leaves them as they are.
  if (contexts.length === 1 && state.ce === null) return legalMoves(contexts[0]!);
  const found = new Map<string, LegionMove>();
  for (const ctx of contexts) {
    for (const m of variantMoves(state, legion, ctx, legalMoves(ctx))) {
      found.set(`${m.land}/${m.via}/${m.entry}`, m);
    }
  }
  return [...found.values()].sort(compareMoves);
}

/** Errata 6.2: can the legion move without teleporting, with any number it may move with (CE Titan: among the
 *  moves the powers leave it, 48 M1)? Answered once per state and legion (the listing's `doneMoving`, then
 *  decide's). */
const canMoveNormally: (state: GameState, legionId: string) => boolean = perState(findCanMoveNormally);

function findCanMoveNormally(state: GameState, legionId: string): boolean {
  if (state.ce === null) return moveContexts(state, legionId).some(hasNormalMove);
  return movesInThisGame(state, legionId).some((m) => m.via === 'normal');
}

/** The one check of a move (decide and legalIntents both use it): the move to make, or why not. */
export function checkMove(
  state: GameState,
  player: PlayerId,
  intent: IntentOf<'moveLegion'>,
): { readonly move: LegionMove } | { readonly rejected: Rejection } {
  const legion = state.legions[intent.legion];
  if (legion === undefined) {
    return reject('unknownLegion', `There is no legion ${intent.legion} on the Masterboard.`, '4.2');
  }
  if (legion.owner !== player) return reject('notYourLegion', `Legion ${legion.id} is not yours.`, '6.2');
  if (hasMoved(state, legion.id)) {
    return reject(
      'illegalMove',
      `Legion ${legion.id} has already moved this turn; undo that move to move it differently.`,
      '7.0, errata 7.0',
    );
  }
  const contexts = moveContexts(state, legion.id);
  const candidates = movesInThisGame(state, legion.id).filter(
    (m) => m.land === intent.land && m.via === intent.via,
  );
  if (candidates.length === 0) {
    const standard = contexts.some((ctx) =>
      legalMoves(ctx).some((m) => m.land === intent.land && m.via === intent.via),
    );
    if (standard && state.ce !== null) {
      return { rejected: variantRefusal(state, legion, contexts, intent.land, intent.via) };
    }
    return { rejected: whyNot(contexts, intent) };
  }
  const entry = intent.entry ?? null;
  const chosen =
    entry === null
      ? candidates.length === 1
        ? candidates[0]
        : undefined
      : candidates.find((c) => c.entry === entry);
  if (chosen === undefined) {
    if (entry === null) {
      return reject(
        'illegalMove',
        `Legion ${legion.id} can enter land ${intent.land} from the ${candidates.map((c) => c.entry).join(' or ')} side: say which.`,
        'errata 7.0/8.2/10.1/10.4, Complete Sequence 2.3',
      );
    }
    const sides = candidates.map((c) => c.entry).filter((e) => e !== null);
    return reject(
      'illegalMove',
      sides.length === 0
        ? `Land ${intent.land} holds no enemy legion, so there is no entry side to choose.`
        : `Legion ${legion.id} cannot enter land ${intent.land} from the ${entry} side; possible: ${sides.join(', ')}.`,
      'errata 2.2/10.1, 10.4',
    );
  }
  const problem = revealProblem(chosen, legion.characters, intent.reveal);
  return problem === null ? { move: chosen } : { rejected: problem };
}

/** 8.1, 8.2: what a move may show. A Tower Teleport shows one Lord of the legion, the mover's choice (8.1: "the
 *  identity of the Lord ... that allows such a move"), unless no Lord allows it (CE 27 M1); a Titan Teleport shows
 *  the Titan (8.2); a normal move shows nothing. */
function revealProblem(
  move: LegionMove,
  characters: readonly CharacterName[],
  reveal: CharacterName | undefined,
): Rejection | null {
  if (reveal === undefined) return null;
  if (move.showsNoLord === true) {
    return rejection(
      'illegalMove',
      'This Tower Teleport needs no Lord, so it shows none; name no character to show.',
      'CE 27 M1',
    );
  }
  if (move.via === 'towerTeleport') {
    const lords = towerTeleportLords(characters);
    return lords.includes(reveal)
      ? null
      : rejection(
          'illegalMove',
          `A Tower Teleport shows one of the legion's Lords (${lords.join(' or ')}), not ${reveal}.`,
          '8.1',
        );
  }
  if (move.via === 'titanTeleport') {
    return reveal === 'Titan' ? null : rejection('illegalMove', 'A Titan Teleport shows the Titan.', '8.2');
  }
  return rejection('illegalMove', 'A normal move reveals nothing; name no character to show.', '8.1, 8.2');
}

/** A player's words for a move that is not in the list (`contexts`: one per number the legion may move with). */
function whyNot(contexts: readonly MoveContext[], intent: IntentOf<'moveLegion'>): Rejection {
  const ctx = contexts.find((c) => c.roll === TELEPORT_ROLL) ?? contexts[0];
  if (ctx === undefined) throw new Error('a legion moves with at least one number');
  const rolls = contexts.map((c) => c.roll).join(' or ');
  if (intent.via !== 'normal' && ctx.roll !== TELEPORT_ROLL) {
    return rejection('illegalMove', `Teleporting needs a movement roll of 6, not ${rolls}.`, '8.1, 8.2');
  }
  if (intent.via !== 'normal' && ctx.teleportUsed) {
    return rejection('illegalMove', 'Only one legion may teleport in a movement phase.', '8.0');
  }
  if (intent.via === 'towerTeleport') {
    return rejection(
      'illegalMove',
      `A Tower Teleport needs a legion with a lord starting in a tower, to a vacant tower or a vacant land within six lands, never its own (here: ${intent.land}).`,
      '8.1, errata 8.1',
    );
  }
  if (intent.via === 'titanTeleport') {
    return rejection(
      'illegalMove',
      `A Titan Teleport needs the Titan's legion, a score of 400 or more, and another player's legion not already engaged on land ${intent.land}.`,
      '8.2, errata 7.1/8.2',
    );
  }
  if (ctx.engaged.includes(intent.land)) {
    return rejection('illegalMove', `Land ${intent.land} is already engaged this turn.`, '7.1');
  }
  if (ctx.friendly.includes(intent.land)) {
    return rejection('illegalMove', `Another of your legions is on land ${intent.land}.`, '7.1');
  }
  return rejection(
    'illegalMove',
    `With a roll of ${rolls} this legion cannot reach land ${intent.land} from ${ctx.from} following the signs.`,
    '7.1-7.5, Movement Chart',
  );
}

/** 8.1, 8.2: the lord shown for a Tower Teleport (the mover's choice, by default the least telling one; none
 *  when none is needed, CE 27 M1), the Titan for a Titan Teleport. */
function revealedBy(
  move: LegionMove,
  characters: readonly CharacterName[],
  chosen: CharacterName | undefined,
): CharacterName[] {
  if (move.via === 'titanTeleport') return ['Titan'];
  if (move.showsNoLord === true) return [];
  if (move.via === 'towerTeleport') {
    const lord = chosen ?? towerTeleportLord(characters);
    if (lord === null) throw new Error('a tower teleport without a lord');
    return [lord];
  }
  return [];
}

export function decideMoveLegion(
  state: GameState,
  player: PlayerId,
  intent: IntentOf<'moveLegion'>,
): Decision {
  const checked = checkMove(state, player, intent);
  if ('rejected' in checked) return checked;
  const legion = state.legions[intent.legion];
  if (legion === undefined) throw new Error('checked above');
  const { move } = checked;
  return {
    events: [
      {
        type: 'legionMoved',
        legion: legion.id,
        from: legion.land,
        to: move.land,
        via: move.via,
        entry: move.entry,
        revealed: revealedBy(move, legion.characters, intent.reveal),
      },
    ],
  };
}

/** Errata 7.0: undoing a move undoes every later move too (latest first). Engagements have not begun yet: the
 *  movement step ends before any engagement is looked at. */
export function undoEvents(state: GameState, legionId: string): GameEvent[] {
  const moves = currentTurn(state).moves;
  const index = moves.findIndex((m) => m.legion === legionId);
  if (index < 0) return [];
  return moves
    .slice(index)
    .reverse()
    .map((m) => ({ type: 'moveUndone', legion: m.legion }));
}

export function decideUndoMove(state: GameState, player: PlayerId, intent: IntentOf<'undoMove'>): Decision {
  const legion = state.legions[intent.legion];
  if (legion === undefined) {
    return reject('unknownLegion', `There is no legion ${intent.legion} on the Masterboard.`, '4.2');
  }
  if (legion.owner !== player) return reject('notYourLegion', `Legion ${legion.id} is not yours.`, '6.2');
  if (currentTurn(state).engagementsStarted) {
    return reject('notAllowed', 'Moves are fixed once an engagement has begun.', 'errata 7.0');
  }
  const events = undoEvents(state, legion.id);
  if (events.length === 0) {
    return reject('illegalMove', `Legion ${legion.id} has not moved this turn.`, 'errata 7.0');
  }
  return { events };
}

/** Undo every move of this phase (before a withdrawal, errata 20.4). */
export function undoAllEvents(state: GameState): GameEvent[] {
  const first = state.turn?.moves[0];
  return first === undefined ? [] : undoEvents(state, first.legion);
}

// ---------------------------------------------------------------- end of movement

/** 6.2, errata 6.2; 4.3, errata 4.3, 7.1: why the movement phase may not end yet, or null. */
export function doneMovingProblem(state: GameState, player: PlayerId): Rejection | null {
  const turn = currentTurn(state);
  const legions = legionsOf(state, player);
  if (turn.moves.length === 0) {
    const movable = legions.find((l) => canMoveNormally(state, l.id));
    if (movable !== undefined) {
      return rejection(
        'mustMove',
        `You must move at least one legion (legion ${movable.id} can move without teleporting).`,
        '6.2, errata 6.2',
      );
    }
  }
  for (const group of stackedSplitGroups(state)) {
    const movable = group.legions.find((id) => canMoveNormally(state, id));
    if (movable !== undefined) {
      return rejection(
        'mustMove',
        `Legions ${group.legions.join(', ')}, split this turn, are still together on land ${group.land}; one of them must move (${movable} can, without teleporting).`,
        '4.3, errata 4.3/7.1',
      );
    }
  }
  return null;
}

/** 2.3 ends: 2.4 split-offs left stacked recombine, then 2.5 the engagements (or 2.6 mustering). */
export function decideDoneMoving(state: GameState, player: PlayerId): Decision {
  const problem = doneMovingProblem(state, player);
  if (problem !== null) return { rejected: problem };
  const events: GameEvent[] = [{ type: 'movementEnded', player }];
  events.push(...recombinationEvents(foldEvents(state, events)));
  events.push(...beginEngagementPhase(foldEvents(state, events)));
  return { events };
}

/** 8.1: the Lords a Tower Teleport may show besides the least telling one (`towerTeleportLord`). */
function otherTeleportLords(characters: readonly CharacterName[]): CharacterName[] {
  const shown = towerTeleportLord(characters);
  return towerTeleportLords(characters).filter((lord) => lord !== shown);
}

/** Every legal movement-step intent except withdrawing. */
export function moveIntents(state: GameState, player: PlayerId): Intent[] {
  const intents: Intent[] = [];
  if (mulliganProblem(state, player) === null) intents.push({ type: 'takeMulligan' });
  for (const legion of legionsOf(state, player)) {
    // 8.1: a Tower Teleport shows one of the legion's Lords, the mover's choice: listed unnamed for the least
    // telling one (intents.ts: the default), and named for each other one. 8.2: a Titan Teleport shows the Titan
    // (naming it changes nothing, so it is listed unnamed).
    let others: CharacterName[] | null = null;
    for (const m of legionMoves(state, legion.id)) {
      const move = {
        type: 'moveLegion',
        legion: legion.id,
        land: m.land,
        via: m.via,
        entry: m.entry,
      } as const;
      intents.push(move);
      if (m.via === 'towerTeleport' && m.showsNoLord !== true) {
        others ??= otherTeleportLords(legion.characters);
        for (const reveal of others) intents.push({ ...move, reveal });
      }
    }
  }
  for (const m of currentTurn(state).moves) intents.push({ type: 'undoMove', legion: m.legion });
  if (doneMovingProblem(state, player) === null) intents.push({ type: 'doneMoving' });
  return intents;
}
