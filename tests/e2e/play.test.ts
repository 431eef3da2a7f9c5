// Issue 7, end to end in headless Chromium against the real server: two players in two browser contexts
// sign in, create and join a game, split, move, engage, fight a battle with at least one strike and a
// carry-over choice, muster and end turns; a spectator watches the battle; a reload reconnects and the game
// goes on; then two players play a whole game from the lobby to the winner. Every intent is clicked in the
// page as a person would (support/click.ts), chosen among the legal intents the server sent that page by a
// simple plan (support/driver.ts, which reads each page's store, window.__titan, test builds only).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Intent } from '../../shared/engine/intents';
import type { BattleState } from '../../shared/engine/types';
import type { GameClientState } from '../../web-client/src/app/gameState';
import { clickIntent } from './support/click';
import { actionable, carryingStrikes, choose, clientState } from './support/driver';
import {
  buildTestClient,
  chromiumAvailable,
  deterministic,
  type E2EServer,
  everyStrikeHits,
  launchChromium,
  loadedStrikeDice,
  startE2EServer,
} from './support/server';

/** The salt of the deterministic dice and bot moves (support/server.ts): every run plays the same games. */
const SEED = process.env.TITAN_E2E_SEED ?? 'e2e-1';

/** The step of the first test an intent is (the test looks for each at least once), or null. */
function stepKey(intent: Intent, battle: BattleState | null, legal: readonly Intent[]): string | null {
  switch (intent.type) {
    case 'split':
      return 'split';
    case 'moveLegion':
      return intent.entry == null ? 'move' : 'attack';
    case 'chooseEngagement':
      return 'engage';
    case 'fight':
    case 'muster':
    case 'endTurn':
      return intent.type;
    case 'strike':
      // A strike whose damage may carry over (the test looks for a carry-over choice next).
      return battle !== null &&
        carryingStrikes(battle, legal).some((s) => JSON.stringify(s) === JSON.stringify(intent))
        ? 'strike'
        : null;
    case 'assignCarryOver':
      return 'carryOver';
    default:
      return null;
  }
}

const available = chromiumAvailable();
if (!available)
  console.warn('\n*** e2e tests SKIPPED: no Chromium at /usr/bin/chromium (apt-get install chromium) ***\n');

