// Issue 14, end to end in headless Chromium: the table chat. Two seated players and two spectators, each in
// their own browser; what a spectator writes reaches the other spectator and never the players, what a
// player writes reaches the other player and never the spectators.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rulesEngine } from '../../server/engine';
import { clientState } from './support/driver';
import {
  buildTestClient,
  chromiumAvailable,
  type E2EServer,
  launchChromium,
  startE2EServer,
} from './support/server';

const available = chromiumAvailable();
if (!available)
  console.warn('\n*** e2e tests SKIPPED: no Chromium at /usr/bin/chromium (apt-get install chromium) ***\n');

describe.skipIf(!available)('table chat in the browser (issue 14)', () => {
  let server: E2EServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const clientDir = await buildTestClient();
    server = await startE2EServer(clientDir, rulesEngine);
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
  });

  /** A guest signed in, in a browser of his own, at `hash`. */
  async function guestAt(name: string, hash = '#/'): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (e) => {
      throw e;
    });
    await page.goto(`${server.url}/${hash}`);
    await page.getByRole('tab', { name: 'Play as a guest' }).click();
    await page.locator('input[name=displayName]').fill(name);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    return page;
  }

  async function write(page: Page, text: string): Promise<void> {
    const chat = page.getByRole('region', { name: 'Chat' });
    await chat.locator('input[name=chat]').fill(text);
    await chat.getByRole('button', { name: 'Send' }).click();
    await chat.getByRole('log').getByText(text).waitFor();
  }

  const chatTexts = async (page: Page) => (await clientState(page))?.chat.messages.map((m) => m.text) ?? [];

  it("a spectator's chat never reaches the players, nor the players' chat the spectators", async () => {
    const ann = await guestAt('Ann');
    await ann.getByRole('button', { name: 'Create the game' }).click();
    await ann.waitForURL(/#\/play\//);
    const game = /#\/play\/([0-9a-f-]{36})/.exec(ann.url())?.[1] as string;
    const bob = await guestAt('Bob', `#/play/${game}`);
    await bob.locator('li[data-seat="p2"]').getByRole('button', { name: 'Sit here' }).click();
    await ann.locator('li[data-seat="p2"]').getByText('Bob').waitFor();
    await ann.getByRole('button', { name: 'Start the game' }).click();
    for (const p of [ann, bob]) await p.locator('svg.masterboard').waitFor();

    const sam = await guestAt('Sam', `#/watch/${game}`);
    const eve = await guestAt('Eve', `#/watch/${game}`);
    for (const p of [sam, eve]) await p.locator('svg.masterboard').waitFor();

    const tip = "Bob's Titan is in the Tower";
    await write(sam, tip);
    await eve.getByRole('region', { name: 'Chat' }).getByText(tip).waitFor();
    // A player's message after the spectator's: each player has it, so the room had passed Sam's on before.
    await write(ann, 'Good luck, Bob.');
    await bob.getByRole('region', { name: 'Chat' }).getByText('Good luck, Bob.').waitFor();
    await write(eve, 'Quiet so far.');
    await sam.getByRole('region', { name: 'Chat' }).getByText('Quiet so far.').waitFor();

    for (const player of [ann, bob]) {
      expect(await chatTexts(player)).toEqual(['Good luck, Bob.']);
      expect(await player.content()).not.toContain('Titan is in the Tower');
      expect(await player.getByRole('region', { name: 'Chat' }).textContent()).not.toContain('Quiet so far');
    }
    for (const spectator of [sam, eve]) {
      expect(await chatTexts(spectator)).toEqual([tip, 'Quiet so far.']);
      expect(await spectator.content()).not.toContain('Good luck, Bob.');
    }
  }, 120_000);
});
