// Issue 11, end to end in headless Chromium: the lobby's "Battles now" lists a battle being fought in a public
// game, and its Watch button opens that game as a spectator.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { rulesEngine } from '../../server/engine';
import { begin, engagedRun, toBattle } from '../engine/engagement/build';
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

describe.skipIf(!available)('battles now in the lobby (issue 11)', () => {
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

  it('a live battle of a public game is listed, and Watch opens its game as a spectator', async () => {
    const ann = await guest('Ann');
    await ann.getByRole('button', { name: 'Create the game' }).click();
    await ann.waitForURL(/#\/play\//);
    const game = /#\/play\/([0-9a-f-]{36})/.exec(ann.url())?.[1] as string;
    await ann.locator('li[data-seat="p2"]').getByRole('button', { name: 'Add a bot' }).click();
    await ann.locator('li[data-seat="p2"]').getByText('bot').waitFor();
    await ann.getByRole('button', { name: 'Start the game' }).click();
    await ann.locator('svg.masterboard').waitFor();

    const sam = await guest('Sam');
    const battles = sam.locator(`li[data-battle="${game}"]`);
    // The room publishes its spectators' battle; here a battle position (the engine's test build) stands
    // for the one the game would reach after many turns.
    const room = (await server.app().titan.rooms.get(game))!;
    const run = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Gargoyle'] });
    begin(run);
    toBattle(run);
    server.app().titan.rooms.liveBattles.show(room.game, run.state, rulesEngine);
    await battles.getByText('attacks').waitFor();
    await battles.getByRole('button', { name: 'Watch' }).click();
    await sam.waitForURL(new RegExp(game));
    await sam.locator('svg.masterboard').waitFor();
    await sam.getByText('Connected · watching').waitFor();
    await sam.getByText('You are watching: Ann is rolling for towers.').waitFor();
  }, 120_000);
});
