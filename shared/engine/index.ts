// The rules engine's public contract (../shared/specs/engine.md). Everything the server, the bots, the
// tests and the browser need comes from here.
export { decide } from './decide';
export { defaultIntent } from './defaultIntent';
export type { Decision, EventOf, GameEvent, GameEventType } from './events';
export { evolve, replay } from './evolve';
export {
  type Intent,
  type IntentOf,
  type IntentType,
  intentSchema,
  type Proposal,
  proposalSchema,
} from './intents';
export { legalIntents } from './legal';
export { landDistances } from './movement';
export { canMuster, recruitOptions } from './muster';
export { type Pending, pending } from './pending';
export { seededDice, seededRandom } from './random';
export { createGame } from './setup';
export * from './types';
export { type GameView, view, visibleTo } from './view';
