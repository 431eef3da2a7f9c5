// Issue 14, end to end in headless Chromium: the table chat. Two seated players and two spectators, each in
// their own browser; what a spectator writes reaches the other spectator and never the players, what a
// player writes reaches the other player and never the spectators.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rulesEngine } from '../../server/engine';
import { clientState } from './support/driver';
import { e2eAvailable, e2eSuite } from './support/suite';

const available = e2eAvailable();

describe.skipIf(!available)('table chat in the browser (issue 14)', () => {
  const suite = e2eSuite(rulesEngine);
  const guestAt = suite.guest;

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
