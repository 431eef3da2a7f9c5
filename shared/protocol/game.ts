// The engine's data as it leaves the engine, as zod schemas: every game event (and the hidden stub a
// recipient gets in place of one he may not see), the viewer's state (`view`), and the whole state as it
// is stored in a snapshot. They are published in `/protocol.json` (messages.ts), the server's tests check
// every frame it sends against them, and the server parses what it reads back from the database with them.
// The engine's TypeScript types stay the authority: the checks at the end of this file fail the typecheck
// when a schema and its type stop describing the same data.
import { z } from 'zod';
import { ATTACKER_SIDES, PLAYER_COLORS, SUMMONABLE, TERRAINS } from '../data/types';
import type { GameEvent } from '../engine/events';
import {
  battleCharacterIdSchema,
  characterNameSchema,
  hexLabelSchema,
  INTENT_TYPES,
  landNumberSchema,
  markerIdSchema,
  powerMemorySchema,
  proposalSchema,
} from '../engine/intents';
import type { Pending } from '../engine/pending';
import type { GameState, Step, Viewer } from '../engine/types';
import { VARIANTS } from '../engine/types';
import type { GameView } from '../engine/view';

// ------------------------------------------------------------------------------------------ the atoms

/** A seat in the game: the server uses "p1".."p6". */
const playerId = z.string().min(1).max(16);
const attackerSide = z.enum(ATTACKER_SIDES);
const battleSide = z.enum(['attacker', 'defender']);
const terrain = z.enum(TERRAINS);
const playerColor = z.enum(PLAYER_COLORS);
const characters = z.array(characterNameSchema);
const count = z.number().int().min(0);
/** A die: 1..6. */
const die = z.number().int().min(1).max(6);
const via = z.enum(['normal', 'towerTeleport', 'titanTeleport']);
const angel = z.enum(['Angel', 'Archangel']);
const summonable = z.enum(SUMMONABLE);
const characterCounts = z.partialRecord(characterNameSchema, count);

export const viewerSchema = z.union([
  z.strictObject({ player: playerId }),
  z.strictObject({ spectator: z.literal(true) }),
]);

/** A Cosmic Encounter Titan power's number (rules 004: 10 ENT … 66 WARRIOR). */
const powerId = z.number().int().min(10).max(66);

export const gameOptionsSchema = z.strictObject({
  variant: z.enum(VARIANTS),
  /** Cosmic Encounter Titan: N powers drawn for N players, or N+1 (absent: N). */
  powersDrawn: z.enum(['N', 'N+1']).optional(),
  handicapMulligans: z.record(playerId, count),
  timeLimits: z.strictObject({
    perTurnSeconds: z.number().int().positive().nullable(),
    gameSeconds: z.number().int().positive().nullable(),
  }),
});

export const gameResultSchema = z.strictObject({
  winner: playerId.nullable(),
  reason: z.enum(['lastTitan', 'noTitans', 'timeLimit', 'stopped']),
  totals: z.record(playerId, z.number().int()),
});

export const engagementOutcomeSchema = z.enum([
  'fled',
  'agreement',
  'concession',
  'battle',
  'timeLoss',
  'mutualElimination',
  'titanElimination',
]);

const strikeOption = z.strictObject({
  target: battleCharacterIdSchema,
  strikeNumber: die,
  dice: z.number().int().min(1),
  carryTo: z.array(battleCharacterIdSchema),
  discounted: z.number().int().min(1).optional(),
});

// ------------------------------------------------------------------------------------------ the steps