describe.skipIf(!available)('the browser client, end to end', () => {
  let server: E2EServer;
  let clientDir: string;
  const servers: E2EServer[] = [];
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    clientDir = await buildTestClient();
    // The game this seed plays reaches a carry-over before any Titan falls (another seed may not).
    server = await startE2EServer(clientDir, deterministic(loadedStrikeDice, SEED));
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
    for (const s of servers) await s.close();
  });

  async function newPage(url = server.url): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (e) => {
      throw e;
    });
    await page.goto(url);
    return page;
  }

  async function signIn(page: Page, name: string): Promise<void> {
    await page.getByRole('tab', { name: 'Play as a guest' }).click();
    await page.locator('input[name=displayName]').fill(name);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('heading', { name: 'New game' }).waitFor();
  }

  it('two players play to a battle with a carry-over; a spectator watches; a reload and a server restart reconnect', async () => {
    const alice = await newPage();
    const bob = await newPage();
    await signIn(alice, 'Alice');
    await signIn(bob, 'Bob');

    // Alice creates a two-player game; Bob takes the other seat from the lobby; Alice starts it.
    // Three seats, the third a bot: the game goes on even if a Titan falls before the test has seen everything.
    await alice.locator('select[name=seats]').selectOption('3');
    await alice.getByRole('button', { name: 'Create the game' }).click();
    await alice.waitForURL(/#\/play\//);
    const game = /#\/play\/([0-9a-f-]{36})/.exec(alice.url())?.[1] as string;
    expect(game).toBeTruthy();
    await alice.locator('li[data-seat="p3"]').getByRole('button', { name: 'Add a bot' }).click();
    await alice.locator('li[data-seat="p3"]').getByText('bot').waitFor();
    const lobbyEntry = bob.locator(`.game-item[data-game="${game}"]`);
    await lobbyEntry.locator('li[data-seat="p2"]').getByRole('button', { name: 'Sit here' }).click();
    await lobbyEntry.getByRole('button', { name: 'Open' }).click();
    await bob.getByText('Waiting for players').waitFor();
    await alice.getByRole('button', { name: 'Start the game' }).click();
    for (const page of [alice, bob]) await page.locator('svg.masterboard').waitFor();

    const clicked = new Set<string>();
    let spectator: Page | null = null;
    let reloaded = false;
    let restarted = false;
    let sawCarryOverPanel = false;

    /** Does the intent by clicking the UI; notes the first time each named step comes up. */
    async function act(page: Page, state: GameClientState, intent: Intent, legal: readonly Intent[]) {
      // TITAN_E2E_TRACE=1 prints each intent as it is done (TITAN_E2E_LOG=<level> is the server's log).
      if (process.env.TITAN_E2E_TRACE) console.log('act', JSON.stringify(intent));
      const view = state.view;
      if (view === null) throw new Error('no view');
      const key = stepKey(intent, view.battle, legal);
      const first = key !== null && !clicked.has(key);
      if (first && key === 'carryOver') {
        const panel = page.locator('section.carry-over');
        await panel.waitFor();
        sawCarryOverPanel = (await panel.locator('.die.hit').count()) > 0;
      }
      await clickIntent(page, state, intent);
      if (!first) return;
      clicked.add(key);
      // TITAN_E2E_SHOTS=<dir> keeps a screenshot of each named step (for looking at the UI, not asserted).
      const shots = process.env.TITAN_E2E_SHOTS;
      if (shots) await page.screenshot({ path: `${shots}/${clicked.size}-${key}.png` });
    }

    const goal = ['split', 'move', 'attack', 'engage', 'fight', 'strike', 'carryOver', 'muster', 'endTurn'];
    const pages = [alice, bob];
    let idle = 0;
    for (let round = 0; round < 3000; round++) {
      if (goal.every((g) => clicked.has(g)) && spectator !== null && reloaded && restarted) break;
      let acted = false;
      for (const page of pages) {
        const state = await clientState(page);
        if (state?.view?.result != null) {
          throw new Error(
            `the game ended (${JSON.stringify(state.view.result)}, turn ${state.view.turn?.number}) before: ${goal.filter((g) => !clicked.has(g)).join(', ')}`,
          );
        }
        const legal = actionable(state);
        if (state === null || legal.length === 0) continue;
        const intent = choose(state, legal);
        if (intent === null)
          throw new Error(`no plan for ${state.view?.pending.step}: ${JSON.stringify(legal)}`);
        await act(page, state, intent, legal);
        acted = true;

        const after = (await clientState(page)) as GameClientState;
        // A spectator comes to watch once a battle is on.
        if (spectator === null && after.view?.battle != null) {
          spectator = await newPage();
          await signIn(spectator, 'Carol');
          // Carol finds the game among the running ones in the lobby and watches it.
          await spectator
            .locator(`.game-item[data-game="${game}"]`)
            .getByRole('button', { name: 'Watch' })
            .click();
          await spectator.waitForURL(new RegExp(`#/watch/${game}`));
          await spectator.locator('svg.battleland .character').first().waitFor();
          const watched = (await clientState(spectator)) as GameClientState;
          expect(watched.role).toBe('spectator');
          // The public view only: no legion's contents, no negotiation (4.5, errata 9.3).
          expect(watched.view?.legions.every((l) => l.characters === null)).toBe(true);
          expect(watched.view?.engagement?.negotiation ?? null).toBeNull();
          expect(await spectator.locator('svg.battleland .character').count()).toBeGreaterThan(0);
          if (process.env.TITAN_E2E_SHOTS)
            await spectator.screenshot({ path: `${process.env.TITAN_E2E_SHOTS}/spectator.png` });
        }
        // Mid-battle, Bob reloads his page: it reconnects and the game goes on from where it was.
        if (!reloaded && spectator !== null && after.view?.battle != null) {
          const before = (await clientState(bob)) as GameClientState;
          await bob.reload();
          await bob.locator('.connection[data-status=open]').waitFor();
          await bob.waitForFunction(
            (seq) => (window.__titan?.session.getState().viewSeq ?? 0) >= seq,
            before.viewSeq,
          );
          const again = (await clientState(bob)) as GameClientState;
          expect(again.view?.battle).not.toBeNull();
          expect(again.seat).toBe(before.seat);
          await bob.locator('svg.battleland').waitFor();
          reloaded = true;
        }
        // After the carry-over the server restarts: every page reconnects by itself and resumes from its seq.
        if (reloaded && !restarted && clicked.has('carryOver')) {
          const before = await Promise.all([alice, bob, spectator as Page].map(clientState));
          await server.restart();
          for (const [i, p] of [alice, bob, spectator as Page].entries()) {
            const was = before[i] as GameClientState;
            await p.waitForFunction(
              ([joins, seq]) => {
                const s = window.__titan?.session.getState();
                return s !== undefined && s.status === 'open' && s.joins > joins && s.viewSeq >= seq;
              },
              [was.joins, was.viewSeq] as const,
            );
            await p.locator('.connection[data-status=open]').waitFor();
          }
          restarted = true;
        }
      }
      if (acted) idle = 0;
      else if (++idle > 300) {
        const stuck = await Promise.all(pages.map(clientState));
        throw new Error(
          `nobody can act: ${JSON.stringify(stuck.map((s) => [s?.view?.pending, s?.legal?.seq, s?.viewSeq, s?.status]))}`,
        );
      } else await alice.waitForTimeout(30);
    }

    expect([...clicked].sort()).toEqual([...goal].sort());
    expect(reloaded).toBe(true);
    expect(restarted).toBe(true);
    expect(sawCarryOverPanel).toBe(true);
    const final = (await clientState(alice)) as GameClientState;
    const types = final.events.map((e) => e.event.type);
    for (const t of [
      'legionSplit',
      'legionMoved',
      'engagementChosen',
      'battleStarted',
      'strikeRolled',
      'carryOverAssigned',
      'legionMustered',
      'turnEnded',
    ]) {
      expect(types, t).toContain(t);
    }
    const carried = final.events.find((e) => e.event.type === 'carryOverAssigned')?.event as
      | { allocation: readonly unknown[] }
      | undefined;
    expect(carried?.allocation.length).toBeGreaterThan(0);
    // The spectator saw the battle's strikes in its history and the damage on the board.
    const watched = (await clientState(spectator as unknown as Page)) as GameClientState;
    expect(watched.events.some((e) => e.event.type === 'strikeRolled')).toBe(true);
    // Every page's history has no gap (the reload filled what it missed).
    for (const page of [alice, bob]) {
      const s = (await clientState(page)) as GameClientState;
      expect(s.events.map((e) => e.seq)).toEqual(s.events.map((_, i) => i + 1));
    }
  }, 600_000);

  it('on a tablet (1024×768 and upright, touch): tap to sign in, create a game against a bot, and play the first turn', async () => {
    const context = await browser.newContext({
      viewport: { width: 1024, height: 768 },
      hasTouch: true,
      isMobile: true,
    });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (e) => {
      throw e;
    });
    await page.goto(server.url);
    await page.getByRole('tab', { name: 'Play as a guest' }).tap();
    await page.locator('input[name=displayName]').fill('Tess');
    await page.getByRole('button', { name: 'Play', exact: true }).tap();
    await page.getByRole('button', { name: 'Create the game' }).tap();
    await page.waitForURL(/#\/play\//);
    await page.locator('li[data-seat="p2"]').getByRole('button', { name: 'Add a bot' }).tap();
    await page.locator('li[data-seat="p2"]').getByText('bot').waitFor();
    await page.getByRole('button', { name: 'Start the game' }).tap();
    await page.locator('svg.masterboard').waitFor();

    // The board and the panel that says what to do are both on the screen, side by side, without scrolling.
    const inView = async (selector: string) => {
      const box = await page.locator(selector).first().boundingBox();
      const size = page.viewportSize() as { width: number; height: number };
      expect(box, selector).not.toBeNull();
      const b = box as { x: number; y: number; width: number; height: number };
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(size.width);
      expect(b.y + Math.min(b.height, 200)).toBeLessThanOrEqual(size.height);
    };
    await inView('svg.masterboard');
    await inView('section.actions');

    // Tess plays until her first turn has ended, each step done with the page's controls.
    let turns = 0;
    for (let round = 0; round < 2000 && turns === 0; round++) {
      const state = await clientState(page);
      turns =
        state?.events.filter((e) => e.event.type === 'turnEnded' && e.event.player === 'p1').length ?? 0;
      const legal = actionable(state);
      if (state === null || legal.length === 0) {
        await page.waitForTimeout(20);
        continue;
      }
      const intent = choose(state, legal);
      if (intent === null) throw new Error(`no plan for ${state.view?.pending.step}`);
      await clickIntent(page, state, intent);
    }
    expect(turns).toBe(1);
    await inView('section.actions');
    // Held upright (768×1024) the board fills the width and what to do now comes right under it.
    await page.setViewportSize({ width: 768, height: 1024 });
    await inView('section.actions');
    const top = async (selector: string) => (await page.locator(selector).first().boundingBox())?.y ?? 0;
    expect(await top('section.actions')).toBeGreaterThan(await top('svg.masterboard'));
    expect(await top('section.actions')).toBeLessThan(await top('section.players'));
  }, 300_000);

  it('an invite-only game played from the lobby to the winner (3, 19.0)', async () => {
    // Its own server, where every strike hits: the battles are short and the game ends soon.
    const quick = await startE2EServer(clientDir, deterministic(everyStrikeHits, SEED));
    servers.push(quick);
    const alice = await newPage(quick.url);
    const bob = await newPage(quick.url);
    await signIn(alice, 'Ann');
    await signIn(bob, 'Ben');
    await alice.getByLabel('Invite only').check();
    await alice.getByRole('button', { name: 'Create the game' }).click();
    await alice.waitForURL(/#\/play\//);
    const link = await alice.getByLabel('Invitation link', { exact: true }).inputValue();
    expect(link).toMatch(/#\/play\/[0-9a-f-]{36}\?invite=/);
    // Not listed in the lobby: Ben comes in through the link.
    await bob.goto(link);
    await bob.getByRole('button', { name: 'Sit here' }).click();
    await alice.getByRole('button', { name: 'Start the game' }).click();
    for (const page of [alice, bob]) await page.locator('svg.masterboard').waitFor();

    // Every intent is clicked in the page, as a person plays (support/click.ts); counted by kind.
    const counts = new Map<string, number>();
    let result: GameClientState['view'] = null;
    for (let round = 0; round < 20_000 && result === null; round++) {
      let acted = false;
      for (const page of [alice, bob]) {
        const state = await clientState(page);
        if (state?.view?.result != null) {
          result = state.view;
          break;
        }
        const legal = actionable(state);
        if (state === null || legal.length === 0) continue;
        const intent = choose(state, legal);
        if (intent === null) throw new Error(`no plan for ${state.view?.pending.step}`);
        await clickIntent(page, state, intent);
        const kind =
          intent.type === 'moveLegion'
            ? `moveLegion ${intent.via}${intent.entry == null ? '' : ' attack'}`
            : intent.type === 'pass'
              ? `pass (${state.view?.pending.step})`
              : intent.type;
        counts.set(kind, (counts.get(kind) ?? 0) + 1);
        acted = true;
      }
      if (!acted && result === null) await alice.waitForTimeout(20);
    }
    expect(result?.result).toBeTruthy();
    if (process.env.TITAN_E2E_TRACE) console.log('clicked', JSON.stringify(Object.fromEntries(counts)));
    // 3, 19.0: the last Titan standing wins; when the last Titans fall together there is no winner.
    const winner = result?.result?.winner ?? null;
    const words =
      winner === null
        ? 'The game is over: no winner.'
        : `${result?.players.find((p) => p.id === winner)?.name as string} wins the game!`;
    for (const page of [alice, bob]) {
      await page.getByRole('heading', { name: words }).waitFor();
      await page.locator('.turn-info.game-over').waitFor();
    }
    // The dice seed is revealed at the end (issue 6) and shown beside the winner.
    await alice.waitForFunction(() => window.__titan?.session.getState().dice.seed != null);
    const seed = await alice.evaluate(() => window.__titan?.session.getState().dice.seed);
    await alice.locator('.game-over .dice-proof code', { hasText: seed as string }).waitFor();
  }, 600_000);
});
