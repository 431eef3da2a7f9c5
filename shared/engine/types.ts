// The engine's vocabulary: the game state (the whole truth, hidden parts included), the steps of the
// errata's Complete Sequence of Play, rejections, dice and viewers. Events are in events.ts, intents in intents.ts.

import type { RaisedPowers } from '../data/characters';
import type {
  AttackerSide,
  CharacterName,
  HexLabel,
  LandNumber,
  MarkerId,
  PlayerColor,
  Terrain,
} from '../data/types';
import type {
  BattleCharacter,
  BattleCharacterId,
  BattlePowers,
  BattleSide,
  PassedHits,
  StrikeOption,
} from './battle/position';
import type { Proposal } from './intents';

/** A seat in the game, assigned by whoever creates it (the server uses "p1".."p6"). */
export type PlayerId = string;

/** Who is looking: a seated player or a spectator (the public view, 9.1 and errata 9.3). */
export type Viewer = { readonly player: PlayerId } | { readonly spectator: true };

/** Who acts: a seated player, or the tournament director (the server) for time limits (21.1, 20.5). */
export type Actor = PlayerId | typeof DIRECTOR;
export const DIRECTOR = '#director' as const;

/** The injected source of die rolls (server: a seeded CSPRNG; tests: a seed or a script). Each value 1..6. */
export interface Dice {
  roll(count: number): number[];
}

/** A player's mistake, as a value (style 6): a code from one closed list, words a player understands, the rule. */
export interface Rejection {
  readonly code: RejectionCode;
  readonly message: string;
  readonly rule: string;
}

export const REJECTION_CODES = [
  'notYourTurn', // only one player may act at any point (errata 1.3, 1.4)
  'wrongStep', // this intent is not allowed at the current step of the sequence of play
  'unknownLegion',
  'notYourLegion',
  'illegalSplit',
  'illegalMove',
  'illegalMuster',
  'illegalProposal',
  'illegalManeuver',
  'illegalStrike',
  'illegalCarryOver',
  'illegalSummon',
  'illegalReinforcement',
  'illegalAngel',
  'mustMove',
  'mustStrike',
  'notAllowed',
] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

export const VARIANTS = ['default', 'titanPlus', 'ceTitan'] as const;
export type Variant = (typeof VARIANTS)[number];

export interface GameOptions {
  /** 'titanPlus' is the shortened game of 21.3; 'ceTitan' the Cosmic Encounter Titan variant (rules 004). */
  readonly variant: Variant;
  /** CE bidding rules: N powers are drawn for N players, or N+1 (ceTitan only; default 'N'). */
  readonly powersDrawn?: 'N' | 'N+1';
  /** Errata 7.6 handicap: a fixed number of mulligans for named players (replacing their first-turn mulligan). */
  readonly handicapMulligans: Readonly<Record<PlayerId, number>>;
  /** Time limits (errata 21.0) are kept by the server's clocks; the engine only records what was agreed. */
  readonly timeLimits: { readonly perTurnSeconds: number | null; readonly gameSeconds: number | null };
}

export interface GameSetup {
  /** The seated players in seat order (2..6). */
  readonly players: readonly { readonly id: PlayerId; readonly name: string }[];
  readonly options?: Partial<GameOptions>;
}

export interface PlayerState {
  readonly id: PlayerId;
  readonly name: string;
  readonly tower: LandNumber | null;
  readonly color: PlayerColor | null;
  readonly score: number;
  /** Markers not in play and usable by this player (4.2; 4.6: includes those taken from eliminated players). */
  readonly markersAvailable: readonly MarkerId[];
  /** Mulligans left (first-turn mulligan 7.6, or the handicap count of errata 7.6). Public (errata 7.6). */
  readonly mulligansLeft: number;
  /** How many of his own turns this player has started (first turn = 1). */
  readonly turnsTaken: number;
  readonly eliminated: boolean;
}

export interface Legion {
  readonly id: MarkerId;
  readonly owner: PlayerId;
  readonly land: LandNumber;
  /** The characters under the marker (secret but to its owner, 4.5). */
  readonly characters: readonly CharacterName[];
  /** The characters every player knows to be in it (revealed by musters, teleports, battles, ...). */
  readonly known: readonly CharacterName[];
}