const actor = { actor: playerId };
/** Where the game stands in the errata's Complete Sequence of Play; `actor` is the one player who may act. */
export const stepSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('drawPowers'), ...actor }),
  z.strictObject({ kind: z.literal('bid'), ...actor }),
  z.strictObject({ kind: z.literal('choosePower'), ...actor, powers: z.array(powerId), rolls: z.array(die) }),
  z.strictObject({
    kind: z.literal('powerDecision'),
    ...actor,
    power: powerId,
    question: z.string(),
    scoring: z
      .strictObject({
        player: playerId,
        points: z.number().int(),
        reason: z.enum(['engagement', 'fled']),
        angels: z.number().int().optional(),
      })
      .optional(),
    scored: z
      .strictObject({
        player: playerId,
        points: z.number().int(),
        reason: z.enum(['engagement', 'fled']),
        angels: z.number().int().optional(),
      })
      .optional(),
    attack: z
      .strictObject({
        rangestrike: z.boolean(),
        striker: battleCharacterIdSchema,
        target: battleCharacterIdSchema,
        strikeNumber: die,
        dice: z.number().int().min(0),
        discounted: z.number().int().min(1).optional(),
        rolls: z.array(z.array(die)),
        resume: z.enum(['strike', 'counterstrike']),
      })
      .optional(),
    landing: z.enum(['strike', 'counterstrike']).optional(),
    /** CE 51 DEMOCRAT B1: the engagement concluded, the resolution going on after the decision. */
    concluded: z.literal(true).optional(),
  }),
  z.strictObject({ kind: z.literal('rollTower'), ...actor }),
  z.strictObject({ kind: z.literal('chooseColor'), ...actor }),
  z.strictObject({ kind: z.literal('split'), ...actor }),
  z.strictObject({ kind: z.literal('move'), ...actor }),
  z.strictObject({ kind: z.literal('chooseEngagement'), ...actor }),
  z.strictObject({ kind: z.literal('negotiate'), ...actor, opponent: playerId }),
  z.strictObject({ kind: z.literal('negotiateFinal'), ...actor, opponent: playerId }),
  z.strictObject({ kind: z.literal('preBattleConcession'), ...actor, side: battleSide }),
  z.strictObject({ kind: z.literal('maneuver'), ...actor, side: battleSide }),
  z.strictObject({
    kind: z.literal('concessionAttempted'),
    ...actor,
    side: battleSide,
    resume: z.enum(['maneuver', 'strike', 'counterstrike']),
  }),
  z.strictObject({ kind: z.literal('driftConcession'), ...actor, side: battleSide }),
  z.strictObject({ kind: z.literal('strike'), ...actor, side: battleSide }),
  z.strictObject({ kind: z.literal('counterstrike'), ...actor, side: battleSide }),
  z.strictObject({
    kind: z.literal('carryOver'),
    ...actor,
    side: battleSide,
    resume: z.enum(['strike', 'counterstrike']),
  }),
  z.strictObject({ kind: z.literal('battleEnding'), ...actor, side: battleSide }),
  z.strictObject({ kind: z.literal('postBattleAddition'), ...actor, side: battleSide }),
  z.strictObject({
    kind: z.literal('acquireAngel'),
    ...actor,
    legion: markerIdSchema,
    archangel: z.boolean(),
    later: z.array(z.boolean()),
  }),
  z.strictObject({ kind: z.literal('muster'), ...actor }),
  z.strictObject({ kind: z.literal('gameOver') }),
]);
export const STEP_KINDS = stepSchema.options.map((o) => o.shape.kind.value);
const stepKind = z.enum(STEP_KINDS);

// ------------------------------------------------------------------------------------------ the events

const battleCharacterEntry = z.strictObject({
  id: battleCharacterIdSchema,
  type: characterNameSchema,
  power: z.number().int().min(1),
});
const battleLegion = z.strictObject({ legion: markerIdSchema, characters: z.array(battleCharacterEntry) });

