// Issue 11, end to end in headless Chromium: a timed game chosen in the lobby's form shows its time control
// and the clock of the player who must act, counting down in the page.
import { describe, expect, it } from 'vitest';
import { rulesEngine } from '../../server/engine';
import { e2eAvailable, e2eSuite } from './support/suite';

const available = e2eAvailable();

describe.skipIf(!available)('clocks in the browser (issue 11)', () => {
  const suite = e2eSuite(rulesEngine);
  const guest = suite.guest;

  it('errata 20.4, 21.0: the time control set at creation is shown, and the running clock counts down', async () => {
    const ann = await guest('Ann');
    await ann.locator('select[name=timeControl]').selectOption('minute');
    await ann.getByRole('button', { name: 'Create the game' }).click();
    await ann.waitForURL(/#\/play\//);
    const game = /#\/play\/([0-9a-f-]{36})/.exec(ann.url())?.[1] as string;
    const summary = await suite
      .server()
      .app()
      .titan.db.prisma.game.findUniqueOrThrow({ where: { id: game } });
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