/** One move made this movement phase, kept so it can be undone (errata 7.0) and to know who moved. */
export interface MoveRecord {
  readonly legion: MarkerId;
  readonly from: LandNumber;
  readonly to: LandNumber;
  readonly via: 'normal' | 'towerTeleport' | 'titanTeleport';
  readonly entry: AttackerSide | null;
  readonly revealed: readonly CharacterName[];
}

/** An engagement created by a move (9.0): the attacker is the mover's legion. */
export interface PendingEngagement {
  readonly land: LandNumber;
  readonly attacker: MarkerId;
  readonly defender: MarkerId;
  readonly entry: AttackerSide;
}

export interface TurnState {
  /** Game-turn counter, 1-based, over all players. */
  readonly number: number;
  readonly player: PlayerId;
  readonly movementRoll: number | null;
  readonly mulliganUsed: boolean;
  /** Law 7.6: a legion has moved this turn (even if the move was taken back since): the mulligan is gone. */
  readonly legionMoved: boolean;
  /** The splits made this turn, in order (for 4.3 and errata 4.7 recombination); a split of a legion already split
   *  this turn belongs to the same family (split.ts splitFamilies). */
  readonly splits: readonly { readonly parent: MarkerId; readonly children: readonly MarkerId[] }[];
  readonly moves: readonly MoveRecord[];
  /** Engagements not yet resolved, in creation order. */
  readonly engagements: readonly PendingEngagement[];
  /** Engagements started (once the first one starts, movement can no longer be undone, errata 7.0). */
  readonly engagementsStarted: boolean;
  /** 15.0, errata 15.0: one summon per engagement phase. */
  readonly summoned: boolean;
  /** 18.0: one muster per legion per turn (also counts reinforcements). */
  readonly mustered: readonly MarkerId[];
}

/** Negotiation (9.3, Complete Sequence 2.5.4–2.5.5), secret between the two players. */
export interface Negotiation {
  readonly attackerProposals: readonly Proposal[];
  readonly defenderProposals: readonly Proposal[];
  /** Who has declared no more proposals (2.5.5). */
  readonly noMoreProposals: BattleSide | null;
}

export type EngagementOutcome =
  | 'fled'
  | 'agreement'
  | 'concession'
  | 'battle'
  | 'timeLoss'
  | 'mutualElimination'
  | 'titanElimination';

/** The engagement being resolved now (2.5.x). */
export interface ActiveEngagement extends PendingEngagement {
  readonly attackerOwner: PlayerId;
  readonly defenderOwner: PlayerId;
  readonly negotiation: Negotiation;
  /** 2.5.3.1: the attacker earns the right to summon if the defender does not flee. */
  readonly attackerMaySummon: boolean;
  /** 2.5.5.1, 14.2, errata 14.2: the defender's right to a reinforcement. */
  readonly defenderMayReinforce: boolean;
  /** Characters each side lost in this engagement so far (public at the end, errata 9.5). */
  readonly attackerLosses: readonly CharacterName[];
  readonly defenderLosses: readonly CharacterName[];
  /** CE Titan: characters taken back out of each side's losses into a legion by a power (44 VALKYRIE B3: a dead
   *  enemy as recruit); they were lost all the same, and the points count them (scoring.ts). Absent: none. */
  readonly raised?: {
    readonly attacker: readonly CharacterName[];
    readonly defender: readonly CharacterName[];
  };
  /** How the engagement was decided, once it is (flight, agreement, concession or the end of the battle);
   *  the winning side, null for a mutual elimination. Read by the steps after the decision (2.5.6.5–2.5.6.10). */
  readonly result: EngagementResult | null;
  /** Once resolved (2.5.6.6): whether a battle was set up on the battleland (2.5.6.1), however it ended. And the
   *  points scored in it so far (2.5.6.8, all players'). Read once the engagement is concluded (51 DEMOCRAT B1's
   *  tax). Absent: not resolved yet; none. */
  readonly fought?: boolean;
  readonly points?: number;
}

