// Issue 11, end to end in headless Chromium: a director creates a tournament in the browser, enters two bots,
// starts it, and the page shows the table with its watch link and, once the game is over, the final standings.
import { describe, expect, it } from 'vitest';
import { rulesEngine } from '../../server/engine';
import { e2eAvailable, e2eSuite } from './support/suite';
import { problems } from './support/words';

const available = e2eAvailable();

describe.skipIf(!available)('tournaments in the browser (issue 11)', () => {
  const suite = e2eSuite(rulesEngine);

  it('a director creates a Swiss tournament, enters two bots, starts it and sees the final standings', async () => {
    const page = await suite.page();
    await page.goto(`${suite.server().url}/#/`);
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
    // Every word on the tournament's page is written for a player (issue 14 item 5).
    expect(await problems(page, "the tournament's page")).toEqual([]);
  }, 300_000);
});
