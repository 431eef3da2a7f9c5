// Issue 11, end to end in headless Chromium: a director creates a tournament in the browser, enters two bots,
// starts it, and the page shows the table with its watch link and, once the game is over, the final standings.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rulesEngine } from '../../server/engine';
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

describe.skipIf(!available)('tournaments in the browser (issue 11)', () => {
  let server: E2EServer;
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    const clientDir = await buildTestClient();
    server = await startE2EServer(clientDir, rulesEngine);
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
  });

  it('a director creates a Swiss tournament, enters two bots, starts it and sees the final standings', async () => {
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page: Page = await context.newPage();
    page.on('pageerror', (e) => {
      throw e;
    });
    await page.goto(`${server.url}/#/`);
    await page.getByRole('tab', { name: 'Create an account' }).click();
    await page.locator('input[name=username]').fill('dora');
    await page.locator('input[name=password]').fill('a long password');
    await page.locator('form button[type=submit]').click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();

    await page.getByRole('button', { name: 'Tournaments' }).click();
    await page.locator('input[name=name]').fill('Browser Swiss');
    await page.getByLabel('Rounds').fill('1');
    await page.getByLabel('Table sizes (preferred first)').fill('2');
    await page.getByRole('button', { name: 'Create tournament' }).click();
    await page.waitForURL(/#\/tournaments\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Enter a bot' }).click();
    await page.getByText('Entrants (1)').waitFor();
    await page.getByRole('button', { name: 'Enter a bot' }).click();
    await page.getByText('Entrants (2)').waitFor();
    await page.getByRole('button', { name: 'Start the tournament' }).click();

    // The table's game is linked from the page; the bots play it to its end.
    const table = page.locator('li[data-table]');
    await table.getByRole('button', { name: 'Watch' }).waitFor();
    await page
      .locator('h2', { hasText: 'Browser Swiss' })
      .getByText('finished')
      .waitFor({ timeout: 240_000 });
    const standings = await page.locator('ol[data-standings=tournament] li').allTextContents();
    expect(standings.sort()).toEqual(['Bot 1', 'Bot 2']);
    await expect(page.locator('table[data-standings="0"] tbody tr').count()).resolves.toBe(2);
    await page.getByText('Tournament finished.').waitFor();
  }, 300_000);
});
