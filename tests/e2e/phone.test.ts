// Issue 14, item 3, end to end in headless Chromium: on a 390×844 phone with a touch screen, a guest signs in,
// creates a game against a bot and plays by tapping, as a person does with a finger (support/touch.ts): the
// board opens zoomed to play, pinches and swipes move it, nothing lies over it, and every control tapped on it
// is at least 44 px. The whole first turn is played so, then the game goes on to a battle, fought on the
// Battleland by tapping too.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GameClientState } from '../../web-client/src/app/gameState';
import { clickIntent } from './support/click';
import { actionable, choose, clientState } from './support/driver';
import { deterministic, loadedStrikeDice } from './support/server';
import { e2eAvailable, e2eSuite } from './support/suite';
import { type Box, finger } from './support/touch';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const available = e2eAvailable();

/** The board's zoom (ZoomPan's data-zoom). */
const zoomOf = async (page: Page) => Number(await page.locator('.zoom-pan').getAttribute('data-zoom'));

/** Whether what the finger would hit at each point of a grid over the board is the board itself. */
async function boardUncovered(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const frame = document.querySelector('.zoom-pan');
    if (frame === null) return false;
    const r = frame.getBoundingClientRect();
    for (let i = 1; i < 6; i++) {
      for (let j = 1; j < 6; j++) {
        const hit = document.elementFromPoint(r.left + (r.width * i) / 6, r.top + (r.height * j) / 6);
        if (hit === null || !frame.contains(hit)) return false;
      }
    }
    return true;
  });
}

describe.skipIf(!available)('on a phone (issue 14)', () => {
  const suite = e2eSuite(deterministic(loadedStrikeDice, 'phone-1'));

  it('at 390×844, tapping: the first turn, then a battle, on boards that zoom and pan under the finger', async () => {
    const page = await suite.page(PHONE);
    const hand = await finger(page);
    await page.goto(`${suite.server().url}/#/`);
    await page.getByRole('tab', { name: 'Play as a guest' }).tap();
    await page.locator('input[name=displayName]').fill('Pia');
    await page.getByRole('button', { name: 'Play', exact: true }).tap();
    await page.getByRole('button', { name: 'Create the game' }).tap();
    await page.waitForURL(/#\/play\//);
    await page.locator('li[data-seat="p2"]').getByRole('button', { name: 'Add a bot' }).tap();
    await page.locator('li[data-seat="p2"]').getByText('bot').waitFor();
    await page.getByRole('button', { name: 'Start the game' }).tap();
    await page.locator('svg.masterboard').waitFor();

    // The board fills the phone's width, opens zoomed to play, and nothing covers it; what to do now comes
    // right under it.
    const frame = (await page.locator('.zoom-pan').boundingBox()) as Box;
    expect(frame.x).toBeGreaterThanOrEqual(0);
    expect(frame.x + frame.width).toBeLessThanOrEqual(390);
    expect(frame.width).toBeGreaterThan(370);
    expect(frame.height).toBeGreaterThan(400);
    expect(await zoomOf(page)).toBeGreaterThan(1);
    expect(await boardUncovered(page)).toBe(true);
    const actions = (await page.locator('section.actions').boundingBox()) as Box;
    expect(actions.y).toBeGreaterThanOrEqual(frame.y + frame.height);

    // Two fingers pinch the board in and out; one finger drags it.
    const middle = { x: frame.x + frame.width / 2, y: frame.y + frame.height / 2 };
    const opened = await zoomOf(page);
    await hand.pinch(middle, 80, 2);
    expect(await zoomOf(page)).toBeGreaterThan(opened * 1.5);
    await hand.pinch(middle, 160, 0.25);
    expect(await zoomOf(page)).toBeLessThan(opened);
    await page.getByRole('button', { name: 'Zoom to play' }).tap();
    expect(await zoomOf(page)).toBeCloseTo(opened, 1);
    const content = page.locator('.zoom-content');
    const before = await content.getAttribute('style');
    await hand.swipe(middle, { x: middle.x + 120, y: middle.y + 90 });
    expect(await content.getAttribute('style')).not.toBe(before);
    // A swipe is no tap: nothing was selected or sent by it.
    expect(await page.locator('svg.masterboard .legion.selected').count()).toBe(0);

    // Pia plays, every step with her finger, until her first turn is over and a battle has been fought.
    let turns = 0;
    let battleTaps = 0;
    for (let round = 0; round < 4000 && (turns === 0 || battleTaps === 0); round++) {
      const state = (await clientState(page)) as GameClientState | null;
      turns =
        state?.events.filter((e) => e.event.type === 'turnEnded' && e.event.player === 'p1').length ?? 0;
      if (state?.view?.result != null) throw new Error('the game ended before a battle was fought');
      const legal = actionable(state);
      if (state === null || legal.length === 0) {
        await page.waitForTimeout(20);
        continue;
      }
      const intent = choose(state, legal);
      if (intent === null) throw new Error(`no plan for ${state.view?.pending.step}`);
      const tapsBefore = hand.tapped.length;
      await clickIntent(page, state, intent, hand);
      if (state.view?.battle != null && hand.tapped.length > tapsBefore) {
        battleTaps++;
        // Nothing lies over the Battleland either.
        expect(await boardUncovered(page)).toBe(true);
      }
      if ((turns === 0 || state.view?.battle != null) && process.env.TITAN_E2E_SHOTS)
        await page.screenshot({ path: `${process.env.TITAN_E2E_SHOTS}/phone-${round}.png` });
    }
    expect(turns).toBeGreaterThanOrEqual(1);
    expect(battleTaps).toBeGreaterThan(0);
    // Every control tapped on a board was at least 44 px wide and high on the screen.
    const small = hand.tapped.filter((t) => t.width < 44 || t.height < 44);
    expect(small, JSON.stringify(small)).toEqual([]);
    // Legions, lands and battle pieces were all tapped on the boards.
    expect(hand.tapped.some((t) => /, height \d/.test(t.what))).toBe(true);
    expect(hand.tapped.some((t) => /^[A-Z][a-z]+ \d+: move/.test(t.what))).toBe(true);
    expect(hand.tapped.some((t) => /^(attacker|defender) /.test(t.what))).toBe(true);
  }, 600_000);
});
