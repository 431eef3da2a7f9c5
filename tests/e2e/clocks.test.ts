// Issue 11, end to end in headless Chromium: a timed game chosen in the lobby's form shows its time control
// and the clock of the player who must act, counting down in the page.
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

describe.skipIf(!available)('clocks in the browser (issue 11)', () => {
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

  async function guest(name: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (e) => {
      throw e;
    });
    await page.goto(`${server.url}/#/`);
    await page.getByRole('tab', { name: 'Play as a guest' }).click();
    await page.locator('input[name=displayName]').fill(name);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    return page;
  }

  it('errata 20.4, 21.0: the time control set at creation is shown, and the running clock counts down', async () => {
    const ann = await guest('Ann');
    await ann.locator('select[name=timeControl]').selectOption('minute');
    await ann.getByRole('button', { name: 'Create the game' }).click();
    await ann.waitForURL(/#\/play\//);
    const game = /#\/play\/([0-9a-f-]{36})/.exec(ann.url())?.[1] as string;
    const summary = await server.app().titan.db.prisma.game.findUniqueOrThrow({ where: { id: game } });
    expect(summary.options).toMatchObject({ timeControl: { perDecisionSeconds: 60, onExpiry: 'bot' } });
    await ann.locator('li[data-seat="p2"]').getByRole('button', { name: 'Add a bot' }).click();
    await ann.locator('li[data-seat="p2"]').getByText('bot').waitFor();
    await ann.getByRole('button', { name: 'Start the game' }).click();
    await ann.locator('svg.masterboard').waitFor();

    const clocks = ann.getByRole('region', { name: 'Clocks' });
    await clocks.getByText('1:00 per decision').waitFor();
    await expect(clocks.textContent()).resolves.toContain('out of time: the bot plays');
    // Ann rolls for her tower first (p1): her clock runs, and the page counts it down.
    const running = clocks.locator('li.running[data-clock="p1"] .decision');
    await running.waitFor();
    const first = (await running.textContent()) ?? '';
    expect(first).toMatch(/decide 0:(5\d|60)|decide 1:00/);
    await ann.waitForFunction(
      (before) => document.querySelector('li.running[data-clock="p1"] .decision')?.textContent !== before,
      first,
      { timeout: 10_000 },
    );
    const later = (await running.textContent()) ?? '';
    const seconds = (t: string) => {
      const [m, s] = t.replace('decide ', '').split(':').map(Number);
      return (m ?? 0) * 60 + (s ?? 0);
    };
    expect(seconds(later)).toBeLessThan(seconds(first));
  }, 120_000);
});
