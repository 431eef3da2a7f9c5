// Events: what happened, as facts, including every die rolled. The state is the fold of the events
// (`evolve`); `decide` holds all rule logic and `evolve` only applies facts. Each event's audience is
// given by `visibleTo` (view.ts): most are public; a few name the only players who may see them.
import type {
  AttackerSide,
  CharacterName,
  HexLabel,
  LandNumber,
  MarkerId,
  PlayerColor,
  Summonable,
  Terrain,
} from '../data/types';
import type { BattleCharacterId, BattleSide, StrikeOption } from './battle/position';
import type { IntentType, Proposal } from './intents';
import type {
  EngagementOutcome,
  GameOptions,
  GameResult,
  PlayerId,
  PowerId,
  PowerMemory,
  Rejection,
  Step,
} from './types';

export type GameEvent =
  // ---------------------------------------------------------------- setup (Complete Sequence 1.x)
  | {
      readonly type: 'gameCreated';
      readonly players: readonly { readonly id: PlayerId; readonly name: string }[];
      readonly options: GameOptions;
    }
  /** CE bidding rules: the powers drawn at random (`rolls`: the dice that drew them). */
  | { readonly type: 'powersDrawn'; readonly powers: readonly PowerId[]; readonly rolls: readonly number[] }
  /** CE bidding rules: a player's sealed bids, one per power drawn: to the bidder alone. */
  | { readonly type: 'bidSubmitted'; readonly player: PlayerId; readonly bids: readonly number[] }
  /** CE bidding rules: every bid, revealed at once when the last is in. */
  | { readonly type: 'bidsRevealed'; readonly bids: Readonly<Record<PlayerId, readonly number[]>> }
  /** CE bidding rules: a power assigned for `bid`; `score` the player's starting score (minus the bid, and what
   *  his power adds); `rolls` the dice that broke a tie. */
  | {
      readonly type: 'powerAssigned';
      readonly player: PlayerId;
      readonly power: PowerId;
      readonly bid: number;
      readonly score: number;
      readonly rolls: readonly number[];
    }
  /** CE set-up: the towers, as far apart as possible, and the order of play, drawn at random. */
  | {
      readonly type: 'setUpDrawn';
      readonly towers: readonly { readonly player: PlayerId; readonly tower: LandNumber }[];
      readonly order: readonly PlayerId[];
      readonly rolls: readonly number[];
    }
  /** A power used: `words` for the history; seen by `audience` only; `data` for the power's fold (power.ts). */
  | {
      readonly type: 'powerUsed';
      readonly player: PlayerId;
      readonly power: PowerId;
      readonly act: string;
      readonly words: string;
      readonly audience: 'all' | readonly PlayerId[];
      /** `data.rolls`: every die the act rolled, in the order rolled (the server's dice check, rooms/dice.ts). */
      readonly data: PowerMemory;
    }
  | { readonly type: 'towerRolled'; readonly player: PlayerId; readonly roll: number }
  /** 1.3.1.2: towers assigned where possible after a set of rolls (5.1). */
  | {
      readonly type: 'towersAssigned';
      readonly assignments: readonly { readonly player: PlayerId; readonly tower: LandNumber }[];
    }
  /** 1.4.1, 1.5: the colour chosen and its 12 (TITANplus: 8) legion markers. */
  | {
      readonly type: 'colorChosen';
      readonly player: PlayerId;
      readonly color: PlayerColor;
      readonly markers: readonly MarkerId[];
    }
  /** 1.5, errata 4.1/5.2: the starting legion of eight in the player's tower (contents public). */
  | {
      readonly type: 'startingLegionPlaced';
      readonly player: PlayerId;
      readonly legion: MarkerId;
      readonly land: LandNumber;
      readonly characters: readonly CharacterName[];
    }
  // ---------------------------------------------------------------- the turn (2.x)
  /** Sets `state.step`: who must act now and at which step of the sequence. Public, but for the turns of a
   *  negotiation, seen by its two players only (errata 9.3). */
  | { readonly type: 'stepBegan'; readonly step: Step }
  | { readonly type: 'turnStarted'; readonly player: PlayerId; readonly number: number }
  /** 2.1, 4.3: public part of a split: new markers and heights. */
  | {
      readonly type: 'legionSplit';
      readonly player: PlayerId;
      readonly parent: MarkerId;
      readonly land: LandNumber;
      readonly children: readonly { readonly marker: MarkerId; readonly height: number }[];
    }
  /** Private to the owner: which characters went where (4.3: splits are not revealed). */
  | {
      readonly type: 'splitContents';
      readonly player: PlayerId;
      readonly parent: MarkerId;
      readonly children: readonly {
        readonly marker: MarkerId;
        readonly characters: readonly CharacterName[];
      }[];
    }
  | {
      readonly type: 'movementRolled';
      readonly player: PlayerId;
      readonly roll: number;
      readonly mulligan: boolean;
    }
  /** 7.x, 8.x: `revealed` is the lord shown for a tower teleport or the Titan for a titan teleport (8.1, 8.2). */
  | {
      readonly type: 'legionMoved';
      readonly legion: MarkerId;
      readonly from: LandNumber;
      readonly to: LandNumber;
      readonly via: 'normal' | 'towerTeleport' | 'titanTeleport';
      readonly entry: AttackerSide | null;
      readonly revealed: readonly CharacterName[];
    }
  /** Errata 7.0: a move taken back (with every later move). */
  | { readonly type: 'moveUndone'; readonly legion: MarkerId }
  /** 2.4, errata 4.7: split-offs left stacked recombine under `into`. */
  | { readonly type: 'legionsRecombined'; readonly into: MarkerId; readonly from: readonly MarkerId[] }
  | { readonly type: 'movementEnded'; readonly player: PlayerId }
  // ---------------------------------------------------------------- engagements (2.5, 9.x)
  | {
      readonly type: 'engagementChosen';
      readonly land: LandNumber;
      readonly attacker: MarkerId;
      readonly defender: MarkerId;
    }
  /** 2.5.1, 2.5.2: private to `viewer`. */
  | {
      readonly type: 'legionInspected';
      readonly viewer: PlayerId;
      readonly legion: MarkerId;
      readonly characters: readonly CharacterName[];
    }
  | { readonly type: 'defenderFled'; readonly legion: MarkerId }
  /** 9.3: secret between the two players. */
  | {
      readonly type: 'proposalsMade';
      readonly player: PlayerId;
      readonly opponent: PlayerId;
      readonly side: BattleSide;
      readonly proposals: readonly Proposal[];
    }
  | {
      readonly type: 'noMoreProposals';
      readonly player: PlayerId;
      readonly opponent: PlayerId;
      readonly side: BattleSide;
    }
  /** 9.3, errata 9.5: an accepted agreement (its losses are public). */
  | {
      readonly type: 'proposalAccepted';
      readonly player: PlayerId;
      readonly side: BattleSide;
      readonly proposal: Proposal;
    }
  /** 9.4: an attempt to concede (errata 9.4): the opponent may concede instead. */
  | { readonly type: 'concessionAttempted'; readonly player: PlayerId; readonly side: BattleSide }
  /** 9.4: the engagement is conceded by `side`. */
  /** `mutual`: conceded after the opponent's Titan or all his characters in the battle were slain (errata 9.4/9.5). */
  | {
      readonly type: 'engagementConceded';
      readonly player: PlayerId;
      readonly side: BattleSide;
      readonly mutual: boolean;
    }
  /** A player declined the option of his step (e.g. a concession point, a summon, a reinforcement, an angel). */
  | { readonly type: 'optionDeclined'; readonly player: PlayerId; readonly step: Step['kind'] }
  // ---------------------------------------------------------------- battle (10–16)
  /** 2.5.6.1: both legions become public; the battle is set up. */
  | {
      readonly type: 'battleStarted';
      readonly land: LandNumber;
      readonly terrain: Terrain;
      readonly attackerEntry: AttackerSide;
      readonly attacker: {
        readonly legion: MarkerId;
        readonly characters: readonly {
          readonly id: BattleCharacterId;
          readonly type: CharacterName;
          readonly power: number;
        }[];
      };
      readonly defender: {
        readonly legion: MarkerId;
        readonly characters: readonly {
          readonly id: BattleCharacterId;
          readonly type: CharacterName;
          readonly power: number;
        }[];
      };
    }
  /** 10.5: a maneuver phase begins (round 1..7); locks contact (11.3). */
  /** `summon` / `reinforcement`: that option opens in this phase (15.3: the attacker's first maneuver phase after
   *  the first defending character that entered was slain; 14.0: the defender's fourth). */
  | {
      readonly type: 'maneuverBegan';
      readonly round: number;
      readonly side: BattleSide;
      readonly lockedInContact: readonly BattleCharacterId[];
      readonly summon: boolean;
      readonly reinforcement: boolean;
    }
  | {
      readonly type: 'characterMoved';
      readonly id: BattleCharacterId;
      readonly from: HexLabel | null;
      readonly to: HexLabel;
    }
  /** Errata 11.0: the maneuver phase is reset. */
  | { readonly type: 'maneuverReset'; readonly side: BattleSide }
  /** 15.x: an Angel or Archangel (CE 13 B3: or a raised Titan) summoned from another legion (shown to all, errata
   *  15.1). */
  | {
      readonly type: 'angelSummoned';
      readonly from: MarkerId;
      readonly into: MarkerId;
      readonly character: Summonable;
      readonly id: BattleCharacterId | null;
      /** CE 39 B3: announced now, it arrives in the attacker's maneuver phase of this battle round; absent: now. */
      readonly arrives?: number;
    }
  /** 14.x: a reinforcement mustered by the defender (reveal public, 18.0). */
  | {
      readonly type: 'reinforcementMustered';
      readonly legion: MarkerId;
      readonly creature: CharacterName;
      readonly reveal: readonly CharacterName[];
      readonly id: BattleCharacterId | null;
      /** CE 39 B3: announced now, it arrives in the defender's maneuver phase of this battle round; absent: now. */
      readonly arrives?: number;
      /** CE 44 VALKYRIE B3: a dead enemy, taken from the losses of that side (not the caretaker); in the battle
       *  it fights at -1 skill. Absent: from the caretaker. */
      readonly lost?: BattleSide;
    }
  /** End of a maneuver phase: characters left off on the first phase are slain (10.1); a summoned or mustered
   *  character that did not enter goes back (errata 14.1, 15.1). */
  | {
      readonly type: 'maneuverEnded';
      readonly side: BattleSide;
      readonly leftOff: readonly BattleCharacterId[];
      readonly returned: readonly BattleCharacterId[];
    }
  /** Hazards chart, Drift: one hit to each non-native phasing character in drift. */
  | { readonly type: 'driftDamage'; readonly ids: readonly BattleCharacterId[] }
  | { readonly type: 'strikePhaseBegan'; readonly side: BattleSide; readonly counterstrike: boolean }
  /** `carryOver`: a legal non-empty carry-over exists, or the struck side's power may first pass the hits (CE 29
   *  B2); the strike's damage lands when it is allocated (errata 12.4). */
  | {
      readonly type: 'strikeRolled';
      readonly striker: BattleCharacterId;
      readonly option: StrikeOption;
      readonly rolls: readonly number[];
      readonly hits: number;
      readonly carryOver: boolean;
    }
  | {
      readonly type: 'rangestrikeRolled';
      readonly striker: BattleCharacterId;
      readonly target: BattleCharacterId;
      readonly strikeNumber: number;
      readonly dice: number;
      readonly rolls: readonly number[];
      readonly hits: number;
      /** CE 29 B2: the struck side's power may pass the hits; they land once it has (battle `pendingCarryOver`). */
      readonly passing?: boolean;
    }
  /** Errata 12.4: carried-over damage, by character, in order. */
  | {
      readonly type: 'carryOverAssigned';
      readonly allocation: readonly { readonly target: BattleCharacterId; readonly damage: number }[];
    }
  /** 12.6: slain characters leave the battleland at the end of the strike phase. */
  | { readonly type: 'slainRemoved'; readonly ids: readonly BattleCharacterId[] }
  /** 16.0, 10.5: the battle ended; `winner` null for a mutual elimination. */
  | { readonly type: 'battleEnded'; readonly winner: BattleSide | null; readonly timeLoss: boolean }
  // ---------------------------------------------------------------- after an engagement
  /** Errata 9.5: the engagement's result and each legion's losses, public. */
  | {
      readonly type: 'engagementResolved';
      readonly land: LandNumber;
      readonly outcome: EngagementOutcome;
      readonly winner: MarkerId | null;
      readonly attackerLosses: readonly CharacterName[];
      readonly defenderLosses: readonly CharacterName[];
    }
  /** 2.5.6.10: slain Angels, Archangels, Guardians and Warlocks go back to the caretaker, creatures to the dead
   *  pile (the Titan leaves the game); the engagement is over. */
  | { readonly type: 'engagementEnded'; readonly land: LandNumber }
  | {
      readonly type: 'pointsScored';
      readonly player: PlayerId;
      readonly points: number;
      readonly reason: 'engagement' | 'fled' | 'halfPoints';
    }
  /** 17.x: an Angel or Archangel from the caretaker joins the winning legion. */
  | {
      readonly type: 'angelAcquired';
      readonly player: PlayerId;
      readonly legion: MarkerId;
      readonly character: 'Angel' | 'Archangel';
    }
  /** CE Titan: a character joins one of the player's legions by his power (47 GLADIATOR M2, B2; 44 B3), from the
   *  caretaker's stacks (the dead pile when they have none left, fold.ts fromCaretakerInto); shown to all. */
  | {
      readonly type: 'characterJoined';
      readonly player: PlayerId;
      readonly power: PowerId;
      readonly legion: MarkerId;
      readonly character: CharacterName;
      /** In a battle (36 COMMUNIST B1): it joins the battle off the board under this id and must enter this
       *  maneuver phase; it leaves the caretaker only when it enters (as a reinforcement, errata 14.1). */
      readonly id?: BattleCharacterId;
      /** CE 44 VALKYRIE B3: a dead enemy, taken from the losses of that side in the engagement (not the
       *  caretaker). Absent: from the caretaker. */
      readonly lost?: BattleSide;
      /** CE 51 DEMOCRAT B2: the enemy's battle character of this id, still off the battleland, leaves its legion
       *  for this one and fights on this side (keeping its id). Absent: it comes from no other legion. */
      readonly taken?: BattleCharacterId;
    }
  /** A legion removed from the board; `characters` revealed where the rules make them public (19.4). */
  | {
      readonly type: 'legionEliminated';
      readonly legion: MarkerId;
      readonly owner: PlayerId;
      readonly characters: readonly CharacterName[];
      readonly reason: 'engagement' | 'titanSlain' | 'withdrawal' | 'disbanded';
    }
  /** 19.3, 19.4, 20.4: `by` takes the markers (null: nobody, errata 19.3/19.4 or withdrawal). */
  | { readonly type: 'playerEliminated'; readonly player: PlayerId; readonly by: PlayerId | null }
  // ---------------------------------------------------------------- enlistment and the end of the turn
  | {
      readonly type: 'legionMustered';
      readonly legion: MarkerId;
      readonly creature: CharacterName;
      readonly reveal: readonly CharacterName[];
    }
  | { readonly type: 'turnEnded'; readonly player: PlayerId }
  | { readonly type: 'playerWithdrew'; readonly player: PlayerId }
  /** Errata 20.4, 21.0, Law 21.2 (forced.ts): the server acts for `player` (his time ran out, he is absent, or
   *  the tournament director ruled so); the events of `actions` follow. `rolls`: the dice that chose at random
   *  (Law 21.2's legion). `rule`: null when his seat's bot played. Public. */
  | {
      readonly type: 'playerForced';
      readonly player: PlayerId;
      readonly forced: { readonly by: 'time' | 'absence' | 'director' };
      readonly play: 'refuse' | 'phaseLimit' | 'bot';
      readonly actions: readonly IntentType[];
      readonly rolls: readonly number[];
      readonly rule: string | null;
    }
  /** 21.1: time is called; these players still get one more full turn, in order. */
  | { readonly type: 'timeCalled'; readonly remainingTurns: readonly PlayerId[] }
  /** 3, 19.0, 20.5, 21.1: the game is over; the winner's legions become public. */
  | {
      readonly type: 'gameOver';
      readonly result: GameResult;
      readonly revealed: readonly {
        readonly legion: MarkerId;
        readonly characters: readonly CharacterName[];
      }[];
    };