/** Every engine event (shared/engine/events.ts), by `type`. */
export const GAME_EVENT_SCHEMAS = [
  // setup (Complete Sequence 1.x)
  z.strictObject({
    type: z.literal('gameCreated'),
    players: z.array(z.strictObject({ id: playerId, name: z.string() })),
    options: gameOptionsSchema,
  }),
  // Cosmic Encounter Titan's bidding and powers (rules 004)
  z.strictObject({ type: z.literal('powersDrawn'), powers: z.array(powerId), rolls: z.array(die) }),
  z.strictObject({ type: z.literal('bidSubmitted'), player: playerId, bids: z.array(count) }),
  z.strictObject({ type: z.literal('bidsRevealed'), bids: z.record(playerId, z.array(count)) }),
  z.strictObject({
    type: z.literal('powerAssigned'),
    player: playerId,
    power: powerId,
    bid: count,
    score: z.number().int(),
    rolls: z.array(die),
  }),
  z.strictObject({
    type: z.literal('setUpDrawn'),
    towers: z.array(z.strictObject({ player: playerId, tower: landNumberSchema })),
    order: z.array(playerId),
    rolls: z.array(die),
  }),
  z.strictObject({
    type: z.literal('powerUsed'),
    player: playerId,
    power: powerId,
    act: z.string(),
    words: z.string(),
    audience: z.union([z.literal('all'), z.array(playerId)]),
    data: powerMemorySchema,
  }),
  z.strictObject({ type: z.literal('towerRolled'), player: playerId, roll: die }),
  z.strictObject({
    type: z.literal('towersAssigned'),
    assignments: z.array(z.strictObject({ player: playerId, tower: landNumberSchema })),
  }),
  z.strictObject({
    type: z.literal('colorChosen'),
    player: playerId,
    color: playerColor,
    markers: z.array(markerIdSchema),
  }),
  z.strictObject({
    type: z.literal('startingLegionPlaced'),
    player: playerId,
    legion: markerIdSchema,
    land: landNumberSchema,
    characters,
  }),
  // the turn (2.x)
  z.strictObject({ type: z.literal('stepBegan'), step: stepSchema }),
  z.strictObject({ type: z.literal('turnStarted'), player: playerId, number: z.number().int().min(1) }),
  z.strictObject({
    type: z.literal('legionSplit'),
    player: playerId,
    parent: markerIdSchema,
    land: landNumberSchema,
    children: z.array(z.strictObject({ marker: markerIdSchema, height: count })),
  }),
  z.strictObject({
    type: z.literal('splitContents'),
    player: playerId,
    parent: markerIdSchema,
    children: z.array(z.strictObject({ marker: markerIdSchema, characters })),
  }),
  z.strictObject({ type: z.literal('movementRolled'), player: playerId, roll: die, mulligan: z.boolean() }),
  z.strictObject({
    type: z.literal('legionMoved'),
    legion: markerIdSchema,
    from: landNumberSchema,
    to: landNumberSchema,
    via,
    entry: attackerSide.nullable(),
    revealed: characters,
  }),
  z.strictObject({ type: z.literal('moveUndone'), legion: markerIdSchema }),
  z.strictObject({
    type: z.literal('legionsRecombined'),
    into: markerIdSchema,
    from: z.array(markerIdSchema),
  }),
  z.strictObject({ type: z.literal('movementEnded'), player: playerId }),
  // engagements (2.5, 9.x)
  z.strictObject({
    type: z.literal('engagementChosen'),
    land: landNumberSchema,
    attacker: markerIdSchema,
    defender: markerIdSchema,
  }),
  z.strictObject({
    type: z.literal('legionInspected'),
    viewer: playerId,
    legion: markerIdSchema,
    characters,
  }),
  z.strictObject({ type: z.literal('defenderFled'), legion: markerIdSchema }),
  z.strictObject({
    type: z.literal('proposalsMade'),
    player: playerId,
    opponent: playerId,
    side: battleSide,
    proposals: z.array(proposalSchema),
  }),
  z.strictObject({
    type: z.literal('noMoreProposals'),
    player: playerId,
    opponent: playerId,
    side: battleSide,
  }),
  z.strictObject({
    type: z.literal('proposalAccepted'),
    player: playerId,
    side: battleSide,
    proposal: proposalSchema,
  }),
  z.strictObject({ type: z.literal('concessionAttempted'), player: playerId, side: battleSide }),
  z.strictObject({
    type: z.literal('engagementConceded'),
    player: playerId,
    side: battleSide,
    mutual: z.boolean(),
  }),
  z.strictObject({ type: z.literal('optionDeclined'), player: playerId, step: stepKind }),
  // battle (10–16)
  z.strictObject({
    type: z.literal('battleStarted'),
    land: landNumberSchema,
    terrain,
    attackerEntry: attackerSide,
    attacker: battleLegion,
    defender: battleLegion,
  }),
  z.strictObject({
    type: z.literal('maneuverBegan'),
    round: z.number().int().min(1).max(7),
    side: battleSide,
    lockedInContact: z.array(battleCharacterIdSchema),
    summon: z.boolean(),
    reinforcement: z.boolean(),
  }),
  z.strictObject({
    type: z.literal('characterMoved'),
    id: battleCharacterIdSchema,
    from: hexLabelSchema.nullable(),
    to: hexLabelSchema,
  }),
  z.strictObject({ type: z.literal('maneuverReset'), side: battleSide }),
  z.strictObject({
    type: z.literal('angelSummoned'),
    from: markerIdSchema,
    into: markerIdSchema,
    character: summonable,
    id: battleCharacterIdSchema.nullable(),
    arrives: z.number().int().min(2).optional(),
  }),
  z.strictObject({
    type: z.literal('reinforcementMustered'),
    legion: markerIdSchema,
    creature: characterNameSchema,
    reveal: characters,
    id: battleCharacterIdSchema.nullable(),
    arrives: z.number().int().min(2).optional(),
    /** CE 44 VALKYRIE B3: a dead enemy, from that side's losses. */
    lost: battleSide.optional(),
  }),
  z.strictObject({
    type: z.literal('maneuverEnded'),
    side: battleSide,
    leftOff: z.array(battleCharacterIdSchema),
    returned: z.array(battleCharacterIdSchema),
  }),
  z.strictObject({ type: z.literal('driftDamage'), ids: z.array(battleCharacterIdSchema) }),
  z.strictObject({ type: z.literal('strikePhaseBegan'), side: battleSide, counterstrike: z.boolean() }),
  z.strictObject({
    type: z.literal('strikeRolled'),
    striker: battleCharacterIdSchema,
    option: strikeOption,
    rolls: z.array(die),
    hits: count,
    carryOver: z.boolean(),
  }),
  z.strictObject({
    type: z.literal('rangestrikeRolled'),
    striker: battleCharacterIdSchema,
    target: battleCharacterIdSchema,
    strikeNumber: die,
    dice: z.number().int().min(1),
    rolls: z.array(die),
    hits: count,
    passing: z.boolean().optional(),
  }),
  z.strictObject({
    type: z.literal('carryOverAssigned'),
    allocation: z.array(z.strictObject({ target: battleCharacterIdSchema, damage: count })),
  }),
  z.strictObject({ type: z.literal('slainRemoved'), ids: z.array(battleCharacterIdSchema) }),
  z.strictObject({ type: z.literal('battleEnded'), winner: battleSide.nullable(), timeLoss: z.boolean() }),
  // after an engagement
  z.strictObject({
    type: z.literal('engagementResolved'),
    land: landNumberSchema,
    outcome: engagementOutcomeSchema,
    winner: markerIdSchema.nullable(),
    attackerLosses: characters,
    defenderLosses: characters,
  }),
  z.strictObject({ type: z.literal('engagementEnded'), land: landNumberSchema }),
  z.strictObject({
    type: z.literal('pointsScored'),
    player: playerId,
    points: z.number().int(),
    reason: z.enum(['engagement', 'fled', 'halfPoints']),
  }),
  z.strictObject({
    type: z.literal('angelAcquired'),
    player: playerId,
    legion: markerIdSchema,
    character: angel,
  }),
  z.strictObject({
    type: z.literal('characterJoined'),
    player: playerId,
    power: powerId,
    legion: markerIdSchema,
    character: characterNameSchema,
    id: battleCharacterIdSchema.optional(),
    /** CE 44 VALKYRIE B3: a dead enemy, from that side's losses. */
    lost: battleSide.optional(),
    /** CE 51 DEMOCRAT B2: the enemy's battle character taken. */
    taken: battleCharacterIdSchema.optional(),
  }),
  z.strictObject({
    type: z.literal('legionEliminated'),
    legion: markerIdSchema,
    owner: playerId,
    characters,
    reason: z.enum(['engagement', 'titanSlain', 'withdrawal', 'disbanded']),
  }),
  z.strictObject({ type: z.literal('playerEliminated'), player: playerId, by: playerId.nullable() }),
  // enlistment and the end of the turn
  z.strictObject({
    type: z.literal('legionMustered'),
    legion: markerIdSchema,
    creature: characterNameSchema,
    reveal: characters,
  }),
  z.strictObject({ type: z.literal('turnEnded'), player: playerId }),
  z.strictObject({ type: z.literal('playerWithdrew'), player: playerId }),
  z.strictObject({
    type: z.literal('playerForced'),
    player: playerId,
    forced: z.strictObject({ by: z.enum(['time', 'absence', 'director']) }),
    play: z.enum(['refuse', 'phaseLimit', 'bot']),
    actions: z.array(z.enum(INTENT_TYPES)),
    rolls: z.array(z.number().int().min(1).max(6)),
    rule: z.string().nullable(),
  }),
  z.strictObject({ type: z.literal('timeCalled'), remainingTurns: z.array(playerId) }),
  z.strictObject({
    type: z.literal('gameOver'),
    result: gameResultSchema,
    revealed: z.array(z.strictObject({ legion: markerIdSchema, characters })),
  }),
] as const;

