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
//   secret choice stays secret (view.ts `visibleTo`). `words` on the event is the history's sentence; `data.rolls`
//   every die the act rolled, in the order rolled (the server checks the log's dice against the committed seed:
//   server/rooms/dice.ts rollsInEvents; a die rolled and shown nowhere fails that check); `data.picked` a die
//   the act picks from ones already shown, so the `movementRolled` that follows it is not a new roll (an attack's
//   rolls kept, so the `strikeRolled` or `rangestrikeRolled` that follows is not either). A
//   `usePower` sent at any step goes to the sender's power when the step itself takes no such intent (decide.ts);
//   a power that must ask at a point of the sequence begins the step 'powerDecision' (its `choices` and `decide`).
// Imports: a power may use the vocabulary (types.ts, battle/position.ts, battle/hazards.ts, data/) and the rules
// that do not call the hooks; the modules that do (battle/strike.ts, maneuver.ts, rangestrike.ts, drift.ts,
// movementPhase.ts, setup.ts, steps.ts) would close an import cycle (Biome's noImportCycles refuses it).
import type { CharacterName, HexLabel, NativeHazard, Terrain } from '../../data/types';
import type {
  BattleCharacter,
  BattleCharacterId,
  BattlePosition,
  BattleSide,
  Passage,
} from '../battle/position';
import type { Decision, EventOf, GameEvent } from '../events';
import type { Intent, IntentOf } from '../intents';
import type { LegionMove, MoveContext } from '../movement';
import type { RecruitOption } from '../muster';
import type {
  Dice,
  EngagementScore,
  GameState,
  Legion,
  PlayerId,
  PowerId,
  PowerMemory,
  PowerValue,
} from '../types';
import type { Nativity } from './battleTerrain';

export type { PowerId, PowerMemory, PowerValue };
export const FIRST_POWER: PowerId = 10;
export const LAST_POWER: PowerId = 66;

/** How a button's words name a player and a battle character (web client: the player's name, "the attacker's
 *  Centaur in D3"). */
export interface ActNames {
  readonly player: (id: PlayerId) => string;
  readonly character: (id: BattleCharacterId) => string;
}

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

/** An attack's dice as rolled: the rolls kept, and events recording any others (each die once, in order); or,
 *  with `either` (the striker's `rollStrike`), two rolls of which the striker's owner keeps one: a `powerDecision`
 *  step carrying the attack, which the power's `powerUsed` ends with the kept roll in `data.picked`
 *  (battle/strikePhase.ts `attackKept`). */
export interface AttackRoll {
  readonly rolls: number[];
  readonly events: GameEvent[];
  readonly either?: readonly [readonly number[], readonly number[]];
}

/** An attack about to be rolled in a battle the power's owner fights: `striker` of `strikerOwner`'s legion. */
export interface AttackRollContext {
  readonly state: GameState;
  readonly owner: PlayerId;
  readonly strikerOwner: PlayerId;
  readonly striker: BattleCharacter;
  readonly count: number;
  readonly strikeNumber: number;
  readonly dice: Dice;
}

/** An attack (strike or rangestrike) whose hits are about to land on `target` (29 HALFLINGS B2). */
export interface Landing {
  readonly striker: BattleCharacter;
  readonly target: BattleCharacter;
  readonly hits: number;
  readonly rangestrike: boolean;
}

/** A legion about to move on the masterboard, with the standard legal moves computed for it. */
export interface MovesContext {
  readonly state: GameState;
  readonly legion: Legion;
  readonly roll: number;
  /** The movement.ts context the standard moves were computed from (for this `roll`). */
  readonly context: MoveContext;
}

/** A legion of the owner about to muster (or reinforce) in a land of `terrain`. */
export interface RecruitContext {
  readonly state: GameState;
  readonly legion: Legion;
  readonly terrain: Terrain;
}

/** A moment of a battle at which powers act (sequence.ts, strikePhase.ts): before `side`'s maneuver phase; as
 *  `side`'s strikes or counterstrikes begin (with the attacks it may make); at the end of a strike phase in which `side` was phasing (the slain removed). */
