// The frame's hook points (power.ts): each asks the powers concerned, in DESCENDING power number so that the lower
// number has the last word (CE general notes: "in case of rules conflict not taken care of, lower number gets
// precedence"), and folds their answers over the standard rule's. Outside the variant they return the standard.
import type { CharacterName, NativeHazard } from '../../data/types';
import { isNative } from '../battle/hazards';
import type { BattleCharacter, BattlePosition, BattleSide } from '../battle/position';
import type { Intent } from '../intents';
import type { LegionMove } from '../movement';
import type { GameState, Legion, PlayerId } from '../types';
import type { Power, StrikeContext, StrikeFactorsParts } from './power';
import { powerById } from './registry';

/** The player's power, or null (not the variant, or none assigned yet). */
export function powerOf(state: GameState, player: PlayerId): Power | null {
  const id = state.ce?.powers[player];
  return id === undefined ? null : powerById(id);
}

/** Lower number last: it has the last word. */
function byPrecedence(powers: readonly (Power | null)[]): Power[] {
  return powers.filter((p): p is Power => p !== null).sort((a, b) => b.id - a.id);
}

/** The power of a battle side, or null. */
export function sidePower(pos: BattlePosition, side: BattleSide): Power | null {
  const id = pos.powers?.[side] ?? null;
  return id === null ? null : powerById(id);
}

/** Is this a game of the variant (the general notes apply)? */
export function isCeBattle(pos: BattlePosition): boolean {
  return pos.powers !== undefined && pos.powers !== null;
}

// ---------------------------------------------------------------- set-up and the Titan

/** CE S hooks: the starting score after the bid. */
export function startingScore(power: Power | null, score: number): number {
  return power?.startingScore?.(score) ?? score;
}

/** CE S hooks: the starting legions. */
export function startingLegions(power: Power | null, standard: readonly CharacterName[]): CharacterName[][] {
  return power?.startingLegions?.(standard) ?? [[...standard]];
}

// ---------------------------------------------------------------- the masterboard

/** CE M hooks: a legion's legal moves, after the frame's own rule (no Tower-to-Tower Titan teleport on turn 1). */
export function powerMoves(
  state: GameState,
  legion: Legion,
  roll: number,
  moves: LegionMove[],
): LegionMove[] {
  const power = powerOf(state, legion.owner);
  const hook = power?.moves;
  return hook === undefined ? moves : hook({ state, legion, roll }, moves);
}

// ---------------------------------------------------------------- the battle

/** CE B hooks: a strike's (or rangestrike's) factors: the striker's power, then the target's. */
export function adjustStrike(ctx: StrikeContext, parts: StrikeFactorsParts): StrikeFactorsParts {
  if (!isCeBattle(ctx.pos)) return parts;
  const striking = sidePower(ctx.pos, ctx.striker.side);
  const struck = sidePower(ctx.pos, ctx.target.side);
  let result = parts;
  for (const p of byPrecedence([striking, struck])) {
    if (p === striking && p.strikeOut !== undefined) result = p.strikeOut(ctx, result);
    if (p === struck && p.struckBy !== undefined) result = p.struckBy(ctx, result);
  }
  return result;
}

/** CE B hooks: a character's movement points (11.2: its Skill-factor). */
export function moveAllowance(pos: BattlePosition, c: BattleCharacter, points: number): number {
  const hook = sidePower(pos, c.side)?.moveAllowance;
  return hook === undefined ? points : hook(pos, c, points);
}

/** CE general notes: "Speed 1 characters, if any, are NEVER slowed during transit." */
export function neverSlowed(pos: BattlePosition, points: number): boolean {
  return isCeBattle(pos) && points <= 1;
}

/** CE B hooks: is a side's character native to a hazard (11.7)? */
export function nativeTo(
  pos: BattlePosition,
  side: BattleSide,
  type: CharacterName,
  hazard: NativeHazard,
): boolean {
  const standard = isNative(type, hazard);
  const hook = sidePower(pos, side)?.native;
  return hook === undefined ? standard : hook(type, hazard, standard);
}

/** CE general notes: "Rangestriking for skill 2 has a 3 range unless otherwise specified"; then the B hooks. */
export function rangestrikeRange(pos: BattlePosition, c: BattleCharacter, skill: number): number {
  if (!isCeBattle(pos)) return skill;
  const range = skill === 2 ? 3 : skill;
  const hook = sidePower(pos, c.side)?.rangestrikeRange;
  return hook === undefined ? range : hook(pos, c, range);
}

// ---------------------------------------------------------------- decisions

/** The `usePower` intents open to the player now (steps.ts adds them to the step's choices). */
export function powerChoices(state: GameState, player: PlayerId): Intent[] {
  return powerOf(state, player)?.choices?.(state, player) ?? [];
}