const gameEvent = z.discriminatedUnion('type', GAME_EVENT_SCHEMAS);
/** An engine event as the log holds it. */
export const gameEventSchema: z.ZodType<GameEvent> = gameEvent;

/** What a recipient who may not see an event receives in its place (style 16). */
export const hiddenEventSchema = z.strictObject({ type: z.literal('hidden') });
export type HiddenEvent = z.infer<typeof hiddenEventSchema>;

/** An event as delivered (`event.event`): the engine event, or `{ type: 'hidden' }` for a recipient the
 *  rules keep it from (view.ts `visibleTo`). */
export const deliveredEventSchema: z.ZodType<GameEvent | HiddenEvent> = z
  .discriminatedUnion('type', [...GAME_EVENT_SCHEMAS, hiddenEventSchema])
  .meta({ id: 'DeliveredEvent' });

// ------------------------------------------------------------------------------------------ the state

const turnSchema = z.strictObject({
  number: z.number().int().min(1),
  player: playerId,
  movementRoll: die.nullable(),
  mulliganUsed: z.boolean(),
  legionMoved: z.boolean(),
  splits: z.array(z.strictObject({ parent: markerIdSchema, children: z.array(markerIdSchema) })),
  moves: z.array(
    z.strictObject({
      legion: markerIdSchema,
      from: landNumberSchema,
      to: landNumberSchema,
      via,
      entry: attackerSide.nullable(),
      revealed: characters,
    }),
  ),
  engagements: z.array(
    z.strictObject({
      land: landNumberSchema,
      attacker: markerIdSchema,
      defender: markerIdSchema,
      entry: attackerSide,
    }),
  ),
  engagementsStarted: z.boolean(),
  summoned: z.boolean(),
  mustered: z.array(markerIdSchema),
});

