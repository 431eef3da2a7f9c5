// Cosmic Encounter Titan's bidding rules and set-up (rules 004, "BIDDING RULES"): N powers (or N+1) drawn at
// random; every player's sealed bid per power, revealed all at once when the last is in; the powers assigned
// from the highest bid down; each player starts at minus his winning bid; the towers as far apart as possible
// and the order of play, both at random. The random parts come from the game's dice (draw.ts).

import { titanPower } from '../../data/characters';
import { TOWER_LANDS } from '../../data/masterboard';
import type { Decision, GameEvent } from '../events';
import { foldEvents } from '../evolve';
import { type IntentOf, MAX_BID } from '../intents';
import { landDistances } from '../movement';
import { reject } from '../rejections';
import { colorStepEvents } from '../setup';
import type { Dice, GameState, PlayerId, Step } from '../types';
import { drawIndex, shuffled } from './draw';
import { requireCe } from './fold';
import { startingScore } from './hooks';
import type { PowerId } from './power';
import { BUILT_POWERS, powerById } from './registry';

export const BIDDING_RULE = 'CE bidding rules';

/** CE bidding rules: "anytime anyone end up with a Titan strength of 0 or less, s/he is eliminated". The most one
 *  may bid for `power` and still begin with a Titan of strength 1 or more (500, plus what a set-up power adds:
 *  55 COLOSSUS); a higher bid would put its winner out before the first turn, so it is refused. */
export function maxBidFor(power: PowerId): number {
  let bid = MAX_BID;
  while (bid > 0 && titanPower(startingScore(powerById(power), 0 - bid)) <= 0) bid--;
  return bid;
}

/** How many powers are drawn: N for N players, or N+1; never more than are built. */
export function powersToDraw(state: GameState): number {
  const n = state.players.length + (state.options.powersDrawn === 'N+1' ? 1 : 0);
  return Math.min(n, BUILT_POWERS.length);
}

/** CE bidding rules: "randomly draw N powers from the set" (only built powers are in the set). */
export function decideDrawPowers(state: GameState, dice: Dice): Decision {
  const rolls: number[] = [];
  const powers = shuffled(
    dice,
    BUILT_POWERS.map((p) => p.id),
    rolls,
  ).slice(0, powersToDraw(state));
  const events: GameEvent[] = [{ type: 'powersDrawn', powers, rolls }];
  return { events: [...events, ...biddingStep(foldEvents(state, events))] };
}

/** The next player in seat order whose bids are not in yet, or null. */
export function nextBidder(state: GameState): PlayerId | null {
  const ce = requireCe(state);
  return state.players.find((p) => ce.bids[p.id] === undefined)?.id ?? null;
}

function biddingStep(state: GameState): GameEvent[] {
  const bidder = nextBidder(state);
  if (bidder === null) throw new Error('no bidder left');
  return [{ type: 'stepBegan', step: { kind: 'bid', actor: bidder } }];
}

/** CE bidding rules: a sealed bid, a non-negative whole number for each power drawn, in the order drawn. */
export function decideBid(state: GameState, player: PlayerId, intent: IntentOf<'bid'>, dice: Dice): Decision {
  const ce = requireCe(state);
  if (intent.bids.length !== ce.drawn.length) {
    return reject(
      'notAllowed',
      `Bid once for each of the ${ce.drawn.length} powers drawn (${ce.drawn.map((id) => powerById(id).name).join(', ')}), in that order.`,
      BIDDING_RULE,
    );
  }
  const tooHigh = ce.drawn.findIndex((power, i) => (intent.bids[i] ?? 0) > maxBidFor(power));
  const power = ce.drawn[tooHigh];
  if (power !== undefined) {
    return reject(
      'notAllowed',
      `A bid of ${intent.bids[tooHigh]} for ${powerById(power).name} would start you with a Titan of strength 0 or less, out at once: bid at most ${maxBidFor(power)} for it.`,
      BIDDING_RULE,
    );
  }
  const events: GameEvent[] = [{ type: 'bidSubmitted', player, bids: [...intent.bids] }];
  const s = foldEvents(state, events);
  if (nextBidder(s) !== null) return { events: [...events, ...biddingStep(s)] };
  // "everyone reveals a set of bids simultaneously"
  const revealed: GameEvent = { type: 'bidsRevealed', bids: { ...requireCe(s).bids } };
  events.push(revealed);
  events.push(...assignmentEvents(foldEvents(s, [revealed]), dice));
  return { events };
}

/** The highest bidder's choice among the powers he bid that amount for. */
export function decideChoosePower(
  state: GameState,
  step: Extract<Step, { kind: 'choosePower' }>,
  intent: IntentOf<'choosePower'>,
  dice: Dice,
): Decision {
  if (!step.powers.includes(intent.power)) {
    return reject(
      'notAllowed',
      `Choose one of ${step.powers.map((id) => powerById(id).name).join(', ')}: the powers of your highest bid.`,
      BIDDING_RULE,
    );
  }
  const events = [assigned(state, step.actor, intent.power, step.rolls)];
  return { events: [...events, ...assignmentEvents(foldEvents(state, events), dice)] };
}