export type BattleMoment =
  | { readonly kind: 'beforeManeuver'; readonly side: BattleSide }
  | {
      readonly kind: 'strikes' | 'counterstrikes';
      readonly side: BattleSide;
      readonly attacks: readonly SideAttack[];
    }
  | { readonly kind: 'endOfStrikePhase'; readonly side: BattleSide };

/** One of a side's characters that may attack as its strikes (counterstrikes) begin, with the most dice any of its
 *  attacks (strikes, and for the phasing side rangestrikes) rolls. */
export interface SideAttack {
  readonly striker: BattleCharacterId;
  readonly dice: number;
}

/** One character's thrown attack in a volley (CE 42 B2): a rangestrike of `dice` dice at `skill` more (or less)
 *  than its Skill-factor, made even in contact, with none of a Warlock's privileges. */
export interface Thrown {
  readonly dice: number;
  readonly skill: number;
}

/** Ranged attacks every character of a side makes at a moment of the battle, each at every enemy it may
 *  rangestrike (battle/volley.ts): `name` in the history, `act` on the event, and each character's attack (null:
 *  none). */
export interface Volley {
  readonly name: string;
  readonly act: string;
  readonly thrown: (c: BattleCharacter) => Thrown | null;
}

/** Entering a hex in a maneuver (for a flyer, `flying`: landing on it): its cost and whether the move may end
 *  there, given the rule so far (the `passage` and `enemyPassage` hooks). */
