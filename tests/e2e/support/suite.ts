// One end-to-end suite's setting: the server and headless Chromium started before its tests and closed after
// them, with every browser it opened; a page fails its test on any uncaught error; a guest signs in as a
// person does.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { RulesEngine } from '../../../server/engine';
import { buildTestClient, chromiumAvailable, type E2EServer, launchChromium, startE2EServer } from './server';

/** Chromium is there, or the suites are skipped with a loud warning. */
export function e2eAvailable(): boolean {
  const available = chromiumAvailable();
  if (!available)
    console.warn(
      '\n*** e2e tests SKIPPED: no Chromium at /usr/bin/chromium (apt-get install chromium) ***\n',
    );
  return available;
}

/** Call inside the suite's `describe`. */
export function e2eSuite(engine: RulesEngine) {
  let server: E2EServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const clientDir = await buildTestClient();
    server = await startE2EServer(clientDir, engine);
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
  });

  const suite = {
    server: (): E2EServer => server as E2EServer,
    /** A page in a browser of its own (no shared storage); a desktop's screen unless `device` says otherwise. */
    async page(device: BrowserContextOptions = {}): Promise<Page> {
      const context = await (browser as Browser).newContext({
        viewport: { width: 1366, height: 900 },
        ...device,
      });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (e) => {
        throw e;
      });
      return page;
    },
    /** A guest signed in, in a browser of his own, at `hash`. */
    async guest(name: string, hash = '#/'): Promise<Page> {
      const page = await suite.page();
      await page.goto(`${suite.server().url}/${hash}`);
      await page.getByRole('tab', { name: 'Play as a guest' }).click();
      await page.locator('input[name=displayName]').fill(name);
      await page.getByRole('button', { name: 'Play', exact: true }).click();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      return page;
    },
  };
  return suite;
}
