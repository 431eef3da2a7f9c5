// The frame's hook points (power.ts): each asks the powers concerned, in DESCENDING power number so that the lower
// number has the last word (CE general notes: "in case of rules conflict not taken care of, lower number gets
// precedence"), and folds their answers over the standard rule's. Outside the variant they return the standard.

import { CHARACTERS } from '../../data/characters';
import type { CharacterName, HexLabel, NativeHazard, Terrain } from '../../data/types';
import { flies, isNative } from '../battle/hazards';
import type { BattleCharacter, BattlePosition, BattleSide, Passage } from '../battle/position';
import { opponent } from '../battle/position';
import { legionOfSide, ownerOfSide } from '../engagementState';
import type { Decision, GameEvent } from '../events';
import type { Intent } from '../intents';
import type { LegionMove, MoveContext } from '../movement';
import type { RecruitOption } from '../muster';
import { MAX_LEGION_HEIGHT } from '../muster';
import type { Dice, EngagementScore, GameState, Legion, PlayerId, PowerId, PowerMemory } from '../types';
import type { AttackRoll, Landing, Power, StrikeContext, StrikeFactorsParts } from './power';
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

/** CE M hooks: a legion's legal moves, after the frame's own rule (no Tower-to-Tower Titan teleport on turn 1): its
 *  owner's power's, then (`enemies`) the other players' powers'. */
export function powerMoves(
  state: GameState,
  legion: Legion,
  context: MoveContext,
  moves: LegionMove[],
  enemies = true,
): LegionMove[] {
  const power = powerOf(state, legion.owner);
  const hook = power?.moves;
  const ctx = { state, legion, roll: context.roll, context };
  const own = hook === undefined ? moves : hook(ctx, moves);
  if (!enemies) return own;
  // The other players' powers, lower number last.
  const others = byPrecedence(
    state.players.filter((p) => p.id !== legion.owner).map((p) => powerOf(state, p.id)),
  );
  return others.reduce((result, p) => p.enemyMoves?.(ctx, result) ?? result, own);
}

