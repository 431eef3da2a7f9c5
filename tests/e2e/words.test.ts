// Issue 14, items 5 and 6, end to end in headless Chromium: what a player sees is written for a player. The
// test walks the pages (sign-in, lobby, waiting room, the game at every step it reaches, a spectator's view,
// the game over, the finished games, tournaments, the help page) and checks every text on them (the page's
// words, the boards' labels and tooltips) for an internal id ("Rd02", "Rd02-2"), a zod message or "seq".
// On the way, the selected battle piece's button stays readable under the mouse.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GameClientState } from '../../web-client/src/app/gameState';
import { clickIntent } from './support/click';
import { actionable, choose, clientState } from './support/driver';
import { deterministic, everyStrikeHits } from './support/server';
import { e2eAvailable, e2eSuite } from './support/suite';
import { problems } from './support/words';

const available = e2eAvailable();

/** WCAG's contrast ratio of two CSS colours (rgb()). */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe.skipIf(!available)('words a player sees (issue 14)', () => {
  // Every strike hits: the game ends soon, through every step a battle has.
  const suite = e2eSuite(deterministic(everyStrikeHits, 'words-1'));

  it('no internal id, zod message or "seq" on any page, from the sign-in to the game over and the tournaments', async () => {
    const found: string[] = [];
    const check = async (page: Page, where: string) => found.push(...(await problems(page, where)));

    const signIn = await suite.page();
    await signIn.goto(`${suite.server().url}/#/`);
    await signIn.getByRole('tab', { name: 'Play as a guest' }).waitFor();
    // The check itself finds what it looks for (a probe put on the page, then taken off).
    await signIn.evaluate(() =>
      document.body.insertAdjacentHTML('beforeend', '<p id="probe">Rd02-2, seq 403: Invalid input</p>'),
    );
    expect((await problems(signIn, 'the probe')).length).toBe(3);
    await signIn.evaluate(() => document.getElementById('probe')?.remove());
    await check(signIn, 'the sign-in page');

    const page = await suite.guest('Wendy');
    await check(page, 'the lobby');
    await page.getByRole('button', { name: 'Create the game' }).click();
    await page.waitForURL(/#\/play\//);
    await page.locator('li[data-seat="p2"]').getByRole('button', { name: 'Add a bot' }).click();
    await page.locator('li[data-seat="p2"]').getByText('bot').waitFor();
    await check(page, 'the waiting room');
    const game = /#\/play\/([0-9a-f-]{36})/.exec(page.url())?.[1] as string;
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.locator('svg.masterboard').waitFor();

    const watcher = await suite.guest('Walt', `#/watch/${game}`);
    const seen = new Set<string>();
    let hovered = false;
    let result = false;
    for (let round = 0; round < 20_000 && !result; round++) {
      const state = (await clientState(page)) as GameClientState | null;
      const step = state?.view?.pending.step;
      if (state?.view?.result != null) result = true;
      if (step !== undefined && !seen.has(step)) {
        seen.add(step);
        await check(page, `the game (${step})`);
        await check(watcher, `a spectator's game (${step})`);
      }
      const legal = actionable(state);
      if (state === null || legal.length === 0) {
        if (!result) await page.waitForTimeout(20);
        continue;
      }
      // A selected piece stays readable under the mouse (its button in "May act").
      const chip = page.locator('.battle-panels .chip').first();
      if (!hovered && step === 'maneuver' && (await chip.count()) > 0) {
        await chip.click();
        const active = page.locator('.battle-panels .chip.active');
        await active.hover();
        const [color, background] = await active.evaluate((el) => {
          const s = getComputedStyle(el);
          return [s.color, s.backgroundColor];
        });
        expect(contrast(color, background), `${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
        await active.click();
        hovered = true;
      }
      const intent = choose(state, legal);
      if (intent === null) throw new Error(`no plan for ${step}`);
      await clickIntent(page, state, intent);
    }
    expect(result).toBe(true);
    expect(hovered).toBe(true);
    for (const step of ['split', 'move', 'chooseEngagement', 'maneuver', 'muster', 'gameOver'])
      expect([...seen], step).toContain(step);
    await page.locator('section.game-over').waitFor();
    await check(page, 'the game over');
    await check(watcher, "the spectator's game over");

    await page.getByRole('button', { name: 'Lobby' }).click();
    await page.getByRole('heading', { name: 'New game' }).waitFor();
    await check(page, 'the lobby after the game');
    await page.getByRole('button', { name: 'Tournaments' }).click();
    await page.getByRole('heading', { name: 'Tournaments', exact: true }).waitFor();
    await check(page, 'the tournaments');
    await page.getByRole('button', { name: 'How to play' }).click();
    await page.getByRole('heading', { name: 'How to play here' }).waitFor();
    await check(page, 'how to play');

    expect(found).toEqual([]);
  }, 600_000);
});
