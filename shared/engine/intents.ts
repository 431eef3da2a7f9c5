// Intents: what a player (or the tournament director) asks to do. Validated with zod at every boundary.
import { z } from 'zod';
import { ATTACKER_SIDES, CHARACTER_NAMES, HEX_LABELS, PLAYER_COLORS, SUMMONABLE } from '../data/types';

const characterName = z.enum(CHARACTER_NAMES);
const hexLabel = z.enum(HEX_LABELS);
const markerId = z.string().regex(/^[A-Za-z]{2}\d{2}$/, 'a legion marker id such as "Bk03"');
const landNumber = z.number().int().positive();
const battleId = z.string().min(1).max(40);

/** The atoms, for the protocol's schemas of events and views (shared/protocol/game.ts). */
export {
  battleId as battleCharacterIdSchema,
  characterName as characterNameSchema,
  hexLabel as hexLabelSchema,
  landNumber as landNumberSchema,
  markerId as markerIdSchema,
};

/** The most proposals one set may hold. */
export const MAX_PROPOSALS = 20;

/** One proposed settlement of an engagement (9.3): exactly which characters each legion loses. */
export const proposalSchema = z.object({
  attackerLosses: z.array(characterName).max(8),
  defenderLosses: z.array(characterName).max(8),
});
export type Proposal = z.infer<typeof proposalSchema>;

/** CE bidding rules: a bid is a non-negative whole number of points; one of 600 or more would leave its winner's
 *  Titan at strength 0 or less before the first turn (docs/ce-titan.md). */
export const MAX_BID = 599;

/** The longest list a power's data holds: CE 53 GYPSY B1 rolls all his legion's attack dice at once (up to 7
 *  characters, each striking with as many dice as its power, a Titan's growing with his score), kept in its
 *  powerUsed event and his memory; at 12 a legion of a Gargoyle and a Cyclops (13 dice) made an event the
 *  published schema refused, and a log the server could not read back. */
const POWER_LIST_MAX = 256;
const powerValue = z.union([
  z.number().int(),
  z.string().max(60),
  z.boolean(),
  z.array(z.union([z.number().int(), z.string().max(60)])).max(POWER_LIST_MAX),
]);
/** A power's data (shared/engine/ce/power.ts PowerMemory). */
export const powerMemorySchema = z.record(z.string().min(1).max(30), powerValue);
export { powerValue as powerValueSchema };

export const intentSchema = z.discriminatedUnion('type', [
  // --- Cosmic Encounter Titan (rules 004): the bidding, and a power's decisions
  z.object({ type: z.literal('drawPowers') }),
  z.object({ type: z.literal('bid'), bids: z.array(z.number().int().min(0).max(MAX_BID)).min(1).max(7) }),
  z.object({ type: z.literal('choosePower'), power: z.number().int().min(10).max(66) }),
  /** A power's act (`act` names it within the player's power; `args` its details). */
  z.object({
    type: z.literal('usePower'),
    act: z.string().min(1).max(40),
    args: powerMemorySchema.optional(),
  }),
  // --- Setup (Complete Sequence 1.3, 1.4; 5.0, 5.1)
  z.object({ type: z.literal('rollTower') }),
  z.object({ type: z.literal('chooseColor'), color: z.enum(PLAYER_COLORS) }),
  // --- Commencement (2.1): split a legion; `groups` are the new legions' contents (one or two groups, 4.3)
  z.object({
    type: z.literal('split'),
    legion: markerId,
    groups: z
      .array(z.object({ marker: markerId, characters: z.array(characterName).min(2).max(6) }))
      .min(1)
      .max(2),
  }),
  // --- Movement (2.2, 2.3)
  z.object({ type: z.literal('rollMovement') }),
  z.object({ type: z.literal('takeMulligan') }),
  /** `reveal`: for a Tower Teleport, which of the legion's Lords to show (8.1; default: the least telling one). */
  z.object({
    type: z.literal('moveLegion'),
    legion: markerId,
    land: landNumber,
    via: z.enum(['normal', 'towerTeleport', 'titanTeleport']),
    entry: z.enum(ATTACKER_SIDES).nullable().optional(),
    reveal: characterName.optional(),
  }),
  z.object({ type: z.literal('undoMove'), legion: markerId }),
  z.object({ type: z.literal('doneMoving') }),
  // --- Engagements (2.5, 9.x)
  z.object({ type: z.literal('chooseEngagement'), land: landNumber }),
  z.object({ type: z.literal('flee') }),
  z.object({ type: z.literal('propose'), proposals: z.array(proposalSchema).min(1).max(MAX_PROPOSALS) }),
  z.object({ type: z.literal('acceptProposal'), proposal: proposalSchema }),
  z.object({ type: z.literal('noMoreProposals') }),
  z.object({ type: z.literal('fight') }),
  /** Concede the engagement, or attempt to concede where the sequence makes it an attempt (errata 9.4). */
  z.object({ type: z.literal('concede') }),
  /** Accept the opponent's attempted concession (errata 9.4, 10.0). */
  z.object({ type: z.literal('acceptConcession') }),
  /** Decline the option this step offers (e.g. an optional concession point, a summon or a reinforcement). */
  z.object({ type: z.literal('pass') }),
  // --- Battle (10–16)
  z.object({ type: z.literal('moveCharacter'), character: battleId, hex: hexLabel }),
  z.object({ type: z.literal('resetManeuver') }),
  z.object({ type: z.literal('doneManeuvering') }),
  z.object({
    type: z.literal('strike'),
    striker: battleId,
    target: battleId,
    strikeNumber: z.number().int().min(1).max(6),
    dice: z.number().int().min(1).max(40),
  }),
  z.object({
    type: z.literal('rangestrike'),
    striker: battleId,
    target: battleId,
    strikeNumber: z.number().int().min(1).max(6),
    dice: z.number().int().min(1).max(40),
  }),
  /** Allocate carried-over damage after the roll (errata 12.4): carry targets in order; [] carries nowhere. */
  z.object({ type: z.literal('assignCarryOver'), targets: z.array(battleId).max(7) }),
  z.object({ type: z.literal('doneStriking') }),
  /** 15.x: summon an Angel or Archangel from another legion into the battle (or after winning). */
  z.object({ type: z.literal('summon'), from: markerId, character: z.enum(SUMMONABLE) }),
  /** 14.x: the defender musters a reinforcement (turn 4, or after winning), revealing `reveal` (18.4). */
  z.object({ type: z.literal('reinforce'), creature: characterName, reveal: z.array(characterName).max(7) }),
  // --- After an engagement (17.x)
  z.object({ type: z.literal('acquireAngel'), character: z.enum(['Angel', 'Archangel']) }),
  // --- Enlistment (2.6, 18.x)
  z.object({
    type: z.literal('muster'),
    legion: markerId,
    creature: characterName,
    reveal: z.array(characterName).max(7),
  }),
  z.object({ type: z.literal('endTurn') }),
  // --- Leaving the game (20.4)
  z.object({ type: z.literal('withdraw') }),
  // --- The tournament director (21.1, 20.5): time is called, or the game is stopped now
  z.object({ type: z.literal('callTime') }),
  z.object({ type: z.literal('stopGame') }),
]);

export type Intent = z.infer<typeof intentSchema>;
export type IntentType = Intent['type'];
export type IntentOf<T extends IntentType> = Extract<Intent, { type: T }>;
export const INTENT_TYPES = intentSchema.options.map((o) => o.shape.type.value) as readonly IntentType[];