export type PassageHook = (
  pos: BattlePosition,
  c: BattleCharacter,
  from: HexLabel | null,
  to: HexLabel,
  standard: Passage,
  flying: boolean,
) => Passage;

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
  // ---------------------------------------------------------------- more hooks (added by the powers' helper)
  /** The movement roll of the owner (a mulligan too): the events in place of the standard roll, or null. */
  readonly rollMovement?: (
    state: GameState,
    player: PlayerId,
    mulligan: boolean,
    dice: Dice,
  ) => Decision | null;
  /** The owner's attack (strike or rangestrike) of `count` dice by `striker`: the rolls kept, and events recording any others;
   *  or, with `either`, two rolls of which the owner keeps one (a `powerDecision` step carrying the attack, which
   *  the power's `powerUsed` ends with the kept roll in `data.picked`; battle/strikePhase.ts resolves it); `again`
   *  when another power has the attack rolled again (41 B1). */
  readonly rollStrike?: (
    state: GameState,
    player: PlayerId,
    count: number,
    strikeNumber: number,
    dice: Dice,
    striker: BattleCharacter,
    again: boolean,
  ) => AttackRoll;
  /** Any attack (strike or rangestrike) in a battle the owner fights, his or his enemy's: the rolls kept, given
   *  `roll`, which rolls it the striker's way (his power's `rollStrike`, or plainly) each time it is called. */
  readonly attackRoll?: (ctx: AttackRollContext, roll: () => AttackRoll) => AttackRoll;
  /** The numbers each of the owner's legions may move with this turn, given his movement roll (6.2). */
  readonly movementNumbers?: (state: GameState, player: PlayerId, roll: number) => number[];
  /** What one of the owner's legions may muster (18.3–18.5; a reinforcement too), given the standard options. */
  readonly recruits?: (ctx: RecruitContext, options: RecruitOption[]) => RecruitOption[];
  /** May one of the owner's legions muster (or reinforce with) this creature from the dead pile when the caretaker
   *  has none left ("recruit from the dead": 13, 44, 47, 54, 65 M1/M2 and the like)? */
  readonly fromTheDead?: (ctx: RecruitContext, creature: CharacterName) => boolean;
  /** The points an engagement the owner takes part in scores (2.5.6.8): null lets them stand; events stop the
   *  resolution there (a decision), which the power resumes with resolution.ts `awardPoints`. */
  readonly scoring?: (state: GameState, owner: PlayerId, score: EngagementScore) => GameEvent[] | null;
  /** The points the owner scores from the engagement being resolved (2.5.6.8), given the standard ones: the
   *  victor's when he is the victor, else null (16.0 gives the loser none); points scored by a player who did
   *  not win earn no Angels (44 VALKYRIE B1). */
  readonly points?: (
    state: GameState,
    owner: PlayerId,
    standard: EngagementScore | null,
  ) => EngagementScore | null;
  /** The owner has just scored an engagement's points (2.5.6.8), before the Angels they earn: events beginning a
   *  `powerDecision` step carrying `scored` (the frame then takes up the Angels, resolution.ts), events that begin
   *  no step (the Angels follow at once), or null. */
  readonly scored?: (state: GameState, owner: PlayerId, score: EngagementScore) => GameEvent[] | null;
  /** An engagement (any player's, the owner's or not) is concluded: its points scored and their Angels taken
   *  (2.5.6.8), before the players whose Titan fell are out (2.5.6.9): events beginning a `powerDecision` step
   *  carrying `concluded` (the resolution goes on once it asks nothing more: resolution.ts `afterAngels` asks
   *  again, so the power remembers it acted), or null (51 DEMOCRAT B1). */
  readonly concluded?: (state: GameState, owner: PlayerId) => GameEvent[] | null;
  /** An engagement the owner fought (as `side`) has just ended in a mutual elimination (errata 9.5: nobody wins):
   *  events of his power making his side its winner (its `apply` sets the result), or null (13 B2). */
  readonly winsMutual?: (state: GameState, owner: PlayerId, side: BattleSide) => GameEvent[] | null;
  /** Does the owner's win on time score the enemy's losses (10.5: never otherwise; 13 B2)? */
  readonly scoresOnTime?: boolean;
  /** The movement points of an enemy's character, after its own power's `moveAllowance`. */
  readonly enemyMoveAllowance?: (pos: BattlePosition, c: BattleCharacter, points: number) => number;
  /** May an enemy's character strike the owner's `target` (12.0; a rangestrike is not a strike)? */
  readonly enemyMayStrike?: (
    pos: BattlePosition,
    striker: BattleCharacter,
    target: BattleCharacter,
  ) => boolean;
  /** An enemy's character entering a hex in a maneuver, after its own power's `passage` (e.g. `stop`). */
  readonly enemyPassage?: PassageHook;
  /** May an enemy's character fly (11.4) or rangestrike (13.0), given the chart's answer (3.5)? */
  readonly enemyMay?: (
    pos: BattlePosition,
    c: BattleCharacter,
    ability: 'fly' | 'rangestrike',
    standard: boolean,
  ) => boolean;
  /** The legal moves of another player's legion, after its owner's power's `moves`. */
  readonly enemyMoves?: (ctx: MovesContext, moves: LegionMove[]) => LegionMove[];
  /** Entering a hex in a maneuver (for a flyer, `flying`: landing on it): its cost and whether the move may end
   *  there, given the standard rule's (occupied hexes: forbidden). */
  readonly passage?: PassageHook;
  /** May the owner's character rangestrike through Tree hexes (Hazards Chart, Tree)? */
  readonly throughTrees?: (pos: BattlePosition, c: BattleCharacter) => boolean;
  /** How many of the first hits of an attack (strike or rangestrike) on the owner's `ctx.target` do not count;
   *  `native` reads each side's nativity with its power (ce/hooks.ts `nativeTo`); `parts` are the attack's final
   *  factors (after every hazard and power, before the chart caps the Strike-number). */
  readonly hitsDiscounted?: (ctx: StrikeContext, native: Nativity, parts: StrikeFactorsParts) => number;
  /** The ranged attacks the owner's characters (fighting as `side`) make at a moment of the battle, or null. */
  readonly volley?: (moment: BattleMoment, side: BattleSide) => Volley | null;
  /** The events of the owner's power (fighting as `side`) at a moment of the battle; `dice` where it may roll. */
  readonly atMoment?: (
    state: GameState,
    side: BattleSide,
    moment: BattleMoment,
    dice: Dice | null,
  ) => GameEvent[];
  /** May the owner see the contents of `legion` (another player's; 4.5 keeps them from him otherwise)? */
  readonly seesContents?: (state: GameState, owner: PlayerId, legion: Legion) => boolean;
  /** The keys of the owner's `memory` that only he may see (view.ts). */
  readonly secretMemory?: readonly string[];
  /** A roll the owner's power has fixed for `player`'s movement roll (not a mulligan): the roll and the events
   *  showing it (the last one marks it `data.picked`), or null. */
  readonly fatedRoll?: (
    state: GameState,
    owner: PlayerId,
    player: PlayerId,
  ) => { readonly roll: number; readonly events: GameEvent[] } | null;
  /** In the strike phases of the owner's side (`side`), does the enemy strike first (his counterstrikes before
   *  the owner's strikes)? */
  readonly enemyStrikesFirst?: (pos: BattlePosition, side: BattleSide) => boolean;
  /** How many battle turns after the owner announces it (in his maneuver phase, 14.0, 15.0) his reinforcement or
   *  summoned Angel arrives, in his maneuver phase of that later round (39 B3: 1); absent: 0, it enters now. */
  readonly arrivalDelay?: number;
  /** CE general notes: "unless explicitly mentioned, a stack in battle may only add one piece per turn" (errata
   *  14.1, 15.0: one addition per maneuver phase): true lets the owner's legion add more, within the stack limit
   *  (54 GHOUL M2). Absent: one. */
  readonly addsMany?: boolean;
  /** Creatures that go back to the caretaker's stacks, not the dead pile, whenever they leave the game, fixed when
   *  the power is assigned (fold.ts `returnToStacks`). */
  readonly recycles?: (state: GameState) => readonly CharacterName[];
  /** The points the owner's `side`'s losses in the engagement being resolved are worth to the victor (16.0),
   *  given their chart value (scoring.ts `engagementPoints`, before a flight halves them). */
  readonly lostValue?: (state: GameState, side: BattleSide, value: number) => number;
  /** An enemy's attack hits the owner's character (29 HALFLINGS B2): the question of a `powerDecision` step (with
   *  `landing`) in which the owner passes hits on before they land (the power's `powerUsed` events add to the
   *  battle's `pendingCarryOver.passed` in its `apply`; a decision beginning no further step lands them), or null:
   *  they land as rolled. */
  readonly hitsLanding?: (pos: BattlePosition, landing: Landing) => string | null;
  // ---------------------------------------------------------------- decisions
  /** The `usePower` intents open to the owner now (listed in `legal` with the step's own choices). */
  readonly choices?: (state: GameState, player: PlayerId) => Intent[];
  /** The `usePower` intents this power opens to another player (`player`, e.g. the owner's enemy in a battle),
   *  decided by this power's `decide` with that player as the sender. */
  readonly othersChoices?: (state: GameState, owner: PlayerId, player: PlayerId) => Intent[];
  /** The acts (by `act`) of its `choices`/`othersChoices` that bear only on an attack about to be rolled: offered
   *  at a strike step, they do not hold it when its player has no attack left to make (issue 14: it ends by
   *  itself, battle/strikePhase.ts). */
  readonly attackActs?: readonly string[];
  /** The owner's `usePower` intent: its events (the last one need not be a step), a rejection, or null. */
  readonly decide?: (
    state: GameState,
    player: PlayerId,
    intent: IntentOf<'usePower'>,
    dice: Dice,
  ) => Decision | null;
  /** The words of a button sending one of this power's `usePower` intents (null: not one of its acts); players
   *  and battle characters are named by `names` (the client's words for them, never their ids). */
  readonly actWords?: (intent: IntentOf<'usePower'>, names: ActNames) => string | null;
  /** Fold one of this power's `powerUsed` events (default: its `memory` is merged into the player's). */
  readonly apply?: (state: GameState, event: EventOf<'powerUsed'>) => GameState;
}
