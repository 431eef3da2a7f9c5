// Doing an intent the way a person does: with the page's own controls (the action panel's buttons, the split
// and muster dialogs, the Masterboard's legions, lands and entry badges, the move chooser, the Battleland's
// pieces and hexes, the strike panel, the carry-over panel, the engagement panel), then waiting for the
// server's answer. One way to do each thing; an intent with no control here is a gap in the client.
import type { Locator, Page } from 'playwright-core';
import type { Intent, IntentOf } from '../../../shared/engine/intents';
import type { GameClientState } from '../../../web-client/src/app/gameState';
import { describeProposal, intentLabel, legionName } from '../../../web-client/src/game/describe';
import { settled } from './driver';

/** Performs `intent` (one of the legal intents of `state`, the page's state) by clicking, and waits until the
 *  page has the server's answer (settled). */
export async function clickIntent(page: Page, state: GameClientState, intent: Intent): Promise<void> {
  try {
    await perform(page, state, intent);
    await settled(page, state.viewSeq);
  } catch (e) {
    throw new Error(
      `clicking ${JSON.stringify(intent)} at step ${state.view?.pending.step}: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
}

/** Matches exactly these words (the whole text of the element). */
const exactly = (words: string) => new RegExp(`^${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** A button of the action panel: the one of this intent's kind with this intent's words. */
function panelButton(page: Page, state: GameClientState, intent: Intent): Locator {
  return page
    .locator(`section.actions button[data-intent="${intent.type}"]`)
    .filter({ hasText: exactly(intentLabel(intent, state.view?.step ?? null)) });
}

/** Clicks a Masterboard legion to select it (unless it is selected already: a second click deselects). */
async function selectLegion(page: Page, marker: string): Promise<void> {
  const legion = page.locator(`svg.masterboard .legion[data-marker="${marker}"]`);
  if (!(await legion.getAttribute('class'))?.split(' ').includes('selected')) await legion.click();
  await page.locator(`svg.masterboard .legion.selected[data-marker="${marker}"]`).waitFor();
}

/** Clicks a Battleland piece (on a hex or waiting at its entrance) to select it, unless it is selected. */
async function selectPiece(page: Page, id: string): Promise<void> {
  const piece = page.locator(`svg.battleland .character[data-id="${id}"]`);
  if (!(await piece.getAttribute('class'))?.split(' ').includes('selected')) await piece.click();
  await page.locator(`svg.battleland .character.selected[data-id="${id}"]`).waitFor();
}

async function perform(page: Page, state: GameClientState, intent: Intent): Promise<void> {
  switch (intent.type) {
    case 'rollTower':
    case 'chooseColor':
    case 'rollMovement':
    case 'takeMulligan':
    case 'undoMove':
    case 'doneMoving':
    case 'flee':
    case 'fight':
    case 'noMoreProposals':
    case 'acceptConcession':
    case 'pass':
    case 'resetManeuver':
    case 'doneManeuvering':
    case 'doneStriking':
    case 'summon':
    case 'reinforce':
    case 'acquireAngel':
    case 'endTurn':
      return panelButton(page, state, intent).click();
    case 'concede': {
      await panelButton(page, state, intent).click();
      return confirm(page, state, intent);
    }
    case 'withdraw': {
      await page.locator('section.actions details.withdraw summary').click();
      await page.locator('section.actions button[data-intent=withdraw]').click();
      return confirm(page, state, intent);
    }
    case 'split':
      return split(page, intent);
    case 'moveLegion':
      return moveLegion(page, state, intent);
    case 'chooseEngagement':
      // The engaged land, on the Masterboard (its number: the legions stand elsewhere in the land).
      return page.locator(`svg.masterboard .land.marked[data-land="${intent.land}"] .land-number`).click();
    case 'acceptProposal':
      return page
        .locator('section.engagement button[data-intent=acceptProposal]')
        .filter({ hasText: exactly(`Accept: ${describeProposal(intent.proposal)}`) })
        .click();
    case 'moveCharacter': {
      // The piece (on the board, or waiting at its entrance), then the highlighted hex.
      await selectPiece(page, intent.character);
      return page.locator(`svg.battleland .hex.legal[data-hex="${intent.hex}"]`).click();
    }
    case 'strike':
    case 'rangestrike': {
      // The striker, the target, the Strike-number and dice in the strike panel, the roll.
      await selectPiece(page, intent.striker);
      await page.locator(`svg.battleland .character.target[data-id="${intent.target}"]`).click();
      const panel = page.locator('section.strike-panel');
      await panel
        .getByRole('radio', {
          name: new RegExp(`^${intent.dice} dice, hitting on ${intent.strikeNumber}\\+`),
        })
        .check();
      return panel.locator(`button[data-intent=${intent.type}]`).click();
    }
    case 'assignCarryOver':
      return page
        .locator(
          `section.carry-over button[data-intent=assignCarryOver][data-targets="${intent.targets.join(' ')}"]`,
        )
        .click();
    case 'muster': {
      await page
        .locator(`section.actions button[data-intent=muster][data-legion="${intent.legion}"]`)
        .click();
      const dialog = page.locator(`dialog[aria-label="Muster in ${legionName(intent.legion)}"]`);
      const words =
        intent.reveal.length === 0
          ? `${intent.creature} (nothing to reveal)`
          : `${intent.creature} — reveal ${intent.reveal.join(', ')}`;
      await dialog.getByRole('radio', { name: words, exact: true }).check();
      return dialog.getByRole('button', { name: 'Muster', exact: true }).click();
    }
    default:
      throw new Error(`no control in the page does a ${intent.type}`);
  }
}

/** The "Are you sure?" dialog of a concession or a withdrawal. */
async function confirm(page: Page, state: GameClientState, intent: Intent): Promise<void> {
  await page
    .locator('dialog[aria-label="Are you sure?"]')
    .getByRole('button', {
      name: `Yes, ${intentLabel(intent, state.view?.step ?? null).toLowerCase()}`,
      exact: true,
    })
    .click();
}

/** The split dialog: each character of a new legion clicked over to its stack, the markers chosen, Split. */
async function split(page: Page, intent: IntentOf<'split'>): Promise<void> {
  await page.locator(`section.actions button[data-intent=split][data-legion="${intent.legion}"]`).click();
  const dialog = page.locator('dialog.split-dialog');
  if (intent.groups.length > 1) {
    await dialog.getByRole('checkbox', { name: 'Three-way split (two new legions)' }).check();
  }
  for (const [g, group] of intent.groups.entries()) {
    // A click moves a character to the next stack: the first new legion's take one, the second's two.
    for (const c of group.characters) {
      for (let s = 0; s <= g; s++) {
        await dialog.locator(`.stack[data-stack="${s}"] button[data-character="${c}"]`).first().click();
      }
    }
    await dialog.locator(`.stack[data-stack="${g + 1}"] select`).selectOption(group.marker);
  }
  await dialog.getByText('This split is allowed.').waitFor();
  await dialog.getByRole('button', { name: 'Split', exact: true }).click();
}

/** Whether a click would reach the element now (a trial click: nothing in front of it). */
const uncovered = (target: Locator): Promise<boolean> =>
  target.click({ trial: true, timeout: 500 }).then(
    () => true,
    () => false,
  );

/** Select the legion, then: an attack by the entry badge of its side; any other move by the destination (its
 *  number), and in the move chooser the move meant when several end there (a teleport, a Lord to reveal). */
async function moveLegion(page: Page, state: GameClientState, m: IntentOf<'moveLegion'>): Promise<void> {
  await selectLegion(page, m.legion);
  if (m.entry != null) {
    // A normal move's side may have a badge on several borders (one per land it may come from); one may lie
    // under the badge of a neighbouring destination on the same border: click one nothing covers.
    const badges = page.locator(
      `svg.masterboard .entry[data-land="${m.land}"][data-entry="${m.entry}"][data-via="${m.via}"]`,
    );
    await badges.first().waitFor();
    const n = await badges.count();
    for (let i = 0; i < n - 1; i++) {
      if (await uncovered(badges.nth(i))) return badges.nth(i).click();
    }
    return badges.nth(n - 1).click();
  }
  await page.locator(`svg.masterboard .land.destination[data-land="${m.land}"] .land-number`).click();
  const there = (state.legal?.intents ?? []).filter(
    (i) => i.type === 'moveLegion' && i.legion === m.legion && i.land === m.land,
  );
  if (there.length > 1) {
    const reveal = m.reveal === undefined ? ':not([data-reveal])' : `[data-reveal="${m.reveal}"]`;
    await page.locator(`dialog[aria-label="Move to ${m.land}"] button[data-via="${m.via}"]${reveal}`).click();
  }
}