/** A strike or rangestrike declared and rolled twice, one roll to be kept (ce/power.ts `rollStrike`'s `either`):
 *  the attack as declared, both rolls in the order rolled, and the strike step to go back to. */
export interface PendingAttack {
  readonly rangestrike: boolean;
  readonly striker: BattleCharacterId;
  readonly target: BattleCharacterId;
  readonly strikeNumber: number;
  readonly dice: number;
  /** CE Titan: the attack's first hits that do not count (battle/position.ts `attackHits`); absent: none. */
  readonly discounted?: number;
  readonly rolls: readonly (readonly number[])[];
  readonly resume: 'strike' | 'counterstrike';
}

/** 2.5.6.8: what the victor of an engagement scores (scoring.ts engagementPoints). */
export interface EngagementScore {
  readonly player: PlayerId;
  readonly points: number;
  readonly reason: 'engagement' | 'fled';
  /** CE Titan: the points the Angels count, when not `points` (54 GHOUL M2: the enslaved count whole for the
   *  Angels, half in the score). Absent: `points`. */
  readonly angels?: number;
}

export interface EngagementResult {
  readonly outcome: EngagementOutcome;
  readonly winner: BattleSide | null;
}

/** A strike rolled whose carried-over damage is still to be allocated (errata 12.4). */
export interface PendingCarryOver {
  readonly striker: BattleCharacterId;
  readonly option: StrikeOption;
  readonly rolls: readonly number[];
  /** CE 29 B2: hits passed from the target to characters of its side before they land (the target takes the
   *  rest); the attack may be a rangestrike then (its option carries nothing over). Absent: none. */
  readonly passed?: readonly PassedHits[];
}

export interface BattleState {
  /** Cosmic Encounter Titan: each side's power, fixed when the battle starts (null in other games). */
  readonly powers: BattlePowers | null;
  readonly land: LandNumber;
  readonly terrain: Terrain;
  readonly attackerEntry: AttackerSide;
  /** 1..7 (10.5); the defender moves first in each round (10.3). */
  readonly round: number;
  readonly phasing: BattleSide;
  /** Characters on and off the board; `legion` ties each back to its masterboard legion. */
  readonly characters: readonly (BattleCharacter & { readonly legion: MarkerId })[];
  /** Positions at the start of this maneuver phase, for the reset of errata 11.0, and who was locked (11.3). */
  readonly maneuverStart: readonly { readonly id: BattleCharacterId; readonly hex: HexLabel | null }[];
  readonly lockedInContact: readonly BattleCharacterId[];
  readonly movedThisPhase: readonly BattleCharacterId[];
  /** Who has struck / rangestruck in the current strike phase (12.1: once each). */
  readonly struck: readonly BattleCharacterId[];
  readonly pendingCarryOver: PendingCarryOver | null;
  /** 15.0: the first defending character that entered the battleland and was slain triggers summoning. */
  readonly defenderCharacterSlain: boolean;
  /** 15.3: the summoning option (once, in the first attacker maneuver phase after that). */
  readonly summon: 'notYet' | 'available' | 'taken' | 'lost';
  /** 14.x: 'available' only in the defender's 4th maneuver phase. */
  readonly reinforcement: 'notYet' | 'available' | 'taken' | 'lost';
  /** A character summoned or mustered this phase that must enter or it never joined (errata 10.1, 14.1, 15.1). */
  readonly mustEnter: readonly {
    readonly id: BattleCharacterId;
    readonly from: MarkerId | null;
    /** CE Titan: a reinforcement taken from that side's losses, not the caretaker (44 VALKYRIE B3); with `power`
     *  a slain enemy enslaved (54 GHOUL M2), not the legion's reinforcement. */
    readonly lost?: BattleSide;
    /** CE Titan: brought in from the caretaker by a power (36 COMMUNIST B1), not the legion's muster. */
    readonly power?: PowerId;
  }[];
  /** CE Titan: the characters a power brought into this battle that entered (36 COMMUNIST B1's commoners). */
  readonly broughtIn?: readonly {
    readonly id: BattleCharacterId;
    readonly side: BattleSide;
    readonly type: CharacterName;
  }[];
  /** CE Titan (39 DWARF B3): Angels summoned and reinforcements mustered that arrive a battle turn after they were
   *  announced. Each waits here, off the battleland and still in its legion (the caretaker), until its side's
   *  maneuver phase of `round`: then it is also in `characters` (hex null) and must enter in that phase or go back
   *  (errata 14.1, 15.1); while it waits its side is still in the battle (16.0). Public, as summons and musters are. */
  readonly lateArrivals: readonly LateArrival[];
  /** The characters struck, rangestruck or given carried-over damage this strike phase, hit or not (what the
   *  strikers did is `struck`); CE Titan's powers read it (32 REGENERATOR B1). */
  readonly struckAt: readonly BattleCharacterId[];
  /** CE Titan: hexes made Tree hexes for this battle (10 ENT B2). */
  readonly trees: readonly HexLabel[];
  /** CE Titan: every character non-native to every hazard in this battle (48 IMMOBILISER B3). */
  readonly nonNative: boolean;
  /** The characters of each side slain and removed from the battleland so far (12.6; those left off, 10.1, are
   *  not); CE Titan's powers read it (44 VALKYRIE B2). Absent: none yet. */
  readonly slain?: { readonly attacker: number; readonly defender: number };
  /** The characters slain and removed from the battleland so far, each where it fell (12.6; none for those left
   *  off, 10.1); CE Titan's powers read it (13 ZOMBIE B1: the corpses). Absent: none yet. */
  readonly fallen?: readonly Fallen[];
}

