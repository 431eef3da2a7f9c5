// Issue 11, end to end in headless Chromium: the lobby's "Battles now" lists a battle being fought in a public
// game, and its Watch button opens that game as a spectator.
import { describe, it } from 'vitest';
import { rulesEngine } from '../../server/engine';
import { begin, engagedRun, toBattle } from '../engine/engagement/build';
import { e2eAvailable, e2eSuite } from './support/suite';

const available = e2eAvailable();

describe.skipIf(!available)('battles now in the lobby (issue 11)', () => {
  const suite = e2eSuite(rulesEngine);
  const guest = suite.guest;

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
    const room = (await suite.server().app().titan.rooms.get(game))!;
    const run = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Gargoyle'] });
    begin(run);
    toBattle(run);
    suite.server().app().titan.rooms.liveBattles.show(room.game, run.state, rulesEngine);
    await battles.getByText('attacks').waitFor();
    await battles.getByRole('button', { name: 'Watch' }).click();
    await sam.waitForURL(new RegExp(game));
    await sam.locator('svg.masterboard').waitFor();
    await sam.getByText('Connected · watching').waitFor();
    await sam.getByText('You are watching: Ann is rolling for towers.').waitFor();
  }, 120_000);
});
