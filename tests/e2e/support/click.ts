// Doing an intent the way a person does: with the page's own controls (the action panel's buttons, the split
// and muster dialogs, the Masterboard's legions, lands and entry badges, the move chooser, the Battleland's
// pieces and hexes, the strike panel, the carry-over panel, the engagement panel), then waiting for the
// server's answer. One way to do each thing; an intent with no control here is a gap in the client.
import type { Locator, Page } from 'playwright-core';
import type { Intent, IntentOf } from '../../../shared/engine/intents';
import type { GameClientState } from '../../../web-client/src/app/gameState';
import { describeProposal, intentLabel, legionName } from '../../../web-client/src/game/describe';
import { settled } from './driver';

/** How the player reaches a control: with the mouse (click), or with a finger (touch.ts: tap, the board panned
 *  first to bring it into view). */
export interface Hand {
  press(target: Locator): Promise<void>;
  /** Checks a radio button or a checkbox. */
  check(target: Locator): Promise<void>;
}

export const mouse: Hand = {
  press: (target) => target.click(),
  check: (target) => target.check(),
};

/** Performs `intent` (one of the legal intents of `state`, the page's state) by clicking (or tapping, with
 *  `hand`), and waits until the page has the server's answer (settled). */
export async function clickIntent(
  page: Page,
  state: GameClientState,
  intent: Intent,
  hand: Hand = mouse,
): Promise<void> {
  try {
    await perform(page, state, intent, hand);
    await settled(page, state.viewSeq);
  } catch (e) {
    // What the page showed instead, so a failure says why the control was not there.
    const panel = await page
      .locator('section.actions')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(
      `clicking ${JSON.stringify(intent)} at step ${state.view?.pending.step}: ${e instanceof Error ? e.message : String(e)}\nthe action panel showed: ${JSON.stringify(panel)}`,
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
async function selectLegion(page: Page, marker: string, hand: Hand): Promise<void> {
  const legion = page.locator(`svg.masterboard .legion[data-marker="${marker}"]`);
  if (!(await legion.getAttribute('class'))?.split(' ').includes('selected')) await hand.press(legion);
  await page.locator(`svg.masterboard .legion.selected[data-marker="${marker}"]`).waitFor();
}

/** Clicks a Battleland piece (on a hex or waiting at its entrance) to select it, unless it is selected. */
async function selectPiece(page: Page, id: string, hand: Hand): Promise<void> {
  const piece = page.locator(`svg.battleland .character[data-id="${id}"]`);
  if (!(await piece.getAttribute('class'))?.split(' ').includes('selected')) await hand.press(piece);
  await page.locator(`svg.battleland .character.selected[data-id="${id}"]`).waitFor();
}

async function perform(page: Page, state: GameClientState, intent: Intent, hand: Hand): Promise<void> {
  switch (intent.type) {
    case 'drawPowers':
    case 'choosePower':
    case 'usePower':
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
      return hand.press(panelButton(page, state, intent));
    case 'concede': {
      await hand.press(panelButton(page, state, intent));
      return confirm(page, state, intent, hand);
    }
    case 'withdraw': {
      await hand.press(page.locator('section.actions details.withdraw summary'));
      await hand.press(page.locator('section.actions button[data-intent=withdraw]'));
      return confirm(page, state, intent, hand);
    }
    case 'bid':
      return bid(page, intent, hand);
    case 'split':
      return split(page, intent, hand);
    case 'moveLegion':
      return moveLegion(page, state, intent, hand);
    case 'chooseEngagement':
      // The engaged land, on the Masterboard (its number: the legions stand elsewhere in the land).
      return hand.press(
        page.locator(`svg.masterboard .land.marked[data-land="${intent.land}"] .land-number`),
      );
    case 'acceptProposal':
      return hand.press(
        page
          .locator('section.engagement button[data-intent=acceptProposal]')
          .filter({ hasText: exactly(`Accept: ${describeProposal(intent.proposal)}`) }),
      );
    case 'moveCharacter': {
      // The piece (on the board, or waiting at its entrance), then the highlighted hex.
      await selectPiece(page, intent.character, hand);
      return hand.press(page.locator(`svg.battleland .hex.legal[data-hex="${intent.hex}"]`));
    }
    case 'strike':
    case 'rangestrike': {
      // The striker, the target, the Strike-number and dice in the strike panel, the roll.
      await selectPiece(page, intent.striker, hand);
      await hand.press(page.locator(`svg.battleland .character.target[data-id="${intent.target}"]`));
      const panel = page.locator('section.strike-panel');
      await hand.check(
        panel.getByRole('radio', {
          name: new RegExp(`^${intent.dice} dice, hitting on ${intent.strikeNumber}\\+`),
        }),
      );
      return hand.press(panel.locator(`button[data-intent=${intent.type}]`));
    }
    case 'assignCarryOver':
      return hand.press(
        page.locator(
          `section.carry-over button[data-intent=assignCarryOver][data-targets="${intent.targets.join(' ')}"]`,
        ),
      );
    case 'muster': {
      await hand.press(
        page.locator(`section.actions button[data-intent=muster][data-legion="${intent.legion}"]`),
      );
      const dialog = page.locator(`dialog[aria-label="Muster in ${legionName(intent.legion)}"]`);
      const words =
        intent.reveal.length === 0
          ? `${intent.creature} (nothing to reveal)`
          : `${intent.creature} — reveal ${intent.reveal.join(', ')}`;
      await hand.check(dialog.getByRole('radio', { name: words, exact: true }));
      return hand.press(dialog.getByRole('button', { name: 'Muster', exact: true }));
    }
    default:
      throw new Error(`no control in the page does a ${intent.type}`);
  }
}

/** The "Are you sure?" dialog of a concession or a withdrawal. */
async function confirm(page: Page, state: GameClientState, intent: Intent, hand: Hand): Promise<void> {
  await hand.press(
    page.locator('dialog[aria-label="Are you sure?"]').getByRole('button', {
      name: `Yes, ${intentLabel(intent, state.view?.step ?? null).toLowerCase()}`,
      exact: true,
    }),
  );
}

/** The sealed bidding form (CE bidding rules): each power's bid typed in its box, then Seal my bids. */
async function bid(page: Page, intent: IntentOf<'bid'>, hand: Hand): Promise<void> {
  const form = page.locator('form.bid-form');
  const boxes = form.locator('input[type=number]');
  if ((await boxes.count()) !== intent.bids.length)
    throw new Error('the form has not one box per power drawn');
  for (const [i, b] of intent.bids.entries()) await boxes.nth(i).fill(String(b));
  await hand.press(form.locator('button[data-intent=bid]'));
}

/** The split dialog: each character of a new legion clicked over to its stack, the markers chosen, Split. */
async function split(page: Page, intent: IntentOf<'split'>, hand: Hand): Promise<void> {
  await hand.press(page.locator(`section.actions button[data-intent=split][data-legion="${intent.legion}"]`));
  const dialog = page.locator('dialog.split-dialog');
  if (intent.groups.length > 1) {
    await hand.check(dialog.getByRole('checkbox', { name: 'Three-way split (two new legions)' }));
  }
  for (const [g, group] of intent.groups.entries()) {
    // A click moves a character to the next stack: the first new legion's take one, the second's two.
    for (const c of group.characters) {
      for (let s = 0; s <= g; s++) {
        await hand.press(dialog.locator(`.stack[data-stack="${s}"] button[data-character="${c}"]`).first());
      }
    }
    await dialog.locator(`.stack[data-stack="${g + 1}"] select`).selectOption(group.marker);
  }
  await dialog.getByText('This split is allowed.').waitFor();
  await hand.press(dialog.getByRole('button', { name: 'Split', exact: true }));
}

/** Whether a click would reach the element now (a trial click: nothing in front of it). */
const uncovered = (target: Locator): Promise<boolean> =>
  target.click({ trial: true, timeout: 500 }).then(
    () => true,
    () => false,
  );

/** Select the legion, then: an attack by the entry badge of its side; any other move by the destination (its
 *  number), and in the move chooser the move meant when several end there (a teleport, a Lord to reveal). */
async function moveLegion(
  page: Page,
  state: GameClientState,
  m: IntentOf<'moveLegion'>,
  hand: Hand,
): Promise<void> {
  await selectLegion(page, m.legion, hand);
  if (m.entry != null) {
    // A normal move's side may have a badge on several borders (one per land it may come from); one may lie
    // under the badge of a neighbouring destination on the same border: click one nothing covers.
    const badges = page.locator(
      `svg.masterboard .entry[data-land="${m.land}"][data-entry="${m.entry}"][data-via="${m.via}"]`,
    );
    await badges.first().waitFor();
    const n = await badges.count();
    for (let i = 0; i < n - 1; i++) {
      if (await uncovered(badges.nth(i))) return hand.press(badges.nth(i));
    }
    return hand.press(badges.nth(n - 1));
  }
  await hand.press(page.locator(`svg.masterboard .land.destination[data-land="${m.land}"] .land-number`));
  const there = (state.legal?.intents ?? []).filter(
    (i) => i.type === 'moveLegion' && i.legion === m.legion && i.land === m.land,
  );
  if (there.length > 1) {
    const reveal = m.reveal === undefined ? ':not([data-reveal])' : `[data-reveal="${m.reveal}"]`;
    await hand.press(
      page.locator(`dialog[aria-label="Move to ${m.land}"] button[data-via="${m.via}"]${reveal}`),
    );
  }
}