/** A character slain on the battleland: its type, Power-factor, side and the hex where it fell. */
export interface Fallen {
  readonly type: CharacterName;
  readonly power: number;
  readonly side: BattleSide;
  readonly hex: HexLabel;
}

/** CE 39 B3: an arrival announced in one maneuver phase of its side that comes in the side's phase of `round`. */
export interface LateArrival {
  readonly id: BattleCharacterId;
  readonly side: BattleSide;
  readonly type: CharacterName;
  /** The engaged legion it joins. */
  readonly legion: MarkerId;
  /** The legion an Angel is summoned from (15.0); null: a reinforcement from the caretaker (14.0). */
  readonly from: MarkerId | null;
  readonly round: number;
}

/**
 * Where the game stands in the errata's Complete Sequence of Play; `actor` is the one player who may act
 * (errata 1.3, 1.4). Sub-steps of an engagement read the engagement/battle state for their details.
 */
export type Step =
  /** CE bidding rules: the first player draws the powers to bid for (ceTitan). */
  | { readonly kind: 'drawPowers'; readonly actor: PlayerId }
  /** CE bidding rules: each player in seat order submits his sealed bids (ceTitan). */
  | { readonly kind: 'bid'; readonly actor: PlayerId }
  /** CE bidding rules: the highest bidder chooses among the powers he bid that amount for (`rolls`: the dice that
   *  broke a tie in his favour). */
  | {
      readonly kind: 'choosePower';
      readonly actor: PlayerId;
      readonly powers: readonly PowerId[];
      readonly rolls: readonly number[];
    }
  /** A power asks its owner (or another player) to decide something; the power lists the choices (ce/power.ts). */
  | {
      readonly kind: 'powerDecision';
      readonly actor: PlayerId;
      readonly power: PowerId;
      readonly question: string;
      /** The engagement's points awaiting the decision (2.5.6.8; 46 REPUBLICAN B1): the power's `powerUsed` event
       *  carries the points to score in `data.points`, then the engagement's resolution goes on (steps.ts). */
      readonly scoring?: EngagementScore;
      /** The engagement's points just scored, the Angels they earn not yet taken (2.5.6.8; 47 GLADIATOR M2, B2):
       *  once the power's decision begins no further step, the Angels are offered (steps.ts). */
      readonly scored?: EngagementScore;
      /** An attack rolled twice awaiting the choice of the roll kept (27 MULTI-CHOICE B1): the power's `powerUsed`
       *  event carries the kept roll in `data.picked`, then the attack is resolved (battle/strikePhase.ts). */
      readonly attack?: PendingAttack;
      /** An attack's hits awaiting the struck side's power (29 HALFLINGS B2), the battle's `pendingCarryOver`, and
       *  the strike step to go back to: once the power's decision begins no further step, the hits land (the
       *  striker's carry-over first, if he has one: battle/strikePhase.ts `hitsLand`). */
      readonly landing?: 'strike' | 'counterstrike';
      /** The engagement concluded, its points scored and their Angels taken (51 DEMOCRAT B1): once the power's
       *  decision begins no further step, the resolution goes on (resolution.ts `afterAngels`). */
      readonly concluded?: true;
    }
  /** 1.3.1.1: each player not yet assigned a tower makes a tower roll, in seat order. */
  | { readonly kind: 'rollTower'; readonly actor: PlayerId }
  /** 1.4.1: choose a colour (or withdraw), in ascending tower order. */
  | { readonly kind: 'chooseColor'; readonly actor: PlayerId }
  /** 2.1: splits (on the first turn the 4-4 split is required), then the movement roll (2.2). */
  | { readonly kind: 'split'; readonly actor: PlayerId }
  /** 2.2.1 and 2.3: mulligan (if any left and no move made), move legions, undo, done. */
  | { readonly kind: 'move'; readonly actor: PlayerId }
  /** 2.5: the mover picks the next engagement. */
  | { readonly kind: 'chooseEngagement'; readonly actor: PlayerId }
  /** 2.5.3–2.5.4: the defender may flee (first action only, engagement.ts mayFlee), and the negotiation
   *  alternates. Errata 9.3: its turns are secret between the two players (`actor` and his `opponent`, so
   *  `visibleTo` can tell); whether the defender may flee is not in the step, it would tell the others whether
   *  his legion holds a Lord (9.2). */
  | { readonly kind: 'negotiate'; readonly actor: PlayerId; readonly opponent: PlayerId }
  /** 2.5.5: the opponent declared no more proposals: accept one, concede, or fight (others see `negotiate`). */
  | { readonly kind: 'negotiateFinal'; readonly actor: PlayerId; readonly opponent: PlayerId }
  /** 2.5.6.2 / 2.5.6.3: before the battle, the attacker then the defender may concede. */
  | { readonly kind: 'preBattleConcession'; readonly actor: PlayerId; readonly side: BattleSide }
  /** 2.5.6.4.x.1: the phasing player maneuvers (summon / reinforcement included). */
  | { readonly kind: 'maneuver'; readonly actor: PlayerId; readonly side: BattleSide }
  /** 2.5.6.4.x.2 / .4.4 / .6.4: the opponent attempted to concede: accept it or concede instead. */
  | {
      readonly kind: 'concessionAttempted';
      readonly actor: PlayerId;
      readonly side: BattleSide;
      readonly resume: 'maneuver' | 'strike' | 'counterstrike';
    }
  /** 2.5.6.4.x.3.1: drift damage would slay a phasing character: the opponent may concede first. */
  | { readonly kind: 'driftConcession'; readonly actor: PlayerId; readonly side: BattleSide }
  /** 2.5.6.4.x.4: the phasing player strikes and rangestrikes. */
  | { readonly kind: 'strike'; readonly actor: PlayerId; readonly side: BattleSide }
  /** 2.5.6.4.x.5–6: the other player counterstrikes (conceding before his first counterstrike is unconditional). */
  | { readonly kind: 'counterstrike'; readonly actor: PlayerId; readonly side: BattleSide }
  /** 2.5.6.4.x.4.3 / .6.3: allocate the carry-over of the strike just rolled. */
  | {
      readonly kind: 'carryOver';
      readonly actor: PlayerId;
      readonly side: BattleSide;
      readonly resume: 'strike' | 'counterstrike';
    }
  /** 2.5.6.4.x.8.1: the battle is ending; the phasing player may unconditionally concede. */
  | { readonly kind: 'battleEnding'; readonly actor: PlayerId; readonly side: BattleSide }
  /** 2.5.6.5: the victor may summon (attacker) or muster a reinforcement (defender) if not done yet. Offered
   *  whenever what the others know leaves it possible, so its coming tells them nothing hidden (errata 9.1). */
  | { readonly kind: 'postBattleAddition'; readonly actor: PlayerId; readonly side: BattleSide }
  /** 2.5.6.8, 17.x: take an earned Angel or Archangel (one step per angel due). */
  | {
      readonly kind: 'acquireAngel';
      readonly actor: PlayerId;
      readonly legion: MarkerId;
      readonly archangel: boolean;
      /** The angels still due after this one, in order (true: an Archangel may be taken, 17.3). */
      readonly later: readonly boolean[];
    }
  /** 2.6: mustering, then 2.7 the end of the turn. */
  | { readonly kind: 'muster'; readonly actor: PlayerId }
  /** 3: the game is over. */
  | { readonly kind: 'gameOver' };

