// The rules engine's public contract (../shared/specs/engine.md). Everything the server, the bots, the
// tests and the browser need comes from here. The browser imports nothing else of the engine (Biome's
// noRestrictedImports): what is legal comes from the server's `legal`, and why an intent it builds is not
// comes from the checks below, the same ones `decide` applies, over what that player knows.
export type { StrikeOption } from './battle/position';
export { strikeOptions } from './battle/strike';
export { maxBidFor } from './ce/bidding';
export { CATALOGUE } from './ce/catalogue';
export { entry as powerEntry } from './ce/catalogueEntry';
export type { ActNames, PowerEntry, PowerId } from './ce/power';
export { powerActWords } from './ce/registry';
export { mergeKnown } from './contents';
export { decide } from './decide';
export { defaultIntent } from './defaultIntent';
export { outsideNegotiation } from './engagementView';
export type { Decision, EventOf, GameEvent, GameEventType } from './events';
export { evolve, replay } from './evolve';
export { decideForced, type ForcedBy, type ForcedPlay, type TimedPhase, timedPhase } from './forced';
export {
  type Intent,
  type IntentOf,
  type IntentType,
  intentSchema,
  type Proposal,
  proposalSchema,
} from './intents';
export { type LegionKnowledge, legionKnowledge } from './knowledge';
export { type DescribedChoice, describedChoices, legalIntents } from './legal';
export { raisedPowers } from './lookups';
export {
  type LegionMove,
  landDistances,
  legalMoves,
  type MoveContext,
  TITAN_TELEPORT_SCORE,
  towerTeleportLord,
} from './movement';
export { canMuster, recruitOptions, recruitsByTerrain } from './muster';
export { type NegotiationKnowledge, normalizeProposal, proposalsProblem, sameProposal } from './negotiation';
export { type Pending, pending } from './pending';
export { seededDice, seededRandom } from './random';
export { withArticle } from './rejections';
export {
  EMPTY_NUMBERING,
  type LogNumbering,
  logSeqOf,
  numberedFor,
  numberLog,
  type SecretStep,
  seqSeenBy,
} from './seqs';
export { createGame } from './setup';
export { isFirstTurn, type SplitKnowledge, splitProblem } from './split';
export { unusedCharacters } from './startingState';
export * from './types';
export { type GameView, type LegionView, numberedBy, type PlayerView, view, visibleTo } from './view';
