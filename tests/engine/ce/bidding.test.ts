// Cosmic Encounter Titan's bidding rules and set-up (rules 004, "BIDDING RULES"; CE general notes).
import { describe, expect, it } from 'vitest';
import { farthestTowerSets, maxBidFor, nextAssignment } from '../../../shared/engine/ce/bidding';
import { BUILT_POWERS } from '../../../shared/engine/ce/registry';
import { decide } from '../../../shared/engine/decide';
import type { GameEvent } from '../../../shared/engine/events';
import { evolve } from '../../../shared/engine/evolve';
import { MAX_BID } from '../../../shared/engine/intents';
import { describedChoices } from '../../../shared/engine/legal';
import type { GameState } from '../../../shared/engine/types';
import { view, visibleTo } from '../../../shared/engine/view';
import type { Run } from '../support/game';
import { act, newGame, rejectionOf } from '../support/game';

/** A position at the assignment of the powers: these bids for powers `drawn`, nobody assigned yet. */
function atAssignment(bids: Record<string, number[]>, drawn: number[]): GameState {
  const run = newGame(Object.keys(bids).length, { variant: 'ceTitan' });
  const ce = run.state.ce;
  if (ce === null) throw new Error('not a CE game');
  return { ...run.state, ce: { ...ce, drawn, bids, revealed: true } };
}

const noRolls = { roll: () => [] as number[] };

/** p1 draws the powers with dice all showing 1 (however many the draw from the built powers needs). */
function drawPowers(run: Run): GameEvent[] {
  const decision = decide(run.state, 'p1', { type: 'drawPowers' }, { roll: (n) => Array<number>(n).fill(1) });
  if ('rejected' in decision) throw new Error(decision.rejected.message);
  run.state = decision.events.reduce(evolve, run.state);
  run.events.push(...decision.events);
  return [...decision.events];
}

describe('CE bidding rules: the assignment', () => {
  it('CE bidding: the highest bid for all the powers takes the power it was made for', () => {
    const s = atAssignment({ p1: [10, 40], p2: [30, 20] }, [55, 56]);
    expect(nextAssignment(s, noRolls)).toEqual({ player: 'p1', powers: [56], rolls: [] });
  });
  it('CE bidding: the same highest bid on two powers: the bidder chooses between them', () => {
    const s = atAssignment({ p1: [40, 40], p2: [30, 20] }, [55, 56]);
    expect(nextAssignment(s, noRolls)).toEqual({ player: 'p1', powers: [55, 56], rolls: [] });
  });
  it('CE bidding tie: a tied player who made an equal bid on another power takes the other power', () => {
    const s = atAssignment({ p1: [40, 40], p2: [40, 0] }, [55, 56]);
    expect(nextAssignment(s, noRolls)).toEqual({ player: 'p1', powers: [56], rolls: [] });
  });
  it('CE bidding tie: otherwise the tie is resolved at random (the dice pick the player)', () => {
    const s = atAssignment({ p1: [40, 0], p2: [40, 0] }, [55, 56]);
    expect(nextAssignment(s, { roll: () => [5] })).toEqual({ player: 'p1', powers: [55], rolls: [5] });
    expect(nextAssignment(s, { roll: () => [2] })).toEqual({ player: 'p2', powers: [55], rolls: [2] });
  });
});

describe('CE set-up: towers as far apart as possible', () => {
  it('CE general notes: two players face each other, three take every other tower', () => {
    expect(farthestTowerSets(2)).toEqual([
      [100, 400],
      [200, 500],
      [300, 600],
    ]);
    expect(farthestTowerSets(3)).toEqual([
      [100, 300, 500],
      [200, 400, 600],
    ]);
  });
  it('CE general notes: four players take two facing pairs, never four towers in a row', () => {
    expect(farthestTowerSets(4)).toEqual([
      [100, 200, 400, 500],
      [100, 300, 400, 600],
      [200, 300, 500, 600],
    ]);
  });
});

describe('CE bidding rules: sealed bids', () => {
  it('CE bidding: a game of the variant begins with the draw of the powers, not the tower rolls', () => {
    const run = newGame(2, { variant: 'ceTitan' });
    expect(run.state.step).toEqual({ kind: 'drawPowers', actor: 'p1' });
    expect(run.state.options.powersDrawn).toBe('N');
  });

  it('CE bidding: no one sees a bid before the last is in; then all are revealed at once', () => {
    const run = newGame(2, { variant: 'ceTitan' });
    const drawEvents = drawPowers(run);
    expect(drawEvents[0]?.type).toBe('powersDrawn');
    const drawn = run.state.ce?.drawn ?? [];
    expect(drawn.length).toBe(Math.min(2, BUILT_POWERS.length));
    expect(run.state.step).toEqual({ kind: 'bid', actor: 'p1' });
    const bids = drawn.map((_, i) => 100 + i);
    const [sealed] = act(run, 'p1', { type: 'bid', bids });
    expect(sealed).toEqual({ type: 'bidSubmitted', player: 'p1', bids });
    expect(visibleTo(sealed as never)).toEqual(['p1']);
    // The other player and a spectator see that p1 has bid, not what.
    for (const viewer of [{ player: 'p2' }, { spectator: true } as const]) {
      const ce = view(run.state, viewer).ce;
      expect(ce?.bids).toEqual({});
      expect(ce?.bidders).toEqual(['p1']);
      expect(JSON.stringify(view(run.state, viewer))).not.toContain('"bids":[100');
    }
    expect(view(run.state, { player: 'p1' }).ce?.bids).toEqual({ p1: bids });
  });

  it('CE bidding: a bid per power drawn, each 0 to 599, or the bid is refused and nothing changes', () => {
    const run = newGame(2, { variant: 'ceTitan' });
    drawPowers(run);
    const n = run.state.ce?.drawn.length ?? 0;
    expect(rejectionOf(run, 'p1', { type: 'bid', bids: [...Array(n + 1)].map(() => 0) }).rule).toBe(
      'CE bidding rules',
    );
    expect(rejectionOf(run, 'p2', { type: 'bid', bids: [...Array(n)].map(() => 0) }).code).toBe(
      'notYourTurn',
    );
  });
});

describe('CE bidding rules: no bid that puts its winner out before the first turn', () => {
  it('CE bidding rules: a Titan of strength 0 or less is out, so a bid above 500 (899 for 55 COLOSSUS) is refused', () => {
    const run = newGame(2, { variant: 'ceTitan' });
    drawPowers(run);
    const drawn = run.state.ce?.drawn ?? [];
    // -500 points: 6 + floor(-500 / 100) = 1; -501: 0, out at once. COLOSSUS adds 399 after the bid.
    expect(maxBidFor(10)).toBe(500);
    expect(maxBidFor(55)).toBe(MAX_BID);
    const first = drawn[0] ?? 0;
    const over = drawn.map((p) => (p === first ? maxBidFor(first) + 1 : 0));
    const before = run.state;
    const refusal = rejectionOf(run, 'p1', { type: 'bid', bids: over });
    if (first !== 55) {
      expect(refusal.rule).toBe('CE bidding rules');
      expect(refusal.message).toMatch(new RegExp(`bid at most ${maxBidFor(first)}`));
    }
    expect(run.state).toBe(before);
    const most = drawn.map(maxBidFor);
    expect(act(run, 'p1', { type: 'bid', bids: most }).map((e) => e.type)).toContain('bidSubmitted');
    expect(describedChoices(run.state, 'p2')).toEqual([
      { type: 'bid', powers: drawn, maxBid: MAX_BID, maxBids: most },
    ]);
  });
});