export type StepKind = Step['kind'];

export interface GameState {
  readonly options: GameOptions;
  /** In seat order. */
  readonly players: readonly PlayerState[];
  /** Turn order (descending tower, 5.1), fixed once towers are assigned. */
  readonly turnOrder: readonly PlayerId[];
  /** The tower rolls of the current set (1.3.1). */
  readonly towerRolls: Readonly<Record<PlayerId, number>>;
  readonly step: Step;
  readonly legions: Readonly<Record<MarkerId, Legion>>;
  /** The caretaker's stacks (errata 3.5 counts at the start). */
  readonly caretaker: Readonly<Partial<Record<CharacterName, number>>>;
  /** Slain creatures, out of the game (3.3). */
  readonly deadPile: Readonly<Partial<Record<CharacterName, number>>>;
  readonly turn: TurnState | null;
  readonly engagement: ActiveEngagement | null;
  readonly battle: BattleState | null;
  /** 21.1: when time was called, the players who still get their one more full turn. */
  readonly timeCalled: { readonly remainingTurns: readonly PlayerId[] } | null;
  readonly result: GameResult | null;
  /** The Cosmic Encounter Titan variant's part (null in every other game). */
  readonly ce: CeState | null;
}

/** Cosmic Encounter Titan: a power's number in rules 004 (10 ENT … 66 WARRIOR). */
export type PowerId = number;
/** What a power remembers for its player between events (public; JSON-safe). */
export type PowerValue = number | string | boolean | readonly (number | string)[];
export type PowerMemory = Readonly<Record<string, PowerValue>>;