export type GameEventType = GameEvent['type'];
export type EventOf<T extends GameEventType> = Extract<GameEvent, { type: T }>;

/** The battle's events (10–16), folded by battle/battleEvolve.ts. */
export const BATTLE_EVENT_TYPES = [
  'battleStarted',
  'maneuverBegan',
  'characterMoved',
  'maneuverReset',
  'angelSummoned',
  'reinforcementMustered',
  'maneuverEnded',
  'driftDamage',
  'strikePhaseBegan',
  'strikeRolled',
  'rangestrikeRolled',
  'carryOverAssigned',
  'slainRemoved',
  'battleEnded',
] as const satisfies readonly GameEventType[];
export type BattleEvent = EventOf<(typeof BATTLE_EVENT_TYPES)[number]>;

/** The engagement phase's events (2.5–2.5.6.10, the battle's included), folded by engagementEvolve.ts. */
export const ENGAGEMENT_EVENT_TYPES = [
  'engagementChosen',
  'legionInspected',
  'defenderFled',
  'proposalsMade',
  'noMoreProposals',
  'proposalAccepted',
  'concessionAttempted',
  'engagementConceded',
  ...BATTLE_EVENT_TYPES,
  'engagementResolved',
  'engagementEnded',
  'pointsScored',
  'angelAcquired',
] as const satisfies readonly GameEventType[];
export type EngagementEvent = EventOf<(typeof ENGAGEMENT_EVENT_TYPES)[number]>;

const BATTLE_EVENTS: ReadonlySet<GameEventType> = new Set(BATTLE_EVENT_TYPES);
const ENGAGEMENT_EVENTS: ReadonlySet<GameEventType> = new Set(ENGAGEMENT_EVENT_TYPES);

export function isBattleEvent(event: GameEvent): event is BattleEvent {
  return BATTLE_EVENTS.has(event.type);
}

export function isEngagementEvent(event: GameEvent): event is EngagementEvent {
  return ENGAGEMENT_EVENTS.has(event.type);
}

/** What `decide` answers: the events of an accepted intent, or why it was rejected (nothing changes). */
export type Decision = { readonly events: readonly GameEvent[] } | { readonly rejected: Rejection };