const negotiationSchema = z.strictObject({
  attackerProposals: z.array(proposalSchema),
  defenderProposals: z.array(proposalSchema),
  noMoreProposals: battleSide.nullable(),
});

const engagementResultSchema = z.strictObject({
  outcome: engagementOutcomeSchema,
  winner: battleSide.nullable(),
});

const optionState = z.enum(['notYet', 'available', 'taken', 'lost']);
const battleSchema = z.strictObject({
  powers: z
    .strictObject({
      attacker: powerId.nullable(),
      defender: powerId.nullable(),
      seats: z.number().int().min(2).optional(),
    })
    .nullable(),
  land: landNumberSchema,
  terrain,
  attackerEntry: attackerSide,
  round: z.number().int().min(1).max(7),
  phasing: battleSide,
  characters: z.array(
    z.strictObject({
      id: battleCharacterIdSchema,
      side: battleSide,
      type: characterNameSchema,
      power: z.number().int().min(1),
      hex: hexLabelSchema.nullable(),
      hits: count,
      legion: markerIdSchema,
      /** CE 44 VALKYRIE B3: a dead enemy recruited on the defender's fourth turn fights at -1 skill. */
      skillModifier: z.number().int().optional(),
    }),
  ),
  maneuverStart: z.array(z.strictObject({ id: battleCharacterIdSchema, hex: hexLabelSchema.nullable() })),
  lockedInContact: z.array(battleCharacterIdSchema),
  movedThisPhase: z.array(battleCharacterIdSchema),
  struck: z.array(battleCharacterIdSchema),
  pendingCarryOver: z
    .strictObject({
      striker: battleCharacterIdSchema,
      option: strikeOption,
      rolls: z.array(die),
      passed: z.array(z.strictObject({ target: battleCharacterIdSchema, hits: count })).optional(),
    })
    .nullable(),
  defenderCharacterSlain: z.boolean(),
  summon: optionState,
  reinforcement: optionState,
  mustEnter: z.array(
    z.strictObject({
      id: battleCharacterIdSchema,
      from: markerIdSchema.nullable(),
      /** CE 44 VALKYRIE B3: a reinforcement from that side's losses (with power: 54 GHOUL M2, enslaved). */
      lost: battleSide.optional(),
      power: powerId.optional(),
    }),
  ),
  lateArrivals: z.array(
    z.strictObject({
      id: battleCharacterIdSchema,
      side: battleSide,
      type: characterNameSchema,
      legion: markerIdSchema,
      from: markerIdSchema.nullable(),
      round: z.number().int().min(2),
    }),
  ),
  broughtIn: z
    .array(z.strictObject({ id: battleCharacterIdSchema, side: battleSide, type: characterNameSchema }))
    .optional(),
  struckAt: z.array(battleCharacterIdSchema),
  trees: z.array(hexLabelSchema),
  nonNative: z.boolean(),
  /** Each side's characters slain and removed so far (12.6); absent: none yet. */
  slain: z.strictObject({ attacker: count, defender: count }).optional(),
  fallen: z
    .array(
      z.strictObject({
        type: characterNameSchema,
        power: z.number().int().min(1),
        side: battleSide,
        hex: hexLabelSchema,
      }),
    )
    .optional(),
});