function assigned(state: GameState, player: PlayerId, power: PowerId, rolls: readonly number[]): GameEvent {
  const ce = requireCe(state);
  const bid = ce.bids[player]?.[ce.drawn.indexOf(power)] ?? 0;
  // "Each player then starts with points equal to the negative of his/her final [bid]"; a set-up power adds.
  const score = startingScore(powerById(power), 0 - bid); // 0 - bid: never -0 (JSON has none)
  return { type: 'powerAssigned', player, power, bid, score, rolls: [...rolls] };
}

/** What the next assignment is: a power for a player, or his choice among several. */
type Assignment = {
  readonly player: PlayerId;
  readonly powers: readonly PowerId[];
  readonly rolls: readonly number[];
} | null;

/**
 * CE bidding rules, one round: "The highest bid for ALL the powers is determined, and that player is assigned the
 * power for which he made that bid. S/he may choose the one of his liking if the same bid was made for more than
 * one power. If there is a tie, then if either has made an equal bid on another power, s/he takes the other
 * power. Otherwise, the tie is resolved randomly." Reading (docs/ce-titan.md): among the players tied at the
 * highest bid, one who bid it on a power none of the others bid it on takes such a power (the first in seat order
 * if several can); when none can, a player drawn at random takes one of his.
 */
export function nextAssignment(state: GameState, dice: Dice): Assignment {
  const ce = requireCe(state);
  const taken = new Set(Object.values(ce.powers));
  const powers = ce.drawn.filter((id) => !taken.has(id));
  const players = state.players.filter((p) => ce.powers[p.id] === undefined).map((p) => p.id);
  if (powers.length === 0 || players.length === 0) return null;
  const bidOf = (player: PlayerId, power: PowerId) => ce.bids[player]?.[ce.drawn.indexOf(power)] ?? 0;
  const highest = Math.max(...players.flatMap((pl) => powers.map((pw) => bidOf(pl, pw))));
  const highFor = (player: PlayerId) => powers.filter((pw) => bidOf(player, pw) === highest);
  const tied = players.filter((pl) => highFor(pl).length > 0);
  if (tied.length === 1) {
    const player = tied[0] as PlayerId;
    return { player, powers: highFor(player), rolls: [] };
  }
  const uncontested = (player: PlayerId) =>
    highFor(player).filter((pw) => tied.every((o) => o === player || bidOf(o, pw) !== highest));
  const taker = tied.find((pl) => uncontested(pl).length > 0);
  if (taker !== undefined) return { player: taker, powers: uncontested(taker), rolls: [] };
  const rolls: number[] = [];
  const player = tied[drawIndex(dice, tied.length, rolls)] as PlayerId;
  return { player, powers: highFor(player), rolls };
}

/** The assignments that follow, until a player must choose or all are made; then the set-up. */
export function assignmentEvents(state: GameState, dice: Dice): GameEvent[] {
  const events: GameEvent[] = [];
  let s = state;
  for (;;) {
    const next = nextAssignment(s, dice);
    if (next === null) return [...events, ...setUpEvents(s, dice)];
    if (next.powers.length > 1) {
      const step: Step = { kind: 'choosePower', actor: next.player, powers: next.powers, rolls: next.rolls };
      return [...events, { type: 'stepBegan', step }];
    }
    const event = assigned(s, next.player, next.powers[0] as PowerId, next.rolls);
    events.push(event);
    s = foldEvents(s, [event]);
  }
}

// ---------------------------------------------------------------- the towers and the order of play

/**
 * CE general notes, bidding rules: "The starting towers, starting as separated as possible, are randomly
 * determined": the sets of towers whose closest two are farthest apart, and among those the largest total of
 * distances (so four players take two pairs facing each other, not four in a row).
 */
export function farthestTowerSets(count: number): number[][] {
  const sets: number[][] = [];
  const pick = (from: number, chosen: number[]): void => {
    if (chosen.length === count) {
      sets.push(chosen);
      return;
    }
    for (let i = from; i < TOWER_LANDS.length; i++) pick(i + 1, [...chosen, TOWER_LANDS[i] as number]);
  };
  pick(0, []);
  const measure = (set: number[]): [number, number] => {
    let min = Number.POSITIVE_INFINITY;
    let sum = 0;
    for (const a of set) {
      const d = landDistances(a);
      for (const b of set) {
        if (b <= a) continue;
        const ab = d.get(b) ?? 0;
        min = Math.min(min, ab);
        sum += ab;
      }
    }
    return [min, sum];
  };
  const measured = sets.map((set) => ({ set, m: measure(set) }));
  const best = measured.reduce((b, x) => (x.m[0] > b[0] || (x.m[0] === b[0] && x.m[1] > b[1]) ? x.m : b), [
    -1, -1,
  ] as [number, number]);
  return measured.filter((x) => x.m[0] === best[0] && x.m[1] === best[1]).map((x) => x.set);
}

/** The towers drawn and dealt at random, then the order of play at random; then the colours (1.4) as usual. */
function setUpEvents(state: GameState, dice: Dice): GameEvent[] {
  const ids = state.players.map((p) => p.id);
  const rolls: number[] = [];
  const sets = farthestTowerSets(ids.length);
  const dealt = shuffled(dice, sets[drawIndex(dice, sets.length, rolls)] as number[], rolls);
  const drawn: GameEvent = {
    type: 'setUpDrawn',
    towers: ids.map((player, i) => ({ player, tower: dealt[i] as number })),
    order: shuffled(dice, ids, rolls),
    rolls,
  };
  return [drawn, ...colorStepEvents(foldEvents(state, [drawn]))];
}
