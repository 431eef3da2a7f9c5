// Issue 14, end to end in headless Chromium: the tabs of one browser share one sign-in session across many
// short token lifetimes and both can act; a guest gets back to their seat from another browser with the seat
// link the lobby shows; the page title and the lobby tell a player it is their move.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameClientState } from '../../web-client/src/app/gameState';
import { clickIntent } from './support/click';
import { actionable, choose, clientState, nextMove } from './support/driver';
import {
  buildTestClient,
  chromiumAvailable,
  deterministic,
  type E2EServer,
  launchChromium,
  loadedStrikeDice,
  startE2EServer,
} from './support/server';

const SEED = process.env.TITAN_E2E_SEED ?? 'e2e-1';
/** Short lifetimes (TITAN_ACCESS_TOKEN_SECONDS, TITAN_REFRESH_TOKEN_SECONDS): the test spans several. */
const ACCESS_SECONDS = 8;
const REFRESH_SECONDS = 15;
/** Refreshes the test waits for: five access lifetimes, more than two refresh-token lifetimes. */
const ROTATIONS = 5;

const available = chromiumAvailable();
if (!available)
  console.warn('\n*** e2e tests SKIPPED: no Chromium at /usr/bin/chromium (apt-get install chromium) ***\n');

describe.skipIf(!available)("a player's sessions and signals in the browser (issue 14)", () => {
  let server: E2EServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const clientDir = await buildTestClient();
    server = await startE2EServer(clientDir, deterministic(loadedStrikeDice, SEED), {
      accessTokenSeconds: ACCESS_SECONDS,
      refreshTokenSeconds: REFRESH_SECONDS,
    });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
  });

  async function newContext(): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    contexts.push(context);
    return context;
  }

  async function open(context: BrowserContext, url: string): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (e) => {
      throw e;
    });
    await page.goto(url);
    return page;
  }

  /** Signs a guest in, creates a game against a bot and starts it; returns the game's id. */
  async function gameAgainstABot(page: Page, name: string): Promise<string> {
    await page.getByRole('tab', { name: 'Play as a guest' }).click();
    await page.locator('input[name=displayName]').fill(name);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('button', { name: 'Create the game' }).click();
    await page.waitForURL(/#\/play\//);
    const game = /#\/play\/([0-9a-f-]{36})/.exec(page.url())?.[1] as string;
    await page.locator('li[data-seat="p2"]').getByRole('button', { name: 'Add a bot' }).click();
    await page.locator('li[data-seat="p2"]').getByText('bot').waitFor();
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.locator('svg.masterboard').waitFor();
    return game;
  }

  const prisma = () => server.app().titan.db.prisma;

  it('two tabs of one browser stay signed in across several token lifetimes, and both act', async () => {
    const context = await newContext();
    const first = await open(context, server.url);
    const game = await gameAgainstABot(first, 'Janus');
    const second = await open(context, `${server.url}/#/play/${game}`);
    await second.locator('svg.masterboard').waitFor();
    const user = ((await clientState(first)) as GameClientState).view?.players[0]?.name;
    expect(user).toBe('Janus');
    const users = await prisma().user.findMany({ where: { displayName: 'Janus' } });
    expect(users).toHaveLength(1);
    const userId = users[0]?.id as string;
    const rotations = () => prisma().refreshToken.count({ where: { userId, usedAt: { not: null } } });

    // The tabs take turns at the player's intents while the tokens expire and are refreshed many times.
    const acted = new Map<Page, number>([
      [first, 0],
      [second, 0],
    ]);
    let turn = 0;
    const enough = ROTATIONS;
    for (let round = 0; round < 20_000; round++) {
      if ((await rotations()) >= enough && [...acted.values()].every((n) => n >= 3)) break;
      const page = turn % 2 === 0 ? first : second;
      const other = page === first ? second : first;
      // The tab about to act has heard of everything the other tab did (one player, two sockets), is connected
      // (its socket is opened again with each new access token) and has its move.
      const seen = ((await clientState(other)) as GameClientState).viewSeq;
      await page.waitForFunction((seq) => (window.__titan?.session.getState().viewSeq ?? 0) >= seq, seen);
      await nextMove(page);
      const state = await clientState(page);
      expect(state?.view?.result ?? null).toBeNull();
      const legal = actionable(state);
      if (state === null || legal.length === 0) continue;
      const intent = choose(state, legal);
      if (intent === null) throw new Error(`no plan for ${state.view?.pending.step}`);
      await clickIntent(page, state, intent);
      acted.set(page, (acted.get(page) as number) + 1);
      turn += 1;
    }
    expect(await rotations()).toBeGreaterThanOrEqual(enough);
    // Not one refresh token of that sign-in was taken for a stolen one; both tabs are still in the game.
    expect(await prisma().refreshToken.count({ where: { userId, revokedAt: { not: null } } })).toBe(0);
    expect(await prisma().refreshToken.count({ where: { userId } })).toBe((await rotations()) + 1);
    for (const page of [first, second]) {
      await page.locator('.connection[data-status=open]').waitFor();
      expect(await page.getByRole('tab', { name: 'Play as a guest' }).count()).toBe(0);
    }
  }, 600_000);

  it('a guest gets back to their seat from a new browser with the seat link shown in the lobby', async () => {
    const home = await newContext();
    const page = await open(home, server.url);
    const game = await gameAgainstABot(page, 'Odysseus');
    await page.getByRole('button', { name: 'TITAN' }).click();
    const link = await page.getByLabel('Your seat link').inputValue();
    expect(link).toMatch(/#\/reclaim\/[0-9a-f-]{36}\./);

    // Another browser (no shared storage): the link signs Odysseus in and the lobby offers his game.
    const away = await open(await newContext(), link);
    await away.getByText('Odysseus', { exact: true }).waitFor();
    await away.locator(`.game-item[data-game="${game}"]`).getByRole('button', { name: 'Play' }).click();
    await away.locator('svg.masterboard').waitFor();
    await away.waitForFunction(() => window.__titan?.session.getState().seat != null);
    const state = (await clientState(away)) as GameClientState;
    expect(state.role).toBe('player');
    expect(state.seat).toBe('p1');
  }, 300_000);

  it("the page title announces the player's move, and the lobby counts the games where it is", async () => {
    const context = await newContext();
    // Every title the page shows, in order.
    await context.addInitScript(() => {
      const titles: string[] = [];
      (window as unknown as { __titles: string[] }).__titles = titles;
      new MutationObserver(() => {
        if (titles.at(-1) !== document.title) titles.push(document.title);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const page = await open(context, server.url);
    const game = await gameAgainstABot(page, 'Hermes');
    // The game opens on Hermes' roll for his tower (1.3).
    await page.waitForFunction(() => document.title.startsWith('▶ Your move'));
    expect(await page.title()).toMatch(/^▶ Your move: .+ · Titan$/);
    // Hermes plays his first turn; then the bot plays its turn, and it is Hermes' move again.
    let ended = false;
    for (let round = 0; round < 2000 && !ended; round++) {
      await nextMove(page);
      const state = await clientState(page);
      ended = state?.events.some((e) => e.event.type === 'turnEnded' && e.event.player === 'p1') ?? false;
      const legal = actionable(state);
      if (state === null || legal.length === 0 || ended) continue;
      const intent = choose(state, legal);
      if (intent === null) throw new Error(`no plan for ${state.view?.pending.step}`);
      await clickIntent(page, state, intent);
    }
    expect(ended).toBe(true);
    await page.waitForFunction(() => document.title.startsWith('▶ Your move'));
    const titles = await page.evaluate(() => (window as unknown as { __titles: string[] }).__titles);
    expect(titles.some((t) => /^Turn \d+: Bot 2 · Titan$/.test(t))).toBe(true);
    // In the lobby: the game is marked and counted.
    await page.getByRole('button', { name: 'Lobby' }).click();
    const entry = page.locator(`.game-item[data-game="${game}"]`);
    await entry.getByText('Your move', { exact: true }).waitFor();
    await page.locator('.your-move-count[data-count="1"]').waitFor();
    expect(await page.title()).toBe('(1) Your move · Titan');
  }, 300_000);
});
