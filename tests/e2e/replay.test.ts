// Issue 14, end to end in headless Chromium: a finished game replays. Ann plays a bot for two turns each, then
// withdraws (errata 20.4: the bot wins); the game-over panel opens the replay, which starts at the game's last
// position — the same legions, heights and result the table showed at the end — and steps back and forth
// move by move; the finished-games list of the lobby opens it too.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GameView } from '../../shared/engine/index';
import { clickIntent } from './support/click';
import { actionable, choose, clientState } from './support/driver';
import { deterministic, loadedStrikeDice } from './support/server';
import { e2eAvailable, e2eSuite } from './support/suite';
import { problems } from './support/words';

const available = e2eAvailable();
const SEED = process.env.TITAN_E2E_SEED ?? 'e2e-1';

/** What the Masterboard shows of the legions: marker → height, from the page's markers. */
async function boardLegions(page: Page): Promise<Record<string, number>> {
  return page.$$eval('svg.masterboard g.legion', (els) =>
    Object.fromEntries(
      els.map((el) => [el.getAttribute('data-marker'), Number(el.getAttribute('data-height'))]),
    ),
  );
}

const legionsOf = (view: GameView) => Object.fromEntries(view.legions.map((l) => [l.marker, l.height]));

describe.skipIf(!available)('the replay of a finished game (issue 14)', () => {
  const suite = e2eSuite(deterministic(loadedStrikeDice, SEED));

  it('replays a finished game to its last position, and steps through it move by move', async () => {
    const ann = await suite.guest('Ann');
    await ann.getByRole('button', { name: 'Create the game' }).click();
    await ann.waitForURL(/#\/play\//);
    const game = /#\/play\/([0-9a-f-]{36})/.exec(ann.url())?.[1] as string;
    await ann.locator('li[data-seat="p2"]').getByRole('button', { name: 'Add a bot' }).click();
    await ann.locator('li[data-seat="p2"]').getByText('bot').waitFor();
    await ann.getByRole('button', { name: 'Start the game' }).click();
    await ann.locator('svg.masterboard').waitFor();

    // Ann plays (clicking as a person does) until both have had two turns and she may withdraw; then she does.
    let final: GameView | null = null;
    for (let round = 0; round < 2_000 && final === null; round++) {
      const state = await clientState(ann);
      if (state?.view?.result != null) {
        final = state.view;
        break;
      }
      const legal = actionable(state);
      if (state === null || legal.length === 0) {
        await ann.waitForTimeout(20);
        continue;
      }
      const late = (state.view?.turn?.number ?? 0) >= 5;
      const withdraw = legal.find((i) => i.type === 'withdraw');
      const intent =
        late && withdraw !== undefined
          ? withdraw
          : choose(
              state,
              legal.filter((i) => i !== withdraw),
            );
      if (intent === null) throw new Error(`no plan for ${state.view?.pending.step}`);
      await clickIntent(ann, state, intent);
    }
    expect(final?.result?.winner).toBe('p2');
    await ann.getByRole('heading', { name: 'Bot 2 wins the game!' }).waitFor();
    const atTheEnd = await boardLegions(ann);
    expect(atTheEnd).toEqual(legionsOf(final as GameView));

    // The game-over panel links the replay; it opens at the last position, seen from Ann's seat.
    await ann.getByRole('button', { name: 'Replay the game' }).click();
    await ann.waitForURL(new RegExp(`#/replay/${game}$`));
    const replay = ann.getByRole('main', { name: 'Replay' });
    await replay.getByRole('heading', { name: 'Bot 2 wins the game!' }).waitFor();
    expect(await ann.getByLabel('Seen by').inputValue()).toBe('p1');
    expect(await boardLegions(ann)).toEqual(atTheEnd);
    // Every word on the replay screen is written for a player (issue 14 item 5).
    expect(await problems(ann, 'the replay at its end')).toEqual([]);
    const position = replay.locator('.replay-position');
    const moves = /Move (\d+) of (\d+)/.exec((await position.textContent()) ?? '');
    expect(moves?.[1]).toBe(moves?.[2]);
    expect(Number(moves?.[2])).toBeGreaterThan(20);

    // One move back: the game is not over there; the start: the towers are still to be rolled.
    await replay.getByRole('button', { name: 'Previous move' }).click();
    await replay.locator('.turn-info.game-over').waitFor({ state: 'detached' });
    await replay.getByRole('button', { name: 'The start' }).click();
    await position.getByText('Move 1 of').waitFor();
    expect(await boardLegions(ann)).toEqual({});
    for (let i = 0; i < 3; i++) await replay.getByRole('button', { name: 'Next turn' }).click();
    expect(Object.keys(await boardLegions(ann)).length).toBeGreaterThan(0);
    expect(await problems(ann, 'the replay at turn 3')).toEqual([]);
    // The public view: the same board, seen as a spectator; and the end again.
    await ann.getByLabel('Seen by').selectOption('public');
    await replay.getByRole('button', { name: 'The end' }).click();
    await replay.getByRole('heading', { name: 'Bot 2 wins the game!' }).waitFor();
    expect(await boardLegions(ann)).toEqual(atTheEnd);

    // The lobby's list of finished games opens it too.
    await replay.getByRole('button', { name: 'Lobby' }).click();
    const item = ann.locator(`.finished-games li[data-game="${game}"]`);
    await item.getByRole('button', { name: 'Replay' }).click();
    await ann.waitForURL(new RegExp(`#/replay/${game}$`));
    await ann
      .getByRole('main', { name: 'Replay' })
      .getByRole('heading', { name: 'Bot 2 wins the game!' })
      .waitFor();
  }, 300_000);
});