const engagementCore = {
  land: landNumberSchema,
  attacker: markerIdSchema,
  defender: markerIdSchema,
  attackerOwner: playerId,
  defenderOwner: playerId,
  entry: attackerSide,
  attackerMaySummon: z.boolean(),
  defenderMayReinforce: z.boolean(),
  attackerLosses: characters,
  defenderLosses: characters,
  /** CE 44 VALKYRIE B3: characters taken back out of each side's losses (still lost for the points). */
  raised: z.strictObject({ attacker: characters, defender: characters }).optional(),
  result: engagementResultSchema.nullable(),
  /** Once resolved: a battle was set up; the points scored in it so far (CE 51 DEMOCRAT B1's tax). */
  fought: z.boolean().optional(),
  points: z.number().int().optional(),
};

const ceCore = {
  drawn: z.array(powerId),
  revealed: z.boolean(),
  powers: z.record(playerId, powerId),
  startScores: z.record(playerId, z.number().int()),
  memory: z.record(playerId, powerMemorySchema),
  /** 13 ZOMBIE B3: the Power-factor of each Titan raised. */
  raised: z.partialRecord(characterNameSchema, z.number().int()).optional(),
  recycled: z.array(characterNameSchema).optional(),
  /** Each player's bids, one per power drawn: before they are revealed, a player's own only. */
  bids: z.record(playerId, z.array(count)),
};

const masterplayCore = {
  options: gameOptionsSchema,
  turnOrder: z.array(playerId),
  towerRolls: z.record(playerId, die),
  step: stepSchema,
  caretaker: characterCounts,
  deadPile: characterCounts,
  turn: turnSchema.nullable(),
  timeCalled: z.strictObject({ remainingTurns: z.array(playerId) }).nullable(),
  result: gameResultSchema.nullable(),
  battle: battleSchema.nullable(),
};

const gameState = z.strictObject({
  ...masterplayCore,
  ce: z.strictObject(ceCore).nullable(),
  players: z.array(
    z.strictObject({
      id: playerId,
      name: z.string(),
      tower: landNumberSchema.nullable(),
      color: playerColor.nullable(),
      score: z.number().int(),
      markersAvailable: z.array(markerIdSchema),
      mulligansLeft: count,
      turnsTaken: count,
      eliminated: z.boolean(),
    }),
  ),
  legions: z.record(
    markerIdSchema,
    z.strictObject({
      id: markerIdSchema,
      owner: playerId,
      land: landNumberSchema,
      characters,
      known: characters,
    }),
  ),
  engagement: z.strictObject({ ...engagementCore, negotiation: negotiationSchema }).nullable(),
});

const pendingSchema = z.strictObject({
  actor: playerId.nullable(),
  step: stepKind,
  intents: z.array(z.enum(INTENT_TYPES)),
});

