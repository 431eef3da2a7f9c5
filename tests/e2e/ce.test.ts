// Issue 17, end to end in headless Chromium: a game of Cosmic Encounter Titan (rules 004) played to its end in the
// browser. A guest creates the game in the lobby (the variant and the powers drawn chosen there) against a random
// bot, draws the powers, bids on the sealed bidding screen, sees the powers assigned in the Powers panel and plays
// (every intent clicked in the page, a power's choices too) until the game-over screen. The words a player sees
// on the CE screens (the bidding, the Powers panel, a power's decisions) are checked (support/words.ts). The test
// does not depend on which powers are drawn: other powers may be built any time.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Intent, IntentOf } from '../../shared/engine/intents';
import type { GameClientState } from '../../web-client/src/app/gameState';
import { clickIntent } from './support/click';
import { actionable, choose, clientState, nextMove } from './support/driver';
import { deterministic, everyStrikeHits } from './support/server';
import { e2eAvailable, e2eSuite } from './support/suite';
import { problems } from './support/words';

const available = e2eAvailable();
const SEED = process.env.TITAN_E2E_SEED ?? 'ce-1';

/** The bids typed in: a few points on the first power drawn, none on the others. */
const bidsFor = (drawn: readonly number[]): number[] => drawn.map((_, i) => (i === 0 ? 15 : 0));

describe.skipIf(!available)('Cosmic Encounter Titan in the browser (issue 17)', () => {
  // Every strike hits: battles are short and the game ends soon.
  const suite = e2eSuite(deterministic(everyStrikeHits, SEED));

  it('a CE game against a bot: the sealed bids, the powers assigned, a game played to the game-over screen', async () => {
    const found: string[] = [];
    const check = async (page: Page, where: string) => found.push(...(await problems(page, where)));

    const page = await suite.guest('Cosima');
    await page.locator('select[name=variant]').selectOption('ceTitan');
    await page.locator('select[name=powersDrawn]').selectOption('N+1');
    await page.getByRole('button', { name: 'Create the game' }).click();
    await page.waitForURL(/#\/play\//);
    const seat2 = page.locator('li[data-seat="p2"]');
    await seat2.getByLabel('Bot level for seat 2').selectOption('random');
    await seat2.getByRole('button', { name: 'Add a bot' }).click();
    await seat2.getByText('random bot').waitFor();
    await check(page, 'the waiting room');
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.locator('svg.masterboard').waitFor();

    const powers = page.locator('section.powers');
    const seen = new Set<string>();
    /** The power acts already clicked, one of each per step of each turn (a power's free act is not repeated). */
    const used = new Set<string>();
    let bidsSent: number[] | null = null;
    let assignedChecked = false;
    let powerActs = 0;
    let clicks = 0;
    let view: GameClientState['view'] = null;
    for (let round = 0; round < 5000; round++) {
      await nextMove(page);
      const state = (await clientState(page)) as GameClientState;
      view = state.view;
      if (view === null) continue;
      const step = view.pending.step;
      if (view.result != null) break;

      // The powers assigned (CE bidding rules), shown to all with their text and holder.
      const ce = view.ce;
      if (!assignedChecked && ce !== null && Object.keys(ce.powers).length === view.players.length) {
        expect(ce.revealed).toBe(true);
        for (const [player, power] of Object.entries(ce.powers)) {
          const name = view.players.find((p) => p.id === player)?.name as string;
          await powers.locator(`li[data-power="${power}"] .sub`, { hasText: name }).waitFor();
        }
        // The bids, revealed all at once: mine as I typed them.
        await powers.locator('table.bids').waitFor();
        expect(ce.bids.p1).toEqual(bidsSent);
        await check(page, 'the powers assigned');
        assignedChecked = true;
      }

      const legal = actionable(state);
      if (legal.length === 0) continue;
      const acts = legal.filter((i): i is IntentOf<'usePower'> => i.type === 'usePower');
      if (!seen.has(step) || (acts.length > 0 && !seen.has(`${step} with a power`))) {
        seen.add(acts.length > 0 ? `${step} with a power` : step);
        seen.add(step);
        await check(page, `the game (${step}${acts.length > 0 ? ', a power offered' : ''})`);
      }

      let intent: Intent | null;
      if (step === 'bid') {
        // The sealed bidding screen: one box per power drawn, the form offered to the bidder only.
        await page.locator('form.bid-form').waitFor();
        expect(await powers.locator('li[data-power]').count()).toBe(view.ce?.drawn.length);
        await check(page, 'the bidding');
        bidsSent = bidsFor(view.ce?.drawn ?? []);
        intent = { type: 'bid', bids: bidsSent };
      } else {
        // A power's act is taken once at each step it is offered (whatever the power drawn), else the plan.
        const key = (a: IntentOf<'usePower'>) => `${view?.turn?.number}:${step}:${JSON.stringify(a)}`;
        const act = step === 'powerDecision' ? undefined : acts.find((a) => !used.has(key(a)));
        if (act !== undefined) used.add(key(act));
        intent = act ?? choose(state, legal, 'aim');
      }
      if (intent === null) throw new Error(`no plan for ${step}: ${JSON.stringify(legal)}`);
      if (intent.type === 'usePower') powerActs += 1;
      clicks += 1;
      await clickIntent(page, state, intent);
    }

    expect(view?.result, 'the game ended').toBeTruthy();
    for (const step of ['drawPowers', 'bid', 'move']) expect([...seen], step).toContain(step);
    expect(assignedChecked).toBe(true);
    await page.locator('section.game-over').waitFor();
    await check(page, 'the game over');
    if (process.env.TITAN_E2E_TRACE)
      console.log(`${clicks} clicks, ${powerActs} power acts, turn ${view?.turn?.number}`, [...seen]);
    if (found.length > 0) console.log(found.map((f) => f.replace(/\s+/g, ' ')).join('\n'));
    expect(found).toEqual([]);
  }, 600_000);
});
