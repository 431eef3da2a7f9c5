// A power of Cosmic Encounter Titan (rules 004): one module per power, built on this interface.
//
// How a power hooks in. The engine calls the frame's few hook points (hooks.ts) at the places the rules they
// change live; each hook point asks the powers in play, in descending power number so that the LOWER number has
// the last word ("in case of rules conflict not taken care of, lower number gets precedence", CE general notes),
// and folds their answers over the standard one. A power is therefore one small module exporting a `Power`:
// its catalogue entry (number, name, mark, kinds, text) and only the hooks its clauses need, each hook's clause
// cited beside it (`// CE 25 B2`). No power edits the engine's files; a clause that needs a place the frame does
// not reach yet gets one new optional hook here and one call in the module owning that rule.
//
// The hook points, by the steps they change (shared/engine/steps.ts):
// - set-up (S, bidding step 'bid' then the colours): `startingScore`, `startingLegions`.
// - the Titan and the score (T): `angelsDue`.
// - masterboard movement (M, step 'move'): `moves` filters or extends a legion's legal moves.
// - the battle (B, steps 'maneuver', 'strike', 'counterstrike'): `strikeOut` / `struckBy` adjust a strike's
//   factors (rangestrikes included), `moveAllowance` a character's movement points, `native` its nativities,
//   `rangestrikeRange` its range. Battle hooks see the plain `BattlePosition`, whose `powers` names each side's
//   power, so the battle rules stay pure functions of the position.
// - decisions (any step): `choices` lists the power's `usePower` intents open to its owner now (they appear in
//   `legal` like any other choice), `decide` turns one into events, `apply` folds the power's own `powerUsed`
//   events into the state (its per-player `memory` or anything else), and each event names its audience, so a
//   secret choice stays secret (view.ts `visibleTo`). `words` on the event is the history's sentence.
import type { CharacterName, NativeHazard } from '../../data/types';
import type { BattleCharacter, BattlePosition } from '../battle/position';
import type { Decision, EventOf } from '../events';
import type { Intent, IntentOf } from '../intents';
import type { LegionMove } from '../movement';
import type { Dice, GameState, Legion, PlayerId, PowerId, PowerMemory, PowerValue } from '../types';

export type { PowerId, PowerMemory, PowerValue };
export const FIRST_POWER: PowerId = 10;
export const LAST_POWER: PowerId = 66;

/** The kinds of clause (CE intro): S set-up, M masterboard, B battle, T the Titan. */
export const POWER_KINDS = ['S', 'M', 'B', 'T'] as const;
export type PowerKind = (typeof POWER_KINDS)[number];

/** The text's marks: '+' very strong, '!' verging on broken, '!!' unplayable as written ('+(!)' for 23). */
export const POWER_MARKS = ['', '+', '!', '!!', '+(!)'] as const;
export type PowerMark = (typeof POWER_MARKS)[number];

/** One power as the text gives it (catalogue.ts). `kinds` lists its clause letters, e.g. "MB". */
export interface PowerEntry {
  readonly id: PowerId;
  readonly name: string;
  readonly mark: PowerMark;
  readonly kinds: string;
  readonly text: string;
}

/** A strike's factors before the Strike-number is read off the chart (12.2): the striker's Skill-factor, the
 *  target's, and the dice rolled. */
export interface StrikeFactorsParts {
  readonly skill: number;
  readonly targetSkill: number;
  readonly dice: number;
}

export interface StrikeContext {
  readonly pos: BattlePosition;
  readonly striker: BattleCharacter;
  readonly target: BattleCharacter;
  readonly rangestrike: boolean;
}

/** A legion about to move on the masterboard, with the standard legal moves computed for it. */
export interface MovesContext {
  readonly state: GameState;
  readonly legion: Legion;
  readonly roll: number;
}

export interface Power extends PowerEntry {
  // ---------------------------------------------------------------- S: set-up
  /** The score the player starts with, given the standard one (minus his winning bid). */
  readonly startingScore?: (score: number) => number;
  /** The starting legions (each a list of characters, placed in the player's tower), given the standard one. */
  readonly startingLegions?: (standard: readonly CharacterName[]) => CharacterName[][];
  // ---------------------------------------------------------------- T: the Titan and the score
  /** The Angels due (true: an Archangel may be taken) when the score goes from `before` to `after`. */
  readonly angelsDue?: (before: number, after: number, startScore: number, due: boolean[]) => boolean[];
  // ---------------------------------------------------------------- M: the masterboard
  /** The legal moves of one of the owner's legions. */
  readonly moves?: (ctx: MovesContext, moves: LegionMove[]) => LegionMove[];
  // ---------------------------------------------------------------- B: the battle (pure, on the position)
  /** The owner's character strikes (or rangestrikes). */
  readonly strikeOut?: (ctx: StrikeContext, parts: StrikeFactorsParts) => StrikeFactorsParts;
  /** The owner's character is struck (or rangestruck). */
  readonly struckBy?: (ctx: StrikeContext, parts: StrikeFactorsParts) => StrikeFactorsParts;
  /** The movement points of the owner's character in a maneuver (11.2: its Skill-factor). */
  readonly moveAllowance?: (pos: BattlePosition, c: BattleCharacter, points: number) => number;
  /** Whether the owner's character is native to a hazard (11.7). */
  readonly native?: (type: CharacterName, hazard: NativeHazard, standard: boolean) => boolean;
  /** The owner's character's rangestrike range (13.2; the frame's default gives skill 2 a range of 3). */
  readonly rangestrikeRange?: (pos: BattlePosition, c: BattleCharacter, range: number) => number;
  // ---------------------------------------------------------------- decisions
  /** The `usePower` intents open to the owner now (listed in `legal` with the step's own choices). */
  readonly choices?: (state: GameState, player: PlayerId) => Intent[];
  /** The owner's `usePower` intent: its events (the last one need not be a step), a rejection, or null. */
  readonly decide?: (
    state: GameState,
    player: PlayerId,
    intent: IntentOf<'usePower'>,
    dice: Dice,
  ) => Decision | null;
  /** Fold one of this power's `powerUsed` events (default: its `memory` is merged into the player's). */
  readonly apply?: (state: GameState, event: EventOf<'powerUsed'>) => GameState;
}