/** The engine's `view(state, viewer)`: what this recipient may see of the game (view.ts). */
const gameView = z
  .strictObject({
    ...masterplayCore,
    viewer: viewerSchema,
    /** Cosmic Encounter Titan (null in other games): the powers; the bids sealed until all are in. */
    ce: z.strictObject({ ...ceCore, bidders: z.array(playerId) }).nullable(),
    players: z.array(
      z.strictObject({
        id: playerId,
        name: z.string(),
        color: playerColor.nullable(),
        tower: landNumberSchema.nullable(),
        score: z.number().int(),
        titanPower: z.number().int(),
        markersAvailable: z.array(markerIdSchema),
        markersAvailableCount: count,
        mulligansLeft: count,
        turnsTaken: count,
        eliminated: z.boolean(),
      }),
    ),
    /** The intent kinds go to the actor alone. */
    pending: pendingSchema,
    legions: z.array(
      z.strictObject({
        marker: markerIdSchema,
        owner: playerId,
        land: landNumberSchema,
        height: count,
        /** Only for the legion's owner (4.5); null for everybody else. */
        characters: characters.nullable(),
        known: characters,
      }),
    ),
    engagement: z
      .strictObject({
        ...engagementCore,
        /** Errata 9.3: only the engagement's two players see the proposals. */
        negotiation: negotiationSchema.nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'GameView' });
export const gameViewSchema: z.ZodType<GameView> = gameView;
/** The whole truth, hidden parts included: what a snapshot in the database holds (never sent). */
export const gameStateSchema: z.ZodType<GameState> = gameState;

// ------------------------------------------------------------------------------------------ the checks

/** The engine's readonly types, with `readonly` dropped (zod infers mutable arrays and objects). */
type Mutable<T> = T extends readonly (infer U)[]
  ? Mutable<U>[]
  : T extends object
    ? { -readonly [K in keyof T]: Mutable<T[K]> }
    : T;
/** True when each type is assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// A compile error on one of these lines: a schema above no longer matches the engine's type.
true satisfies Same<z.infer<typeof gameEvent>, Mutable<GameEvent>>;
true satisfies Same<z.infer<typeof stepSchema>, Mutable<Step>>;
true satisfies Same<z.infer<typeof viewerSchema>, Mutable<Viewer>>;
true satisfies Same<z.infer<typeof pendingSchema>, Mutable<Pending>>;
true satisfies Same<z.infer<typeof gameState>, Mutable<GameState>>;
true satisfies Same<z.infer<typeof gameView>, Mutable<GameView>>;

// ------------------------------------------------------------------------------------------ the words

/** What each event means, for the readers of /protocol.json (each delivered event's `description`). */
export const EVENT_DESCRIPTIONS: Readonly<Record<GameEvent['type'] | 'hidden', string>> = {
  hidden:
    "An event this recipient may not see (another player's split, an inspection, the start of a negotiation he is not part of): only its seq.",
  gameCreated: 'The seated players in seat order and the options (Complete Sequence 1).',
  powersDrawn:
    'Cosmic Encounter Titan: the powers drawn at random for the bidding, and the dice that drew them.',
  bidSubmitted: "Cosmic Encounter Titan: a player's sealed bids, one per power drawn: to the bidder alone.",
  bidsRevealed: 'Cosmic Encounter Titan: every bid, revealed at once when the last is in.',
  powerAssigned:
    "Cosmic Encounter Titan: a power assigned for `bid`; `score` the player's starting score; `rolls` the dice of a tie.",
  setUpDrawn:
    'Cosmic Encounter Titan: the towers (as far apart as possible) and the order of play, drawn at random.',
  powerUsed: "Cosmic Encounter Titan: a power's act, in `words`; seen by `audience` only.",
  towerRolled: 'A tower roll (1.3.1.1).',
  towersAssigned: 'Towers assigned after a set of rolls (1.3.1.2, 5.1); ties roll again.',
  colorChosen: 'A colour chosen and its legion markers (1.4.1, 1.5).',
  startingLegionPlaced: 'The starting legion of eight in its tower, contents public (1.5, errata 4.1/5.2).',
  stepBegan: 'Who must act now, and at which step of the sequence of play (`step.kind`, `step.actor`).',
  turnStarted: "A player turn begins (`number` counts all players' turns).",
  legionSplit: 'A split, as everybody sees it: the new markers and their heights (2.1, 4.3).',
  splitContents: 'Which characters went where in a split: to its owner only (4.3).',
  movementRolled: 'The movement roll (2.2); `mulligan`: a re-roll (7.6).',
  legionMoved:
    'A legion moved; `revealed`: the Lord shown for a Tower Teleport or the Titan for a Titan Teleport (7, 8.1, 8.2); `entry`: the side it attacks from.',
  moveUndone: 'A move taken back, with every later move (errata 7.0).',
  legionsRecombined: 'Split-offs left stacked recombine under `into` (2.4, errata 4.7).',
  movementEnded: 'The movement phase is over.',
  engagementChosen: 'The engagement to resolve next (2.5).',
  legionInspected:
    'The contents of the other legion of an engagement: to the inspecting player only (2.5.1, 2.5.2).',
  defenderFled: 'The defending legion fled (9.2).',
  proposalsMade: 'A set of proposals: to the two negotiating players only (9.3).',
  noMoreProposals: 'A player makes no more proposals: to the two negotiating players only (2.5.5).',
  proposalAccepted: 'An agreement; its losses are public (9.3, errata 9.5).',
  concessionAttempted: 'An attempt to concede: the opponent may accept it or concede instead (errata 9.4).',
  engagementConceded:
    "The engagement is conceded by `side`; `mutual`: after the opponent's Titan or whole army was slain (errata 9.4/9.5).",
  optionDeclined:
    'A player declined the option of his step (a concession point, a summon, a reinforcement, an angel).',
  battleStarted:
    'The battle is set up: both legions become public, each character with its battle id (2.5.6.1).',
  maneuverBegan:
    'A maneuver phase (round 1..7, 10.5); `summon`/`reinforcement`: that option opens now (15.3, 14.0).',
  characterMoved: 'A character moved on the battleland (`from` null: it entered).',
  maneuverReset: 'The maneuver phase was reset (errata 11.0).',
  angelSummoned:
    'An Angel or Archangel summoned from another legion (15.x); `arrives`: the battle round it arrives in (CE 39 B3).',
  reinforcementMustered:
    'A reinforcement mustered by the defender, with the characters revealed (14.x, 18.0); `arrives`: as for an Angel.',
  maneuverEnded: 'End of a maneuver phase: `leftOff` slain (10.1), `returned` went back (errata 14.1, 15.1).',
  driftDamage: 'One hit to each non-native character in drift (Hazards chart).',
  strikePhaseBegan: 'A strike phase (or the counterstrikes) begins.',
  strikeRolled:
    'A strike: the option chosen, the dice, the hits; `carryOver`: an allocation follows (12.x, errata 12.4).',
  rangestrikeRolled: 'A rangestrike: the dice and the hits (13.x).',
  carryOverAssigned: 'Carried-over damage, by character, in order (errata 12.4).',
  slainRemoved: 'Slain characters leave the battleland at the end of the strike phase (12.6).',
  battleEnded: 'The battle ended; `winner` null: mutual elimination; `timeLoss`: after round 7 (16.0, 10.5).',
  engagementResolved: "The engagement's result and each legion's losses, public (errata 9.5).",
  engagementEnded:
    'The engagement is over; slain Angels, Guardians and Warlocks go back to the caretaker (2.5.6.10).',
  pointsScored:
    "Points scored (engagement, half points for a flight, or for an eliminated player's legions).",
  angelAcquired: 'An Angel or Archangel from the caretaker joins the winning legion (17.x).',
  characterJoined:
    "Cosmic Encounter Titan: a character joins one of the player's legions by his power, from the caretaker (the dead pile when it has none), or with `lost` from that side's losses in the engagement (44 VALKYRIE B3; with an id, 54 GHOUL M2: a slain enemy enslaved in the battle).",
  legionEliminated:
    'A legion removed from the board; `characters` as far as the rules make them public (19.4).',
  playerEliminated: 'A player is out; `by` takes his markers (null: nobody) (19.3, 19.4, 20.4).',
  legionMustered: 'A recruit mustered, with the characters revealed to qualify (18.x).',
  turnEnded: 'The player turn is over (2.7).',
  playerWithdrew: 'A player withdrew from the game (20.4).',
  playerForced:
    'The server acts for `player` (time ran out, he is absent, or the director ruled); the events of `actions` follow (errata 20.4, 21.0, Law 21.2).',
  timeCalled: 'Time is called: these players still get one more full turn, in order (21.1).',
  gameOver: "The game is over: the result, and the winner's legions revealed (3, 19.0, 20.5, 21.1).",
};

for (const schema of [...GAME_EVENT_SCHEMAS, hiddenEventSchema]) {
  z.globalRegistry.add(schema, { description: EVENT_DESCRIPTIONS[schema.shape.type.value] });
}