/** CE M hooks: the numbers the player's legions may move with this turn (6.2: the one movement roll). */
export function movementNumbers(state: GameState, player: PlayerId, roll: number): number[] {
  return powerOf(state, player)?.movementNumbers?.(state, player, roll) ?? [roll];
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

/** CE B hooks: a character's movement points (11.2: its Skill-factor): its own power's, then its enemy's. */
export function moveAllowance(pos: BattlePosition, c: BattleCharacter, points: number): number {
  if (!isCeBattle(pos)) return points;
  const own = sidePower(pos, c.side);
  const enemy = sidePower(pos, opponent(c.side));
  let result = points;
  for (const p of byPrecedence([own, enemy])) {
    if (p === own && p.moveAllowance !== undefined) result = p.moveAllowance(pos, c, result);
    if (p === enemy && p.enemyMoveAllowance !== undefined) result = p.enemyMoveAllowance(pos, c, result);
  }
  return result;
}

/** CE B hooks: may `striker` strike `target` (12.0)? The target's power may forbid it. */
export function mayStrike(pos: BattlePosition, striker: BattleCharacter, target: BattleCharacter): boolean {
  const hook = sidePower(pos, target.side)?.enemyMayStrike;
  return hook === undefined || hook(pos, striker, target);
}

/** CE B hooks: entering (a flyer: landing on) a hex in a maneuver, after the mover's power. */
export function passage(
  pos: BattlePosition,
  c: BattleCharacter,
  from: HexLabel | null,
  to: HexLabel,
  standard: Passage,
  flying: boolean,
): Passage {
  const own = sidePower(pos, c.side)?.passage;
  const mine = own === undefined ? standard : own(pos, c, from, to, standard, flying);
  const enemy = sidePower(pos, opponent(c.side))?.enemyPassage;
  return enemy === undefined ? mine : enemy(pos, c, from, to, mine, flying);
}

/** CE B hooks: may a character fly (11.4: the chart's flyers), as its enemy's power allows? */
export function mayFly(pos: BattlePosition, c: BattleCharacter): boolean {
  return enemyAllows(pos, c, 'fly', flies(c.type));
}

/** CE B hooks: may a character rangestrike (13.0: the chart's rangestrikers), as its enemy's power allows? */
export function mayRangestrike(pos: BattlePosition, c: BattleCharacter): boolean {
  return enemyAllows(pos, c, 'rangestrike', CHARACTERS[c.type].rangestrikes);
}

function enemyAllows(
  pos: BattlePosition,
  c: BattleCharacter,
  ability: 'fly' | 'rangestrike',
  standard: boolean,
): boolean {
  const hook = sidePower(pos, opponent(c.side))?.enemyMay;
  return hook === undefined ? standard : hook(pos, c, ability, standard);
}

/** CE B hooks: the powers of a battle's two sides, in the order they act at a moment of it (lower number last);
 *  battle/sequence.ts `momentEvents` folds what each does before asking the next. */
export function battlePowers(pos: BattlePosition): { readonly side: BattleSide; readonly power: Power }[] {
  const found = (['attacker', 'defender'] as const).flatMap((side) => {
    const power = sidePower(pos, side);
    return power === null ? [] : [{ side, power }];
  });
  return found.sort((a, b) => b.power.id - a.power.id);
}

/** CE B hooks: may this character rangestrike through Tree hexes (its power says; never otherwise)? */
export function throughTrees(pos: BattlePosition, c: BattleCharacter): boolean {
  return sidePower(pos, c.side)?.throughTrees?.(pos, c) === true;
}

/** CE B hooks: the rolls of an attack by `striker`: its power may roll its own way (`rollStrike`), then the powers of
 *  the battle's two players may have the roll made again (`attackRoll`, lower number outermost); the events record
 *  every die. When the striker's power leaves its owner a choice of two rolls (`either`, and no `attackRoll` made
 *  the roll again), those rolls with the power's number. */
export function strikeRolls(
  state: GameState,
  striker: BattleCharacter | null,
  option: { readonly dice: number; readonly strikeNumber: number },
  dice: Dice,
): {
  readonly rolls: number[];
  readonly events: GameEvent[];
  readonly either: { readonly power: PowerId; readonly rolls: readonly (readonly number[])[] } | null;
} {
  const engagement = state.engagement;
  if (striker === null || engagement === null) {
    return { rolls: dice.roll(option.dice), events: [], either: null };
  }
  const player = ownerOfSide(engagement, striker.side);
  const own = powerOf(state, player)?.rollStrike;
  let calls = 0;
  let roll = (): AttackRoll => {
    const again = calls++ > 0;
    return own === undefined
      ? { rolls: dice.roll(option.dice), events: [] }
      : own(state, player, option.dice, option.strikeNumber, dice, striker, again);
  };
  const players = [engagement.attackerOwner, engagement.defenderOwner];
  for (const owner of players.sort((a, b) => (powerOf(state, b)?.id ?? 0) - (powerOf(state, a)?.id ?? 0))) {
    const hook = powerOf(state, owner)?.attackRoll;
    if (hook === undefined) continue;
    const inner = roll;
    const ctx = {
      state,
      owner,
      strikerOwner: player,
      striker,
      count: option.dice,
      strikeNumber: option.strikeNumber,
      dice,
    };
    roll = () => hook(ctx, inner);
  }
  const { rolls, events, either } = roll();
  const power = powerOf(state, player);
  return {
    rolls,
    events,
    either: either === undefined || power === null ? null : { power: power.id, rolls: either },
  };
}

/** CE B hooks: how many of an attack's first hits do not count, as the target's power says (0 otherwise), given the
 *  attack's final factors. */
export function discountedHits(ctx: StrikeContext, parts: StrikeFactorsParts): number {
  if (!isCeBattle(ctx.pos)) return 0;
  const hook = sidePower(ctx.pos, ctx.target.side)?.hitsDiscounted;
  if (hook === undefined) return 0;
  return Math.max(
    0,
    hook(ctx, (c, hazard) => nativeTo(ctx.pos, c.side, c.type, hazard), parts),
  );
}

/** CE B hooks: the battle round in whose maneuver phase an Angel summoned or a reinforcement mustered by `player` now
 *  arrives, when his power delays it (39 B3); null: it enters in this phase (errata 14.1, 15.1). */
export function lateArrivalRound(state: GameState, player: PlayerId): number | null {
  const delay = powerOf(state, player)?.arrivalDelay ?? 0;
  const battle = state.battle;
  return delay > 0 && battle !== null ? battle.round + delay : null;
}

/** Errata 14.1, 15.0 (CE general notes: "unless explicitly mentioned, a stack in battle may only add one piece per
 *  turn"): may the phasing `side`'s legion add a character now, given those added this maneuver phase and still
 *  to enter? Only the first, unless its power adds many (54 GHOUL M2), and then within the stack limit (4.1). */
export function mayAddAnother(state: GameState, side: BattleSide): boolean {
  const battle = state.battle;
  const engagement = state.engagement;
  if (battle === null || engagement === null) return false;
  if (battle.mustEnter.length === 0) return true;
  if (powerOf(state, ownerOfSide(engagement, side))?.addsMany !== true) return false;
  const legion = state.legions[legionOfSide(engagement, side)];
  return legion !== undefined && legion.characters.length + battle.mustEnter.length < MAX_LEGION_HEIGHT;
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
  // CE 48 B3: a battle declared without nativity: the chart's nativity is gone (a power's own stays).
  const standard = pos.nonNative !== true && isNative(type, hazard);
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

/** The `usePower` intents open to the player now (legal.ts adds them to the step's choices): his power's, and
 *  those another player's power opens to him (`othersChoices`). */
export function powerChoices(state: GameState, player: PlayerId): Intent[] {
  // Outside the variant nobody has a power (asked at every position's listing: issue 16).
  if (state.ce === null) return [];
  const own = powerOf(state, player)?.choices?.(state, player) ?? [];
  const others = state.players.flatMap((p) => {
    if (p.id === player) return [];
    return powerOf(state, p.id)?.othersChoices?.(state, p.id, player) ?? [];
  });
  return [...own, ...others];
}

/** The power acts open to `player` now that bear on more than an attack about to be rolled (`attackActs`): those
 *  that hold a strike step in which he has no attack left to make (battle/strikePhase.ts). */
export function powerChoicesBeyondAttacks(state: GameState, player: PlayerId): Intent[] {
  const inPlay = state.players.flatMap((p) => powerOf(state, p.id) ?? []);
  return powerChoices(state, player).filter(
    (i) => i.type !== 'usePower' || !inPlay.some((p) => p.attackActs?.includes(i.act) === true),
  );
}

/** The step's actor's `usePower` intent, handed to his power (decide.ts), or, when it takes none, to the power
 *  of another player that opens this act to him; null when none takes it. The power accepts only what its
 *  `choices` (`othersChoices`) lists (style 4: one source of legality). */
export function decidePowerUse(
  state: GameState,
  player: PlayerId,
  intent: Intent,
  dice: Dice,
): Decision | null {
  if (intent.type !== 'usePower') return null;
  const own = powerOf(state, player)?.decide?.(state, player, intent, dice) ?? null;
  if (own !== null) return own;
  for (const p of state.players) {
    if (p.id === player) continue;
    const power = powerOf(state, p.id);
    const opened = power?.othersChoices?.(state, p.id, player) ?? [];
    if (opened.some((i) => i.type === 'usePower' && i.act === intent.act)) {
      return power?.decide?.(state, player, intent, dice) ?? null;
    }
  }
  return null;
}

// ---------------------------------------------------------------- musters, movement rolls and scores

/** CE M hooks: what a legion may muster (a reinforcement too), after its owner's power. */
export function powerRecruits(
  state: GameState,
  legion: Legion,
  terrain: Terrain,
  options: RecruitOption[],
): RecruitOption[] {
  const hook = powerOf(state, legion.owner)?.recruits;
  return hook === undefined ? options : hook({ state, legion, terrain }, options);
}

/** CE M hooks ("recruit from the dead"): the stacks a legion musters from: the caretaker's, and for a creature the
 *  caretaker has none left of that the owner's power lets him take from the dead (`fromTheDead`), the dead pile's. */
export function recruitStock(
  state: GameState,
  legion: Legion,
  terrain: Terrain,
): Readonly<Partial<Record<CharacterName, number>>> {
  const hook = powerOf(state, legion.owner)?.fromTheDead;
  if (hook === undefined) return state.caretaker;
  const stock: Partial<Record<CharacterName, number>> = { ...state.caretaker };
  for (const [name, dead] of Object.entries(state.deadPile) as [CharacterName, number][]) {
    if ((stock[name] ?? 0) <= 0 && dead > 0 && hook({ state, legion, terrain }, name)) stock[name] = dead;
  }
  return stock;
}

/** CE M hooks: the player's movement roll (or mulligan) as his power makes it, or null for the standard one. */
export function powerMovementRoll(
  state: GameState,
  player: PlayerId,
  mulligan: boolean,
  dice: Dice,
): Decision | null {
  return powerOf(state, player)?.rollMovement?.(state, player, mulligan, dice) ?? null;
}

/** CE B hooks: the points of the engagement being resolved as the powers of its two players make them: the
 *  victor's (`score`, given the standard ones), and those a player who did not win scores (`unwon`, no Angels). */
export function powerPoints(
  state: GameState,
  standard: EngagementScore | null,
): { readonly score: EngagementScore | null; readonly unwon: EngagementScore[] } {
  const engagement = state.engagement;
  if (engagement === null) return { score: standard, unwon: [] };
  const winner = engagement.result?.winner ?? null;
  const victor = winner === null ? null : ownerOfSide(engagement, winner);
  let score = standard;
  const unwon: EngagementScore[] = [];
  for (const player of [engagement.attackerOwner, engagement.defenderOwner]) {
    const hook = powerOf(state, player)?.points;
    if (hook === undefined) continue;
    if (player === victor) {
      score = hook(state, player, standard);
    } else {
      const points = hook(state, player, null);
      if (points !== null && points.points > 0) unwon.push(points);
    }
  }
  return { score, unwon };
}

/** CE B hooks: an engagement's points about to be scored: the events of the first power of its two players that
 *  takes a decision on them (lower number first), or null. */
export function powerScoring(state: GameState, score: EngagementScore): GameEvent[] | null {
  const engagement = state.engagement;
  if (engagement === null) return null;
  const players = [engagement.attackerOwner, engagement.defenderOwner];
  const powers = players
    .map((player) => ({ player, power: powerOf(state, player) }))
    .filter((x) => x.power?.scoring !== undefined)
    .sort((a, b) => (a.power?.id ?? 0) - (b.power?.id ?? 0));
  for (const { player, power } of powers) {
    const events = power?.scoring?.(state, player, score) ?? null;
    if (events !== null) return events;
  }
  return null;
}

/** CE B hooks: what a side's losses in the engagement being resolved are worth to the victor (16.0), as the
 *  loser's power says (36 COMMUNIST B1), given their chart value. */
export function lostValue(state: GameState, side: BattleSide, value: number): number {
  const engagement = state.engagement;
  if (engagement === null) return value;
  const hook = powerOf(state, ownerOfSide(engagement, side))?.lostValue;
  return hook === undefined ? value : hook(state, side, value);
}

/** CE B hooks: an engagement has just ended in a mutual elimination: the events of the first power of its two
 *  players (lower number first) that makes its side the winner (13 B2), or null (errata 9.5: nobody wins). */
export function mutualWon(state: GameState): GameEvent[] | null {
  const engagement = state.engagement;
  if (engagement === null) return null;
  const sides = (['attacker', 'defender'] as const)
    .map((side) => ({ side, player: ownerOfSide(engagement, side) }))
    .map((x) => ({ ...x, power: powerOf(state, x.player) }))
    .sort((a, b) => (a.power?.id ?? 0) - (b.power?.id ?? 0));
  for (const { side, player, power } of sides) {
    const events = power?.winsMutual?.(state, player, side) ?? null;
    if (events !== null) return events;
  }
  return null;
}

/** CE B hooks: does the player's win on time score, as his power says (13 B2; 10.5: never otherwise)? */
export function scoresOnTime(state: GameState, player: PlayerId): boolean {
  return powerOf(state, player)?.scoresOnTime === true;
}

/** CE B hooks: the scorer's power acts once an engagement's points are scored, before their Angels (47 M2, B2). */
export function powerScored(state: GameState, score: EngagementScore): GameEvent[] | null {
  return powerOf(state, score.player)?.scored?.(state, score.player, score) ?? null;
}

/** CE B hooks: an engagement concluded (its points and Angels done): the events of the first power of any player
 *  (lower number first) that acts on it (51 DEMOCRAT B1), or null. */
export function powerConcluded(state: GameState): GameEvent[] | null {
  const owners = state.players
    .filter((p) => !p.eliminated)
    .map((p) => ({ owner: p.id, power: powerOf(state, p.id) }))
    .sort((a, b) => (a.power?.id ?? 0) - (b.power?.id ?? 0));
  for (const { owner, power } of owners) {
    const events = power?.concluded?.(state, owner) ?? null;
    if (events !== null) return events;
  }
  return null;
}

// ---------------------------------------------------------------- what a player sees, fixed rolls, the strike order

/** CE M hooks: may `viewer` see the contents of another player's legion (his power says; 4.5: never otherwise)? */
export function seesContents(state: GameState, viewer: PlayerId, legion: Legion): boolean {
  return powerOf(state, viewer)?.seesContents?.(state, viewer, legion) === true;
}

/** The player's power memory as `viewer` may see it: the keys his power keeps secret go to him alone. */
export function memorySeenBy(
  state: GameState,
  player: PlayerId,
  viewer: PlayerId | null,
  memory: PowerMemory,
): PowerMemory {
  const secret = powerOf(state, player)?.secretMemory;
  if (secret === undefined || viewer === player) return memory;
  return Object.fromEntries(Object.entries(memory).filter(([key]) => !secret.includes(key)));
}

/** CE M hooks: a roll some player's power has fixed for `player`'s movement roll (lower number first), or null. */
export function fatedRoll(
  state: GameState,
  player: PlayerId,
): { readonly roll: number; readonly events: GameEvent[] } | null {
  if (state.ce === null) return null; // outside the variant nobody has a power
  const owners = state.players
    .map((p) => ({ owner: p.id, power: powerOf(state, p.id) }))
    .sort((a, b) => (a.power?.id ?? 0) - (b.power?.id ?? 0));
  for (const { owner, power } of owners) {
    const fated = power?.fatedRoll?.(state, owner, player) ?? null;
    if (fated !== null) return fated;
  }
  return null;
}

/** CE B hooks: in `side`'s strike phase, does the enemy strike first (its power says)? */
export function enemyStrikesFirst(pos: BattlePosition, side: BattleSide): boolean {
  return sidePower(pos, side)?.enemyStrikesFirst?.(pos, side) === true;
}

/** CE B hooks: may the struck side's power pass an attack's hits on before they land (29 HALFLINGS B2)? Its number
 *  and question, or null. */
export function hitsLanding(
  pos: BattlePosition,
  landing: Landing,
): { readonly power: PowerId; readonly question: string } | null {
  if (landing.hits <= 0) return null;
  const power = sidePower(pos, landing.target.side);
  const question = power?.hitsLanding?.(pos, landing) ?? null;
  return power === null || question === null ? null : { power: power.id, question };
}