/** Cosmic Encounter Titan (rules 004): the bidding and each player's power. */
export interface CeState {
  /** The powers drawn for the bidding, in the order drawn. */
  readonly drawn: readonly PowerId[];
  /** Each player's sealed bids, one per power drawn, in that order. Secret to the bidder until all are in. */
  readonly bids: Readonly<Record<PlayerId, readonly number[]>>;
  /** True once every bid is in and all were revealed at once. */
  readonly revealed: boolean;
  /** The power each player was assigned. */
  readonly powers: Readonly<Record<PlayerId, PowerId>>;
  /** The score each player started the game with (CE bidding rules: Angels count points gained since). */
  readonly startScores: Readonly<Record<PlayerId, number>>;
  /** What each player's power remembers (its module's own data, public). */
  readonly memory: Readonly<Record<PlayerId, PowerMemory>>;
  /** 13 ZOMBIE B3: the Power-factor of each Titan raised (the slain Titan's last one), public; absent: none. */
  readonly raised?: RaisedPowers;
  /** Creatures that go back to the caretaker's stacks, not the dead pile, when they leave the game (a power's
   *  `recycles`: 36 COMMUNIST M1). */
  readonly recycled?: readonly CharacterName[];
}

export interface GameResult {
  /** null: no winner (mutual end, errata 19.0). */
  readonly winner: PlayerId | null;
  readonly reason: 'lastTitan' | 'noTitans' | 'timeLimit' | 'stopped';
  /** Score plus value of remaining legions for the stop rules (20.5, 21.1); the score otherwise. */
  readonly totals: Readonly<Record<PlayerId, number>>;
}
